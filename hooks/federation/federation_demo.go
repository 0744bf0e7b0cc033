package federation

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/comments"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/public"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The demo's fediverse friend: a Mastodon account on a reserved example domain (nothing
// is ever fetched from it or sent to it while federation is off, as it is in the demo).
const (
	demoActor = "https://mastodon.example/users/alice"
	demoHost  = "mastodon.example"
	demoNote  = demoActor + "/statuses/1"
)

// SeedDemo gives the demo community a taste of the fediverse (`cinecircle demo`): the
// public member memberID opts in, and her newest public review has a like, a boost and
// a reply from alice@mastodon.example, as if they had come through the inbox; she follows
// alice, whose review of the same title is in her home feed. Running it again adds nothing.
func SeedDemo(app core.App, memberID string) error {
	member, err := app.FindRecordById("users", memberID)
	if err != nil || !member.GetBool("public") {
		return err
	}
	if !member.GetBool("federated") {
		member.Set("federated", true)
		if err := app.Save(member); err != nil {
			return err
		}
	}
	reviews, err := public.VisibleReviews(app, member, 0, 1)
	if err != nil || len(reviews) == 0 {
		return err
	}
	post, err := app.FindRecordById("activities", reviews[0].ID)
	if err != nil {
		return err
	}
	var seeded int
	if err := app.DB().Select("COUNT(*)").From(repliesCollection).Where(dbx.HashExp{"note": demoNote}).Row(&seeded); err != nil || seeded > 0 {
		return err
	}
	alice := RemoteActor{ID: demoActor, KeyID: demoActor + "#main-key", Inbox: demoActor + "/inbox", SharedInbox: "https://" + demoHost + "/inbox",
		Host: demoHost, Name: "Alice Martin", Username: "alice", URL: "https://" + demoHost + "/@alice"}
	if alice.PublicKeyPem, err = demoPublicKey(); err != nil {
		return err
	}
	err = app.RunInTransaction(func(tx core.App) error {
		if err := cacheActor(tx, alice); err != nil {
			return err
		}
		for kind, id := range map[string]string{"like": demoActor + "#likes/1", "announce": demoActor + "/statuses/2/activity"} {
			_, err := tx.DB().Insert(reactionsCollection, dbx.Params{"id": core.GenerateDefaultRandomId(), "post": post.Id,
				"actor": alice.ID, "activity": id, "kind": kind, "host": demoHost, "created": types.NowDateTime().String()}).Execute()
			if err != nil {
				return err
			}
		}
		if err := recount(tx, post.Id); err != nil {
			return err
		}
		comment, err := comments.CreateRemote(tx, post, "", alice.ID, "@"+member.GetString("handle")+" Great pick! Watching it again this weekend because of you.")
		if err != nil {
			return err
		}
		_, err = tx.DB().Insert(repliesCollection, dbx.Params{"id": core.GenerateDefaultRandomId(), "comment": comment.Id,
			"note": demoNote, "actor": alice.ID, "url": "https://" + demoHost + "/@alice/1", "host": demoHost,
			"created": types.NowDateTime().String()}).Execute()
		if err != nil {
			return err
		}
		return seedDemoFollow(tx, member, alice, reviews[0])
	})
	if err != nil {
		return err
	}
	_, err = notify.Send(app, notify.Notice{UserID: member.Id, Type: "comment", EntityType: "activity", EntityID: post.Id,
		Action: alice.Label() + " commented on your " + notify.PostNoun(post.GetString("type"))})
	return err
}

// demoPublicKey is a throwaway public key for the demo actor's cache row (which needs
// one; nothing is ever verified with it).
func demoPublicKey() (string, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return "", err
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}

// seedDemoFollow makes member follow alice (accepted) and puts alice's review of the title
// of rv in member's feed, as the inbox would have: nothing is fetched or sent. A title the
// catalog lacks gets no review.
func seedDemoFollow(tx core.App, member *core.Record, alice RemoteActor, rv public.Review) error {
	following, err := findOrNew(tx, followingCollection, dbx.HashExp{"user": member.Id, "actor": alice.ID})
	if err != nil {
		return err
	}
	following.Load(map[string]any{"acct": "alice@" + demoHost, "inbox": alice.Inbox, "sharedInbox": alice.SharedInbox,
		"host": demoHost, "follow": configOf(tx).actorURL(member.GetString("handle")) + "#follows/demo", "state": followAccepted})
	if err := tx.Save(following); err != nil {
		return err
	}
	kind := catalog.Movie
	if rv.Kind == string(catalog.TV) {
		kind = catalog.TV
	}
	title, err := tx.FindFirstRecordByData(kind.Collection(), "tmdbId", rv.TitleID)
	if err != nil {
		return nil
	}
	note := reviewDoc{noteDoc: noteDoc{ID: demoActor + "/statuses/3", URL: json.RawMessage(`"https://` + demoHost + `/@alice/3"`)}}
	typ, data, err := reviewPost(tx, alice, note, remoteReview{kind: kind, rating: 9, review: "Saw it at the cinema club last night: it holds up beautifully."}, title)
	if err != nil {
		return err
	}
	_, err = posts.Create(tx, posts.Post{Type: typ, Links: map[string]string{kind.RelationField(): title.Id}, Data: data,
		Remote: &posts.Remote{Actor: alice.ID, Object: note.ID}})
	return err
}
