package tv

import (
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// watchRow is one watch of one episode.
type watchRow struct {
	ID        string `db:"id"`
	Season    int    `db:"season"`
	Episode   int    `db:"episode"`
	WatchedAt string `db:"watchedAt"`
}

func (r watchRow) ep() Ep { return Ep{r.Season, r.Episode} }

// watches are every watch of one member of one show, read inside the transaction that
// changes them: progress is recounted from these rows, never incremented, so the counts
// always equal the rows (writes are serialized, so no other change can slip in between).
type watches struct {
	byEp map[Ep][]*watchRow // oldest first
}

// loadWatches reads userID's watches of the show (record id) on
// idx_episode_watches_user_show.
func loadWatches(app core.App, userID, showID string) (*watches, error) {
	var rows []watchRow
	err := app.DB().NewQuery(`SELECT id, season, episode, watchedAt FROM episode_watches
		WHERE user = {:u} AND tvShow = {:s} ORDER BY season, episode, watchedAt`).
		Bind(dbx.Params{"u": userID, "s": showID}).All(&rows)
	if err != nil {
		return nil, err
	}
	w := &watches{byEp: map[Ep][]*watchRow{}}
	for i := range rows {
		w.add(rows[i])
	}
	return w, nil
}

// add keeps new rows.
func (w *watches) add(rows ...watchRow) {
	for i := range rows {
		r := rows[i]
		w.byEp[r.ep()] = append(w.byEp[r.ep()], &r)
	}
}

// remove forgets one row.
func (w *watches) remove(r *watchRow) {
	e := r.ep()
	w.byEp[e] = slices.DeleteFunc(w.byEp[e], func(x *watchRow) bool { return x == r })
	if len(w.byEp[e]) == 0 {
		delete(w.byEp, e)
	}
}

// sameDay returns the watch of e on at's UTC day, if any.
func (w *watches) sameDay(e Ep, at time.Time) *watchRow {
	day := at.UTC().Format(time.DateOnly)
	for _, r := range w.byEp[e] {
		if len(r.WatchedAt) >= 10 && r.WatchedAt[:10] == day {
			return r
		}
	}
	return nil
}

// playAt returns the watch of e at exactly at, if any.
func (w *watches) playAt(e Ep, at time.Time) *watchRow {
	stamp := at.UTC().Format(dbTime)
	for _, r := range w.byEp[e] {
		if r.WatchedAt == stamp {
			return r
		}
	}
	return nil
}

// newest returns the latest watch of e, if any.
func (w *watches) newest(e Ep) *watchRow {
	var out *watchRow
	for _, r := range w.byEp[e] {
		if out == nil || r.WatchedAt >= out.WatchedAt {
			out = r
		}
	}
	return out
}

// last is when the member last watched an episode of the show ("" for never).
func (w *watches) last() string {
	last := ""
	for _, rows := range w.byEp {
		for _, r := range rows {
			last = max(last, r.WatchedAt)
		}
	}
	return last
}

// watchedSet lists the episodes watched at least once.
func (w *watches) watchedSet() map[Ep]bool {
	out := make(map[Ep]bool, len(w.byEp))
	for e := range w.byEp {
		out[e] = true
	}
	return out
}

// counts counts the rows against the show's layout.
func (w *watches) counts(l Layout) Counts {
	c := Counts{Total: l.Total()}
	for e, rows := range w.byEp {
		c.Plays += len(rows)
		if l.counted(e) {
			c.Watched++
		}
	}
	return c
}

// saveProgress writes the member's progress row for the show (a record save, so the
// domains that count progress, challenges and badges, hear of it once per change), or
// deletes it when no watch is left.
func saveProgress(tx core.App, userID, showID string, l Layout, c Counts, next Ep, hasNext bool, last string) error {
	row, err := tx.FindFirstRecordByFilter("tv_progress", "user = {:u} && tvShow = {:s}", dbx.Params{"u": userID, "s": showID})
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if c.Plays == 0 {
		if row == nil {
			return nil
		}
		return tx.Delete(row)
	}
	if row == nil {
		col, err := tx.FindCachedCollectionByNameOrId("tv_progress")
		if err != nil {
			return err
		}
		row = core.NewRecord(col)
		row.Set("user", userID)
		row.Set("tvShow", showID)
	}
	if !hasNext {
		next = Ep{}
	}
	row.Set("watched", c.Watched)
	row.Set("total", c.Total)
	row.Set("nextSeason", next.Season)
	row.Set("nextEpisode", next.Episode)
	row.Set("seasonCounts", l.seasonCounts())
	row.Set("lastWatchedAt", last)
	return tx.Save(row)
}
