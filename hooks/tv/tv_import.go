package tv

import (
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/pocketbase/core"
)

// Watch is one dated watch of an episode in a history another service (or an earlier
// export) kept.
type Watch struct {
	Ep
	At     time.Time
	Source string // SourceManual, SourceImport or SourceScrobble; SourceImport when empty
}

// ImportWatches records a history of watches of one show in one transaction, quietly
// (imports never post): one recount, one status move and one progress save however long
// the history. It is idempotent: a watch of an episode at exactly a time already recorded
// is that watch, so importing the same history twice adds nothing. It returns how many
// watches it added and the ones naming episodes the show does not have (left out).
func ImportWatches(app core.App, userID string, show *core.Record, history []Watch) (int, []Watch, error) {
	l := LayoutOf(catalog.ShowSeasons(show))
	var unknown []Watch
	added := 0
	err := app.RunInTransaction(func(tx core.App) error {
		w, err := loadWatches(tx, userID, show.Id)
		if err != nil {
			return err
		}
		before := w.counts(l)
		for _, h := range history {
			if !l.has(h.Ep) {
				unknown = append(unknown, h)
				continue
			}
			at := h.At.UTC()
			if at.IsZero() {
				at = time.Now().UTC()
			}
			if w.playAt(h.Ep, at) != nil {
				continue
			}
			source := h.Source
			if source != SourceManual && source != SourceScrobble {
				source = SourceImport
			}
			rows, err := insertWatches(tx, userID, show.Id, []Ep{h.Ep}, at, source)
			if err != nil {
				return err
			}
			w.add(rows...)
			added++
		}
		if added == 0 {
			return nil
		}
		_, err = settle(tx, userID, show, l, w, before, Marked)
		return err
	})
	return added, unknown, err
}

// ExportedWatch is one episode watch as the export writes it and the CineCircle import
// reads it back: the show by its public id, name and year (to match on another instance),
// the episode, when and from where.
type ExportedWatch struct {
	TvShowID   int    `json:"tvShowId"`
	TvShowName string `json:"tvShowName"`
	TvShowYear int    `json:"tvShowYear"`
	Season     int    `json:"season"`
	Episode    int    `json:"episode"`
	WatchedAt  string `json:"watchedAt"` // RFC 3339, UTC
	Source     string `json:"source"`
}

// ExportWatches lists every episode watch of userID, oldest first, for the export.
func ExportWatches(app core.App, userID string) ([]ExportedWatch, error) {
	var rows []struct {
		ShowID  int    `db:"tvShowId"`
		Name    string `db:"tvShowName"`
		Year    int    `db:"tvShowYear"`
		Season  int    `db:"season"`
		Episode int    `db:"episode"`
		At      string `db:"watchedAt"`
		Source  string `db:"source"`
	}
	err := app.DB().NewQuery(`SELECT t.tmdbId AS tvShowId, t.name AS tvShowName, t.year AS tvShowYear,
		w.season AS season, w.episode AS episode, w.watchedAt AS watchedAt, w.source AS source
		FROM episode_watches w JOIN tv_shows t ON t.id = w.tvShow
		WHERE w.user = {:u} ORDER BY w.watchedAt, t.name, w.season, w.episode`).
		Bind(map[string]any{"u": userID}).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]ExportedWatch, len(rows))
	for i, r := range rows {
		out[i] = ExportedWatch{TvShowID: r.ShowID, TvShowName: r.Name, TvShowYear: r.Year, Season: r.Season,
			Episode: r.Episode, WatchedAt: ISOTime(r.At), Source: r.Source}
	}
	return out, nil
}
