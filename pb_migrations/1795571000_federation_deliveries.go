package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Federation's delivery queue (#23): each activity a member sends to a remote inbox is a
// row until it is delivered (then deleted) or two days of retries pass (then kept as
// failed, with its last error, for the moderators to read). The activity's body is
// stored once (federation_payloads) for all the inboxes it goes to. The worker reads
// pending rows whose nextAttempt is due, so a restart loses nothing. Superusers only.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		payloads := core.NewBaseCollection("federation_payloads")
		payloads.Fields.Add(
			&core.TextField{Name: "body", Required: true, Max: 256 << 10},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		if err := app.Save(payloads); err != nil {
			return err
		}
		q := core.NewBaseCollection("federation_deliveries")
		q.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "inbox", Required: true, Max: 2000},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.RelationField{Name: "payload", CollectionId: payloads.Id, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "attempts", OnlyInt: true},
			&core.DateField{Name: "nextAttempt", Required: true},
			&core.TextField{Name: "lastError", Max: 1000},
			&core.SelectField{Name: "state", Values: []string{"pending", "failed"}, MaxSelect: 1, Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		q.AddIndex("idx_federation_deliveries_due", false, "state, nextAttempt", "")
		q.AddIndex("idx_federation_deliveries_payload", false, "payload", "")
		return app.Save(q)
	}, func(app core.App) error {
		for _, name := range []string{"federation_deliveries", "federation_payloads"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
