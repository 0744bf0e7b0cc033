package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// sessions: one row per signed-in browser, named by the session cookie's token (its
	// sid claim). Deleting a row signs that browser out on its next request; the member's
	// own rows go with them (cascade). Superusers only: members use /api/user/sessions.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		s := core.NewBaseCollection("sessions")
		s.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "userAgent", Max: 512},
			&core.DateField{Name: "lastSeen"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		s.AddIndex("idx_sessions_user", false, "user", "")
		return app.Save(s)
	}, func(app core.App) error {
		s, err := app.FindCollectionByNameOrId("sessions")
		if err != nil {
			return nil
		}
		return app.Delete(s)
	})
}
