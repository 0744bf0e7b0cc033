package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// Notifications were found by the post they point at with a scan of the whole table:
	// when a post is deleted (its notices go with it) and when a fan-out resumed after a
	// restart skips the followers it had already told. A restart after a burst of posts
	// resumed hundreds of fan-outs, each scanning ~200k rows at the 10k-member scale, and
	// their pages filled every pooled connection's cache (make bench: the server's RSS
	// reached 4 GB). One index search each now.
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		c.AddIndex("idx_notifications_entity", false, "entityId, entityType", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_notifications_entity")
		return app.Save(c)
	})
}
