package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Remote reviews in the home feed (#23 item 5c): a review or rating from the fediverse,
// by an actor members follow, is a post (activities) without a member as author,
// naming the actor (remoteActor) and the Note it was made of (remoteObject, once). The
// feed selects such posts for a member through their accepted follows of the actor
// (federation_following), on idx_activities_remote, a covering partial index of the few
// remote posts; idx_activities_remote_object finds a post again for the Note's Update or
// Delete.
func init() {
	m.Register(func(app core.App) error {
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		activities.Fields.Add(
			&core.TextField{Name: "remoteActor", Max: 2000},
			&core.TextField{Name: "remoteObject", Max: 2000},
		)
		activities.AddIndex("idx_activities_remote", false, "remoteActor, id", "remoteActor != ''")
		activities.AddIndex("idx_activities_remote_object", true, "remoteObject", "remoteObject != ''")
		return app.Save(activities)
	}, func(app core.App) error {
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		activities.RemoveIndex("idx_activities_remote")
		activities.RemoveIndex("idx_activities_remote_object")
		activities.Fields.RemoveByName("remoteActor")
		activities.Fields.RemoveByName("remoteObject")
		return app.Save(activities)
	})
}
