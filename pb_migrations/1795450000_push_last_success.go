package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// push_subscriptions.lastPushAt: when the push service last accepted a message for the
	// subscription, so a weekly job can drop browsers that stopped existing long ago.
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("push_subscriptions")
		if err != nil {
			return err
		}
		c.Fields.Add(&core.DateField{Name: "lastPushAt"})
		c.AddIndex("idx_push_subscriptions_last", false, "lastPushAt, created", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("push_subscriptions")
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_push_subscriptions_last")
		c.Fields.RemoveByName("lastPushAt")
		return app.Save(c)
	})
}
