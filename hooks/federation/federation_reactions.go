package federation

import (
	"encoding/json"
	"net/http"
	"strings"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/public"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// reactionsCollection holds the fediverse's likes and shares (Announce) of our posts.
const reactionsCollection = "federation_reactions"

// Reaction kinds, from the activity types that make them.
var reactionKinds = map[string]string{"Like": "like", "Announce": "announce"}

// postOf finds the post an object names by the Note id our outbox gives it
// ({base}/ap/users/{handle}/posts/{id}): a public review or rating of a federated member
// that visitors may read. ours is false for another server's object (not our business);
// a post of ours the fediverse may not see (hidden, private, followers-only, gone, its
// author local or suspended) is errHidden.
func postOf(app core.App, c Config, object string) (post, member *core.Record, ours bool, err error) {
	rest, ok := strings.CutPrefix(object, c.Base+"/ap/users/")
	if !ok {
		return nil, nil, false, nil
	}
	handle, id, ok := strings.Cut(rest, "/posts/")
	if !ok || id == "" || strings.ContainsAny(id, "/?#") {
		return nil, nil, true, errHidden
	}
	if member, err = findFederated(app, c, handle); err != nil {
		return nil, nil, true, err
	}
	if _, _, err = public.FindReview(app, member, id); err != nil {
		return nil, nil, true, errHidden
	}
	if post, err = app.FindRecordById("activities", id); err != nil || post.GetString("audience") != "" {
		return nil, nil, true, errHidden
	}
	return post, member, true, nil
}

// react stores a Like or Announce of one of our posts: once per actor, post and kind
// (a repeat, by activity id or by actor and object, changes nothing), counted in the
// post's likeCount or shareCount, and its author told as a member's like tells them.
// A silenced server's or actor's reaction is dropped; another server's object is none of
// our business (202 either way).
func react(e *core.RequestEvent, c Config, remote RemoteActor, act Activity, silenced bool) error {
	post, member, ours, err := postOf(e.App, c, idOf(act.Object))
	if !ours || silenced {
		return e.NoContent(http.StatusAccepted)
	} else if err != nil {
		return hidden(e, err)
	}
	kind := reactionKinds[act.Type]
	added := false
	err = e.App.RunInTransaction(func(tx core.App) error {
		var n int
		err := tx.DB().Select("COUNT(*)").From(reactionsCollection).Where(dbx.And(dbx.HashExp{"actor": remote.ID},
			dbx.Or(dbx.HashExp{"post": post.Id, "kind": kind}, dbx.And(dbx.HashExp{"activity": act.ID}, dbx.NewExp("activity != ''"))))).Row(&n)
		if err != nil || n > 0 {
			return err
		}
		_, err = tx.DB().Insert(reactionsCollection, dbx.Params{"id": core.GenerateDefaultRandomId(), "post": post.Id,
			"actor": remote.ID, "activity": truncate(act.ID, 2000), "kind": kind, "host": remote.Host,
			"created": types.NowDateTime().String()}).Execute()
		if err != nil {
			return err
		}
		added = true
		return recount(tx, post.Id)
	})
	if err != nil {
		return err
	}
	if added {
		action := map[string]string{"like": "liked", "announce": "shared"}[kind] + " your " + notify.PostNoun(post.GetString("type"))
		if _, err := notify.Send(e.App, notify.Notice{UserID: member.Id, Type: "like", EntityType: "activity",
			EntityID: post.Id, Action: remote.Label() + " " + action}); err != nil {
			e.App.Logger().Warn("federation: notifying a remote reaction failed", "post", post.Id, "error", err)
		}
	}
	return e.NoContent(http.StatusAccepted)
}

// unreact honours Undo of a Like or Announce: the actor's reaction with that activity
// id, or (when the Undo embeds it) of that object, goes.
func unreact(app core.App, c Config, remote RemoteActor, undone json.RawMessage, inner Activity) error {
	match := []dbx.Expression{dbx.HashExp{"activity": idOf(undone)}}
	if post, _, ours, err := postOf(app, c, idOf(inner.Object)); ours && err == nil {
		match = append(match, dbx.HashExp{"post": post.Id, "kind": reactionKinds[inner.Type]})
	}
	return removeReactions(app, dbx.And(dbx.HashExp{"actor": remote.ID}, dbx.Or(match...)))
}

// removeReactions removes the reactions where selects and recounts their posts, in one
// transaction.
func removeReactions(app core.App, where dbx.Expression) error {
	return app.RunInTransaction(func(tx core.App) error {
		var posts []string
		if err := tx.DB().Select("post").Distinct(true).From(reactionsCollection).Where(where).Column(&posts); err != nil || len(posts) == 0 {
			return err
		}
		if _, err := tx.DB().Delete(reactionsCollection, where).Execute(); err != nil {
			return err
		}
		for _, p := range posts {
			if err := recount(tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

// recount sets a post's likeCount (members' likes and the fediverse's: social owns the
// sum) and shareCount from their rows.
func recount(tx core.App, postID string) error {
	if err := social.RecountLikes(tx, postID); err != nil {
		return err
	}
	_, err := tx.DB().NewQuery(`UPDATE activities SET shareCount =
		(SELECT COUNT(*) FROM federation_reactions WHERE post = {:p} AND kind = 'announce') WHERE id = {:p}`).
		Bind(dbx.Params{"p": postID}).Execute()
	return err
}

// Label is how a remote actor is named to members: "Alice (@alice@mastodon.example)",
// or its address alone when it has no display name.
func (a RemoteActor) Label() string {
	acct := a.acct()
	if a.Name == "" || a.Name == a.Username {
		return acct
	}
	return a.Name + " (" + acct + ")"
}

// acct is the actor's address, @name@host (its URL when it has no username).
func (a RemoteActor) acct() string {
	if a.Username == "" {
		return a.ID
	}
	return "@" + a.Username + "@" + a.Host
}
