package federation

import (
	"cinecircle/hooks/public"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Following out: a federated member follows a remote actor by its address. The follow is
// a row of federation_following (requested until the remote server's Accept, which is
// matched by the Follow's id or by its actor and object, and only from the followed actor
// itself), and a signed Follow through the delivery queue; a Reject or an unfollow
// deletes the row (the unfollow queues Undo{Follow}). The follow routes are social's
// (POST /api/follow {acct}, DELETE /api/follow/{acct}): it asks through
// social.RemoteFollows, which this file provides.

// followingCollection holds members' follows of remote actors.
const followingCollection = "federation_following"

// maxFollowingItems bounds the actors /ap/users/{handle}/following lists.
const maxFollowingItems = 500

func init() { social.SetRemoteFollows(remoteFollows{}) }

// remoteFollows is social's way to follow and unfollow by address.
type remoteFollows struct{}

// FollowAnswer is what the follow routes answer for an address.
type FollowAnswer struct {
	Acct      string `json:"acct"`
	Following string `json:"following"` // none, requested or accepted
	UserID    string `json:"userId,omitempty"`
}

// Follow answers POST /api/follow {acct}: a member of ours on our own host is followed as
// {userId} is; a remote actor is resolved, stored as requested and sent a Follow. Only a
// federated member may follow out (403 saying where to turn it on); following again
// changes nothing.
func (remoteFollows) Follow(e *core.RequestEvent, raw string) error {
	c, name, host, err := followable(e, raw)
	if err != nil {
		return err
	}
	acct := name + "@" + host
	if host == c.Host {
		member, err := localMember(e.App, e.Auth.Id, name)
		if err != nil {
			return lookupError(e, acct, err)
		} else if member.Id == e.Auth.Id {
			return e.BadRequestError("You cannot follow yourself.", validation.Errors{"acct": validation.NewError("validation_self_follow", "You cannot follow yourself.")})
		}
		if err := social.Follow(e.App, e.Auth.Id, member.Id); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, FollowAnswer{Acct: acct, Following: followAccepted, UserID: member.Id})
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 20*time.Second)
	defer cancel()
	a, err := resolveAcct(ctx, e.App, name, host)
	if err != nil {
		return lookupError(e, acct, err)
	}
	state, err := followRemote(e.App, c, e.Auth, acct, a)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, FollowAnswer{Acct: acct, Following: state})
}

// Unfollow answers DELETE /api/follow/{acct}: the follow of that address goes (with an
// Undo{Follow} to its server), a member of ours on our host is unfollowed as by id.
// Unfollowing what one does not follow is not an error. No network on the request path.
func (remoteFollows) Unfollow(e *core.RequestEvent, raw string) error {
	c := configOf(e.App)
	name, host, err := parseAcct(raw)
	if err != nil {
		return e.BadRequestError("Enter a fediverse address like @name@server.example.", validation.Errors{"acct": err})
	}
	acct := name + "@" + host
	if host == c.Host && c.On {
		member, err := localMember(e.App, e.Auth.Id, name)
		if err == nil {
			err = social.Unfollow(e.App, e.Auth.Id, member.Id)
		}
		if err != nil && !errors.Is(err, errActorNotFound) {
			return err
		}
		return e.JSON(http.StatusOK, FollowAnswer{Acct: acct, Following: followNone})
	}
	if err := unfollowRemote(e.App, c, e.Auth, dbx.HashExp{"acct": acct}); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, FollowAnswer{Acct: acct, Following: followNone})
}

// followable checks a follow by address may go ahead: federation is on, the member is
// federated, the address is well-formed.
func followable(e *core.RequestEvent, raw string) (c Config, name, host string, err error) {
	c = configOf(e.App)
	if !c.On {
		return c, "", "", e.ForbiddenError("Federation is turned off in this community.", nil)
	}
	if ok, err := Federated(e.App, e.Auth); err != nil {
		return c, "", "", err
	} else if !ok {
		msg := "Turn on federation in Settings › Fediverse to follow people on other servers."
		return c, "", "", e.ForbiddenError(msg, validation.Errors{"acct": validation.NewError("validation_not_federated", msg)})
	}
	if name, host, err = parseAcct(raw); err != nil {
		return c, "", "", e.BadRequestError("Enter a fediverse address like @name@server.example.", validation.Errors{"acct": err})
	}
	return c, name, host, nil
}

// followRemote stores member's follow of a (asked for as acct) and queues the Follow, in
// one transaction; an existing follow is left as it is. It answers the follow's state.
func followRemote(app core.App, c Config, member *core.Record, acct string, a RemoteActor) (string, error) {
	state := followRequested
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := findOrNew(tx, followingCollection, dbx.HashExp{"user": member.Id, "actor": a.ID})
		if err != nil {
			return err
		}
		if !r.IsNew() {
			state = r.GetString("state")
			return nil
		}
		return sendFollow(tx, c, member, r, acct, a)
	})
	return state, err
}

// sendFollow fills the new row r for member's follow of a and queues the Follow to a's
// own inbox (where Mastodon expects it).
func sendFollow(tx core.App, c Config, member, r *core.Record, acct string, a RemoteActor) error {
	me := c.actorURL(member.GetString("handle"))
	followID := me + "#follows/" + core.GenerateDefaultRandomId()
	r.Set("acct", acct)
	r.Set("inbox", a.Inbox)
	r.Set("sharedInbox", a.SharedInbox)
	r.Set("host", a.Host)
	r.Set("follow", followID)
	r.Set("state", followRequested)
	if err := tx.Save(r); err != nil {
		return err
	}
	body, err := json.Marshal(map[string]any{"@context": asContext, "id": followID, "type": "Follow", "actor": me, "object": a.ID})
	if err != nil {
		return err
	}
	return Enqueue(tx, member, []string{a.Inbox}, body)
}

// unfollowRemote deletes member's follows that match and queues an Undo{Follow} for each.
func unfollowRemote(app core.App, c Config, member *core.Record, match dbx.HashExp) error {
	return app.RunInTransaction(func(tx core.App) error {
		var rows []*core.Record
		if err := tx.RecordQuery(followingCollection).AndWhere(match).AndWhere(dbx.HashExp{"user": member.Id}).All(&rows); err != nil {
			return err
		}
		me := c.actorURL(member.GetString("handle"))
		for _, r := range rows {
			if err := tx.Delete(r); err != nil {
				return err
			}
			follow := map[string]any{"id": r.GetString("follow"), "type": "Follow", "actor": me, "object": r.GetString("actor")}
			body, err := json.Marshal(map[string]any{"@context": asContext, "id": r.GetString("follow") + "/undo", "type": "Undo", "actor": me, "object": follow})
			if err != nil {
				return err
			}
			if err := Enqueue(tx, member, []string{r.GetString("inbox")}, body); err != nil {
				return err
			}
		}
		return nil
	})
}

// followState is member me's follow of actor: none, requested or accepted.
func followState(app core.App, me, actor string) (string, error) {
	var state string
	err := app.DB().Select("state").From(followingCollection).Where(dbx.HashExp{"user": me, "actor": actor}).Limit(1).Row(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return followNone, nil
	}
	return state, err
}

// answerFollow honours a remote actor's Accept or Reject of a member's Follow: the one
// whose id the answer names, or (an answer by the Follow's content) the member's follow of
// that actor. Only the followed actor's answers count; anything else changes nothing.
func answerFollow(e *core.RequestEvent, c Config, remote RemoteActor, act Activity) error {
	var inner Activity
	_ = json.Unmarshal(act.Object, &inner)
	either := []dbx.Expression{}
	if id := idOf(act.Object); id != "" {
		either = append(either, dbx.HashExp{"follow": id})
	}
	if inner.Type == "Follow" && idOf(inner.Object) == remote.ID {
		if member, err := memberOfObject(e.App, c, idOf(inner.Actor)); err == nil {
			either = append(either, dbx.HashExp{"user": member.Id})
		}
	}
	if len(either) > 0 {
		match := dbx.And(dbx.HashExp{"actor": remote.ID}, dbx.Or(either...))
		var err error
		if act.Type == "Accept" {
			_, err = e.App.DB().Update(followingCollection, dbx.Params{"state": followAccepted}, match).Execute()
		} else {
			_, err = e.App.DB().Delete(followingCollection, match).Execute()
		}
		if err != nil {
			return err
		}
	}
	return e.NoContent(http.StatusAccepted)
}

// countFollowing counts member's accepted follows of remote actors.
func countFollowing(app core.App, member *core.Record) (int, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(followingCollection).Where(dbx.HashExp{"user": member.Id, "state": followAccepted}).Row(&n)
	return n, err
}

// followingItems are the actors member follows (accepted), newest first, at most
// maxFollowingItems.
func followingItems(app core.App, member *core.Record) ([]any, error) {
	var actors []string
	err := app.DB().Select("actor").From(followingCollection).Where(dbx.HashExp{"user": member.Id, "state": followAccepted}).
		OrderBy("created DESC").Limit(maxFollowingItems).Column(&actors)
	return toAny(actors), err
}

// moveFollowing makes members' follows of the account from (which moved) follows of next:
// each is sent a new Follow and waits for next's Accept. A member already following next
// keeps that follow; when next is blocked, the follows of from simply go.
func moveFollowing(app core.App, c Config, from string, next RemoteActor, blocked bool) error {
	return app.RunInTransaction(func(tx core.App) error {
		var rows []*core.Record
		if err := tx.RecordQuery(followingCollection).AndWhere(dbx.HashExp{"actor": from}).All(&rows); err != nil {
			return err
		}
		for _, old := range rows {
			if err := tx.Delete(old); err != nil {
				return err
			}
			if blocked {
				continue
			}
			member, err := tx.FindRecordById("users", old.GetString("user"))
			if err != nil {
				return err
			}
			r, err := findOrNew(tx, followingCollection, dbx.HashExp{"user": member.Id, "actor": next.ID})
			if err != nil || !r.IsNew() {
				if err != nil {
					return err
				}
				continue
			}
			acct := strings.TrimPrefix(next.acct(), "@")
			if err := sendFollow(tx, c, member, r, acct, next); err != nil {
				return err
			}
		}
		return nil
	})
}

// followingList answers GET /api/federation/following: the remote accounts the member
// follows or asked to follow, newest first (maxFollowingItems at most), each as the
// lookup shows it (from the actors cache: no network).
func followingList(e *core.RequestEvent) error {
	var rows []struct {
		Acct   string `db:"acct"`
		Actor  string `db:"actor"`
		State  string `db:"state"`
		Host   string `db:"host"`
		Cached string `db:"cached"`
		Name   string `db:"name"`
		User   string `db:"username"`
		Icon   string `db:"icon"`
		URL    string `db:"url"`
	}
	err := e.App.DB().NewQuery(`SELECT f.acct, f.actor, f.state, f.host,
		COALESCE(a.id, '') AS cached, COALESCE(a.name, '') AS name, COALESCE(a.username, '') AS username,
		COALESCE(a.icon, '') AS icon, COALESCE(a.url, '') AS url
		FROM federation_following f LEFT JOIN federation_actors a ON a.id = (SELECT id FROM federation_actors WHERE actor = f.actor LIMIT 1)
		WHERE f.user = {:user} ORDER BY f.created DESC LIMIT {:max}`).
		Bind(dbx.Params{"user": e.Auth.Id, "max": maxFollowingItems}).All(&rows)
	if err != nil {
		return err
	}
	out := make([]Lookup, len(rows))
	for i, r := range rows {
		l := Lookup{Acct: r.Acct, ID: r.Actor, Name: r.Name, Username: r.User, URL: r.URL, Host: r.Host, Following: r.State}
		if l.Name == "" {
			l.Name = strings.SplitN(r.Acct, "@", 2)[0]
		}
		if l.URL == "" {
			l.URL = r.Actor
		}
		if r.Icon != "" && r.Cached != "" {
			l.Avatar = avatarPath(r.Cached, r.Icon)
		}
		out[i] = l
	}
	return e.JSON(http.StatusOK, out)
}

// leaveFollows ends the remote follows of a member the fediverse may no longer see (they
// turned federation or their public profile off, or were suspended): each is forgotten
// and its Undo queued, so remote servers stop listing and sending to them. A member who
// deleted their account is not one of them: their handle is gone (an Undo would name no
// actor), and the Delete of their actor (farewell) ends their follows on those servers.
// The before and after are read from the record (federatedRecord): the database already
// holds the saved state, so asking it would find a suspension on both sides.
func leaveFollows(app core.App, member *core.Record) error {
	if !federatedRecord(member.Original()) || federatedRecord(member) || member.GetString("leftAt") != "" {
		return nil
	}
	return unfollowRemote(app, configOf(app), member, dbx.HashExp{"user": member.Id})
}

// federatedRecord is Federated as a users record itself says, before or after a save.
func federatedRecord(member *core.Record) bool {
	return member.GetBool("federated") && public.VisibleRecord(member)
}
