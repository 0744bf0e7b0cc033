package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Manual approval of followers from the fediverse (#23): users.approveFollowers (off by
// default: follows are accepted at once, as before) and federation_followers.pending (a
// Follow waiting for the member's answer: not counted, delivered nothing). Rows written
// before this are accepted follows.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.BoolField{Name: "approveFollowers"})
		if err := app.Save(users); err != nil {
			return err
		}
		followers, err := app.FindCollectionByNameOrId("federation_followers")
		if err != nil {
			return err
		}
		followers.Fields.Add(&core.BoolField{Name: "pending"})
		followers.AddIndex("idx_federation_followers_pending", false, "user, pending", "")
		return app.Save(followers)
	}, func(app core.App) error {
		if followers, err := app.FindCollectionByNameOrId("federation_followers"); err == nil {
			followers.RemoveIndex("idx_federation_followers_pending")
			followers.Fields.RemoveByName("pending")
			if err := app.Save(followers); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("approveFollowers")
		return app.Save(users)
	})
}
