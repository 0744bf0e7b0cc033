package federation

import (
	"database/sql"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"cinecircle/hooks/comments"
	"cinecircle/hooks/notify"

	"github.com/microcosm-cc/bluemonday"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// repliesCollection ties each comment that came from the fediverse to its remote Note.
const repliesCollection = "federation_replies"

// maxReplyRunes is a comment's length limit (comments.content holds 2,000).
const maxReplyRunes = 2000

func init() { comments.SetRemoteAuthors(remoteAuthors) }

// noteDoc is the part of an incoming Note a reply is made of.
type noteDoc struct {
	ID           string          `json:"id"`
	Type         string          `json:"type"`
	AttributedTo json.RawMessage `json:"attributedTo"`
	InReplyTo    json.RawMessage `json:"inReplyTo"`
	Content      string          `json:"content"`
	Summary      string          `json:"summary"` // a content warning
	URL          json.RawMessage `json:"url"`
	To           json.RawMessage `json:"to"`
	Cc           json.RawMessage `json:"cc"`
}

// public reports whether the Note is addressed to everyone (as:Public in to or cc, in
// any of its spellings): only public replies join a thread members' friends read, never
// a direct or followers-only message.
func (n noteDoc) public() bool {
	for _, raw := range []json.RawMessage{n.To, n.Cc} {
		var list []string
		var one string
		if json.Unmarshal(raw, &one) == nil {
			list = []string{one}
		} else {
			_ = json.Unmarshal(raw, &list)
		}
		if slices.ContainsFunc(list, func(s string) bool { return s == publicAud || s == "as:Public" || s == "Public" }) {
			return true
		}
	}
	return false
}

// textPolicy is the allow-list a remote Note's HTML passes: no element at all (script
// and style with their content), only its text.
var textPolicy = bluemonday.StrictPolicy()

// breaks are where a Note's paragraphs and lines end.
var breaks = regexp.MustCompile(`(?i)</p\s*>\s*<p[^>]*>|<br\s*/?>`)

// noteText makes a remote Note's HTML the plain text of a comment: paragraphs and line
// breaks become new lines, every element goes (the allow-list sanitizer), entities are
// read as the characters they stand for (the app shows the text as text), a content
// warning comes first, and it is cut to a comment's length.
func noteText(content, summary string) string {
	text := strings.TrimSpace(html.UnescapeString(textPolicy.Sanitize(breaks.ReplaceAllString(content, "\n"))))
	if cw := strings.TrimSpace(html.UnescapeString(textPolicy.Sanitize(summary))); cw != "" {
		text = "CW: " + cw + "\n\n" + text
	}
	for utf8.RuneCountInString(text) > maxReplyRunes {
		_, size := utf8.DecodeLastRuneInString(text)
		text = text[:len(text)-size]
	}
	return text
}

// replyTarget finds where a Note replying to inReplyTo goes: one of our posts the
// fediverse may see, or a reply from the fediverse stored under one (then as its reply,
// or beside it when the thread is as deep as it goes). ours is false for anything else.
func replyTarget(app core.App, c Config, inReplyTo string) (post, member *core.Record, parentID string, ours bool, err error) {
	if post, member, ours, err = postOf(app, c, inReplyTo); ours || inReplyTo == "" {
		return post, member, "", ours, err
	}
	var r core.Record
	if err := app.RecordQuery(repliesCollection).AndWhere(dbx.HashExp{"note": inReplyTo}).Limit(1).One(&r); err != nil {
		return nil, nil, "", false, nil
	}
	parent, err := app.FindRecordById("comments", r.GetString("comment"))
	if err != nil {
		return nil, nil, "", false, nil
	}
	owner, err := app.FindRecordById("activities", parent.GetString("activity"))
	if err != nil {
		return nil, nil, "", true, errHidden
	}
	author, err := app.FindRecordById("users", owner.GetString("user"))
	if err != nil {
		return nil, nil, "", true, errHidden
	}
	if post, member, _, err = postOf(app, c, c.actorURL(author.GetString("handle"))+"/posts/"+owner.Id); err != nil {
		return nil, nil, "", true, err
	}
	parentID = parent.Id
	if parent.GetInt("depth") >= comments.MaxDepth {
		parentID = parent.GetString("parent")
	}
	return post, member, parentID, true, nil
}

// reply makes a public Note that replies to one of our posts (or to a reply under one) a
// comment in that post's thread, once per Note, and tells the post's author. A Note of
// another actor than the sender, or not public, or about anything else, changes nothing.
func reply(e *core.RequestEvent, c Config, remote RemoteActor, act Activity, silenced bool) error {
	var n noteDoc
	if json.Unmarshal(act.Object, &n) != nil || n.ID == "" || n.Type == "Article" {
		return storeReview(e, remote, act.Object, silenced, false) // a NeoDB review rides in an Article
	} else if n.Type != "Note" {
		return e.NoContent(http.StatusAccepted) // not an embedded Note: nothing we show
	}
	post, member, parentID, ours, err := replyTarget(e.App, c, idOf(n.InReplyTo))
	if !ours {
		return storeReview(e, remote, act.Object, silenced, false) // not a reply here: a review, maybe
	} else if silenced {
		return e.NoContent(http.StatusAccepted)
	} else if err != nil {
		return hidden(e, err)
	}
	if idOf(n.AttributedTo) != remote.ID || hostOf(n.ID) != remote.Host {
		return e.UnauthorizedError("An actor can only send its own notes.", nil)
	}
	text := noteText(n.Content, n.Summary)
	if !n.public() || text == "" {
		return e.NoContent(http.StatusAccepted)
	}
	added := false
	err = e.App.RunInTransaction(func(tx core.App) error {
		var known int
		if err := tx.DB().Select("COUNT(*)").From(repliesCollection).Where(dbx.HashExp{"note": n.ID}).Row(&known); err != nil || known > 0 {
			return err
		}
		comment, err := comments.CreateRemote(tx, post, parentID, remote.ID, text)
		if err != nil {
			return err
		}
		added = true
		_, err = tx.DB().Insert(repliesCollection, dbx.Params{"id": core.GenerateDefaultRandomId(), "comment": comment.Id,
			"note": truncate(n.ID, 2000), "actor": remote.ID, "url": httpsURL(linkOf(n.URL)), "host": remote.Host,
			"created": types.NowDateTime().String()}).Execute()
		return err
	})
	if err != nil {
		return err
	}
	if added {
		if _, err := notify.Send(e.App, notify.Notice{UserID: member.Id, Type: "comment", EntityType: "activity", EntityID: post.Id,
			Action: remote.Label() + " commented on your " + notify.PostNoun(post.GetString("type"))}); err != nil {
			e.App.Logger().Warn("federation: notifying a remote reply failed", "post", post.Id, "error", err)
		}
	}
	return e.NoContent(http.StatusAccepted)
}

// replyOf finds the comment made of the Note with id, when actor sent it; a Note of
// someone else's (or none) is sql.ErrNoRows.
func replyOf(app core.App, noteID, actor string) (*core.Record, error) {
	var r core.Record
	err := app.RecordQuery(repliesCollection).AndWhere(dbx.HashExp{"note": noteID, "actor": actor}).Limit(1).One(&r)
	if err != nil {
		return nil, err
	}
	return app.FindRecordById("comments", r.GetString("comment"))
}

// editReply honours Update of a Note that is a reply here, by its own author: its text
// changes. Anyone else's Update, or of anything else, changes nothing.
func editReply(e *core.RequestEvent, remote RemoteActor, act Activity) error {
	var n noteDoc
	if json.Unmarshal(act.Object, &n) != nil || n.Type != "Note" {
		return e.NoContent(http.StatusAccepted)
	}
	comment, err := replyOf(e.App, n.ID, remote.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return e.NoContent(http.StatusAccepted)
	} else if err != nil {
		return err
	}
	if text := noteText(n.Content, n.Summary); text != "" && n.public() {
		if err := comments.EditRemote(e.App, comment, text); err != nil {
			return err
		}
	}
	return e.NoContent(http.StatusAccepted)
}

// deleteReply honours Delete of a Note that is a reply here, by its own author: the
// comment goes (with the replies under it, as when the post's owner deletes it).
func deleteReply(e *core.RequestEvent, remote RemoteActor, act Activity) error {
	comment, err := replyOf(e.App, idOf(act.Object), remote.ID)
	if errors.Is(err, sql.ErrNoRows) {
		return e.NoContent(http.StatusAccepted)
	} else if err != nil {
		return err
	}
	if err := comments.Delete(e.App, comment); err != nil {
		return err
	}
	return e.NoContent(http.StatusAccepted)
}

// removeReplies deletes the comments made of replies where selects (an actor's, or a
// server's), each as its deletion by the post's owner would.
func removeReplies(app core.App, where dbx.Expression) error {
	var ids []string
	if err := app.DB().Select("comment").From(repliesCollection).Where(where).Column(&ids); err != nil {
		return err
	}
	for _, id := range ids {
		comment, err := app.FindRecordById("comments", id)
		if err != nil {
			continue // went with a reply above it
		}
		if err := comments.Delete(app, comment); err != nil {
			return err
		}
	}
	return nil
}

// remoteAuthors is comments' lookup of the authors of replies from the fediverse: from
// the actors cache, one query for a thread. The avatar is ours (/ap/avatars/{id}, see
// federation_avatars.go): members' browsers never fetch remote media directly.
func remoteAuthors(app core.App, actors []string) (map[string]comments.RemoteAuthor, error) {
	var rows []struct {
		ID       string `db:"id"`
		Icon     string `db:"icon"`
		Actor    string `db:"actor"`
		Name     string `db:"name"`
		Username string `db:"username"`
		URL      string `db:"url"`
		Host     string `db:"host"`
	}
	err := app.DB().Select("id", "icon", "actor", "name", "username", "url", "host").From(actorsCollection).
		Where(dbx.In("actor", toAny(actors)...)).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]comments.RemoteAuthor, len(rows))
	for _, r := range rows {
		a := RemoteActor{ID: r.Actor, Name: r.Name, Username: r.Username, Host: r.Host}
		author := comments.RemoteAuthor{Name: a.Name, Acct: a.acct(), URL: r.URL, Host: r.Host}
		if author.Name == "" {
			author.Name = author.Acct
		}
		if author.URL == "" {
			author.URL = r.Actor
		}
		if r.Icon != "" {
			author.AvatarURL = avatarPath(r.ID, r.Icon)
		}
		out[r.Actor] = author
	}
	return out, nil
}
