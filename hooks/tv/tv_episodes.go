package tv

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// JobEpisodesRefresh is the cron job that keeps the episode cache (tv_episodes) of the
// shows members track current: new episodes, air dates and names as TMDB announces them.
const JobEpisodesRefresh = "tvEpisodesRefresh"

// episodesSchedule runs the refresh four times a day: air dates move rarely, and a
// calendar a few hours behind an announcement is still right about what airs this week.
const episodesSchedule = "17 */6 * * *"

// recentDays is how far back a season's air dates keep it being refreshed: a season
// whose episodes all aired over two weeks ago is settled.
const recentDays = 14

// RefreshShow writes what TMDB says of a show's episodes (names, air dates, runtimes) into
// tv_episodes: the seasons not cached yet, the last season, and any season with an
// episode airing recently, later or on no known date (settled seasons never change). It
// does nothing without TMDB (the embedded catalog has episode counts only) or for a title
// CineCircle minted. It returns how many episodes it wrote.
func RefreshShow(ctx context.Context, app core.App, show *core.Record) (int, error) {
	id := show.GetInt("tmdbId")
	if !catalog.HasTMDB(app) || id >= catalog.LocalIDFloor {
		return 0, nil
	}
	var cached []episodeMeta
	if err := app.DB().NewQuery(`SELECT season, episode, airDate FROM tv_episodes WHERE tvShow = {:s}`).
		Bind(dbx.Params{"s": show.Id}).All(&cached); err != nil {
		return 0, err
	}
	settled := map[int]bool{}
	recent := time.Now().UTC().AddDate(0, 0, -recentDays).Format(time.DateOnly)
	for _, c := range cached {
		if _, seen := settled[c.Season]; !seen {
			settled[c.Season] = true
		}
		if c.AirDate == "" || c.AirDate >= recent {
			settled[c.Season] = false
		}
	}
	l := LayoutOf(catalog.ShowSeasons(show))
	var metas []episodeMeta
	for i, n := range l.seasons {
		if settled[n] && i < len(l.seasons)-1 {
			continue
		}
		season, err := catalog.SeasonEpisodes(ctx, app, id, n)
		if errors.Is(err, catalog.ErrNotFound) {
			continue
		} else if err != nil {
			return 0, err
		}
		for _, e := range season.Episodes {
			m := episodeMeta{Season: n, Episode: e.EpisodeNumber, Name: e.Name, AirDate: validDate(e.AirDate)}
			if e.Runtime != nil {
				m.Runtime = *e.Runtime
			}
			metas = append(metas, m)
		}
	}
	return len(metas), writeEpisodes(app, show.Id, metas)
}

// validDate keeps a YYYY-MM-DD date, dropping anything else TMDB might send.
func validDate(s string) string {
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return ""
	}
	return s
}

// writeEpisodes upserts episode details with one prepared statement in one transaction.
func writeEpisodes(app core.App, showID string, metas []episodeMeta) error {
	if len(metas) == 0 {
		return nil
	}
	return app.RunInTransaction(func(tx core.App) error {
		q := tx.DB().NewQuery(`INSERT INTO tv_episodes (id, tvShow, season, episode, name, airDate, runtime, updated)
			VALUES ({:id}, {:s}, {:season}, {:episode}, {:name}, {:airDate}, {:runtime}, {:now})
			ON CONFLICT (tvShow, season, episode) DO UPDATE SET name = excluded.name, airDate = excluded.airDate,
			runtime = excluded.runtime, updated = excluded.updated`).Prepare()
		defer q.Close()
		now := time.Now().UTC().Format(dbTime)
		for _, m := range metas {
			if _, err := q.Bind(dbx.Params{"id": core.GenerateDefaultRandomId(), "s": showID, "season": m.Season,
				"episode": m.Episode, "name": m.Name, "airDate": m.AirDate, "runtime": m.Runtime, "now": now}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}

// trackedShowsSQL selects the shows members follow: on a watchlist, in progress or
// watched (a finished show may come back), not dropped, or with episodes marked. It asks
// each show of the catalog (a few thousand at most) with two index searches, rather than
// reading every member's entries and progress (4.4M and 2.4M rows at 100k members).
const trackedShowsSQL = `SELECT s.id FROM tv_shows s
	WHERE EXISTS (SELECT 1 FROM watch_entries w WHERE w.tvShow = s.id AND w.status != 'dropped')
	   OR EXISTS (SELECT 1 FROM tv_progress p WHERE p.tvShow = s.id)`

// RefreshTracked refreshes the episode cache of every tracked show and brings the
// progress rows of shows whose seasons changed up to date. It is the cron job's work,
// and can be run from the dashboard (Settings › Crons).
func RefreshTracked(ctx context.Context, app core.App) (int, error) {
	var ids []string
	if err := app.DB().NewQuery(trackedShowsSQL).Column(&ids); err != nil {
		return 0, err
	}
	total := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			return total, ctx.Err()
		}
		show, err := app.FindRecordById(catalog.TV.Collection(), id)
		if err != nil {
			continue
		}
		if fresh, err := catalog.Find(ctx, app, catalog.TV, show.GetInt("tmdbId")); err == nil {
			show = fresh // details refreshed: new seasons and counts
		}
		n, err := RefreshShow(ctx, app, show)
		if err != nil {
			app.Logger().Warn("tv: refreshing episodes", "show", show.GetInt("tmdbId"), "error", err.Error())
			continue
		}
		total += n
		if err := RecountShow(app, show); err != nil {
			return total, err
		}
	}
	return total, nil
}

// RecountShow recounts the progress rows of a show whose episode counts changed since
// they were written (a new season announced): their totals and next episodes follow the
// show, so Up Next offers the new episodes. Statuses stay as they are.
func RecountShow(app core.App, show *core.Record) error {
	l := LayoutOf(catalog.ShowSeasons(show))
	want := l.seasonCounts()
	rows, err := app.FindRecordsByFilter("tv_progress", "tvShow = {:s}", "", 0, 0, dbx.Params{"s": show.Id})
	if err != nil {
		return err
	}
	for _, r := range rows {
		var have []int
		_ = r.UnmarshalJSONField("seasonCounts", &have)
		if slices.Equal(have, want) {
			continue
		}
		user := r.GetString("user")
		err := app.RunInTransaction(func(tx core.App) error {
			w, err := loadWatches(tx, user, show.Id)
			if err != nil {
				return err
			}
			next, ok := l.Next(w.watchedSet())
			return saveProgress(tx, user, show.Id, l, w.counts(l), next, ok, w.last())
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// fillShow caches a show's episodes (names, air dates) before its progress is read when
// they were never fetched, within a few seconds: the TV page names the episode up next
// and says when it airs on the first visit, not after the next cron run. Without TMDB,
// or once cached, it costs one indexed lookup at most.
func fillShow(ctx context.Context, app core.App, show *core.Record) {
	if !catalog.HasTMDB(app) || show.GetInt("tmdbId") >= catalog.LocalIDFloor {
		return
	}
	var n int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM (SELECT 1 FROM tv_episodes WHERE tvShow = {:s} LIMIT 1)`).
		Bind(dbx.Params{"s": show.Id}).Row(&n); err != nil || n > 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 8*time.Second)
	defer cancel()
	if _, err := RefreshShow(ctx, app, show); err != nil {
		app.Logger().Warn("tv: filling a show's episodes", "show", show.GetInt("tmdbId"), "error", err.Error())
	}
}

// fillMissing refreshes, before a calendar is read, the tracked shows of userID whose
// episodes were never cached (a show added since the last cron run), a few at a time and
// within a few seconds: the calendar then shows them at once, and a slow TMDB only delays
// what the next run fills in.
func fillMissing(ctx context.Context, app core.App, userID string) {
	if !catalog.HasTMDB(app) {
		return
	}
	var ids []string
	err := app.DB().NewQuery(`SELECT w.tvShow FROM watch_entries w JOIN tv_shows t ON t.id = w.tvShow
		WHERE w.user = {:u} AND w.tvShow != '' AND w.status != 'dropped' AND t.tmdbId < {:floor}
		AND NOT EXISTS (SELECT 1 FROM tv_episodes e WHERE e.tvShow = w.tvShow) LIMIT 8`).
		Bind(dbx.Params{"u": userID, "floor": catalog.LocalIDFloor}).Column(&ids)
	if err != nil || len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 8*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for _, id := range ids {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			if show, err := app.FindRecordById(catalog.TV.Collection(), id); err == nil {
				if _, err := RefreshShow(ctx, app, show); err != nil {
					app.Logger().Warn("tv: filling a calendar", "show", show.GetInt("tmdbId"), "error", err.Error())
				}
			}
		})
	}
	wg.Wait()
}
