package federation_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// lookupAs asks GET /api/federation/lookup?acct=acct as member.
func lookupAs(t testing.TB, srv, acct string, member *core.Record) (int, map[string]any) {
	t.Helper()
	return asMember(t, srv, "GET", "/api/federation/lookup?acct="+url.QueryEscape(acct), "", member)
}

// TestLookup is the address table: alice on the fake Mastodon resolves by WebFinger to her
// actor (with or without the leading @; her bio sanitized, her avatar through our proxy);
// an unknown name is 404, a malformed address 400 naming acct, a server that is down
// 502, our own host the member of ours (no network), and a blocked actor 403.
func TestLookup(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	f.mu.Lock()
	f.avatar = pngPhoto(t, 120, 120)
	f.mu.Unlock()
	alice := "alice@" + f.host()
	cases := []struct {
		name, acct string
		status     int
		field      bool // the error names acct
	}{
		{"an address", alice, 200, false},
		{"a leading @", "@" + alice, 200, false},
		{"an acct: URI", "acct:" + alice, 200, false},
		{"no such account", "nobody@" + f.host(), 404, true},
		{"no host", "alice", 400, true},
		{"an empty host", "alice@", 400, true},
		{"empty", "", 400, true},
		{"two at-signs", "alice@x@" + f.host(), 400, true},
		{"a path", "alice@" + f.host() + "/users", 400, true},
		{"a space", "al ice@" + f.host(), 400, true},
		{"too long", strings.Repeat("a", 400) + "@" + f.host(), 400, true},
		{"a private address", "alice@10.1.2.3", 400, true},
		{"link-local", "alice@169.254.169.254", 400, true},
		{"a server that is down", "alice@127.0.0.1:1", 502, false},
		{"a member of ours", "ana@films.example", 200, false},
		{"an unknown handle of ours", "nobody@films.example", 404, true},
	}
	for _, c := range cases {
		status, out := lookupAs(t, srv, c.acct, m["mem"])
		if status != c.status {
			t.Errorf("%s: %d %v, want %d", c.name, status, out, c.status)
			continue
		}
		data, _ := out["data"].(map[string]any)
		if _, named := data["acct"]; c.field != named {
			t.Errorf("%s: the error names acct: %v, want %v (%v)", c.name, named, c.field, out)
		}
	}

	_, out := lookupAs(t, srv, "@"+alice, m["mem"])
	summary, _ := out["summary"].(string)
	if out["id"] != f.actor() || out["name"] != "Alice" || out["acct"] != alice || out["following"] != "none" || out["local"] != false ||
		!strings.HasPrefix(out["avatar"].(string), "/ap/avatars/") || out["url"] != f.srv.URL+"/@alice" {
		t.Errorf("alice: %v", out)
	}
	if !strings.Contains(summary, "Films, mostly.") || !strings.Contains(summary, `href="https://films.example/x"`) {
		t.Errorf("alice's bio lost its text or link: %q", summary)
	}
	for _, bad := range []string{"<script", "alert(1)", "onclick", "<img", "tracker.example"} {
		if strings.Contains(summary, bad) {
			t.Errorf("alice's bio keeps %q: %q", bad, summary)
		}
	}
	if status, _, _ := get(t, srv, out["avatar"].(string), ""); status != 200 {
		t.Errorf("alice's avatar through the proxy: %d", status)
	}
	_, ours := lookupAs(t, srv, "@ana@FILMS.example", m["mem"])
	if ours["local"] != true || ours["userId"] != m["ana"].Id || ours["id"] != base+"/ap/users/ana" {
		t.Errorf("ana, ours: %v", ours)
	}

	addBlock(t, app, srv, map[string]any{"actor": f.actor(), "severity": "block"})
	if status, out := lookupAs(t, srv, alice, m["mem"]); status != 403 {
		t.Errorf("a blocked actor: %d %v, want 403", status, out)
	}
	if status, out := lookupAs(t, srv, "bob@"+f.host(), m["mem"]); status != 200 || out["name"] != "Bob" {
		t.Errorf("bob, not blocked: %d %v", status, out)
	}
}

// TestLookupOff: with federation off for the community the lookup is 403.
func TestLookupOff(t *testing.T) {
	t.Parallel()
	_, srv, f, m := inboxWorld(t, false)
	if status, out := lookupAs(t, srv, "alice@"+f.host(), m["ana"]); status != 403 {
		t.Errorf("federation off: %d %v, want 403", status, out)
	}
}

// followingRow is member's follow of actor as stored ("" state when there is none).
func followingRow(t testing.TB, app core.App, member *core.Record, actor string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("federation_following", "actor", actor)
	if err != nil || r.GetString("user") != member.Id {
		return nil
	}
	return r
}

// deliveredOf waits for a delivery of kind to path and returns its body.
func deliveredOf(t testing.TB, f *fakeServer, path, kind string, n int) map[string]any {
	t.Helper()
	var found []map[string]any
	waitFor(t, kind+" delivered to "+path, func() bool {
		found = nil
		for _, d := range f.deliveries() {
			if d.Path == path && d.Body["type"] == kind {
				found = append(found, d.Body)
			}
		}
		return len(found) >= n
	})
	return found[n-1]
}

// acceptOf is Mastodon's Accept of a Follow (AcceptFollowSerializer): the Follow embedded
// with its id, actor and object.
func acceptOf(f *fakeServer, actor, kind string, follow map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams",
		"id": actor + "#accepts/follows/1", "type": kind, "actor": actor,
		"object": map[string]any{"id": follow["id"], "type": "Follow", "actor": follow["actor"], "object": follow["object"]}})
	return b
}

// TestFollowOut: Ana (federated) follows alice by address. The follow is requested and a
// Follow signed with Ana's key reaches alice's inbox; an Accept of it by another actor
// (bob) changes nothing, alice's makes it accepted (the lookup says so, Ana's following
// collection lists alice). Unfollowing sends the Undo of that Follow and forgets it.
// Mem, not federated, is told to turn federation on; a Reject forgets a follow.
func TestFollowOut(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	alice := "alice@" + f.host()
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"@`+alice+`"}`, m["mem"]); status != 403 ||
		!strings.Contains(out["message"].(string), "Settings") {
		t.Errorf("a member who is not federated: %d %v, want 403 naming Settings", status, out)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"nobody"}`, m["ana"]); status != 400 || out["data"].(map[string]any)["acct"] == nil {
		t.Errorf("a malformed address: %d %v", status, out)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"`+alice+`","userId":"x"}`, m["ana"]); status != 400 || out["data"].(map[string]any)["acct"] == nil {
		t.Errorf("both fields: %d %v", status, out)
	}
	status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"@`+alice+`"}`, m["ana"])
	if status != 200 || out["following"] != "requested" || out["acct"] != alice {
		t.Fatalf("follow alice: %d %v", status, out)
	}
	follow := deliveredOf(t, f, "/users/alice/inbox", "Follow", 1)
	if follow["actor"] != base+"/ap/users/ana" || follow["object"] != f.actor() {
		t.Fatalf("the Follow: %v", follow)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r == nil || r.GetString("state") != "requested" || r.GetString("follow") != follow["id"] {
		t.Fatalf("the follow row: %v", r)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"`+alice+`"}`, m["ana"]); status != 200 || out["following"] != "requested" {
		t.Errorf("following again: %d %v", status, out)
	}

	bob := f.srv.URL + "/users/bob"
	if status, body := send(t, f.signedAs(bob+"#main-key", srv+"/ap/inbox", acceptOf(f, bob, "Accept", follow), time.Now(), nil)); status != 202 {
		t.Fatalf("bob's Accept: %d %s", status, body)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r == nil || r.GetString("state") != "requested" {
		t.Errorf("an Accept by another actor changed the follow: %v", r)
	}
	if status, body := send(t, f.signed(srv+"/ap/users/ana/inbox", acceptOf(f, f.actor(), "Accept", follow), time.Now(), nil)); status != 202 {
		t.Fatalf("alice's Accept: %d %s", status, body)
	}
	if _, out := lookupAs(t, srv, alice, m["ana"]); out["following"] != "accepted" {
		t.Errorf("after the Accept the lookup says %v", out["following"])
	}
	if list := followingOf(t, srv, m["ana"]); len(list) != 1 || list[0]["acct"] != alice || list[0]["following"] != "accepted" ||
		list[0]["name"] != "Alice" || !strings.HasPrefix(list[0]["avatar"].(string), "/ap/avatars/") {
		t.Errorf("Ana's following list: %v", list)
	}
	if list := followingOf(t, srv, m["mem"]); len(list) != 0 {
		t.Errorf("Mem's following list: %v", list)
	}
	_, _, page := get(t, srv, "/ap/users/ana/following", ap)
	var coll struct {
		TotalItems   int      `json:"totalItems"`
		OrderedItems []string `json:"orderedItems"`
	}
	if err := json.Unmarshal([]byte(page), &coll); err != nil || coll.TotalItems != 1 || len(coll.OrderedItems) != 1 || coll.OrderedItems[0] != f.actor() {
		t.Errorf("Ana's following: %s", page)
	}

	if status, out := asMember(t, srv, "DELETE", "/api/follow/"+url.PathEscape("@"+alice), "", m["ana"]); status != 200 || out["following"] != "none" {
		t.Fatalf("unfollow: %d %v", status, out)
	}
	undo := deliveredOf(t, f, "/users/alice/inbox", "Undo", 1)
	if inner, _ := undo["object"].(map[string]any); inner["id"] != follow["id"] || inner["type"] != "Follow" || undo["actor"] != base+"/ap/users/ana" {
		t.Errorf("the Undo: %v", undo)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("the follow stays after the unfollow: %v", r)
	}

	// followed again, then rejected
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"`+alice+`"}`, m["ana"]); status != 200 || out["following"] != "requested" {
		t.Fatalf("follow again: %d %v", status, out)
	}
	again := deliveredOf(t, f, "/users/alice/inbox", "Follow", 2)
	if status, body := send(t, f.signed(srv+"/ap/inbox", acceptOf(f, f.actor(), "Reject", again), time.Now(), nil)); status != 202 {
		t.Fatalf("alice's Reject: %d %s", status, body)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("a rejected follow stays: %v", r)
	}
	if _, out := lookupAs(t, srv, alice, m["ana"]); out["following"] != "none" {
		t.Errorf("after the Reject the lookup says %v", out["following"])
	}
}

// getAs GETs path as member and decodes its JSON answer into out, failing t unless 200.
func getAs(t testing.TB, srv, path string, member *core.Record, out any) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+path, nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, member))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", path, res.StatusCode, err)
	}
}

// followingOf is GET /api/federation/following as member.
func followingOf(t testing.TB, srv string, member *core.Record) []map[string]any {
	t.Helper()
	var out []map[string]any
	getAs(t, srv, "/api/federation/following", member, &out)
	return out
}

// TestFollowOutLocal: an address on our own host follows and unfollows the member of ours
// as by id, with no network.
func TestFollowOutLocal(t *testing.T) {
	t.Parallel()
	app, srv, _, m := inboxWorld(t, true)
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"pub@`+host+`"}`, m["ana"]); status != 200 || out["userId"] != m["pub"].Id || out["following"] != "accepted" {
		t.Fatalf("follow pub by address: %d %v", status, out)
	}
	if n, _ := app.CountRecords("follows"); n != 1 {
		t.Errorf("follows after following pub by address: %d", n)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"ana@`+host+`"}`, m["ana"]); status != 400 {
		t.Errorf("follow myself by address: %d %v", status, out)
	}
	if status, out := asMember(t, srv, "DELETE", "/api/follow/pub@"+host, "", m["ana"]); status != 200 || out["following"] != "none" {
		t.Errorf("unfollow pub by address: %d %v", status, out)
	}
	if n, _ := app.CountRecords("follows"); n != 0 {
		t.Errorf("follows after unfollowing pub by address: %d", n)
	}
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"userId":"`+m["pub"].Id+`"}`, testutil.CreateUser(t, app, "Zed")); status != 200 || out["following"] != true {
		t.Errorf("the local follow by id: %d %v", status, out)
	}
}

// TestFollowOutMove: alice, whom Ana follows, moves to bob (who names alice in
// alsoKnownAs): Ana's follow becomes a follow of bob, with a new Follow to bob's inbox.
func TestFollowOutMove(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"alice@`+f.host()+`"}`, m["ana"]); status != 200 {
		t.Fatalf("follow alice: %d %v", status, out)
	}
	follow := deliveredOf(t, f, "/users/alice/inbox", "Follow", 1)
	if status, body := send(t, f.signed(srv+"/ap/inbox", acceptOf(f, f.actor(), "Accept", follow), time.Now(), nil)); status != 202 {
		t.Fatalf("Accept: %d %s", status, body)
	}
	bob := f.srv.URL + "/users/bob"
	f.mu.Lock()
	f.bobAliases = []string{f.actor()}
	f.mu.Unlock()
	if status, body := send(t, f.signed(srv+"/ap/inbox", moveOf(f, f.actor(), bob), time.Now(), nil)); status != 202 {
		t.Fatalf("Move: %d %s", status, body)
	}
	toBob := deliveredOf(t, f, "/users/bob/inbox", "Follow", 1)
	if toBob["object"] != bob || toBob["actor"] != base+"/ap/users/ana" {
		t.Errorf("the Follow of bob: %v", toBob)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("the follow of alice stays: %v", r)
	}
	if r := followingRow(t, app, m["ana"], bob); r == nil || r.GetString("state") != "requested" || r.GetString("acct") != "bob@"+f.host() {
		t.Errorf("the follow of bob: %v", r)
	}
}

// TestLeavingUndoesFollows: Ana, who follows alice, turns federation off: the follow is
// forgotten and its Undo still reaches alice (a retraction, as a Delete is), so alice's
// server stops listing Ana among its followers.
func TestLeavingUndoesFollows(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	followingAlice(t, srv, f, m["ana"])
	if status, out := asMember(t, srv, "PATCH", "/api/user/settings", `{"federated":false}`, m["ana"]); status != 200 {
		t.Fatalf("federation off: %d %v", status, out)
	}
	undo := deliveredOf(t, f, "/users/alice/inbox", "Undo", 1)
	if inner, _ := undo["object"].(map[string]any); inner["type"] != "Follow" || inner["object"] != f.actor() {
		t.Errorf("the Undo: %v", undo)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("the follow stays: %v", r)
	}
}

// TestSuspensionUndoesFollows: a moderator suspends Ana, who follows alice: the follow is
// forgotten and its Undo reaches alice, as when Ana leaves the fediverse herself.
func TestSuspensionUndoesFollows(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	followingAlice(t, srv, f, m["ana"])
	ana, err := app.FindRecordById("users", m["ana"].Id)
	if err != nil {
		t.Fatal(err)
	}
	ana.Set("suspended", true)
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	undo := deliveredOf(t, f, "/users/alice/inbox", "Undo", 1)
	if inner, _ := undo["object"].(map[string]any); inner["type"] != "Follow" || inner["object"] != f.actor() {
		t.Errorf("the Undo: %v", undo)
	}
	if r := followingRow(t, app, m["ana"], f.actor()); r != nil {
		t.Errorf("the follow stays: %v", r)
	}
}

// TestLookupCannotPoisonKeys: eve's server says eve's key is alice's (another server's key
// id, with eve's key). Looking eve up must not make us verify alice's requests with it:
// alice's next signed request still verifies.
func TestLookupCannotPoisonKeys(t *testing.T) {
	t.Parallel()
	_, srv, f, m := inboxWorld(t, true)
	evil := newFakeServer(t, srv)
	evil.mu.Lock()
	evil.eveKeyID = f.keyID()
	evil.mu.Unlock()
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-k1"), time.Now(), nil)); status != 202 {
		t.Fatalf("alice's Follow: %d %s", status, body)
	}
	if status, out := lookupAs(t, srv, "eve@"+evil.host(), m["mem"]); status != 200 || out["name"] != "Eve" {
		t.Fatalf("eve: %d %v", status, out)
	}
	if status, body := send(t, f.signed(srv+"/ap/inbox", undoOf(f, "ana", "follow-k1"), time.Now(), nil)); status != 202 {
		t.Errorf("alice's next request after looking eve up: %d %s", status, body)
	}
}
