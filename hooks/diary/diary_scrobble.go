package diary

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// MarkMovieWatched records that userID watched the movie with public id movieID at `at`
// (now when zero): the entry becomes watched and the diary gets the watch, with the
// diary's one-row-per-UTC-day rule, so a media server that reports one play twice
// records it once, and a play on another day is a rewatch. The member's rating and review
// stay as they were (a play is not a verdict); the play itself has no companions. It
// posts like any watch.
//
// It is the call a scrobbler (issue #22: Jellyfin and Plex webhooks) makes for a movie;
// hooks/tv's MarkEpisodeWatched is its twin for an episode. A movie the catalog does not
// know comes back as ErrTitleNotFound.
func MarkMovieWatched(ctx context.Context, app core.App, userID string, movieID int, at time.Time) (*core.Record, error) {
	user, err := app.FindRecordById("users", userID)
	if err != nil {
		return nil, err
	}
	title, err := catalog.Find(ctx, app, catalog.Movie, movieID)
	if err != nil {
		return nil, err
	}
	if at.IsZero() {
		at = time.Now()
	}
	in := EntryInput{Kind: catalog.Movie, TitleID: movieID, Status: StatusWatched, WatchedAt: at.UTC()}
	prev := &core.Record{}
	err = app.RecordQuery("watch_entries").
		AndWhere(dbx.NewExp("[[user]] = {:u} AND [[movie]] = {:m} AND [[movie]] != ''", dbx.Params{"u": userID, "m": title.Id})).
		Limit(1).One(prev)
	switch {
	case err == nil:
		in.Rating = prev.GetFloat("rating")
		in.Review = prev.GetString("review")
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	entry, _, err := SaveEntry(ctx, app, user, in)
	return entry, err
}
