package federation

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// move honours Move of a remote account (Mastodon's account migration: actor and object
// are the old account, target the new one). Once the new actor's own document, fetched
// from its server, names the old one in alsoKnownAs, the old account's follows of our
// members become the new account's (its inboxes), and our members' follows of the old
// account become follows of the new one (a new Follow is sent); a new account the
// moderators blocked gets none, and the old one's go. Anything else changes nothing.
func move(e *core.RequestEvent, remote RemoteActor, act Activity, target string) error {
	if idOf(act.Object) != remote.ID || target == "" || target == remote.ID {
		return e.NoContent(http.StatusAccepted) // not a move of the sender's own account
	}
	var involved int
	err := e.App.DB().NewQuery(`SELECT (SELECT COUNT(*) FROM federation_followers WHERE actor = {:a})
		+ (SELECT COUNT(*) FROM federation_following WHERE actor = {:a})`).Bind(dbx.Params{"a": remote.ID}).Row(&involved)
	if err != nil {
		return err
	} else if involved == 0 {
		return e.NoContent(http.StatusAccepted) // it follows nobody here and nobody follows it: nothing to move
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 15*time.Second)
	defer cancel()
	doc, err := getJSON(ctx, e.App, target)
	if err != nil || doc.ID != target || doc.Inbox == "" {
		e.App.Logger().Info("federation: a Move's target could not be fetched", "target", target, "error", err)
		return e.NoContent(http.StatusAccepted)
	}
	if !slices.Contains(stringsOf(doc.AlsoKnownAs), remote.ID) {
		return e.NoContent(http.StatusAccepted) // the new account does not claim the old one
	}
	next := RemoteActor{ID: doc.ID, Inbox: doc.Inbox, SharedInbox: doc.Endpoints.SharedInbox, Host: hostOf(doc.ID)}
	severity, err := blockOf(e.App, next.Host, next.ID)
	if err != nil {
		return err
	}
	if err := moveFollowers(e.App, remote.ID, next, severity == severityBlock); err != nil {
		return err
	}
	next.Username = plainName(doc.PreferredUsername, 200)
	if err := moveFollowing(e.App, configOf(e.App), remote.ID, next, severity == severityBlock); err != nil {
		return err
	}
	return e.NoContent(http.StatusAccepted)
}

// moveFollowers makes from's follows next's, in one transaction: a member next already
// follows keeps that one follow; when next is blocked, from's follows simply go.
func moveFollowers(app core.App, from string, next RemoteActor, blocked bool) error {
	return app.RunInTransaction(func(tx core.App) error {
		if !blocked {
			_, err := tx.DB().NewQuery(`UPDATE federation_followers
				SET actor = {:actor}, inbox = {:inbox}, sharedInbox = {:shared}, host = {:host}, follow = ''
				WHERE actor = {:from} AND user NOT IN (SELECT user FROM federation_followers WHERE actor = {:actor})`).
				Bind(dbx.Params{"actor": next.ID, "inbox": next.Inbox, "shared": next.SharedInbox, "host": next.Host, "from": from}).Execute()
			if err != nil {
				return err
			}
		}
		_, err := tx.DB().Delete(followersCollection, dbx.HashExp{"actor": from}).Execute()
		return err
	})
}

// stringsOf reads a property that is a URL or a list of URLs (or of objects with ids).
func stringsOf(raw json.RawMessage) []string {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		list = []json.RawMessage{raw}
	}
	out := make([]string, 0, len(list))
	for _, item := range list {
		if id := idOf(item); id != "" {
			out = append(out, id)
		}
	}
	return out
}
