package federation

import (
	"encoding/json"
	"net/url"
	"slices"

	"cinecircle/hooks/public"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// bindPublishing queues a federated member's new public review or rating (what their
// outbox serves) for their remote followers as Create{Note}, and its deletion as Delete.
// The hooks run after commit; a failure to queue is logged, never the post's failure.
func bindPublishing(app core.App) {
	app.OnRecordAfterCreateSuccess("activities").BindFunc(func(e *core.RecordEvent) error {
		if err := publishCreate(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: queueing a new post failed", "post", e.Record.Id, "error", err)
		}
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess("activities").BindFunc(func(e *core.RecordEvent) error {
		if err := publishDelete(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: queueing a deletion failed", "post", e.Record.Id, "error", err)
		}
		return e.Next()
	})
}

// audience finds who a post by its author goes to: the author, when the community is
// on, the author is federated and the post is of a kind the outbox serves; and the
// distinct inboxes (a server's shared inbox once) of their remote followers. No
// followers, or anything else, is nil.
func audience(app core.App, post *core.Record) (Config, *core.Record, []string, error) {
	c := configOf(app)
	if !c.On || !slices.Contains(public.ReviewTypes(), post.GetString("type")) || post.GetString("audience") != "" {
		return c, nil, nil, nil
	}
	member, err := app.FindRecordById("users", post.GetString("user"))
	if err != nil {
		return c, nil, nil, nil // no author (a deleted account's post)
	}
	if ok, err := Federated(app, member); err != nil || !ok {
		return c, nil, nil, err
	}
	var inboxes []string
	err = app.DB().NewQuery(`SELECT DISTINCT CASE WHEN sharedInbox != '' THEN sharedInbox ELSE inbox END
		FROM federation_followers WHERE user = {:user}`).Bind(dbx.Params{"user": member.Id}).Column(&inboxes)
	return c, member, inboxes, err
}

// publishCreate queues Create{Note} of a new post that visitors may read.
func publishCreate(app core.App, post *core.Record) error {
	c, member, inboxes, err := audience(app, post)
	if err != nil || len(inboxes) == 0 {
		return err
	}
	_, rv, err := public.FindReview(app, member, post.Id)
	if err != nil {
		return nil // hidden: the fediverse never sees it
	}
	create := createOf(c, member, rv)
	create.Context = asContext
	body, err := json.Marshal(create)
	if err != nil {
		return err
	}
	return enqueue(app, member, inboxes, body)
}

// publishDelete queues Delete of a removed post's Note (a Tombstone, as Mastodon sends).
func publishDelete(app core.App, post *core.Record) error {
	c, member, inboxes, err := audience(app, post)
	if err != nil || len(inboxes) == 0 {
		return err
	}
	actorID := c.actorURL(member.GetString("handle"))
	noteID := actorID + "/posts/" + url.PathEscape(post.Id)
	body, err := json.Marshal(map[string]any{
		"@context": asContext, "id": noteID + "#delete", "type": "Delete", "actor": actorID,
		"to": []string{publicAud}, "object": map[string]any{"id": noteID, "type": "Tombstone"},
	})
	if err != nil {
		return err
	}
	return enqueue(app, member, inboxes, body)
}
