package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Scrobbling (issue #22): each member's personal webhook and preferences, the plays
// already counted (so a play reported twice counts once), and the member's standing
// "scrobble" import that holds plays no title matched. All are written by hooks/scrobble
// only; none is readable through the collections API (superusers only).
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}

		// scrobble_settings: one row per member. The webhook token itself is never stored:
		// tokenHash (SHA-256) finds the member, and nonce with the server's key file derives
		// the token again to show it. watching/watchingUntil is the 'watching now' state.
		settings := core.NewBaseCollection("scrobble_settings")
		settings.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "nonce", Max: 64, Required: true},
			&core.TextField{Name: "tokenHash", Max: 64, Required: true},
			&core.BoolField{Name: "enabled"},
			&core.BoolField{Name: "postToFeed"},
			&core.NumberField{Name: "threshold", OnlyInt: true, Min: types.Pointer(1.0), Max: types.Pointer(100.0)},
			&core.BoolField{Name: "nowWatching"},
			&core.JSONField{Name: "watching", MaxSize: 4 << 10},
			&core.DateField{Name: "watchingUntil"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		settings.AddIndex("idx_scrobble_settings_user", true, "user", "")
		settings.AddIndex("idx_scrobble_settings_token", true, "tokenHash", "")
		settings.AddIndex("idx_scrobble_settings_watching", false, "watchingUntil", "")
		if err := app.Save(settings); err != nil {
			return err
		}

		// scrobble_plays: the plays counted lately, one row per member and play key (the
		// title or raw item, episode and UTC day, or the server's play session id). The
		// unique index is the dedupe: a second report of a play cannot insert its key.
		plays := core.NewBaseCollection("scrobble_plays")
		plays.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "key", Max: 600, Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		plays.AddIndex("idx_scrobble_plays_user_key", true, "user, key", "")
		plays.AddIndex("idx_scrobble_plays_created", false, "created", "")
		if err := app.Save(plays); err != nil {
			return err
		}

		// imports.source: the standing import that holds unmatched plays.
		imports, err := app.FindCollectionByNameOrId("imports")
		if err != nil {
			return err
		}
		if f, ok := imports.Fields.GetByName("source").(*core.SelectField); ok && !slices.Contains(f.Values, "scrobble") {
			f.Values = append(f.Values, "scrobble")
		}
		return app.Save(imports)
	}, func(app core.App) error {
		for _, name := range []string{"scrobble_plays", "scrobble_settings"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		if c, err := app.FindCollectionByNameOrId("imports"); err == nil {
			if f, ok := c.Fields.GetByName("source").(*core.SelectField); ok {
				f.Values = slices.DeleteFunc(f.Values, func(v string) bool { return v == "scrobble" })
			}
			return app.Save(c)
		}
		return nil
	})
}
