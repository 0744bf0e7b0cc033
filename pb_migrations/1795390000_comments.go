package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
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
		// comments: threaded conversation under an activity. depth is stored (0 for a
		// top-level comment, parent's + 1 for a reply) so the reply rule needs no walk.
		// Written only through /api routes, which keep activities.commentCount exact.
		comments := core.NewBaseCollection("comments")
		comments.Fields.Add(
			&core.RelationField{Name: "activity", CollectionId: activities.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.NumberField{Name: "depth", OnlyInt: true, Min: types.Pointer(0.0), Max: types.Pointer(3.0)},
			&core.TextField{Name: "content", Max: 2000},
			&core.TextField{Name: "gifUrl", Max: 2000},
			&core.TextField{Name: "gifId", Max: 200},
			&core.SelectField{Name: "commentType", Values: []string{"text", "gif", "text_with_gif"}, MaxSelect: 1, Required: true},
			&core.NumberField{Name: "likeCount", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		comments.AddIndex("idx_comments_activity_created", false, "activity, created", "")
		comments.AddIndex("idx_comments_user_created", false, "user, created", "")
		if err := app.Save(comments); err != nil {
			return err
		}
		// The parent relation points at the collection itself, so it is added once the
		// collection exists. Deleting a comment deletes its replies.
		comments.Fields.Add(&core.RelationField{Name: "parent", CollectionId: comments.Id, MaxSelect: 1, CascadeDelete: true})
		comments.AddIndex("idx_comments_parent", false, "parent", "")
		if err := app.Save(comments); err != nil {
			return err
		}

		likes := core.NewBaseCollection("comment_likes")
		likes.Fields.Add(
			&core.RelationField{Name: "comment", CollectionId: comments.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		likes.AddIndex("idx_comment_likes_pair", true, "comment, user", "")
		likes.AddIndex("idx_comment_likes_user", false, "user, created", "")
		return app.Save(likes)
	}, func(app core.App) error {
		for _, name := range []string{"comment_likes", "comments"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
