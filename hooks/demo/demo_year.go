package demo

import (
	"time"

	"cinecircle/hooks/year"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// seedYearHistory gives the demo's first members a year of older watches, so Year in
// Review (this year so far and last year) has months, streaks and rewatches to show: each
// watched title they logged is rewatched on earlier evenings spread over two years.
// The rows are diary history only (no posts: the feed stays the last two months'). Run
// once, on fresh members.
func seedYearHistory(tx core.App, ids []string, now time.Time) error {
	for member := range min(4, len(ids)) {
		var n int
		if err := tx.DB().NewQuery(`SELECT COUNT(*) FROM diary WHERE user = {:u} AND watchedAt < {:cutoff}`).
			Bind(dbx.Params{"u": ids[member], "cutoff": dbTime(now.AddDate(0, 0, -65))}).Row(&n); err != nil || n > 0 {
			return err
		}
		var entries []struct {
			ID     string  `db:"id"`
			Movie  string  `db:"movie"`
			Show   string  `db:"tvShow"`
			Rating float64 `db:"rating"`
		}
		if err := tx.DB().NewQuery(`SELECT id, movie, tvShow, rating FROM watch_entries
			WHERE user = {:u} AND status = 'watched' ORDER BY id`).Bind(dbx.Params{"u": ids[member]}).All(&entries); err != nil {
			return err
		}
		col, err := tx.FindCachedCollectionByNameOrId("diary")
		if err != nil {
			return err
		}
		for i, e := range entries {
			for k := range 2 + (i+member)%2 {
				// 70 to ~730 days back; the first three titles on three evenings in a row
				// in each of the two years (streaks).
				daysAgo := 70 + (i*37+k*113+member*11)%660
				if i < 3 && k < 2 {
					daysAgo = 150 + 250*k + i
				}
				r := core.NewRecord(col)
				r.Load(map[string]any{"user": ids[member], "entry": e.ID, "movie": e.Movie, "tvShow": e.Show,
					"watchedAt": when(member, daysAgo, now), "rating": e.Rating, "rewatch": true})
				if err := tx.Save(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// notifyLastYear sends the demo members the 'your year is ready' notice of last year, as
// the December job would have.
func notifyLastYear(app core.App, now time.Time) error {
	return year.NotifyReady(app, now.UTC().Year()-1)
}
