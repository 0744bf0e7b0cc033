package catalog

import (
	"context"

	"github.com/pocketbase/pocketbase/core"
)

// What other domains ask about shows: their seasons and episodes, whether they ended, and
// whether TMDB answers (episode names and air dates exist only then).

// Show statuses as TMDB spells them; the embedded catalog uses the first two.
const (
	StatusReturning = "Returning Series"
	StatusEnded     = "Ended"
	StatusCanceled  = "Canceled"
)

// Ended reports whether a show record is over: TMDB says Ended or Canceled, or (a show
// without a status: imported, or cached before statuses were kept) it has a last air date
// and no status says otherwise. Watching the last episode of an ended show finishes it.
func Ended(show *core.Record) bool {
	switch show.GetString("status") {
	case StatusEnded, StatusCanceled:
		return true
	case "":
		return show.GetString("lastAirDate") != ""
	}
	return false
}

// ShowSeasons reads a show record's seasons (with any cached episodes), in the order the
// catalog lists them; a record without seasons has none.
func ShowSeasons(show *core.Record) []Season {
	var seasons []Season
	_ = show.UnmarshalJSONField("seasons", &seasons)
	return seasons
}

// SeasonEpisodes returns season n of the show with public id showID with its episodes:
// TMDB's (cached with the show for DetailsTTL) when TMDB answers, else numbered episodes
// from the season's count. It returns ErrNotFound for a season the show does not have.
func SeasonEpisodes(ctx context.Context, app core.App, showID, n int) (*Season, error) {
	s := from(app)
	if s == nil {
		return nil, ErrNotFound
	}
	return s.season(ctx, app, showID, n)
}

// HasTMDB reports whether TMDB answers app's catalog (a key in the environment or the
// dashboard): only then do episodes have names, air dates and runtimes of their own.
func HasTMDB(app core.App) bool {
	s := from(app)
	return s != nil && s.remote() != nil
}

// SaveTitles writes titles into the catalog (all fields, replacing a title with the same
// id), grouped by kind, in app's transaction: how tools that build data sets (bench seed)
// add titles of their own.
func SaveTitles(app core.App, titles ...Title) error {
	for _, kind := range Kinds {
		var same []Title
		for _, t := range titles {
			if t.Kind == kind {
				same = append(same, t)
			}
		}
		if err := upsertTitles(app, same, upsertReplace); err != nil {
			return err
		}
	}
	return nil
}
