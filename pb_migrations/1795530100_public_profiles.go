package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Public profiles (#21): whether a member's profile, reviews, diary and year can be seen
// signed out (off by default), the handle in their public address (unique regardless of
// case), and the old handles that keep redirecting for a while after a change.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			&core.BoolField{Name: "public"},
			&core.TextField{Name: "handle", Max: 30, Pattern: `^([A-Za-z0-9_]{3,30})?$`},
		)
		users.AddIndex("idx_users_handle", true, "handle COLLATE NOCASE", "handle != ''")
		if err := app.Save(users); err != nil {
			return err
		}
		redirects := core.NewBaseCollection("handle_redirects")
		redirects.Fields.Add(
			&core.TextField{Name: "handle", Required: true, Max: 30},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.DateField{Name: "expiresAt", Required: true},
		)
		redirects.AddIndex("idx_handle_redirects_handle", true, "handle COLLATE NOCASE", "")
		return app.Save(redirects)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("handle_redirects"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.RemoveIndex("idx_users_handle")
		users.Fields.RemoveByName("public")
		users.Fields.RemoveByName("handle")
		return app.Save(users)
	})
}
