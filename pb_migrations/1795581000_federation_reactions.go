package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Federation's incoming likes and shares (#23): a row per remote actor, post and kind
// (Like, or Announce: a boost), with the activity's id so its Undo finds it. A post's
// likeCount counts them with its members' likes, and the new activities.shareCount counts
// the shares; both are kept on write. The remote actors cache also keeps each actor's
// display name, username, avatar and profile URL, for notifications and replies.
// Superusers only.
func init() {
	m.Register(func(app core.App) error {
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		activities.Fields.Add(&core.NumberField{Name: "shareCount", Min: types.Pointer(0.0), OnlyInt: true})
		if err := app.Save(activities); err != nil {
			return err
		}
		actors, err := app.FindCollectionByNameOrId("federation_actors")
		if err != nil {
			return err
		}
		actors.Fields.Add(
			&core.TextField{Name: "name", Max: 200},
			&core.TextField{Name: "username", Max: 200},
			&core.TextField{Name: "icon", Max: 2000},
			&core.TextField{Name: "url", Max: 2000},
		)
		actors.AddIndex("idx_federation_actors_actor", false, "actor", "")
		if err := app.Save(actors); err != nil {
			return err
		}
		reactions := core.NewBaseCollection("federation_reactions")
		reactions.Fields.Add(
			&core.RelationField{Name: "post", CollectionId: activities.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "activity", Max: 2000},
			&core.SelectField{Name: "kind", Values: []string{"like", "announce"}, MaxSelect: 1, Required: true},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		reactions.AddIndex("idx_federation_reactions_once", true, "post, actor, kind", "")
		reactions.AddIndex("idx_federation_reactions_activity", false, "activity", "")
		reactions.AddIndex("idx_federation_reactions_actor", false, "actor", "")
		reactions.AddIndex("idx_federation_reactions_host", false, "host", "")
		return app.Save(reactions)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("federation_reactions"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		if actors, err := app.FindCollectionByNameOrId("federation_actors"); err == nil {
			for _, f := range []string{"name", "username", "icon", "url"} {
				actors.Fields.RemoveByName(f)
			}
			actors.RemoveIndex("idx_federation_actors_actor")
			if err := app.Save(actors); err != nil {
				return err
			}
		}
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		activities.Fields.RemoveByName("shareCount")
		return app.Save(activities)
	})
}
