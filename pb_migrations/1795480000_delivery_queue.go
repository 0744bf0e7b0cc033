package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// delivery_queue: notification work (a new post's fan-out to followers, a web push)
	// that a shutdown interrupted before it finished; the next start runs it again.
	// Superusers only: members never see it.
	m.Register(func(app core.App) error {
		q := core.NewBaseCollection("delivery_queue")
		q.Fields.Add(
			&core.SelectField{Name: "kind", Values: []string{"post", "push"}, MaxSelect: 1, Required: true},
			&core.JSONField{Name: "data", MaxSize: 8000},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		q.AddIndex("idx_delivery_queue_created", false, "created", "")
		return app.Save(q)
	}, func(app core.App) error {
		q, err := app.FindCollectionByNameOrId("delivery_queue")
		if err != nil {
			return nil
		}
		return app.Delete(q)
	})
}
