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
		// imports: one history upload (Letterboxd, Trakt, IMDb) and its progress and report.
		c := core.NewBaseCollection("imports")
		c.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.SelectField{Name: "source", Values: []string{"letterboxd", "trakt", "imdb"}, MaxSelect: 1, Required: true},
			&core.SelectField{Name: "status", Values: []string{"queued", "running", "done", "failed"}, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "total", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "processed", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "imported", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "alreadyPresent", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.JSONField{Name: "unmatched", MaxSize: 2 << 20},
			&core.TextField{Name: "error", Max: 1000},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		c.AddIndex("idx_imports_user_created", false, "user, created", "")
		return app.Save(c)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("imports"); err == nil {
			return app.Delete(c)
		}
		return nil
	})
}
