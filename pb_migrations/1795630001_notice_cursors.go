package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Post notices written when their reader looks (#26: a post by a member with 5,000
// followers wrote 5,000 notifications, and at 100k members that work held SQLite's
// writer for minutes). hooks/notify writes a new post's notice at once only for the
// followers who would see it now, and every other follower's when they next open their
// notifications. notice_cursors keeps, per member, the newest post they were caught up
// to; the row without a member is this data dir's epoch: posts before it were all told
// at once, so a member without a cursor is caught up from it. Superusers only.
//
// idx_notifications_post_once keeps one notice per member and post, so the two ways a
// notice is written never both write it.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		cursors := core.NewBaseCollection("notice_cursors")
		cursors.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, CascadeDelete: true},
			&core.DateField{Name: "through", Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		cursors.AddIndex("idx_notice_cursors_user", true, "user", "")
		if err := app.Save(cursors); err != nil {
			return err
		}
		now := types.NowDateTime().String()
		if _, err := app.DB().Insert("notice_cursors", dbx.Params{"id": core.GenerateDefaultRandomId(), "user": "",
			"through": now, "created": now, "updated": now}).Execute(); err != nil {
			return err
		}
		// Older builds could leave a post's notice twice for a member (a fan-out resumed
		// twice); keep the newest.
		if _, err := app.DB().NewQuery(`DELETE FROM notifications WHERE ` + postNotice + ` AND rowid NOT IN
			(SELECT MAX(rowid) FROM notifications WHERE ` + postNotice + ` GROUP BY user, entityId)`).Execute(); err != nil {
			return err
		}
		notifications, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		notifications.AddIndex("idx_notifications_post_once", true, "user, entityId", postNotice)
		return app.Save(notifications)
	}, func(app core.App) error {
		notifications, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		notifications.RemoveIndex("idx_notifications_post_once")
		if err := app.Save(notifications); err != nil {
			return err
		}
		if c, err := app.FindCollectionByNameOrId("notice_cursors"); err == nil {
			return app.Delete(c)
		}
		return nil
	})
}

// postNotice is the condition of the notifications that tell a follower about a post
// (likes and comments point at a post too, but are about something else).
const postNotice = "entityType = 'activity' AND type NOT IN ('comment', 'like')"
