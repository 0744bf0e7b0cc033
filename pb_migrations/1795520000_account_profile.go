package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// account_profile: a member's own words (bio, website) and their own photo. The
	// avatar file field PocketBase ships keeps the 512 px photo /api/user/avatar
	// re-encodes; its 128x128 thumb is the small one every list shows. SVG leaves its
	// accepted types (a script-capable format has no place in a photo), and dashboard
	// uploads are capped at the 5 MB the member route accepts.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			&core.TextField{Name: "bio", Max: 300},
			&core.TextField{Name: "website", Max: 200},
		)
		if avatar, ok := users.Fields.GetByName("avatar").(*core.FileField); ok {
			avatar.MimeTypes = []string{"image/jpeg", "image/png", "image/webp", "image/gif"}
			avatar.Thumbs = []string{"128x128"}
			avatar.MaxSize = 5 << 20
		}
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("bio")
		users.Fields.RemoveByName("website")
		return app.Save(users)
	})
}
