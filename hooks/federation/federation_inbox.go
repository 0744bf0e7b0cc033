package federation

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// MaxInboxBytes caps an inbox POST's body: far above any activity Mastodon sends, far
// below what would let a stranger make us buffer much.
const MaxInboxBytes = 256 << 10

// Activity is the part of an incoming activity the inbox reads. Actor and Object may be
// a URL or an embedded object.
type Activity struct {
	ID     string          `json:"id"`
	Type   string          `json:"type"`
	Actor  json.RawMessage `json:"actor"`
	Object json.RawMessage `json:"object"`
	Target json.RawMessage `json:"target"` // a Move's new account
}

// idOf reads an ActivityStreams reference: a URL string, or an object's id.
func idOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &o)
	return o.ID
}

// inbox answers POST /ap/users/{handle}/inbox: the member's own inbox, 404 for anyone the
// fediverse may not see.
func inbox(e *core.RequestEvent) error {
	c, member, err := memberFor(e)
	if err != nil {
		return err
	}
	return receive(e, c, member)
}

// sharedInbox answers POST /ap/inbox: one delivery per server for all our members.
func sharedInbox(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	return receive(e, c, nil)
}

// receive reads, authenticates and handles one inbox POST. Nothing changes unless the
// body is within MaxInboxBytes, its signature covers the request and verifies against
// the key of the actor the activity names, and that actor's server is not blocked. The
// database change an activity makes is done before the answer (so a Follow and its Undo
// apply in order); network work (the Accept) goes to the delivery queue.
func receive(e *core.RequestEvent, c Config, member *core.Record) error {
	body, err := io.ReadAll(io.LimitReader(e.Request.Body, MaxInboxBytes+1))
	if err != nil {
		return e.BadRequestError("The request body could not be read.", nil)
	}
	if len(body) > MaxInboxBytes {
		return e.Error(http.StatusRequestEntityTooLarge, "The activity is over 256 KB.", nil)
	}
	sig, err := parseSignature(e.Request, body, time.Now(), c.Base)
	if err != nil {
		return e.UnauthorizedError(err.Error(), nil)
	}
	var act Activity
	if err := json.Unmarshal(body, &act); err != nil {
		return e.BadRequestError("The body must be an ActivityStreams activity (JSON).", validation.Errors{"body": validation.NewError("validation_invalid_json", "The body is not JSON.")})
	}
	actorID := idOf(act.Actor)
	if actorID == "" || act.Type == "" {
		return e.BadRequestError("The activity needs a type and an actor.", validation.Errors{"actor": validation.NewError("validation_required", "The activity names no actor.")})
	}
	severity, err := blockOf(e.App, hostOf(sig.keyID), actorID)
	if err != nil {
		return err
	} else if severity == severityBlock {
		return hidden(e, errHidden) // a blocked server or actor: the same 404, nothing changes
	}
	if hostOf(actorID) != hostOf(sig.keyID) {
		return e.UnauthorizedError("The activity's actor is not the one whose key signed it.", nil)
	}
	gone := act.Type == "Delete" && idOf(act.Object) == actorID
	if gone && !knownKey(e.App, sig.keyID) {
		return e.NoContent(http.StatusAccepted) // an account we never knew is gone: nothing to fetch or do
	}
	remote, err := verifiedActor(e.Request.Context(), e.App, sig)
	if err != nil {
		return e.UnauthorizedError(err.Error(), nil)
	}
	if remote.ID != actorID {
		return e.UnauthorizedError("The activity's actor is not the one whose key signed it.", nil)
	}
	switch act.Type {
	case "Follow":
		return follow(e, c, member, remote, act)
	case "Like", "Announce":
		return react(e, c, remote, act, severity == severitySilence)
	case "Create":
		return reply(e, c, remote, act, severity == severitySilence)
	case "Update":
		if idOf(act.Object) == remote.ID {
			return refreshActor(e, sig.keyID)
		}
		if _, err := reviewPostOf(e.App, idOf(act.Object), remote.ID); err == nil {
			return storeReview(e, remote, act.Object, severity == severitySilence, true)
		}
		return editReply(e, remote, act)
	case "Undo":
		return undo(e, c, remote, act)
	case "Accept", "Reject":
		return answerFollow(e, c, remote, act)
	case "Move":
		return move(e, remote, act, idOf(act.Target))
	case "Delete":
		if gone {
			if err := forgetActor(e.App, remote.ID); err != nil {
				return err
			}
			break
		}
		if ok, err := deleteReview(e.App, remote, idOf(act.Object)); err != nil || ok {
			if err != nil {
				return err
			}
			break
		}
		return deleteReply(e, remote, act)
	}
	return e.NoContent(http.StatusAccepted) // understood later (#23's next slices), or never
}

// refreshActor answers an actor's Update of its own profile: its document is fetched
// again from its server (the embedded copy is not trusted) and cached, so its new name
// and avatar show on its replies (read from the cache) and are written into the cards
// of its reviews. A fetch that fails changes nothing.
func refreshActor(e *core.RequestEvent, keyID string) error {
	remote, err := actorForKey(e.Request.Context(), e.App, keyID, true)
	if err != nil {
		e.App.Logger().Warn("federation: refreshing an actor", "key", keyID, "error", err.Error())
		return e.NoContent(http.StatusAccepted)
	}
	if err := refreshReviewAuthor(e.App, remote); err != nil {
		return err
	}
	return e.NoContent(http.StatusAccepted)
}

// verifiedActor finds the signing actor and verifies the signature with its key: the
// cached key first, and when that fails and the cache is not fresh, the actor fetched
// again (it may have rotated its key).
func verifiedActor(ctx context.Context, app core.App, sig signedRequest) (RemoteActor, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	a, err := actorForKey(ctx, app, sig.keyID, false)
	if err != nil {
		app.Logger().Info("federation: the signing actor could not be fetched", "keyId", sig.keyID, "error", err)
		return a, errors.New("the signing actor's key could not be fetched")
	}
	if err = sig.verify(a.PublicKeyPem); err == nil {
		return a, nil
	}
	if a.fetched.IsZero() || time.Since(a.fetched) < refetchAfter {
		return a, errSignature
	}
	if a, err = actorForKey(ctx, app, sig.keyID, true); err != nil {
		return a, errSignature
	}
	return a, sig.verify(a.PublicKeyPem)
}

// memberOfObject finds the federated member an activity's object names by their actor
// URL; anyone else (and another server's URL) is errHidden.
func memberOfObject(app core.App, c Config, object string) (*core.Record, error) {
	handle, ok := strings.CutPrefix(object, c.Base+"/ap/users/")
	if !ok || handle == "" || strings.ContainsAny(handle, "/?#") {
		return nil, errHidden
	}
	return findFederated(app, c, handle)
}

// follow stores remote as a follower of the member the Follow names (who must be the
// inbox's owner on a member's inbox) and queues the Accept, or, when the member approves
// followers, leaves it pending for their answer (federation_requests.go).
func follow(e *core.RequestEvent, c Config, inboxOwner *core.Record, remote RemoteActor, act Activity) error {
	member, err := memberOfObject(e.App, c, idOf(act.Object))
	if err != nil || (inboxOwner != nil && inboxOwner.Id != member.Id) {
		return hidden(e, errHidden)
	}
	if remote.Inbox == "" {
		return e.BadRequestError("The follower's actor has no inbox.", validation.Errors{"actor": validation.NewError("validation_no_inbox", "The actor names no inbox.")})
	}
	accept, err := json.Marshal(acceptOf(c, member, remote, act))
	if err != nil {
		return err
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		r, err := saveFollower(tx, member, remote, act.ID)
		if err != nil || r.GetBool("pending") {
			return err
		}
		return Enqueue(tx, member, []string{remote.Inbox}, accept)
	})
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusAccepted)
}

// acceptOf is the Accept{Follow} a member sends a new follower: the Follow it accepts
// embedded, as Mastodon matches it.
func acceptOf(c Config, member *core.Record, remote RemoteActor, act Activity) map[string]any {
	return answerOf(c, member, "Accept", remote.ID, act.ID)
}

// answerOf is a member's Accept or Reject of the Follow followID by the remote actor.
func answerOf(c Config, member *core.Record, kind, actor, followID string) map[string]any {
	actorID := c.actorURL(member.GetString("handle"))
	return map[string]any{
		"@context": asContext,
		"id":       actorID + "#" + strings.ToLower(kind) + "s/follows/" + shortHash(actor+" "+followID),
		"type":     kind,
		"actor":    actorID,
		"object":   map[string]any{"id": followID, "type": "Follow", "actor": actor, "object": actorID},
	}
}

// undo honours Undo{Follow} (the follower named by the Follow, embedded or its id, goes)
// and Undo of a Like or Announce (the reaction goes). An Undo by its id alone may be of
// either: both are tried, each only among the actor's own.
func undo(e *core.RequestEvent, c Config, remote RemoteActor, act Activity) error {
	var inner Activity
	_ = json.Unmarshal(act.Object, &inner)
	if inner.Actor != nil && idOf(inner.Actor) != remote.ID {
		return e.UnauthorizedError("An actor can only undo its own activities.", nil)
	}
	var err error
	switch inner.Type {
	case "Like", "Announce":
		err = unreact(e.App, c, remote, act.Object, inner)
	case "Follow":
		err = removeFollower(e.App, c, remote.ID, idOf(act.Object), idOf(inner.Object))
	case "": // by its id alone: whichever of the actor's it names
		if err = unreact(e.App, c, remote, act.Object, inner); err == nil {
			err = removeFollower(e.App, c, remote.ID, idOf(act.Object), "")
		}
	}
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusAccepted)
}
