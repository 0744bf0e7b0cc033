package scrobble

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/portability"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Outcome is what recording a play did.
type Outcome string

const (
	Recorded  Outcome = "recorded"  // a diary watch or an episode watch
	Duplicate Outcome = "duplicate" // the same play was already counted
	Queued    Outcome = "queued"    // no title matched: it waits in 'Needs matching'
	TooShort  Outcome = "ignored"   // stopped before the member's threshold
)

// Source is the imports source unmatched plays are held under.
const Source = "scrobble"

// dupWindow is how long after a play is counted another report of the same title (and
// episode) is the same play even across midnight: Plex sends media.scrobble at 90% and
// media.stop at the end, Jellyfin's plugin retries.
const dupWindow = 4 * time.Hour

// playTime is when a play happened: the server's time when it gave a plausible one, else
// now (Plex gives none).
func playTime(p Play, now time.Time) time.Time {
	if p.At.IsZero() || p.At.After(now.Add(time.Hour)) || p.At.Before(now.AddDate(0, 0, -7)) {
		return now.UTC()
	}
	return p.At.UTC()
}

// item is the play as an import row: the same matcher reads it, and it is what the
// 'Needs matching' list shows and the member matches by hand.
func item(p Play, at time.Time) portability.Item {
	it := portability.Item{Kind: p.Kind, Title: p.Title, Year: p.Year, TMDBID: p.TMDBID, IMDbID: p.IMDbID, TVDBID: p.TVDBID, Status: diary.StatusWatched,
		WatchedAt: at, Source: p.Server}
	if p.Kind == catalog.TV {
		it.Season, it.Episode, it.WatchSource = p.Season, p.Episode, tv.SourceScrobble
	}
	return it
}

// Record counts a stopped or scrobbled play for the member whose settings s are: a film
// becomes a diary watch on the play's day, an episode an episode watch (moving the show's
// progress and Up Next), posting to the feed when the member chose so (grouped as the
// diary and TV posts group) and quiet otherwise. A play that matches no title is held in
// the member's 'Needs matching' list. The same play reported again (media.stop after
// media.scrobble, a retry, two at once) counts once: its key is claimed in the same
// transaction as the write, under a unique index.
func Record(ctx context.Context, app core.App, s *core.Record, p Play, now time.Time) (Outcome, error) {
	if !p.Counts(s.GetInt("threshold")) {
		return TooShort, nil
	}
	userID := s.GetString("user")
	at := playTime(p, now)
	it := item(p, at)
	title, err := portability.MatchTitle(ctx, app, it)
	if errors.Is(err, catalog.ErrNotFound) {
		key := fmt.Sprintf("raw|%s|%s|%d|%d|%d", p.Kind, catalog.SearchKey(p.Title), p.Year, p.Season, p.Episode)
		return claimed(app, userID, key, at, now, func(tx core.App) (Outcome, error) {
			return Queued, portability.Hold(tx, userID, Source, it)
		})
	}
	if err != nil {
		return "", err
	}
	quiet := !s.GetBool("postToFeed")
	key := fmt.Sprintf("%s|%d", p.Kind, title.GetInt("tmdbId"))
	if p.Kind == catalog.TV {
		key += "|" + strconv.Itoa(p.Season) + "|" + strconv.Itoa(p.Episode)
		return claimed(app, userID, key, at, now, func(tx core.App) (Outcome, error) {
			_, err := tv.Apply(tx, tv.Mark{UserID: userID, Show: title, Scope: tv.One, At: tv.Ep{Season: p.Season, Episode: p.Episode},
				WatchedAt: at, Source: tv.SourceScrobble, Quiet: quiet})
			var unknown validation.Errors
			if errors.As(err, &unknown) { // an episode the catalog does not list (yet): match it by hand
				return Queued, portability.Hold(tx, userID, Source, it)
			}
			return Recorded, err
		})
	}
	return claimed(app, userID, key, at, now, func(tx core.App) (Outcome, error) {
		return Recorded, logFilm(ctx, tx, userID, title.GetInt("tmdbId"), at, quiet)
	})
}

// claimed runs write in one transaction with the claim of the play's key (item key and
// UTC day): when the key, or the same item within dupWindow, was claimed already, nothing
// is written and the outcome is Duplicate; else it is what write says.
func claimed(app core.App, userID, itemKey string, at, now time.Time, write func(tx core.App) (Outcome, error)) (Outcome, error) {
	var out Outcome
	err := app.RunInTransaction(func(tx core.App) error {
		var n int
		err := tx.DB().NewQuery(`SELECT COUNT(*) FROM scrobble_plays WHERE user = {:u} AND
			(key = {:k} OR (substr(key, 1, length({:i}) + 1) = {:i} || '#' AND created > {:since}))`).
			Bind(dbx.Params{"u": userID, "k": itemKey + "#" + at.Format(time.DateOnly), "i": itemKey,
				"since": now.Add(-dupWindow).UTC().Format("2006-01-02 15:04:05.000Z")}).Row(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			out = Duplicate
			return nil
		}
		if _, err := tx.DB().Insert("scrobble_plays", dbx.Params{"id": core.GenerateDefaultRandomId(), "user": userID,
			"key": itemKey + "#" + at.Format(time.DateOnly), "created": now.UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
			return err
		}
		out, err = write(tx)
		return err
	})
	return out, err
}

// logFilm saves a watch of the film with public id on the day of at through the diary's
// own SaveEntry. A film already watched keeps the member's rating and review on its entry
// (a rewatch on a media server is not a change of mind).
func logFilm(ctx context.Context, tx core.App, userID string, id int, at time.Time, quiet bool) error {
	user, err := tx.FindRecordById("users", userID)
	if err != nil {
		return err
	}
	in := diary.EntryInput{Kind: catalog.Movie, TitleID: id, Status: diary.StatusWatched, WatchedAt: at, Quiet: quiet}
	title, err := catalog.Find(ctx, tx, catalog.Movie, id)
	if err != nil {
		return err
	}
	entry, err := tx.FindFirstRecordByFilter("watch_entries", "user = {:u} && movie = {:t}", dbx.Params{"u": userID, "t": title.Id})
	if err == nil && entry.GetString("status") == diary.StatusWatched {
		in.Rating, in.Review = entry.GetFloat("rating"), entry.GetString("review")
	}
	_, _, err = diary.SaveEntry(ctx, tx, user, in)
	return err
}

// matchPlay finds the catalog title a play names, through the import matcher.
func matchPlay(ctx context.Context, app core.App, p Play) (*core.Record, error) {
	return portability.MatchTitle(ctx, app, item(p, time.Now()))
}

// unmarshal reads a stored JSON text.
func unmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// RecordAs counts a play for userID as their webhook would (their settings made on first
// use, the webhook on): the demo's plays go through the same path as a media server's.
func RecordAs(ctx context.Context, app core.App, userID string, p Play, now time.Time) (Outcome, error) {
	s, err := settingsOf(app, userID)
	if err != nil {
		return "", err
	}
	return Record(ctx, app, s, p, now)
}
