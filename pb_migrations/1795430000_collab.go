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
		activities, err := app.FindCollectionByNameOrId("activities")
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
		// collaborations: friends who watched together rate in secret; revealedAt is set once
		// everyone rated (or 14 days passed).
		c := core.NewBaseCollection("collaborations")
		c.Fields.Add(
			&core.RelationField{Name: "activity", CollectionId: activities.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "initiator", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.DateField{Name: "revealedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		c.AddIndex("idx_collaborations_activity", true, "activity", "")
		c.AddIndex("idx_collaborations_pending", false, "revealedAt, created", "")
		if err := app.Save(c); err != nil {
			return err
		}
		p := core.NewBaseCollection("collaboration_participants")
		p.Fields.Add(
			&core.RelationField{Name: "collaboration", CollectionId: c.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.BoolField{Name: "initiator"},
			&core.NumberField{Name: "rating", Min: types.Pointer(0.0), Max: types.Pointer(10.0)},
			&core.TextField{Name: "review", Max: 10000},
			&core.DateField{Name: "ratedAt"},
			&core.BoolField{Name: "declined"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		p.AddIndex("idx_collaboration_participants_pair", true, "collaboration, user", "")
		p.AddIndex("idx_collaboration_participants_user", false, "user, created", "")
		if err := app.Save(p); err != nil {
			return err
		}
		// recommendations: a title one member suggests to another, with an optional note.
		r := core.NewBaseCollection("recommendations")
		r.Fields.Add(
			&core.RelationField{Name: "from", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "to", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.TextField{Name: "message", Max: 500},
			&core.BoolField{Name: "dismissed"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		r.AddIndex("idx_recommendations_to", false, "to, dismissed, created", "")
		return app.Save(r)
	}, func(app core.App) error {
		for _, name := range []string{"recommendations", "collaboration_participants", "collaborations"} {
			if col, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(col); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
