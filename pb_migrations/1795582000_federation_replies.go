package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Federation's incoming replies (#23): a reply from the fediverse to a member's post is a
// comment in that post's thread, like a deleted member's placeholder without a member
// (comments.user empty) but with its author's actor URL in the new comments.remoteActor,
// so every comment rule (hide, report, delete by the post's owner, counts) applies
// unchanged. federation_replies ties each such comment to the remote Note it came from
// (its id for Update and Delete, its page, its server) for hooks/federation.
// Superusers only.
func init() {
	m.Register(func(app core.App) error {
		comments, err := app.FindCollectionByNameOrId("comments")
		if err != nil {
			return err
		}
		comments.Fields.Add(&core.TextField{Name: "remoteActor", Max: 2000,
			Help: "A reply from the fediverse: its author's actor URL (the comment has no member)."})
		comments.AddIndex("idx_comments_remote_actor", false, "remoteActor", "remoteActor != ''")
		if err := app.Save(comments); err != nil {
			return err
		}
		replies := core.NewBaseCollection("federation_replies")
		replies.Fields.Add(
			&core.RelationField{Name: "comment", CollectionId: comments.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "note", Required: true, Max: 2000},
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "url", Max: 2000},
			&core.TextField{Name: "host", Required: true, Max: 300},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		replies.AddIndex("idx_federation_replies_note", true, "note", "")
		replies.AddIndex("idx_federation_replies_comment", true, "comment", "")
		replies.AddIndex("idx_federation_replies_actor", false, "actor", "")
		replies.AddIndex("idx_federation_replies_host", false, "host", "")
		return app.Save(replies)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("federation_replies"); err == nil {
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		comments, err := app.FindCollectionByNameOrId("comments")
		if err != nil {
			return err
		}
		comments.RemoveIndex("idx_comments_remote_actor")
		comments.Fields.RemoveByName("remoteActor")
		return app.Save(comments)
	})
}
