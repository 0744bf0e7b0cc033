package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// idx_activities_user_created (user, created) is a prefix of idx_activities_feed (user,
	// created, id): EXPLAIN QUERY PLAN shows every query that picks it is served as well by
	// the feed index, so it only costs writes and space (issue: performance).
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_activities_user_created")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		c.AddIndex("idx_activities_user_created", false, "user, created", "")
		return app.Save(c)
	})
}
