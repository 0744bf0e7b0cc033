package diary

import (
	"database/sql"
	"errors"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Episode tracking (hooks/tv) decides when a show's status follows its episode watches
// (the first watch starts it, the last episode of an ended show finishes it); the status
// itself stays the diary's, written here with the diary's own rules.

// ShowEntry is what episode tracking reads of a member's watch entry for a show.
type ShowEntry struct {
	Status string // "" when the member has no entry for the show
	// HasVerdict is true when the entry carries a rating or a review: the member's word on
	// the show, which unmarking an episode never takes back.
	HasVerdict bool
}

// ShowEntryOf returns userID's entry for the show record showRecordID (its record id).
func ShowEntryOf(app core.App, userID, showRecordID string) (ShowEntry, error) {
	entry, err := findShowEntry(app, userID, showRecordID)
	if err != nil || entry == nil {
		return ShowEntry{}, err
	}
	return ShowEntry{Status: entry.GetString("status"),
		HasVerdict: entry.GetFloat("rating") > 0 || entry.GetString("review") != ""}, nil
}

// findShowEntry returns userID's entry for a show, or nil when there is none.
func findShowEntry(app core.App, userID, showRecordID string) (*core.Record, error) {
	// tvShow != '' lets SQLite use the partial unique index idx_watch_entries_user_tv.
	entry := &core.Record{}
	err := app.RecordQuery("watch_entries").
		AndWhere(dbx.NewExp("[[user]] = {:u} AND [[tvShow]] = {:t} AND [[tvShow]] != ''", dbx.Params{"u": userID, "t": showRecordID})).
		Limit(1).One(entry)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return entry, nil
}

// MoveShow sets userID's status for a show as episode tracking decided, quietly (the
// episode watches post for themselves). Moving to watched keeps the entry's rating and
// review and dates the watch at `at` in the diary, with the diary's one-row-per-day rule;
// moving away from watched or dropped clears the details only those statuses carry (the
// diary rule) and takes back the diary row of the finishing watch when it holds no verdict.
func MoveShow(tx core.App, userID string, show *core.Record, status string, at time.Time) error {
	entry, err := findShowEntry(tx, userID, show.Id)
	if err != nil {
		return err
	}
	if entry == nil {
		col, err := tx.FindCachedCollectionByNameOrId("watch_entries")
		if err != nil {
			return err
		}
		entry = core.NewRecord(col)
		entry.Set("user", userID)
		entry.Set(catalog.TV.RelationField(), show.Id)
	}
	was, finishedAt := entry.GetString("status"), entry.GetDateTime("watchedAt").Time()
	entry.Set("status", status)
	switch {
	case status == StatusWatched:
		entry.Set("watchedAt", at.UTC())
	case !withDetails(status):
		entry.Set("rating", 0)
		entry.Set("review", "")
		entry.Set("watchedWith", []string{})
		entry.Set("watchedAt", "")
	}
	if err := tx.Save(entry); err != nil {
		return err
	}
	switch {
	case status == StatusWatched:
		return upsertDiaryRow(tx, entry, show, EntryInput{Kind: catalog.TV, Status: status, WatchedAt: at.UTC(),
			Rating: entry.GetFloat("rating"), Review: entry.GetString("review")})
	case was == StatusWatched && !finishedAt.IsZero():
		return dropFinishingWatch(tx, entry.Id, finishedAt)
	}
	return nil
}

// dropFinishingWatch deletes the diary row dated on the day a show was finished, when it
// holds no rating or review (the row finishing the show wrote).
func dropFinishingWatch(tx core.App, entryID string, finishedAt time.Time) error {
	day := finishedAt.UTC().Truncate(24 * time.Hour)
	rows, err := tx.FindRecordsByFilter("diary", "entry = {:e}", "", 0, 0, dbx.Params{"e": entryID})
	if err != nil {
		return err
	}
	for _, r := range rows {
		same := r.GetDateTime("watchedAt").Time().UTC().Truncate(24 * time.Hour).Equal(day)
		if same && r.GetFloat("rating") == 0 && r.GetString("review") == "" {
			return tx.Delete(r)
		}
	}
	return nil
}

// ParseWatchedDate reads an optional watched date the way watch entries do: an ISO date
// (a day, as UTC midnight) or date-time, not in the future (beyond the furthest time
// zone), not before 1870. It reports whether a date was given.
func ParseWatchedDate(f security.Field[string], now time.Time) (time.Time, bool, error) {
	return parseDate(f, now)
}
