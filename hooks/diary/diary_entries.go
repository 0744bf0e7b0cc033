package diary

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// ErrTitleNotFound is returned when the payload names a title the catalog doesn't have.
var ErrTitleNotFound = catalog.ErrNotFound

// EntryJSON is a watch entry as the API returns it, with its title's card data.
type EntryJSON struct {
	ID          string        `json:"id"`
	MovieID     int           `json:"movieId,omitzero"`
	TvShowID    int           `json:"tvShowId,omitzero"`
	Status      string        `json:"status"`
	Rating      float64       `json:"rating"`
	Review      string        `json:"review"`
	WatchedAt   string        `json:"watchedAt"`
	WatchedWith []auth.User   `json:"watchedWith"`
	CreatedAt   string        `json:"createdAt"`
	UpdatedAt   string        `json:"updatedAt"`
	Movie       *TitleSummary `json:"movie,omitzero"`
	TvShow      *TitleSummary `json:"tvShow,omitzero"`
	ActivityID  string        `json:"activityId,omitzero"`
}

// SaveEntry records a member's watch entry in one transaction: the current status, a
// diary row for a watch (a drop is not a watch: its date stays on the entry), and the
// activity the feed reads.
func SaveEntry(ctx context.Context, app core.App, user *core.Record, in EntryInput) (*core.Record, *core.Record, error) {
	title, err := catalog.Find(ctx, app, in.Kind, in.TitleID)
	if err != nil {
		return nil, nil, err
	}
	var entry, activity *core.Record
	err = app.RunInTransaction(func(tx core.App) error {
		if err := checkCompanions(tx, user.Id, in.WatchedWith); err != nil {
			return err
		}
		entry, err = upsertEntry(tx, user, title, in)
		if err != nil {
			return err
		}
		if in.Status == StatusWatched {
			if err := upsertDiaryRow(tx, entry, title, in); err != nil {
				return err
			}
		}
		if in.Quiet {
			return nil
		}
		activity, err = postEntryActivity(tx, entry, title, in)
		return err
	})
	return entry, activity, err
}

// checkCompanions allows only members the author follows in watchedWith.
func checkCompanions(app core.App, me string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	for _, id := range ids {
		if id == me {
			return validation.Errors{"watchedWith": validation.NewError("validation_self", "You don't need to add yourself to the people you watched with.")}
		}
	}
	var n int
	err := app.DB().Select("COUNT(*)").From("follows").
		Where(dbx.HashExp{"follower": me}).
		AndWhere(dbx.In("following", toAny(ids)...)).Row(&n)
	if err != nil {
		return err
	}
	if n != len(ids) {
		return validation.Errors{"watchedWith": validation.NewError("validation_not_following", "You can only add people you follow.")}
	}
	return nil
}

func toAny(ids []string) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// upsertEntry writes the member's current status for the title. Rating, review, date and
// companions belong only to watched and dropped; other statuses clear them (the diary keeps
// the history).
func upsertEntry(app core.App, user, title *core.Record, in EntryInput) (*core.Record, error) {
	rel := in.Kind.RelationField()
	entry, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && "+rel+" = {:t}",
		dbx.Params{"u": user.Id, "t": title.Id})
	if err != nil {
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		col, err := app.FindCachedCollectionByNameOrId("watch_entries")
		if err != nil {
			return nil, err
		}
		entry = core.NewRecord(col)
		entry.Set("user", user.Id)
		entry.Set(rel, title.Id)
	}
	entry.Set("status", in.Status)
	entry.Set("rating", in.Rating)
	entry.Set("review", in.Review)
	entry.Set("watchedWith", in.WatchedWith)
	if in.WatchedAt.IsZero() {
		entry.Set("watchedAt", "")
	} else {
		entry.Set("watchedAt", in.WatchedAt)
	}
	return entry, app.Save(entry)
}

// upsertDiaryRow keeps one diary row per entry and calendar day (UTC): saving again on
// the same day corrects that watch, another day adds a rewatch.
func upsertDiaryRow(app core.App, entry, title *core.Record, in EntryInput) error {
	day := in.WatchedAt.UTC().Truncate(24 * time.Hour)
	rows, err := app.FindRecordsByFilter("diary", "entry = {:e}", "watchedAt", 0, 0, dbx.Params{"e": entry.Id})
	if err != nil {
		return err
	}
	var row *core.Record
	for _, r := range rows {
		if r.GetDateTime("watchedAt").Time().UTC().Truncate(24 * time.Hour).Equal(day) {
			row = r
			break
		}
	}
	if row == nil {
		col, err := app.FindCachedCollectionByNameOrId("diary")
		if err != nil {
			return err
		}
		row = core.NewRecord(col)
		row.Set("user", entry.GetString("user"))
		row.Set("entry", entry.Id)
		row.Set(in.Kind.RelationField(), title.Id)
		row.Set("rewatch", len(rows) > 0)
	}
	row.Set("watchedAt", in.WatchedAt)
	row.Set("rating", in.Rating)
	row.Set("review", in.Review)
	return app.Save(row)
}

// entryJSON renders a watch entry with its title and companions.
func entryJSON(app core.App, entry *core.Record, kind catalog.Kind, title *core.Record) EntryJSON {
	out := EntryJSON{
		ID:          entry.Id,
		Status:      entry.GetString("status"),
		Rating:      entry.GetFloat("rating"),
		Review:      entry.GetString("review"),
		WatchedWith: companions(app, entry.GetStringSlice("watchedWith")),
		CreatedAt:   isoTime(entry.GetDateTime("created")),
		UpdatedAt:   isoTime(entry.GetDateTime("updated")),
		WatchedAt:   isoTime(entry.GetDateTime("watchedAt")),
	}
	if title != nil {
		s := summarize(kind, title)
		if kind == catalog.TV {
			out.TvShowID, out.TvShow = s.ID, &s
		} else {
			out.MovieID, out.Movie = s.ID, &s
		}
	}
	return out
}

// companions loads the public view of the members an entry was watched with.
func companions(app core.App, ids []string) []auth.User {
	out := []auth.User{}
	if len(ids) == 0 {
		return out
	}
	records, err := app.FindRecordsByIds("users", ids)
	if err != nil {
		return out
	}
	for _, r := range records {
		out = append(out, auth.PublicUser(r))
	}
	return out
}

// isoTime formats a stored date as ISO 8601, or "" when unset.
func isoTime(d types.DateTime) string {
	if d.IsZero() {
		return ""
	}
	return d.Time().UTC().Format(time.RFC3339)
}
