package federation

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// followersCollection holds federated members' remote followers.
const followersCollection = "federation_followers"

// saveFollower records remote as member's follower (again: a repeated Follow refreshes
// the inboxes and the Follow's id). A new follow of a member who approves followers waits
// for their answer (pending); one already accepted stays accepted.
func saveFollower(app core.App, member *core.Record, remote RemoteActor, followID string) (*core.Record, error) {
	r, err := findOrNew(app, followersCollection, dbx.HashExp{"user": member.Id, "actor": remote.ID})
	if err != nil {
		return nil, err
	}
	if r.IsNew() {
		r.Set("pending", member.GetBool("approveFollowers"))
	}
	r.Set("follow", followID)
	r.Set("inbox", remote.Inbox)
	r.Set("sharedInbox", remote.SharedInbox)
	r.Set("host", remote.Host)
	return r, app.Save(r)
}

// removeFollower removes actor's follow: the one with followID, or its follow of the
// member whose actor URL is object.
func removeFollower(app core.App, c Config, actor, followID, object string) error {
	var either []dbx.Expression
	if followID != "" {
		either = append(either, dbx.HashExp{"follow": followID})
	}
	if handle, ok := strings.CutPrefix(object, c.Base+"/ap/users/"); ok && handle != "" {
		if member, _, err := auth.FindByHandle(app, handle); err == nil {
			either = append(either, dbx.HashExp{"user": member.Id})
		}
	}
	if len(either) == 0 {
		return nil
	}
	_, err := app.DB().Delete(followersCollection, dbx.And(dbx.HashExp{"actor": actor}, dbx.Or(either...))).Execute()
	return err
}

// forgetActor removes a remote account that was deleted: its follows, our members'
// follows of it, its likes, shares, replies and reviews, and its cached key.
func forgetActor(app core.App, actor string) error {
	return app.RunInTransaction(func(tx core.App) error {
		for _, table := range []string{followersCollection, followingCollection} {
			if _, err := tx.DB().Delete(table, dbx.HashExp{"actor": actor}).Execute(); err != nil {
				return err
			}
		}
		if err := removeReactions(tx, dbx.HashExp{"actor": actor}); err != nil {
			return err
		}
		if err := removeReplies(tx, dbx.HashExp{"actor": actor}); err != nil {
			return err
		}
		if err := removeReviews(tx, "", actor); err != nil {
			return err
		}
		_, err := tx.DB().Delete(actorsCollection, dbx.HashExp{"actor": actor}).Execute()
		return err
	})
}

// countFollowers counts member's remote followers.
func countFollowers(app core.App, member *core.Record) (int, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(followersCollection).Where(dbx.HashExp{"user": member.Id, "pending": false}).Row(&n)
	return n, err
}

// findOrNew finds the record of collection that match selects, or makes a new one with
// match's values (unsaved): the first step of an upsert.
func findOrNew(app core.App, collection string, match dbx.HashExp) (*core.Record, error) {
	var existing core.Record
	if err := app.RecordQuery(collection).AndWhere(match).Limit(1).One(&existing); err == nil {
		return &existing, nil
	}
	c, err := app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(c)
	for k, v := range match {
		r.Set(k, v)
	}
	return r, nil
}

// shortHash is a short stable id made from s.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// signing bounds the deliveries signing at once to all cores but one. A signature is
// the delivery's CPU (an RSA-2048 private-key operation, ~1.5 ms here) and a review for
// followers on 500 servers needs 500 of them: unbounded, the queue's sixteen slots took
// both cores of a small server and members' own requests waited behind them.
var signing = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1))

var deliveryClient = sync.OnceValue(func() *http.Client {
	return security.NewOutboundClient(security.OutboundOptions{Timeout: 20 * time.Second, MaxBodyBytes: 64 << 10})
})

// post delivers body to a remote inbox, signed with member's key. A 2xx is delivered; any
// other answer or failure is the error.
func post(ctx context.Context, app core.App, member *core.Record, inboxURL string, body []byte) error {
	key, err := ensureKey(app, member)
	if err != nil {
		return err
	}
	keyID := configOf(app).actorURL(member.GetString("handle")) + "#main-key"
	return postSigned(ctx, keyID, key.GetString("privateKeyPem"), inboxURL, body)
}

// postSigned delivers body to a remote inbox, signed with the private key privatePEM
// that keyID names.
func postSigned(ctx context.Context, keyID, privatePEM, inboxURL string, body []byte) error {
	u, err := remoteURL(inboxURL)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", activityJSON)
	req.Header.Set("User-Agent", "CineCircle (ActivityPub)")
	signing <- struct{}{}
	err = SignRequest(req, body, keyID, privatePEM, time.Now())
	<-signing
	if err != nil {
		return err
	}
	res, err := deliveryClient().Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return &refusal{host: u.Host, status: res.StatusCode, text: res.Status}
	}
	return nil
}

// refusal is a remote inbox's answer other than 2xx.
type refusal struct {
	host, text string
	status     int
}

func (r *refusal) Error() string { return r.host + " answered " + r.text }

// final reports whether retrying cannot help, as Mastodon's delivery worker judges it: a
// 501, or a 4xx that says the server understood and refused. Not 408 (timeout), 429
// (slow down) or 401: a signature it could not verify yet, because it cached our key
// before it rotated and will fetch it again only when its copy is old enough.
func (r *refusal) final() bool {
	switch r.status {
	case http.StatusNotImplemented:
		return true
	case http.StatusUnauthorized, http.StatusRequestTimeout, http.StatusTooManyRequests:
		return false
	}
	return r.status >= 400 && r.status < 500
}
