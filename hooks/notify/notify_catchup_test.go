package notify_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// rowsOf counts the notification rows written for user, straight from the database.
func rowsOf(t testing.TB, app core.App, user string) int {
	t.Helper()
	n, err := app.CountRecords("notifications", dbx.HashExp{"user": user})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestPostNoticeWrittenWhenRead: a post's fan-out writes nothing for a follower who is
// away (no app open, no push subscription); the follower's unread count, list and
// mark-all-read catch up on it, once, dated as the post.
func TestPostNoticeWrittenWhenRead(t *testing.T) {
	t.Parallel()
	app, srv, _ := servedCommunity(t)
	a := post(t, app, "anapostlazy0001", ana, "movie_review", "Heat")
	if n := rowsOf(t, app, bea); n != 0 {
		t.Fatalf("the fan-out wrote %d notices for Bea, who is away", n)
	}
	cookie := cookieOf(t, app, bea)
	get := func(path string) string {
		t.Helper()
		res, body := request(t, srv, http.MethodGet, path, cookie)
		if res != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res, body)
		}
		return body
	}
	if got := get("/api/notifications/unread-count"); got != `{"count":1}` {
		t.Fatalf("unread count: %s", got)
	}
	list := get("/api/notifications")
	if !strings.Contains(list, `"message":"Ana reviewed Heat"`) || !strings.Contains(list, `"type":"movie_review"`) ||
		strings.Count(list, `"entityId":`) != 1 {
		t.Fatalf("list: %s", list)
	}
	r, err := app.FindFirstRecordByFilter("notifications", "user = {:u}", dbx.Params{"u": bea})
	if err != nil || r.GetDateTime("created").String() != a.GetDateTime("created").String() {
		t.Fatalf("the notice is dated as the post: %v %v (%v)", r.GetDateTime("created"), a.GetDateTime("created"), err)
	}
	if res, body := request(t, srv, http.MethodPatch, "/api/notifications/mark-all-read", cookie); res != 200 {
		t.Fatalf("mark all read: %d %s", res, body)
	}
	if got := get("/api/notifications/unread-count"); got != `{"count":0}` || rowsOf(t, app, bea) != 1 {
		t.Fatalf("a post is told once: %s, %d rows", got, rowsOf(t, app, bea))
	}
	// A post made while Bea was away and before she marks all read is read with the rest.
	post(t, app, "anapostlazy0002", ana, "movie_rating", "Alien")
	if res, _ := request(t, srv, http.MethodPatch, "/api/notifications/mark-all-read", cookie); res != 200 ||
		get("/api/notifications/unread-count") != `{"count":0}` || rowsOf(t, app, bea) != 2 {
		t.Fatalf("mark all read catches up first: %d rows", rowsOf(t, app, bea))
	}
}

// TestCatchUpTellsOnlyWhatTheMemberMaySee is a table of roles: who is told of a post by
// the member they follow when they look, and who is not.
func TestCatchUpTellsOnlyWhatTheMemberMaySee(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	author := testutil.CreateUser(t, app, "Ana")
	roles := []struct {
		name     string
		before   func(member string) // before the post
		after    func(member string, post *core.Record)
		toldOnce bool
	}{
		{"a follower", nil, nil, true},
		{"a member who follows nobody", func(string) {}, nil, false},
		{"a follower who muted new posts", func(m string) { setField(t, app, "users", m, "muteNewPosts", true) }, nil, false},
		{"a follower the author blocked", nil, func(m string, _ *core.Record) { must(t, moderation.Block(app, author.Id, m)) }, false},
		{"a follower who blocked the author", nil, func(m string, _ *core.Record) { must(t, moderation.Block(app, m, author.Id)) }, false},
		{"a follower of a suspended author", nil, func(string, *core.Record) { setField(t, app, "users", author.Id, "suspended", true) }, false},
		{"a follower, of a post a moderator hid", nil, func(_ string, p *core.Record) { setField(t, app, "activities", p.Id, "hidden", true) }, false},
		{"a follower, of a private post", nil, func(_ string, p *core.Record) { setField(t, app, "activities", p.Id, "audience", "private") }, false},
		{"a follower, of a deleted post", nil, func(_ string, p *core.Record) { must(t, app.Delete(p)) }, false},
	}
	for i, role := range roles {
		member := testutil.CreateUser(t, app, fmt.Sprintf("Role%c", 'a'+i))
		if role.before == nil || role.name != "a member who follows nobody" {
			must(t, social.Follow(app, member.Id, author.Id))
		}
		if role.before != nil {
			role.before(member.Id)
		}
		time.Sleep(2 * time.Millisecond)
		p := post(t, app, fmt.Sprintf("rolepost%07d", i), author.Id, "movie_review", "Heat")
		if role.after != nil {
			role.after(member.Id, p)
		}
		fresh := mustUser(t, app, member.Id)
		for range 2 { // looking twice tells once
			must(t, notify.CatchUp(app, fresh))
		}
		if got := rowsOf(t, app, member.Id); got != map[bool]int{true: 1, false: 0}[role.toldOnce] {
			t.Errorf("%s: %d notices", role.name, got)
		}
		setField(t, app, "users", author.Id, "suspended", false)
	}
	// A member who follows after the post is not told of it; of the next one, they are.
	late := testutil.CreateUser(t, app, "Late")
	before := post(t, app, "latepost0000001", author.Id, "movie_review", "Heat")
	time.Sleep(2 * time.Millisecond)
	must(t, social.Follow(app, late.Id, author.Id))
	must(t, notify.CatchUp(app, late))
	time.Sleep(2 * time.Millisecond)
	next := post(t, app, "latepost0000002", author.Id, "movie_review", "Alien")
	must(t, notify.CatchUp(app, late))
	if r, err := app.FindAllRecords("notifications", dbx.HashExp{"user": late.Id}); err != nil || len(r) != 1 ||
		r[0].GetString("entityId") != next.Id {
		t.Fatalf("the late follower: %d notices (%v), want one of %s, none of %s", len(r), err, next.Id, before.Id)
	}
}

// TestCatchUpConcurrentAndBounded: a member's app asks for the count and the list at
// once: the notices of a post are written once. A member away for long is told of the
// newest 200 posts.
func TestCatchUpConcurrentAndBounded(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	col, _ := app.FindCollectionByNameOrId("activities")
	start := time.Now().Add(time.Second)
	for i := range 250 {
		a := core.NewRecord(col)
		a.Id = fmt.Sprintf("bulkpost%07d", i)
		a.Load(map[string]any{"user": ana, "type": "movie_watched", "data": map[string]any{"movieTitle": fmt.Sprint("Film ", i)}})
		a.SetRaw("created", start.Add(time.Duration(i)*time.Millisecond).UTC().Format("2006-01-02 15:04:05.000Z"))
		must(t, app.SaveNoValidate(a))
	}
	notify.Drain()
	bea := mustUser(t, app, bea)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := notify.CatchUp(app, bea); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got := inbox(t, app, bea.Id)
	if len(got) != 200 || got[0] != "new_post: Ana watched Film 249" || got[199] != "new_post: Ana watched Film 50" {
		t.Fatalf("%d notices, newest %q, oldest %q; want the newest 200 once each", len(got), got[0], got[len(got)-1])
	}
}

// request sends one request as the member with cookie and returns the status and body.
func request(t testing.TB, srv *httptest.Server, method, path, cookie string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, srv.URL+path, nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, strings.TrimSpace(string(body))
}

func mustUser(t testing.TB, app core.App, id string) *core.Record {
	t.Helper()
	u, err := app.FindRecordById("users", id)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// setField sets one field of a record straight in the database (a moderator's change in
// the dashboard).
func setField(t testing.TB, app core.App, collection, id, field string, value any) {
	t.Helper()
	if _, err := app.DB().Update(collection, dbx.Params{field: value}, dbx.HashExp{"id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
}
