package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}

		// activities are written by the diary and social hooks and read through /api/feed and
		// /api/activities/*, which shape them (no other member's email) and add isLiked.
		activities.ListRule, activities.ViewRule = nil, nil
		activities.CreateRule, activities.UpdateRule, activities.DeleteRule = nil, nil, nil
		// The feed pages through the followed members' posts by (created, id); with id in the
		// index the page is picked from the index alone and only its rows are read.
		activities.AddIndex("idx_activities_feed", false, "user, created, id", "")
		if err := app.Save(activities); err != nil {
			return err
		}

		// activity_likes: one row per member and liked activity; activities.likeCount is kept
		// from it by a hook in the same transaction. Superuser-only: /api/activities/{id}/like
		// is the API.
		likes := core.NewBaseCollection("activity_likes")
		likes.Fields.Add(
			&core.RelationField{Name: "activity", CollectionId: activities.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		likes.AddIndex("idx_activity_likes_pair", true, "activity, user", "")
		likes.AddIndex("idx_activity_likes_user", false, "user, created", "")
		if err := app.Save(likes); err != nil {
			return err
		}

		// users.invitedBy: who shared the invite link a member signed up with (SPEC §9 ref).
		users.Fields.Add(&core.RelationField{Name: "invitedBy", CollectionId: users.Id, MaxSelect: 1})
		return app.Save(users)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("activity_likes"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		if activities, err := app.FindCollectionByNameOrId("activities"); err == nil {
			activities.RemoveIndex("idx_activities_feed")
			if err := app.Save(activities); err != nil {
				return err
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.RemoveByName("invitedBy")
		return app.Save(users)
	})
}
