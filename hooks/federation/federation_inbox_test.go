package federation_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// inboxWorld serves the role community with federation on and a fake Mastodon server.
func inboxWorld(t *testing.T, on bool) (*tests.TestApp, string, *fakeServer, map[string]*core.Record) {
	app := testutil.NewTestApp(t)
	m := community(t, app)
	if on {
		if err := federation.Enable(app, base); err != nil {
			t.Fatal(err)
		}
	}
	srv := testutil.Serve(t, app).URL
	return app, srv, newFakeServer(t, srv), m
}

// followOf is a Follow as Mastodon sends it, of our member with handle h.
func followOf(f *fakeServer, h, id string) []byte {
	b, _ := json.Marshal(map[string]any{
		"@context": "https://www.w3.org/ns/activitystreams", "id": f.srv.URL + "/" + id, "type": "Follow",
		"actor": f.actor(), "object": base + "/ap/users/" + h,
	})
	return b
}

// undoOf is Mastodon's Undo of a Follow, the Follow embedded.
func undoOf(f *fakeServer, h, id string) []byte {
	var follow map[string]any
	_ = json.Unmarshal(followOf(f, h, id), &follow)
	delete(follow, "@context")
	b, _ := json.Marshal(map[string]any{
		"@context": "https://www.w3.org/ns/activitystreams", "id": f.actor() + "#follows/1/undo", "type": "Undo",
		"actor": f.actor(), "object": follow,
	})
	return b
}

func followerCount(t testing.TB, app core.App) int {
	t.Helper()
	n, err := app.CountRecords("federation_followers")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestInboxFollowAndUndo: a Mastodon user follows Ana through the shared inbox and her
// own inbox; she is a follower once, her followers collection counts her, and Ana's
// server delivers an Accept of that Follow signed with Ana's key to alice's inbox. Undo
// removes her.
func TestInboxFollowAndUndo(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	for _, inbox := range []string{"/ap/inbox", "/ap/users/ana/inbox"} {
		status, body := send(t, f.signed(srv+inbox, followOf(f, "ana", "follow-1"), time.Now(), nil))
		if status != http.StatusAccepted {
			t.Fatalf("Follow to %s: %d %s", inbox, status, body)
		}
	}
	if n := followerCount(t, app); n != 1 {
		t.Fatalf("followers after two Follows: %d, want 1", n)
	}
	r, err := app.FindFirstRecordByData("federation_followers", "actor", f.actor())
	if err != nil || r.GetString("user") != m["ana"].Id || r.GetString("sharedInbox") != f.srv.URL+"/inbox" || r.GetString("inbox") != f.actor()+"/inbox" {
		t.Fatalf("the stored follower: %v %v", r, err)
	}
	_, _, body := get(t, srv, "/ap/users/ana/followers", ap)
	if !strings.Contains(body, `"totalItems":1`) {
		t.Errorf("followers collection: %s", body)
	}
	waitFor(t, "the Accept", func() bool { return len(f.deliveries()) >= 1 })
	d := f.deliveries()[0]
	obj, _ := d.Body["object"].(map[string]any)
	if d.Path != "/users/alice/inbox" || d.Body["type"] != "Accept" || d.Body["actor"] != base+"/ap/users/ana" ||
		obj["id"] != f.srv.URL+"/follow-1" || obj["type"] != "Follow" || obj["actor"] != f.actor() {
		t.Errorf("the Accept: %s %v", d.Path, d.Body)
	}
	status, body := send(t, f.signed(srv+"/ap/inbox", undoOf(f, "ana", "follow-1"), time.Now(), nil))
	if status != http.StatusAccepted || followerCount(t, app) != 0 {
		t.Fatalf("Undo: %d %s, %d followers left", status, body, followerCount(t, app))
	}
	_, _, body = get(t, srv, "/ap/users/ana/followers", ap)
	if !strings.Contains(body, `"totalItems":0`) {
		t.Errorf("followers collection after Undo: %s", body)
	}
}

// TestInboxRoles: a Follow of anyone the fediverse may not see (a member who stays
// local, one who is not public, a suspended one, a handle that does not exist, and Ana
// while the community is off) is the same 404 on both inboxes, and stores nothing.
func TestInboxRoles(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{true, false} {
		app, srv, f, _ := inboxWorld(t, on)
		for _, who := range []string{"ana", "pub", "non", "sus", "mem", "nobody"} {
			if on && who == "ana" {
				continue
			}
			for _, inbox := range []string{"/ap/inbox", "/ap/users/" + who + "/inbox"} {
				status, body := send(t, f.signed(srv+inbox, followOf(f, who, "f-"+who), time.Now(), nil))
				if status != http.StatusNotFound || !strings.Contains(body, "Nothing to see here.") {
					t.Errorf("on=%v, Follow of %s to %s: %d %s, want the 404", on, who, inbox, status, body)
				}
			}
		}
		if n := followerCount(t, app); n != 0 {
			t.Errorf("on=%v: %d followers stored", on, n)
		}
	}
}

// TestInboxHostile: requests that are unsigned, signed by another key, replayed with a
// stale Date, carrying another body than the digest, oversized, signed by an actor on a
// private address, or naming an actor other than the signer are refused, and nothing
// changes.
func TestInboxHostile(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := inboxWorld(t, true)
	follow := followOf(f, "ana", "follow-h")
	other := newKey(t)
	cases := map[string]struct {
		req  func() *http.Request
		want int
		msg  string
	}{
		"unsigned": {func() *http.Request {
			r, _ := http.NewRequest("POST", srv+"/ap/inbox", strings.NewReader(string(follow)))
			return r
		}, 401, "not signed"},
		"signed by another key": {func() *http.Request { return f.signed(srv+"/ap/inbox", follow, time.Now(), other) }, 401, "does not verify"},
		"stale date":            {func() *http.Request { return f.signed(srv+"/ap/inbox", follow, time.Now().Add(-13*time.Hour), nil) }, 401, "12 hours"},
		"future date":           {func() *http.Request { return f.signed(srv+"/ap/inbox", follow, time.Now().Add(13*time.Hour), nil) }, 401, "12 hours"},
		"wrong digest": {func() *http.Request {
			r := f.signed(srv+"/ap/inbox", follow, time.Now(), nil)
			r.Header.Set("Digest", "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
			return r
		}, 401, "Digest header"},
		"body swapped after signing": {func() *http.Request {
			r := f.signed(srv+"/ap/inbox", follow, time.Now(), nil)
			swapped := followOf(f, "pub", "follow-h")
			r.Body, r.ContentLength = bodyOf(swapped), int64(len(swapped))
			return r
		}, 401, "Digest header"},
		"signature header tampered": {func() *http.Request {
			r := f.signed(srv+"/ap/inbox", follow, time.Now(), nil)
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), `signature="`, `signature="AAAA`, 1))
			return r
		}, 401, "does not verify"},
		"oversized": {func() *http.Request {
			big := []byte(`{"type":"Follow","pad":"` + strings.Repeat("x", federation.MaxInboxBytes) + `"}`)
			return f.signed(srv+"/ap/inbox", big, time.Now(), nil)
		}, 413, "256 KB"},
		"not JSON": {func() *http.Request { return f.signed(srv+"/ap/inbox", []byte("{not json"), time.Now(), nil) }, 400, "not JSON"},
		"actor on a private address": {func() *http.Request {
			return f.signedAs("http://10.0.0.7/users/alice#main-key", srv+"/ap/inbox", privateFollow("http://10.0.0.7"), time.Now(), nil)
		}, 401, "could not be fetched"},
		"actor on the metadata address": {func() *http.Request {
			return f.signedAs("http://169.254.169.254/users/alice#main-key", srv+"/ap/inbox", privateFollow("http://169.254.169.254"), time.Now(), nil)
		}, 401, "could not be fetched"},
		"another actor than the signer": {func() *http.Request {
			b := []byte(strings.Replace(string(follow), `"actor":"`+f.actor(), `"actor":"`+f.srv.URL+"/users/mallory", 1))
			return f.signed(srv+"/ap/inbox", b, time.Now(), nil)
		}, 401, "not the one whose key"},
	}
	for name, tc := range cases {
		status, body := send(t, tc.req())
		if status != tc.want {
			t.Errorf("%s: %d %s, want %d", name, status, body, tc.want)
		}
		if !strings.Contains(body, tc.msg) {
			t.Errorf("%s: %s, want the message to say %q", name, body, tc.msg)
		}
		if !strings.Contains(body, `"message"`) {
			t.Errorf("%s: not a JSON error: %s", name, body)
		}
	}
	if n := followerCount(t, app); n != 0 {
		t.Errorf("%d followers stored by hostile requests", n)
	}
	time.Sleep(100 * time.Millisecond)
	if d := f.deliveries(); len(d) != 0 {
		t.Errorf("hostile requests made us deliver: %v", d)
	}
}

// privateFollow is a Follow of Ana by an actor at origin.
func privateFollow(origin string) []byte {
	b, _ := json.Marshal(map[string]any{"id": origin + "/f", "type": "Follow", "actor": origin + "/users/alice", "object": base + "/ap/users/ana"})
	return b
}

// TestInboxKeyRotation: alice rotates her key after we cached it; her next request
// verifies once we fetch her actor again, and a request signed with the old key no
// longer does.
func TestInboxKeyRotation(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := inboxWorld(t, true)
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "f-1"), time.Now(), nil)); status != 202 {
		t.Fatalf("first Follow: %d %s", status, body)
	}
	f.mu.Lock()
	old := f.key
	f.mu.Unlock()
	f.rotate()
	// the cached key is an hour old when the rotated one arrives
	if _, err := app.DB().NewQuery("UPDATE federation_actors SET fetched = datetime('now', '-1 hour')").Execute(); err != nil {
		t.Fatal(err)
	}
	if status, body := send(t, f.signed(srv+"/ap/inbox", undoOf(f, "ana", "f-1"), time.Now(), nil)); status != 202 {
		t.Fatalf("Undo with the rotated key: %d %s", status, body)
	}
	if followerCount(t, app) != 0 {
		t.Error("the Undo signed with the rotated key was not honoured")
	}
	if status, _ := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "f-2"), time.Now(), old)); status != 401 {
		t.Errorf("a request signed with the old key: %d, want 401", status)
	}
	if followerCount(t, app) != 0 {
		t.Error("the old key still follows")
	}
}

// TestInboxGoToSocial: a server that names keys as GoToSocial does (a path, no
// fragment; algorithm hs2019) and, like it, serves its actors only to signed fetches:
// our fetch is signed with the server's own key (its Application actor, /ap/actor, which
// the other server fetches to check us), and the Follow is honoured.
func TestInboxGoToSocial(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	f.gts = true
	if status, body := send(t, f.signed(srv+"/ap/users/ana/inbox", followOf(f, "ana", "gts-follow"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	r, err := app.FindFirstRecordByData("federation_followers", "actor", f.actor())
	if err != nil || r.GetString("user") != m["ana"].Id {
		t.Fatalf("follower: %v %v", r, err)
	}
	if fetches := f.fetchCount(); fetches != 1 {
		t.Errorf("%d signed fetches of the actor, want 1 (then the cache)", fetches)
	}
	waitFor(t, "the Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 1 })
	if d := byType(f.deliveries(), "Accept")[0]; d.Path != "/users/alice/inbox" {
		t.Errorf("the Accept went to %s, want alice's own inbox (GoToSocial has no shared inbox)", d.Path)
	}
}

// TestInstanceActor: the server's own actor is an Application with a public key while
// federation is on, and the 404 while it is off.
func TestInstanceActor(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{true, false} {
		app := testutil.NewTestApp(t)
		if on {
			if err := federation.Enable(app, base); err != nil {
				t.Fatal(err)
			}
		}
		srv := testutil.Serve(t, app).URL
		status, _, body := get(t, srv, "/ap/actor", ap)
		if !on {
			if status != 404 {
				t.Errorf("off: %d %s", status, body)
			}
			continue
		}
		var doc federation.Service
		if err := json.Unmarshal([]byte(body), &doc); err != nil || status != 200 {
			t.Fatalf("on: %d %s", status, body)
		}
		if doc.ID != base+"/ap/actor" || doc.Type != "Application" || doc.PublicKey.ID != base+"/ap/actor#main-key" ||
			!strings.HasPrefix(doc.PublicKey.PublicKeyPem, "-----BEGIN PUBLIC KEY-----") || doc.PreferredUsername != host {
			t.Errorf("the instance actor: %+v", doc)
		}
	}
}

// TestInboxAccountDeleted: Mastodon tells every server it knows when an account is
// deleted, signed with the key it is about to drop. From an account we never knew, that
// is a 202 with nothing fetched; from a follower, it removes the follower, and a member's
// follow of it.
func TestInboxAccountDeleted(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	del, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams", "id": f.actor() + "#delete",
		"type": "Delete", "actor": f.actor(), "to": []string{"https://www.w3.org/ns/activitystreams#Public"}, "object": f.actor()})
	if status, body := send(t, f.signed(srv+"/ap/inbox", del, time.Now(), nil)); status != 202 {
		t.Fatalf("Delete of an unknown account: %d %s", status, body)
	}
	if fetched := f.fetchCount(); fetched != 0 {
		t.Errorf("the Delete of an unknown account fetched it %d times", fetched)
	}
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "f-del"), time.Now(), nil)); status != 202 || followerCount(t, app) != 1 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"alice@`+f.host()+`"}`, m["ana"]); status != 200 {
		t.Fatalf("Ana follows alice: %d %v", status, out)
	}
	if status, body := send(t, f.signed(srv+"/ap/inbox", del, time.Now(), nil)); status != 202 {
		t.Fatalf("Delete of a follower's account: %d %s", status, body)
	}
	if followerCount(t, app) != 0 {
		t.Error("a deleted account still follows")
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("Ana still follows a deleted account: %v", r)
	}
}
