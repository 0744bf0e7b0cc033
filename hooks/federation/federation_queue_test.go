package federation_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// asMember sends a JSON request to our server as member.
func asMember(t testing.TB, srv, method, path, body string, member *core.Record) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(method, srv+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", testutil.SessionCookie(t, member))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(data, &out)
	return res.StatusCode, out
}

// addFollower stores actor of f as member's follower, as an earlier Follow did (for
// members who cannot be followed now: they turned federation off since).
func addFollower(t testing.TB, app core.App, member *core.Record, f *fakeServer, actor string) {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("federation_followers")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Set("user", member.Id)
	r.Set("actor", actor)
	r.Set("inbox", actor+"/inbox")
	r.Set("sharedInbox", f.srv.URL+"/inbox")
	r.Set("host", strings.TrimPrefix(f.srv.URL, "http://"))
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
}

// byType are the deliveries of type typ.
func byType(ds []delivery, typ string) []delivery {
	var out []delivery
	for _, d := range ds {
		if d.Body["type"] == typ {
			out = append(out, d)
		}
	}
	return out
}

func pending(t testing.TB, app core.App) []*core.Record {
	t.Helper()
	rows, err := app.FindAllRecords("federation_deliveries")
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestDeliveryOfPosts: alice and bob, on one Mastodon server, follow Ana. Ana's new
// review (through the diary route, the posting seam) reaches their server once, at its
// shared inbox, as a signed Create of the Note her outbox serves; deleting it sends
// Delete of that Note. Posts by members who may not be seen (who stays local, not
// public, suspended) reach nobody, though they kept followers from earlier.
func TestDeliveryOfPosts(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-a"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	addFollower(t, app, m["ana"], f, f.srv.URL+"/users/bob")
	for _, who := range []string{"pub", "non", "sus"} {
		addFollower(t, app, m[who], f, f.actor())
	}
	waitFor(t, "the Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 1 })

	testutil.CreateActivity(t, app, "susreview000002", m["sus"].Id, "movie_review", time.Now(), map[string]any{
		"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "A suspended member's review."}) // suspended members cannot sign in
	for _, who := range []string{"pub", "non", "ana"} {
		status, out := asMember(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":7.5,"review":"Still bends my mind."}`, m[who])
		if status != 200 && status != 201 {
			t.Fatalf("%s logs a review: %d %v", who, status, out)
		}
	}
	waitFor(t, "the Create", func() bool { return len(byType(f.deliveries(), "Create")) >= 1 })
	time.Sleep(300 * time.Millisecond) // anything else queued has had its chance
	creates := byType(f.deliveries(), "Create")
	if len(creates) != 1 {
		t.Fatalf("%d Creates delivered, want 1 (Ana's, once for the server): %v", len(creates), creates)
	}
	c := creates[0]
	note, _ := c.Body["object"].(map[string]any)
	if c.Path != "/inbox" || c.Body["actor"] != base+"/ap/users/ana" || c.Body["@context"] != "https://www.w3.org/ns/activitystreams" ||
		note["type"] != "Note" || note["attributedTo"] != base+"/ap/users/ana" || !strings.Contains(note["content"].(string), "The Matrix") ||
		!strings.Contains(note["content"].(string), "Still bends my mind.") {
		t.Fatalf("the Create: %s %v", c.Path, c.Body)
	}
	noteID := note["id"].(string)
	postID := noteID[strings.LastIndex(noteID, "/")+1:]
	// the Note is the one Ana's outbox serves at that address
	if status, _, body := get(t, srv, strings.TrimPrefix(noteID, base), ap); status != 200 || !strings.Contains(body, "Still bends my mind.") {
		t.Errorf("the Note's address: %d %s", status, body)
	}

	if status, out := asMember(t, srv, "DELETE", "/api/activities/"+postID, "", m["ana"]); status >= 300 {
		t.Fatalf("deleting the review: %d %v", status, out)
	}
	waitFor(t, "the Delete", func() bool { return len(byType(f.deliveries(), "Delete")) == 1 })
	d := byType(f.deliveries(), "Delete")[0]
	obj, _ := d.Body["object"].(map[string]any)
	if d.Path != "/inbox" || obj["id"] != noteID || obj["type"] != "Tombstone" || d.Body["actor"] != base+"/ap/users/ana" {
		t.Errorf("the Delete: %s %v", d.Path, d.Body)
	}
	waitFor(t, "an empty queue", func() bool { return len(pending(t, app)) == 0 })
	if n, err := app.CountRecords("federation_payloads"); err != nil || n != 0 {
		t.Errorf("%d bodies left once everything was delivered (%v)", n, err)
	}
}

// followWhileDown has alice follow Ana while her server answers the next refusals
// deliveries with 503 (or status), and returns once the Accept's first attempt failed,
// with its row.
func followWhileDown(t *testing.T, refusals int, status ...int) (*tests.TestApp, *fakeServer, *core.Record) {
	app, srv, f, _ := inboxWorld(t, true)
	f.mu.Lock()
	f.refuse = refusals
	if len(status) > 0 {
		f.refusal = status[0]
	}
	f.mu.Unlock()
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-down"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	var row *core.Record
	waitFor(t, "a failed attempt", func() bool {
		rows := pending(t, app)
		if len(rows) == 1 && rows[0].GetInt("attempts") == 1 {
			row = rows[0]
			return true
		}
		return false
	})
	return app, f, row
}

// dueNow makes every queued delivery due (its backoff has passed).
func dueNow(t *testing.T, app core.App, also string) {
	t.Helper()
	if _, err := app.DB().NewQuery("UPDATE federation_deliveries SET nextAttempt = '2000-01-01 00:00:00.000Z'" + also).Execute(); err != nil {
		t.Fatal(err)
	}
}

// TestDeliveryRetries: a server that is down gets the delivery again once its backoff
// is due, and the row records the attempt and the error until then.
func TestDeliveryRetries(t *testing.T) {
	t.Parallel()
	app, f, row := followWhileDown(t, 1)
	if !strings.Contains(row.GetString("lastError"), "503") || row.GetString("state") != "pending" ||
		row.GetDateTime("nextAttempt").Time().Before(time.Now().Add(20*time.Second)) {
		t.Fatalf("after a 503: %v", row)
	}
	if len(f.deliveries()) != 0 {
		t.Fatal("a refused delivery counted as delivered")
	}
	dueNow(t, app, "")
	waitFor(t, "the retried Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 1 })
	waitFor(t, "an empty queue", func() bool { return len(pending(t, app)) == 0 })
}

// TestDeliveryFailureRecordedOnABrokenRow: a row that no longer validates (its body gone
// from under it) still records its failed attempt and waits its backoff, rather than
// being tried again at once in a loop.
func TestDeliveryFailureRecordedOnABrokenRow(t *testing.T) {
	t.Parallel()
	app, _, _ := followWhileDown(t, 1000)
	dueNow(t, app, ", payload = 'nosuchpayload00'")
	waitFor(t, "the second attempt recorded", func() bool { r := pending(t, app); return len(r) == 1 && r[0].GetInt("attempts") == 2 })
	time.Sleep(2500 * time.Millisecond) // past a poll
	r := pending(t, app)
	if len(r) != 1 || r[0].GetInt("attempts") != 2 || !r[0].GetDateTime("nextAttempt").Time().After(time.Now()) {
		t.Fatalf("a broken row was tried again before its backoff: %v", r)
	}
}

// TestDeliveryWithdrawnWhenHidden: what a member queued while a server was down is not
// sent once they are suspended, nor once they leave the fediverse: the rows go.
func TestDeliveryWithdrawnWhenHidden(t *testing.T) {
	t.Parallel()
	for _, change := range []string{"suspended", "federated", "public"} {
		app, f, _ := followWhileDown(t, 1)
		ana, err := app.FindFirstRecordByData("users", "handle", "ana")
		if err != nil {
			t.Fatal(err)
		}
		ana.Set(change, change == "suspended")
		if err := app.Save(ana); err != nil {
			t.Fatal(err)
		}
		dueNow(t, app, "")
		waitFor(t, "the withdrawn row to go", func() bool { return len(pending(t, app)) == 0 })
		if d := f.deliveries(); len(d) != 0 {
			t.Errorf("%s changed: %d deliveries still went out: %v", change, len(d), d)
		}
	}
}

// TestDeliveryRefusedForGood: a server that answers 400, 403, 410 or 501 understood and
// refused: the row is kept as failed at once, not retried; 429, 408 and 401 (a server
// that still holds our key from before a rotation) are retried.
func TestDeliveryRefusedForGood(t *testing.T) {
	t.Parallel()
	for status, final := range map[int]bool{400: true, 403: true, 410: true, 501: true, 429: false, 408: false, 401: false, 500: false} {
		_, _, row := followWhileDown(t, 1, status)
		if got := row.GetString("state") == "failed"; got != final {
			t.Errorf("after a %d: state %q, want failed=%v", status, row.GetString("state"), final)
		}
		if !strings.Contains(row.GetString("lastError"), strconv.Itoa(status)) {
			t.Errorf("after a %d: last error %q", status, row.GetString("lastError"))
		}
	}
}

// TestDeliveryGivesUp: a delivery still failing two days after it was queued is kept as
// failed, with its error, and not tried again.
func TestDeliveryGivesUp(t *testing.T) {
	t.Parallel()
	app, _, _ := followWhileDown(t, 1000)
	dueNow(t, app, ", created = datetime('now', '-49 hours')")
	waitFor(t, "giving up", func() bool { r := pending(t, app); return len(r) == 1 && r[0].GetString("state") == "failed" })
	time.Sleep(2500 * time.Millisecond) // past a poll
	if r := pending(t, app); r[0].GetInt("attempts") != 2 {
		t.Errorf("a failed delivery was tried again: %d attempts", r[0].GetInt("attempts"))
	}
}

// TestDeliveryQueueSurvivesRestart: posts queued while no worker runs (the server was
// stopped) are delivered when it starts, no more than perHostLimit at once to one host.
func TestDeliveryQueueSurvivesRestart(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	// the fake server answers slowly and counts how many deliveries it serves at once
	f := newFakeServer(t, "")
	var mu sync.Mutex
	now, most := 0, 0
	slow := f.srv.Config.Handler
	f.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" {
			mu.Lock()
			now++
			most = max(most, now)
			mu.Unlock()
			time.Sleep(150 * time.Millisecond)
			defer func() { mu.Lock(); now--; mu.Unlock() }()
		}
		slow.ServeHTTP(w, r)
	})
	addFollower(t, app, m["ana"], f, f.actor())
	for i := range 6 {
		testutil.CreateActivity(t, app, "anaqueued00000"+string(rune('a'+i)), m["ana"].Id, "movie_rating", time.Now(), map[string]any{
			"movieId": 550 + i, "movieTitle": "Film", "movieYear": 1999, "rating": 7})
	}
	if n := len(pending(t, app)); n != 6 {
		t.Fatalf("%d deliveries queued, want 6", n)
	}
	f.setOurs(testutil.Serve(t, app).URL) // the server starts: so does its worker
	waitFor(t, "the six Creates", func() bool { return len(byType(f.deliveries(), "Create")) == 6 })
	waitFor(t, "an empty queue", func() bool { return len(pending(t, app)) == 0 })
	mu.Lock()
	defer mu.Unlock()
	if most > 2 || most < 1 {
		t.Errorf("the host got %d deliveries at once, want at most 2", most)
	}
}

// TestNothingQueuedWhileOff: while the community's federation is off, a member who
// opted in and kept followers from before queues nothing when they post or delete.
func TestNothingQueuedWhileOff(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, false)
	addFollower(t, app, m["ana"], f, f.actor())
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	if status, out := asMember(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":9}`, m["ana"]); status >= 300 {
		t.Fatalf("logging a rating: %d %v", status, out)
	}
	if status, out := asMember(t, srv, "DELETE", "/api/activities/anarating000001", "", m["ana"]); status >= 300 {
		t.Fatalf("deleting a rating: %d %v", status, out)
	}
	if rows := pending(t, app); len(rows) != 0 {
		t.Errorf("%d deliveries queued while federation is off", len(rows))
	}
}

// TestFanOutOffTheRequest: a post by a member with remote followers queues one row, for
// all of them, whatever their number; the worker turns it into one delivery per server
// (followers sharing a server's inbox get it once), then the row is gone.
func TestFanOutOffTheRequest(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	one, two := newFakeServer(t, ""), newFakeServer(t, "")
	addFollower(t, app, m["ana"], one, one.actor())
	addFollower(t, app, m["ana"], one, one.srv.URL+"/users/carol")
	addFollower(t, app, m["ana"], two, two.actor())
	testutil.CreateActivity(t, app, "anafanout000001", m["ana"].Id, "movie_rating", time.Now(), map[string]any{
		"movieId": 550, "movieTitle": "Film", "movieYear": 1999, "rating": 7})
	if rows := pending(t, app); len(rows) != 1 || rows[0].GetString("inbox") != "followers" {
		t.Fatalf("the post queued %d rows, want the one for all followers: %v", len(rows), rows)
	}
	srv := testutil.Serve(t, app).URL // the worker starts
	one.setOurs(srv)
	two.setOurs(srv)
	waitFor(t, "a Create on each server", func() bool {
		return len(byType(one.deliveries(), "Create")) == 1 && len(byType(two.deliveries(), "Create")) == 1
	})
	waitFor(t, "an empty queue", func() bool { return len(pending(t, app)) == 0 })
	time.Sleep(500 * time.Millisecond)
	if n := len(byType(one.deliveries(), "Create")); n != 1 {
		t.Errorf("the server with two followers got the post %d times, want once (its shared inbox)", n)
	}
}
