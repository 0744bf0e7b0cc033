package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// federationSettingsId is the id of the one federation_settings record.
const federationSettingsId = "federationsetup"

// Federation (#23): the community's switch and public URL (one record, edited in the
// dashboard; off by default), each member's opt-in (users.federated, off by default; it
// counts only while their profile is public) and the RSA key pair their actor signs with,
// generated on opt-in and never shown to anyone (superusers only).
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.BoolField{Name: "federated"})
		if err := app.Save(users); err != nil {
			return err
		}

		settings := core.NewBaseCollection("federation_settings")
		settings.Fields.Add(
			&core.BoolField{Name: "enabled",
				Help: "Let members who opt in be found and followed from the fediverse (Mastodon, NeoDB, other CineCircles). CINECIRCLE_FEDERATION=1 turns it on too."},
			&core.URLField{Name: "publicUrl",
				Help: "The https origin actors are named by, e.g. https://films.example.org (no path). CINECIRCLE_PUBLIC_URL wins over it; empty uses the Application URL. Federation stays off without one."},
		)
		if err := app.Save(settings); err != nil {
			return err
		}
		r := core.NewRecord(settings)
		r.Id = federationSettingsId
		if err := app.Save(r); err != nil {
			return err
		}

		keys := core.NewBaseCollection("federation_keys")
		keys.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "publicKeyPem", Required: true, Max: 4000},
			&core.TextField{Name: "privateKeyPem", Required: true, Max: 8000, Hidden: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		keys.AddIndex("idx_federation_keys_user", true, "user", "")
		return app.Save(keys)
	}, func(app core.App) error {
		for _, name := range []string{"federation_keys", "federation_settings"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("federated")
		return app.Save(users)
	})
}
