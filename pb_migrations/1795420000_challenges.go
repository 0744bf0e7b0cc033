package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		// challenges: the monthly ones are created by the challengesRollover job (slug
		// '2026-11-movies' keeps it idempotent); superusers may add their own in the
		// dashboard. Members read them through /api/challenges/* and /api/user/challenges.
		challenges := core.NewBaseCollection("challenges")
		challenges.Fields.Add(
			&core.TextField{Name: "name", Required: true, Max: 200, Presentable: true},
			&core.TextField{Name: "description", Max: 1000},
			&core.SelectField{Name: "type", Required: true, MaxSelect: 1,
				Values: []string{"episode_count", "movie_count", "tv_show_count", "genre_diversity"}},
			&core.NumberField{Name: "targetCount", Required: true, OnlyInt: true, Min: types.Pointer(1.0)},
			&core.TextField{Name: "genre", Max: 100,
				Help: "Optional: count only titles of this genre (e.g. Horror). Ignored by genre_diversity."},
			&core.DateField{Name: "startsAt", Required: true, Help: "Window start (inclusive, UTC)."},
			&core.DateField{Name: "endsAt", Required: true, Help: "Window end (exclusive, UTC)."},
			&core.TextField{Name: "slug", Max: 100,
				Help: "Unique key of generated challenges (e.g. 2026-11-movies). Leave empty for your own."},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		challenges.AddIndex("idx_challenges_slug", true, "slug", "slug != ''")
		challenges.AddIndex("idx_challenges_window", false, "endsAt, startsAt", "")
		if err := app.Save(challenges); err != nil {
			return err
		}

		// user_challenges: who joined what, with progress kept exact by the challenges hooks
		// (a recount from the diary, never an increment).
		uc := core.NewBaseCollection("user_challenges")
		uc.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "challenge", CollectionId: challenges.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.NumberField{Name: "progress", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.BoolField{Name: "isCompleted"},
			&core.DateField{Name: "completedAt"},
			&core.DateField{Name: "joinedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		uc.AddIndex("idx_user_challenges_pair", true, "user, challenge", "")
		uc.AddIndex("idx_user_challenges_challenge", false, "challenge, user", "")
		// The rankings' challengesCompleted metric groups by member over completed rows.
		uc.AddIndex("idx_user_challenges_rankings", false, "user, isCompleted, completedAt", "")
		if err := app.Save(uc); err != nil {
			return err
		}

		// achievements: badges a member earned, each once.
		ach := core.NewBaseCollection("achievements")
		ach.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "code", Required: true, Max: 50},
			&core.TextField{Name: "name", Required: true, Max: 100, Presentable: true},
			&core.TextField{Name: "description", Max: 500},
			&core.DateField{Name: "earnedAt", Required: true},
		)
		ach.AddIndex("idx_achievements_user_code", true, "user, code", "")
		return app.Save(ach)
	}, func(app core.App) error {
		for _, name := range []string{"achievements", "user_challenges", "challenges"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
