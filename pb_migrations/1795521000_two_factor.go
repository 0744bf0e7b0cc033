package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// two_factor: a member's TOTP sign-in. The secret (and the one being set up), the
	// last time step accepted (no replay) and the recovery codes' SHA-256 hashes are
	// hidden fields: the records API never returns them, to anyone.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			&core.BoolField{Name: "totpEnabled"},
			&core.TextField{Name: "totpSecret", Hidden: true, Max: 128},
			&core.TextField{Name: "totpPending", Hidden: true, Max: 128},
			&core.NumberField{Name: "totpLastStep", Hidden: true, OnlyInt: true},
			&core.JSONField{Name: "recoveryCodes", Hidden: true, MaxSize: 4000},
		)
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		for _, name := range []string{"totpEnabled", "totpSecret", "totpPending", "totpLastStep", "recoveryCodes"} {
			users.Fields.RemoveByName(name)
		}
		return app.Save(users)
	})
}
