package federation

import (
	"encoding/json"
	"strings"

	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Talking back to the fediverse: a federated member's like of a review from the
// fediverse (a post with remoteActor) is sent to its author's server as Like (an unlike
// as Undo{Like}), and their comment on it as Create{Note} in reply to the review's Note,
// addressed to its author. Members who stay local like and comment here only. The hooks
// run after commit; a failure to queue is logged, never the like's or comment's failure.
func bindTalkback(app core.App) {
	app.OnRecordAfterCreateSuccess(social.LikesCollection).BindFunc(func(e *core.RecordEvent) error {
		logQueue(e, "like", queueLike(e.App, e.Record, false))
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess(social.LikesCollection).BindFunc(func(e *core.RecordEvent) error {
		logQueue(e, "unlike", queueLike(e.App, e.Record, true))
		return e.Next()
	})
	app.OnRecordAfterCreateSuccess("comments").BindFunc(func(e *core.RecordEvent) error {
		logQueue(e, "comment", queueComment(e.App, e.Record))
		return e.Next()
	})
}

func logQueue(e *core.RecordEvent, what string, err error) {
	if err != nil {
		e.App.Logger().Error("federation: queueing a "+what+" for the fediverse failed", "record", e.Record.Id, "error", err)
	}
}

// remoteTarget finds what a member's like or comment of post goes to: the member (when
// the community is on and they are federated), the post's remote author and Note, and
// the inbox to deliver to (the author's own: Mastodon files a like or reply there). Any
// other case is a nil member.
func remoteTarget(app core.App, memberID, postID string) (c Config, member *core.Record, actor, object, inbox string, err error) {
	c = configOf(app)
	if !c.On || memberID == "" {
		return c, nil, "", "", "", nil
	}
	post, err := app.FindRecordById("activities", postID)
	if err != nil || post.GetString("remoteActor") == "" {
		return c, nil, "", "", "", nil
	}
	actor, object = post.GetString("remoteActor"), post.GetString("remoteObject")
	if member, err = app.FindRecordById("users", memberID); err != nil {
		return c, nil, "", "", "", nil
	}
	if ok, err := Federated(app, member); err != nil || !ok {
		return c, nil, "", "", "", err
	}
	var row struct {
		Inbox  string `db:"inbox"`
		Shared string `db:"sharedInbox"`
	}
	if err := app.DB().Select("inbox", "sharedInbox").From(actorsCollection).Where(dbx.HashExp{"actor": actor}).Limit(1).One(&row); err != nil {
		return c, nil, "", "", "", nil // an actor we no longer know: nowhere to send
	}
	inbox = row.Inbox
	if inbox == "" {
		inbox = row.Shared
	}
	if inbox == "" {
		return c, nil, "", "", "", nil
	}
	return c, member, actor, object, inbox, nil
}

// queueLike queues Like of a remote review for a member's new like, or Undo of it (the
// Like embedded, with the same id) for its removal.
func queueLike(app core.App, like *core.Record, undo bool) error {
	c, member, actor, object, inbox, err := remoteTarget(app, like.GetString("user"), like.GetString("activity"))
	if err != nil || member == nil {
		return err
	}
	me := c.actorURL(member.GetString("handle"))
	act := map[string]any{"id": me + "#likes/" + like.Id, "type": "Like", "actor": me, "object": object}
	if undo {
		act = map[string]any{"id": me + "#likes/" + like.Id + "/undo", "type": "Undo", "actor": me, "object": act, "to": []string{actor}}
	}
	act["@context"] = asContext
	body, err := json.Marshal(act)
	if err != nil {
		return err
	}
	return Enqueue(app, member, []string{inbox}, body)
}

// queueComment queues a member's comment on a remote review as Create{Note}: in reply to
// the review's Note, addressed to its author (mentioned, as Mastodon addresses a reply)
// and public, as the thread here is.
func queueComment(app core.App, comment *core.Record) error {
	if comment.GetString("remoteActor") != "" {
		return nil // a reply that came from the fediverse
	}
	c, member, actor, object, inbox, err := remoteTarget(app, comment.GetString("user"), comment.GetString("activity"))
	if err != nil || member == nil {
		return err
	}
	note := replyNote(app, c, member, actor, object, comment)
	if note == nil {
		return nil
	}
	body, err := json.Marshal(map[string]any{"@context": asContext, "id": note["id"].(string) + "/activity", "type": "Create",
		"actor": note["attributedTo"], "published": note["published"], "to": note["to"], "cc": note["cc"], "object": note})
	if err != nil {
		return err
	}
	return Enqueue(app, member, []string{inbox}, body)
}

// replyNote is a member's comment on the remote review object by actor as the Note that
// goes out, nil when it has nothing to say. Its id is where commentNote serves it.
func replyNote(app core.App, c Config, member *core.Record, actor, object string, comment *core.Record) map[string]any {
	text := strings.TrimSpace(comment.GetString("content"))
	if gif := comment.GetString("gifUrl"); gif != "" {
		text = strings.TrimSpace(text + "\n\n" + gif)
	}
	if text == "" {
		return nil
	}
	me := c.actorURL(member.GetString("handle"))
	var mention string
	if err := app.DB().Select("username").From(actorsCollection).Where(dbx.HashExp{"actor": actor}).Limit(1).Row(&mention); err == nil && mention != "" {
		mention = "@" + mention + "@" + hostOf(actor)
	}
	return map[string]any{
		"id": me + "/comments/" + comment.Id, "type": "Note", "attributedTo": me, "inReplyTo": object, "content": textHTML(text),
		"published": comment.GetDateTime("created").Time().UTC().Format("2006-01-02T15:04:05Z"),
		"to":        []string{actor}, "cc": []string{publicAud},
		"tag": []map[string]any{{"type": "Mention", "href": actor, "name": mention}},
	}
}

// commentNote answers GET /ap/users/{handle}/comments/{id}: the federated member's reply
// to a remote review as the Note that went out, so a server that fetches its id finds it;
// a browser goes to the member's public profile. Another member's comment, a comment on
// a local post, a hidden or deleted one, or one under a hidden post is a 404.
func commentNote(e *core.RequestEvent) error {
	c, member, err := memberFor(e)
	if err != nil {
		return err
	}
	comment, err := e.App.FindRecordById("comments", e.Request.PathValue("id"))
	if err != nil || comment.GetString("user") != member.Id || comment.GetBool("hidden") || comment.GetString("remoteActor") != "" {
		return hidden(e, errHidden)
	}
	post, err := e.App.FindRecordById("activities", comment.GetString("activity"))
	if err != nil || post.GetBool("hidden") || post.GetString("remoteActor") == "" {
		return hidden(e, errHidden)
	}
	note := replyNote(e.App, c, member, post.GetString("remoteActor"), post.GetString("remoteObject"), comment)
	if note == nil {
		return hidden(e, errHidden)
	}
	if !wantsActivity(e.Request) {
		return toProfile(e, member, nil)
	}
	note["@context"] = asContext
	return writeActivity(e, note)
}
