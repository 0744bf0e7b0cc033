package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		// push_subscriptions: one row per browser a member enabled push in.
		subs := core.NewBaseCollection("push_subscriptions")
		subs.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "endpoint", Required: true, Max: 2000},
			&core.TextField{Name: "p256dh", Required: true, Max: 200},
			&core.TextField{Name: "auth", Required: true, Max: 100},
			&core.TextField{Name: "userAgent", Max: 500},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		subs.AddIndex("idx_push_subscriptions_endpoint", true, "endpoint", "")
		subs.AddIndex("idx_push_subscriptions_user", false, "user", "")
		if err := app.Save(subs); err != nil {
			return err
		}
		// push_settings: the server's VAPID key pair, generated on first start and kept
		// here (superusers only; the private key is hidden even from the dashboard list).
		keys := core.NewBaseCollection("push_settings")
		keys.Fields.Add(
			&core.TextField{Name: "publicKey", Max: 200},
			&core.TextField{Name: "privateKey", Max: 200, Hidden: true},
		)
		return app.Save(keys)
	}, func(app core.App) error {
		for _, name := range []string{"push_settings", "push_subscriptions"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
