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
)

// requestsOf is member's pending follow requests as Settings › Fediverse reads them.
func requestsOf(t testing.TB, srv string, member *core.Record) []federation.FollowRequest {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+"/api/federation/requests", nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, member))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out []federation.FollowRequest
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 {
		t.Fatalf("follow requests: %d %v", res.StatusCode, err)
	}
	return out
}

// approving turns Ana's approval of followers on (or off) as Settings › Fediverse does.
func approving(t testing.TB, srv string, ana *core.Record, on bool) {
	t.Helper()
	body := `{"approveFollowers":false}`
	if on {
		body = `{"approveFollowers":true}`
	}
	if status, out := asMember(t, srv, "PATCH", "/api/user/settings", body, ana); status != 200 || out["approveFollowers"] != on {
		t.Fatalf("approveFollowers %v: %d %v", on, status, out)
	}
}

// TestFollowApproval: Ana approves her followers. Her actor says so; alice's Follow waits
// (no Accept, not counted, delivered nothing when Ana reviews) and is listed for Ana only;
// Ana accepts it (the Accept goes out, she counts alice, alice gets her next review). bob's
// request, declined, is forgotten with a Reject. Another member cannot answer Ana's
// requests; turning approval off accepts what still waits.
func TestFollowApproval(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	ana := m["ana"]
	approving(t, srv, ana, true)
	if _, _, doc := get(t, srv, "/ap/users/ana", ap); !strings.Contains(doc, `"manuallyApprovesFollowers":true`) {
		t.Fatalf("Ana's actor does not say she approves followers: %s", doc)
	}
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-1"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	if _, _, body := get(t, srv, "/ap/users/ana/followers", ap); !strings.Contains(body, `"totalItems":0`) {
		t.Errorf("a pending follower is counted: %s", body)
	}
	review := func(text string) {
		t.Helper()
		if status, out := asMember(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":8,"review":"`+text+`"}`, ana); status != 200 && status != 201 {
			t.Fatalf("Ana reviews: %d %v", status, out)
		}
	}
	review("First look.")
	time.Sleep(300 * time.Millisecond) // the worker would have delivered by now
	if ds := f.deliveries(); len(ds) != 0 {
		t.Fatalf("delivered to a pending follower: %v", ds)
	}
	reqs := requestsOf(t, srv, ana)
	if len(reqs) != 1 || reqs[0].Actor != f.actor() || reqs[0].From.Name != "Alice" || reqs[0].From.Acct != "@alice@"+hostOf(f) {
		t.Fatalf("Ana's requests: %+v", reqs)
	}
	if got := requestsOf(t, srv, m["pub"]); len(got) != 0 {
		t.Errorf("another member sees Ana's requests: %+v", got)
	}
	if status, _ := asMember(t, srv, "POST", "/api/federation/requests/"+reqs[0].ID+"/accept", "", m["pub"]); status != 404 {
		t.Errorf("another member accepts Ana's request: %d, want 404", status)
	}

	if status, out := asMember(t, srv, "POST", "/api/federation/requests/"+reqs[0].ID+"/accept", "", ana); status != 204 {
		t.Fatalf("accept: %d %v", status, out)
	}
	waitFor(t, "the Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 1 })
	if d := byType(f.deliveries(), "Accept")[0]; d.Path != "/users/alice/inbox" || d.Body["object"].(map[string]any)["id"] != f.srv.URL+"/follow-1" {
		t.Errorf("the Accept: %s %v", d.Path, d.Body)
	}
	if _, _, body := get(t, srv, "/ap/users/ana/followers", ap); !strings.Contains(body, `"totalItems":1`) {
		t.Errorf("an accepted follower is not counted: %s", body)
	}
	if status, _ := asMember(t, srv, "POST", "/api/federation/requests/"+reqs[0].ID+"/accept", "", ana); status != 404 {
		t.Errorf("accepting twice: %d, want 404", status)
	}
	review("Second look.")
	// the same film within the hour edits Ana's post: alice gets it as an Update
	waitFor(t, "the review", func() bool { return len(byType(f.deliveries(), "Create"))+len(byType(f.deliveries(), "Update")) == 1 })

	// bob asks; Ana declines: a Reject, and the request is gone
	bob := f.srv.URL + "/users/bob"
	addFollower(t, app, ana, f, bob)
	r, err := app.FindFirstRecordByData("federation_followers", "actor", bob)
	if err != nil {
		t.Fatal(err)
	}
	r.Set("pending", true)
	r.Set("follow", bob+"#follow-2")
	r.Set("inbox", f.srv.URL+"/inbox") // the fake server takes deliveries at its shared inbox
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if status, out := asMember(t, srv, "POST", "/api/federation/requests/"+r.Id+"/reject", "", ana); status != 204 {
		t.Fatalf("reject: %d %v", status, out)
	}
	waitFor(t, "the Reject", func() bool { return len(byType(f.deliveries(), "Reject")) == 1 })
	if d := byType(f.deliveries(), "Reject")[0]; d.Body["object"].(map[string]any)["id"] != bob+"#follow-2" {
		t.Errorf("the Reject: %v", d.Body)
	}
	if _, err := app.FindRecordById("federation_followers", r.Id); err == nil {
		t.Error("a declined request is still stored")
	}

	// carol waits; Ana stops approving: carol is accepted
	carol := f.srv.URL + "/users/carol"
	addFollower(t, app, ana, f, carol)
	c, _ := app.FindFirstRecordByData("federation_followers", "actor", carol)
	c.Set("pending", true)
	c.Set("follow", carol+"#follow-3")
	c.Set("inbox", f.srv.URL+"/inbox")
	if err := app.Save(c); err != nil {
		t.Fatal(err)
	}
	approving(t, srv, ana, false)
	waitFor(t, "carol's Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 2 })
	if got := requestsOf(t, srv, ana); len(got) != 0 {
		t.Errorf("requests left after approval is off: %+v", got)
	}
}
