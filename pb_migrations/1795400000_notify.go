package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// notificationTypes are SPEC §3's notification types.
var notificationTypes = []string{
	"like", "comment", "follow", "recommendation", "new_post", "review", "movie_review", "tv_review",
	"movie_watchlist", "tv_watchlist", "movie_currently_watching", "movie_dropped", "tv_currently_watching",
	"tv_dropped", "challenge", "movie_collaboration", "tv_collaboration",
}

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		// notifications: a member's own; read through /api/notifications only. groupKey
		// and count let a burst of likes on one post become one notification.
		n := core.NewBaseCollection("notifications")
		n.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "actor", CollectionId: users.Id, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "type", Values: notificationTypes, MaxSelect: 1, Required: true},
			&core.TextField{Name: "message", Max: 500},
			&core.SelectField{Name: "entityType", Values: []string{"activity", "movie", "tv_show", "user"}, MaxSelect: 1},
			&core.TextField{Name: "entityId", Max: 50},
			&core.BoolField{Name: "isRead"},
			&core.TextField{Name: "groupKey", Max: 100},
			&core.NumberField{Name: "count", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.JSONField{Name: "actors", MaxSize: 4000},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		n.AddIndex("idx_notifications_user_updated", false, "user, updated", "")
		n.AddIndex("idx_notifications_user_unread", false, "user, isRead", "")
		n.AddIndex("idx_notifications_group", false, "user, groupKey, updated", "")
		if err := app.Save(n); err != nil {
			return err
		}
		// Members can mute new_post notifications (they are on by default).
		users.Fields.Add(&core.BoolField{Name: "muteNewPosts"})
		return app.Save(users)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("notifications"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("muteNewPosts")
		return app.Save(users)
	})
}
