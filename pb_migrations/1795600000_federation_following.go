package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Federated members' follows of remote actors (#23 item 5, "following out"): a row per
// member and remote actor, with where the actor reads (inbox, shared inbox), the id of
// the Follow we sent (its Accept or Reject names it) and its state: requested until the
// remote server accepts, then accepted. A rejected or undone follow is deleted. The
// member's row goes with their account. Superusers only.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		following := core.NewBaseCollection("federation_following")
		following.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "acct", Max: 500},
			&core.TextField{Name: "inbox", Required: true, Max: 2000},
			&core.TextField{Name: "sharedInbox", Max: 2000},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.TextField{Name: "follow", Required: true, Max: 2000},
			&core.SelectField{Name: "state", Values: []string{"requested", "accepted"}, MaxSelect: 1, Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		following.AddIndex("idx_federation_following_once", true, "user, actor", "")
		following.AddIndex("idx_federation_following_actor", false, "actor", "")
		following.AddIndex("idx_federation_following_follow", false, "follow", "")
		following.AddIndex("idx_federation_following_host", false, "host", "")
		return app.Save(following)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("federation_following"); err == nil {
			return app.Delete(c)
		}
		return nil
	})
}
