package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// TV tracking (issue #19): episode watches, the per-member progress Up Next reads, the
// episode cache the calendar reads, and the private calendar feed tokens. All are written
// by hooks/tv only.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		shows, err := app.FindCollectionByNameOrId("tv_shows")
		if err != nil {
			return err
		}
		own := types.Pointer("user = @request.auth.id")

		// episode_watches: one row per watch of one episode, so rewatches keep their history.
		// (user, tvShow, season, episode, watchedAt) serves the progress recount, the spoiler
		// lookups, the same-day check and "unmark the newest"; (user, watchedAt) the monthly
		// stats, analytics, streaks and the export.
		watches := core.NewBaseCollection("episode_watches")
		watches.ListRule, watches.ViewRule = own, own
		watches.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.NumberField{Name: "season", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(10000.0)},
			&core.NumberField{Name: "episode", OnlyInt: true, Required: true, Min: types.Pointer(1.0), Max: types.Pointer(100000.0)},
			&core.DateField{Name: "watchedAt", Required: true},
			&core.SelectField{Name: "source", Values: []string{"manual", "import", "scrobble"}, MaxSelect: 1, Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		watches.AddIndex("idx_episode_watches_user_show", false, "user, tvShow, season, episode, watchedAt", "")
		watches.AddIndex("idx_episode_watches_user_watched", false, "user, watchedAt", "")
		if err := app.Save(watches); err != nil {
			return err
		}

		// tv_progress: one row per member and show with watches, kept equal to the rows by a
		// recount in the same transaction as every change, so Up Next is one indexed query.
		progress := core.NewBaseCollection("tv_progress")
		progress.ListRule, progress.ViewRule = own, own
		progress.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.NumberField{Name: "watched", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "total", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "nextSeason", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "nextEpisode", OnlyInt: true, Min: types.Pointer(0.0), Help: "0: nothing left to watch."},
			&core.JSONField{Name: "seasonCounts", MaxSize: 64 << 10, Help: "Episode counts of seasons 1… when last recounted."},
			&core.DateField{Name: "lastWatchedAt"},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		progress.AddIndex("idx_tv_progress_user_show", true, "user, tvShow", "")
		progress.AddIndex("idx_tv_progress_up_next", false, "user, lastWatchedAt", "")
		progress.AddIndex("idx_tv_progress_show", false, "tvShow", "")
		if err := app.Save(progress); err != nil {
			return err
		}

		// tv_episodes: episode names, air dates and runtimes from TMDB, cached for the
		// calendar, Up Next and hours; refreshed by the tvEpisodesRefresh cron job.
		episodes := core.NewBaseCollection("tv_episodes")
		episodes.Fields.Add(
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.NumberField{Name: "season", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "episode", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.TextField{Name: "name", Max: 500},
			&core.TextField{Name: "airDate", Max: 10, Pattern: `^(\d{4}-\d{2}-\d{2})?$`},
			&core.NumberField{Name: "runtime", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		episodes.AddIndex("idx_tv_episodes_episode", true, "tvShow, season, episode", "")
		episodes.AddIndex("idx_tv_episodes_air", false, "tvShow, airDate", "")
		if err := app.Save(episodes); err != nil {
			return err
		}

		// calendar_feeds: a member's revocable secret for GET /api/calendar/{token}.ics.
		feeds := core.NewBaseCollection("calendar_feeds")
		feeds.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "token", Required: true, Min: 32, Max: 100, Hidden: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		feeds.AddIndex("idx_calendar_feeds_user", true, "user", "")
		feeds.AddIndex("idx_calendar_feeds_token", true, "token", "")
		if err := app.Save(feeds); err != nil {
			return err
		}

		// activities: episode watches post as tv_episodes_watched, grouped per show and hour.
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		if f, ok := activities.Fields.GetByName("type").(*core.SelectField); ok && !slices.Contains(f.Values, "tv_episodes_watched") {
			f.Values = append(f.Values, "tv_episodes_watched")
		}
		if err := app.Save(activities); err != nil {
			return err
		}

		// tv_shows.status: TMDB's (Returning Series, Ended, Canceled, …): a show that ended is
		// watched once its last episode is.
		shows.Fields.Add(&core.TextField{Name: "status", Max: 50})
		if err := app.Save(shows); err != nil {
			return err
		}

		// imports.source: a CineCircle export's episode watches import back.
		imports, err := app.FindCollectionByNameOrId("imports")
		if err != nil {
			return err
		}
		if f, ok := imports.Fields.GetByName("source").(*core.SelectField); ok && !slices.Contains(f.Values, "cinecircle") {
			f.Values = append(f.Values, "cinecircle")
		}
		if err := app.Save(imports); err != nil {
			return err
		}

		// users.muteEpisodeReviews: no "reviewed an episode you've seen" notifications.
		users.Fields.Add(&core.BoolField{Name: "muteEpisodeReviews"})
		return app.Save(users)
	}, func(app core.App) error {
		for _, name := range []string{"calendar_feeds", "tv_episodes", "tv_progress", "episode_watches"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		for name, value := range map[string]string{"activities": "tv_episodes_watched", "imports": "cinecircle"} {
			field := map[string]string{"activities": "type", "imports": "source"}[name]
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if f, ok := c.Fields.GetByName(field).(*core.SelectField); ok {
					f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == value })
				}
				if err := app.Save(c); err != nil {
					return err
				}
			}
		}
		for name, field := range map[string]string{"tv_shows": "status", "users": "muteEpisodeReviews"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				c.Fields.RemoveByName(field)
				if err := app.Save(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
