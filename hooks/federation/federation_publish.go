package federation

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"time"

	"cinecircle/hooks/public"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// bindPublishing queues a federated member's new public review or rating (what their
// outbox serves) for their remote followers as Create{Note}, an edit of it as Update{Note}
// (the same Note id), and its deletion as Delete.
// The hooks run after commit; a failure to queue is logged, never the post's failure.
func bindPublishing(app core.App) {
	app.OnRecordAfterCreateSuccess("activities").BindFunc(func(e *core.RecordEvent) error {
		if err := publishCreate(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: queueing a new post failed", "post", e.Record.Id, "error", err)
		}
		return e.Next()
	})
	app.OnRecordAfterUpdateSuccess("activities").BindFunc(func(e *core.RecordEvent) error {
		if err := publishEdit(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: queueing an edit failed", "post", e.Record.Id, "error", err)
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
// on, the author is federated, has remote followers, and the post is of a kind the
// outbox serves; their followers' inboxes are read later, off the request path, when the
// worker fans the post out (enqueueFollowers). Anything else is a nil member.
func audience(app core.App, post *core.Record) (Config, *core.Record, error) {
	c := configOf(app)
	if !c.On || !slices.Contains(public.ReviewTypes(), post.GetString("type")) || post.GetString("audience") != "" {
		return c, nil, nil
	}
	member, err := app.FindRecordById("users", post.GetString("user"))
	if err != nil {
		return c, nil, nil // no author (a deleted account's post)
	}
	if ok, err := Federated(app, member); err != nil || !ok {
		return c, nil, err
	}
	var followed bool
	err = app.DB().NewQuery(`SELECT EXISTS (SELECT 1 FROM federation_followers WHERE user = {:user} AND pending = FALSE)`).
		Bind(dbx.Params{"user": member.Id}).Row(&followed)
	if err != nil || !followed {
		return c, nil, err
	}
	return c, member, nil
}

// publishCreate queues Create{Note} of a new post that visitors may read.
func publishCreate(app core.App, post *core.Record) error {
	c, member, err := audience(app, post)
	if err != nil || member == nil {
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
	return enqueueFollowers(app, member, body)
}

// publishDelete queues Delete of a removed post's Note (a Tombstone, as Mastodon sends).
func publishDelete(app core.App, post *core.Record) error {
	c, member, err := audience(app, post)
	if err != nil || member == nil {
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
	return enqueueFollowers(app, member, body)
}

// federable reports whether a post, as it stands in r, is of a kind the outbox serves
// and visitors may read (its author's standing is audience's to check).
func federable(r *core.Record) bool {
	return slices.Contains(public.ReviewTypes(), r.GetString("type")) && r.GetString("audience") == "" && !r.GetBool("hidden")
}

// publishEdit queues what a saved post means for remote followers: Update{Note} when a
// post they have changed its text, rating or kind; Create when a post becomes one they
// may read (a watch edited into a review, a post a moderator un-hid); Delete when it
// stops being one (hidden by a moderator, made private). A save that changed none of it
// (counters, for instance) sends nothing.
func publishEdit(app core.App, post *core.Record) error {
	before := post.Original()
	was, is := federable(before), federable(post)
	switch {
	case was && is:
		if before.GetString("data") == post.GetString("data") && before.GetString("type") == post.GetString("type") {
			return nil
		}
		return publishUpdate(app, post)
	case is:
		return publishCreate(app, post)
	case was:
		return publishDelete(app, before)
	}
	return nil
}

// publishUpdate queues Update of an edited post's Note, as Mastodon sends an edit: the
// same Note id with its updated time, the activity named by that time.
func publishUpdate(app core.App, post *core.Record) error {
	c, member, err := audience(app, post)
	if err != nil || member == nil {
		return err
	}
	_, rv, err := public.FindReview(app, member, post.Id)
	if err != nil {
		return nil
	}
	now := time.Now().UTC()
	n := noteOf(c, member, rv)
	n.Updated = now.Format(time.RFC3339)
	body, err := json.Marshal(map[string]any{
		"@context": asContext, "id": n.ID + "#updates/" + strconv.FormatInt(now.UnixNano(), 10), "type": "Update",
		"actor": n.AttributedTo, "published": n.Updated, "to": n.To, "cc": n.Cc, "object": n,
	})
	if err != nil {
		return err
	}
	return enqueueFollowers(app, member, body)
}
