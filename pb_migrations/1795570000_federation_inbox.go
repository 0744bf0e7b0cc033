package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Federation's inbox (#23): the remote actors whose keys signed requests to us (a cache,
// refetched when a key stops verifying) and each federated member's remote followers
// (one row per member and follower, with the inboxes deliveries go to). Both are the
// server's own bookkeeping: superusers only.
func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		actors := core.NewBaseCollection("federation_actors")
		actors.Fields.Add(
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "keyId", Required: true, Max: 2000},
			&core.TextField{Name: "publicKeyPem", Required: true, Max: 8000},
			&core.TextField{Name: "inbox", Max: 2000},
			&core.TextField{Name: "sharedInbox", Max: 2000},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.DateField{Name: "fetched", Required: true},
		)
		actors.AddIndex("idx_federation_actors_key", true, "keyId", "")
		if err := app.Save(actors); err != nil {
			return err
		}
		followers := core.NewBaseCollection("federation_followers")
		followers.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "follow", Max: 2000},
			&core.TextField{Name: "inbox", Required: true, Max: 2000},
			&core.TextField{Name: "sharedInbox", Max: 2000},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		followers.AddIndex("idx_federation_followers_user_actor", true, "user, actor", "")
		followers.AddIndex("idx_federation_followers_host", false, "host", "")
		return app.Save(followers)
	}, func(app core.App) error {
		for _, name := range []string{"federation_followers", "federation_actors"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
