package federation_test

import (
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// knowsKey gives f member's public key, as a server whose members saw the member's posts
// (a boost, a thread) keeps it: it verifies what the member signs without fetching.
func knowsKey(t testing.TB, app core.App, f *fakeServer, member *core.Record) {
	t.Helper()
	var pemText string
	if err := app.DB().Select("publicKeyPem").From("federation_keys").Where(dbx.HashExp{"user": member.Id}).Row(&pemText); err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode([]byte(pemText))
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.keys == nil {
		f.keys = map[string]any{}
	}
	f.keys[base+"/ap/users/"+member.GetString("handle")+"#main-key"] = pub
}

// count is how many rows table holds.
func count(t testing.TB, app core.App, table string) int {
	t.Helper()
	var n int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM " + table).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFarewellReachesEveryServerThatKnewThem: Ana, federated, deletes her account. Every
// server that knew her gets Delete of her actor, once at its shared inbox, signed with
// her key after her account and key are gone: alice's (she follows Ana), bob's (Ana
// follows him), carol's (she liked Ana's review), dave's (he replied to it), and again
// after a refusal. A server that never heard of her and one the moderators blocked get
// nothing. Once everything went, no copy of her key is left, nor any row of the queue.
func TestFarewellReachesEveryServerThatKnewThem(t *testing.T) {
	t.Parallel()
	app, srv, alice, m := inboxWorld(t, true)
	bob, carol, dave, eve, stranger := newFakeServer(t, srv), newFakeServer(t, srv), newFakeServer(t, srv), newFakeServer(t, srv), newFakeServer(t, srv)
	ana := m["ana"]
	for _, f := range []*fakeServer{alice, eve} {
		if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-farewell"), time.Now(), nil)); status != 202 {
			t.Fatalf("Follow: %d %s", status, body)
		}
		deliveredOf(t, f, "/users/alice/inbox", "Accept", 1)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"alice@`+bob.host()+`"}`, ana); status != 200 {
		t.Fatalf("Ana follows bob's server: %d %v", status, out)
	}
	deliveredOf(t, bob, "/users/alice/inbox", "Follow", 1)
	note := noteURL("ana", "anareview000001")
	knowsKey(t, app, carol, ana)
	if status, body := send(t, carol.signed(srv+"/ap/inbox", likeOf(carol, "1", note), time.Now(), nil)); status != 202 {
		t.Fatalf("carol's like: %d %s", status, body)
	}
	knowsKey(t, app, dave, ana)
	if status, body := send(t, dave.signed(srv+"/ap/inbox", replyOf(dave, "7", note, mention+"Great pick.</p>"), time.Now(), nil)); status != 202 {
		t.Fatalf("dave's reply: %d %s", status, body)
	}
	addBlock(t, app, srv, map[string]any{"domain": eve.host(), "severity": "block"})
	bob.mu.Lock()
	bob.refuse = 1 // bob's server is down for the first attempt
	bob.mu.Unlock()

	if status, out := asMember(t, srv, "DELETE", "/api/user", `{"password":"password123"}`, ana); status != 204 {
		t.Fatalf("Ana deletes her account: %d %v", status, out)
	}
	if _, err := app.FindRecordById("users", ana.Id); err == nil {
		t.Fatal("Ana's account is still there")
	}
	if n := count(t, app, "federation_keys WHERE user = '"+ana.Id+"'"); n != 0 {
		t.Fatalf("Ana's key is still there (%d)", n)
	}
	actor := base + "/ap/users/ana"
	for name, f := range map[string]*fakeServer{"alice's": alice, "carol's": carol, "dave's": dave} {
		d := deliveredOf(t, f, "/inbox", "Delete", 1)
		if d["actor"] != actor || d["object"] != actor || d["id"] != actor+"#delete" {
			t.Errorf("%s server got %v", name, d)
		}
	}
	waitFor(t, "bob's first attempt to fail", func() bool {
		rows := pending(t, app)
		return len(rows) == 1 && rows[0].GetInt("attempts") == 1
	})
	if n := count(t, app, "federation_farewells"); n != 1 {
		t.Fatalf("%d farewells while bob's delivery waits, want 1", n)
	}
	dueNow(t, app, "")
	if d := deliveredOf(t, bob, "/inbox", "Delete", 1); d["object"] != actor {
		t.Errorf("bob's server got %v", d)
	}
	waitFor(t, "the farewell and its rows to go", func() bool {
		return count(t, app, "federation_farewells")+count(t, app, "federation_deliveries")+count(t, app, "federation_payloads") == 0
	})

	time.Sleep(300 * time.Millisecond) // anything else queued has had its chance
	for name, f := range map[string]*fakeServer{"the blocked server": eve, "a server that never knew her": stranger} {
		if d := byType(f.deliveries(), "Delete"); len(d) != 0 {
			t.Errorf("%s got %v", name, d)
		}
	}
	for name, f := range map[string]*fakeServer{"alice's": alice, "carol's": carol, "dave's": dave, "bob's": bob} {
		if d := byType(f.deliveries(), "Delete"); len(d) != 1 {
			t.Errorf("%s server got %d Deletes, want 1", name, len(d))
		}
	}
}

// TestFarewellOnlyForThoseTheFediverseKnew: a member who never joined the fediverse, and
// anyone while the community's federation is off, leaves no farewell and sends nothing;
// a suspended member the moderators delete does send one (their followers' servers
// still hold their posts). A farewell whose last delivery is refused for good goes at
// once, with the copy of the key.
func TestFarewellOnlyForThoseTheFediverseKnew(t *testing.T) {
	t.Parallel()
	deleteAs := func(t *testing.T, app *tests.TestApp, srv string, member *core.Record) {
		t.Helper()
		if status, out := asModerator(t, app, srv, "DELETE", "/api/collections/users/records/"+member.Id, nil); status != 204 {
			t.Fatalf("deleting %s: %d %v", member.GetString("handle"), status, out)
		}
	}
	app, srv, f, m := inboxWorld(t, true)
	addFollower(t, app, m["pub"], f, f.actor()) // a stale row: Pub never had a key
	deleteAs(t, app, srv, m["pub"])
	if n := count(t, app, "federation_farewells"); n != 0 {
		t.Errorf("a member never federated left %d farewells", n)
	}
	addFollower(t, app, m["sus"], f, f.actor())
	knowsKey(t, app, f, m["sus"])
	f.mu.Lock()
	f.refuse, f.refusal = 1, http.StatusGone
	f.mu.Unlock()
	deleteAs(t, app, srv, m["sus"])
	waitFor(t, "the refused farewell to go", func() bool {
		return count(t, app, "federation_farewells")+count(t, app, "federation_deliveries") == 0
	})
	f.mu.Lock()
	refused := f.refuse == 0 // its signature verified, then the server answered 410
	f.mu.Unlock()
	if !refused {
		t.Error("a suspended member's deletion sent no Delete to their follower's server")
	}

	app, srv, f, m = inboxWorld(t, false)
	addFollower(t, app, m["ana"], f, f.actor())
	deleteAs(t, app, srv, m["ana"])
	if n := count(t, app, "federation_farewells") + count(t, app, "federation_deliveries"); n != 0 {
		t.Errorf("federation off: %d farewells and rows", n)
	}
	if d := f.deliveries(); len(d) != 0 {
		t.Errorf("federation off: %v delivered", d)
	}
}
