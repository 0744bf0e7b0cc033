package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// activityTypes are SPEC §3's activity types, in its order.
var activityTypes = []string{
	"movie_review", "tv_review", "episode_review", "movie_watchlist", "movie_added", "tv_watchlist",
	"tv_added", "movie_currently_watching", "tv_currently_watching", "movie_watched", "tv_watched",
	"movie_dropped", "tv_dropped", "movie_rating", "tv_rating", "collaborative_movie",
	"collaborative_tv", "challenge_completed", "challenge_joined",
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		movies, err := app.FindCollectionByNameOrId("movies")
		if err != nil {
			return err
		}
		shows, err := app.FindCollectionByNameOrId("tv_shows")
		if err != nil {
			return err
		}
		own := types.Pointer("user = @request.auth.id")

		// watch_entries: one current status per member and title.
		entries := core.NewBaseCollection("watch_entries")
		entries.ListRule, entries.ViewRule = own, own
		entries.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.SelectField{Name: "status", Values: []string{"watched", "plan_to_watch", "currently_watching", "dropped"}, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "rating", Min: types.Pointer(0.0), Max: types.Pointer(10.0)},
			&core.TextField{Name: "review", Max: 10000},
			&core.DateField{Name: "watchedAt"},
			&core.RelationField{Name: "watchedWith", CollectionId: users.Id, MaxSelect: 20},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		entries.AddIndex("idx_watch_entries_user_movie", true, "user, movie", "movie != ''")
		entries.AddIndex("idx_watch_entries_user_tv", true, "user, tvShow", "tvShow != ''")
		entries.AddIndex("idx_watch_entries_user_status", false, "user, status, updated", "")
		if err := app.Save(entries); err != nil {
			return err
		}

		// diary: dated watches, so rewatches keep their history.
		diary := core.NewBaseCollection("diary")
		diary.ListRule, diary.ViewRule = own, own
		diary.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "entry", CollectionId: entries.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.DateField{Name: "watchedAt", Required: true},
			&core.NumberField{Name: "rating", Min: types.Pointer(0.0), Max: types.Pointer(10.0)},
			&core.TextField{Name: "review", Max: 10000},
			&core.BoolField{Name: "rewatch"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		diary.AddIndex("idx_diary_user_watched", false, "user, watchedAt", "")
		diary.AddIndex("idx_diary_entry", false, "entry, watchedAt", "")
		if err := app.Save(diary); err != nil {
			return err
		}

		// episode_reviews: a member's rating and review of one episode.
		episodes := core.NewBaseCollection("episode_reviews")
		episodes.ListRule, episodes.ViewRule = types.Pointer("@request.auth.id != ''"), types.Pointer("@request.auth.id != ''")
		episodes.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "seasonNumber", Min: types.Pointer(0.0), OnlyInt: true},
			&core.NumberField{Name: "episodeNumber", Min: types.Pointer(1.0), OnlyInt: true, Required: true},
			&core.TextField{Name: "episodeName", Max: 300},
			&core.NumberField{Name: "rating", Min: types.Pointer(0.0), Max: types.Pointer(10.0)},
			&core.TextField{Name: "review", Max: 10000},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		episodes.AddIndex("idx_episode_reviews_show", false, "tvShow, seasonNumber, episodeNumber, created", "")
		episodes.AddIndex("idx_episode_reviews_user", false, "user, created", "")
		if err := app.Save(episodes); err != nil {
			return err
		}

		// activities: what the feed reads. Written by hooks, never by clients.
		activities := core.NewBaseCollection("activities")
		activities.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.SelectField{Name: "type", Values: activityTypes, MaxSelect: 1, Required: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.RelationField{Name: "entry", CollectionId: entries.Id, MaxSelect: 1},
			&core.JSONField{Name: "data", MaxSize: 64 << 10},
			&core.NumberField{Name: "likeCount", Min: types.Pointer(0.0), OnlyInt: true},
			&core.NumberField{Name: "commentCount", Min: types.Pointer(0.0), OnlyInt: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		activities.AddIndex("idx_activities_user_created", false, "user, created", "")
		activities.AddIndex("idx_activities_created", false, "created", "")
		activities.AddIndex("idx_activities_entry", false, "entry, created", "")
		return app.Save(activities)
	}, func(app core.App) error {
		for _, name := range []string{"activities", "episode_reviews", "diary", "watch_entries"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				continue
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		return nil
	})
}
