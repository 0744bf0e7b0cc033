package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/dbutils"
)

func init() {
	// The daily prune of read notifications (challenges.PruneNotifications) read every
	// notification to find the old read ones, holding SQLite's writer meanwhile: 2M rows
	// at 100k members. A partial index of the read ones by their last update finds them.
	// As 1795630004 does, the index is made in SQL and the stored collection written to
	// match (a save would rebuild every index of the table).
	m.Register(func(app core.App) error {
		return readNotificationsIndex(app, true)
	}, func(app core.App) error {
		return readNotificationsIndex(app, false)
	})
}

// readNotificationsIndex adds (up) or drops (down) idx_notifications_read_updated.
func readNotificationsIndex(app core.App, up bool) error {
	c, err := app.FindCollectionByNameOrId("notifications")
	if err != nil {
		return err
	}
	const name = "idx_notifications_read_updated"
	c.RemoveIndex(name)
	stmts := []string{"DROP INDEX IF EXISTS " + name}
	if up {
		c.AddIndex(name, false, "updated", "isRead = TRUE")
		for _, idx := range c.Indexes {
			if p := dbutils.ParseIndex(idx); p.IndexName == name {
				stmts = append(stmts, p.Build())
			}
		}
	}
	return execAndStore(app, c, stmts)
}
