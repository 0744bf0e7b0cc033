// Package migrations holds every collection, field, index and API rule of CineCircle,
// as append-only Go migrations: a landed migration is never edited, a change is a new file.
package migrations

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	m.Register(func(app core.App) error {
		if err := foundationUsers(app); err != nil {
			return err
		}
		if err := foundationFollows(app); err != nil {
			return err
		}
		settings := app.Settings()
		settings.Meta.AppName = "CineCircle"
		return app.Save(settings)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("follows"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		for _, name := range []string{"firstName", "lastName", "nickname", "displayPreference", "avatarUrl", "profileCompleted"} {
			users.Fields.RemoveByName(name)
		}
		return app.Save(users)
	})
}

// foundationUsers extends PocketBase's default users collection with the SPEC §3 profile
// fields. Members read each other only through custom routes, so the REST rules stay
// owner-only; PocketBase hides the email from everyone but its owner.
func foundationUsers(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	users.Fields.Add(
		&core.TextField{Name: "firstName", Max: 100},
		&core.TextField{Name: "lastName", Max: 100},
		&core.TextField{Name: "nickname", Max: 50},
		&core.SelectField{Name: "displayPreference", Values: []string{"fullname", "nickname"}, MaxSelect: 1},
		&core.URLField{Name: "avatarUrl"},
		&core.BoolField{Name: "profileCompleted"},
	)
	owner := "id = @request.auth.id"
	users.ListRule = types.Pointer(owner)
	users.ViewRule = types.Pointer(owner)
	users.CreateRule = nil // sign-up goes through /api/auth/signup, which sets the session cookie
	users.UpdateRule = nil // profile changes go through /api/auth/user/*, which validate them
	users.DeleteRule = types.Pointer(owner)
	users.OAuth2.MappedFields.Name = "name"
	users.OAuth2.MappedFields.AvatarURL = "avatarUrl"
	users.AuthToken.Duration = 30 * 24 * 3600

	// The reset link opens our own page instead of the dashboard's.
	users.ResetPasswordTemplate.Body = strings.Replace(users.ResetPasswordTemplate.Body,
		"/_/#/auth/confirm-password-reset/", "/reset-password/", 1)
	return app.Save(users)
}

// foundationFollows creates the follow graph: one row per follower → following pair.
func foundationFollows(app core.App) error {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	follows := core.NewBaseCollection("follows")
	follows.Fields.Add(
		&core.RelationField{Name: "follower", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.RelationField{Name: "following", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	follows.AddIndex("idx_follows_pair", true, "follower, following", "")
	follows.AddIndex("idx_follows_following", false, "following, created", "")
	return app.Save(follows)
}
