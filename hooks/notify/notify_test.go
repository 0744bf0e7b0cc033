package notify_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/comments"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

var ana, bea, cal, dee = testutil.UserID("Ana"), testutil.UserID("Bea"), testutil.UserID("Cal"), testutil.UserID("Dee")

// members creates Ana, Bea, Cal and Dee; Bea and Cal follow Ana.
func members(t testing.TB, app core.App) {
	for _, n := range []string{"Bea", "Cal", "Dee"} {
		testutil.CreateUser(t, app, n)
	}
	for _, f := range []string{bea, cal} {
		if err := social.Follow(app, f, ana); err != nil {
			t.Fatal(err)
		}
	}
}

// servedCommunity serves a fresh app where Bea and Cal follow Ana and Dee follows nobody,
// with a context that ends the test's streams after 10 s at most.
func servedCommunity(t *testing.T) (*tests.TestApp, *httptest.Server, context.Context) {
	t.Helper()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	srv := testutil.Serve(t, app)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return app, srv, ctx
}

// post saves an activity by author with a fixed id.
func post(t testing.TB, app core.App, id, author, typ, title string) *core.Record {
	t.Helper()
	col, _ := app.FindCollectionByNameOrId("activities")
	a := core.NewRecord(col)
	a.Id = id
	a.Load(map[string]any{"user": author, "type": typ, "data": map[string]any{"movieTitle": title}})
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	notify.Drain()
	return a
}

// inbox lists a member's notification messages, newest first, as they open them (caught
// up on the posts of the members they follow).
func inbox(t testing.TB, app core.App, user string) []string {
	t.Helper()
	notify.Drain()
	member, err := app.FindRecordById("users", user)
	if err != nil {
		t.Fatal(err)
	}
	if err := notify.CatchUp(app, member); err != nil {
		t.Fatal(err)
	}
	records, err := app.FindRecordsByFilter("notifications", "user = {:u}", "-updated,-id", 0, 0, dbx.Params{"u": user})
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, r := range records {
		out = append(out, r.GetString("type")+": "+r.GetString("message"))
	}
	return out
}

// expectInbox compares a member's notifications regardless of order: several made in the
// same millisecond (two follows in a row) have no order of their own.
func expectInbox(t testing.TB, app core.App, user string, want ...string) {
	t.Helper()
	got := inbox(t, app, user)
	sorted := func(s []string) string { c := slices.Clone(s); slices.Sort(c); return strings.Join(c, " | ") }
	if sorted(got) != sorted(want) {
		t.Fatalf("%s's notifications:\n got %q\nwant %q", user, got, want)
	}
}

func TestNotificationsFromEvents(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	expectInbox(t, app, ana, "follow: Cal started following you", "follow: Bea started following you")

	a := post(t, app, "anapost00000001", ana, "movie_review", "The Matrix")
	expectInbox(t, app, bea, "movie_review: Ana reviewed The Matrix")
	expectInbox(t, app, dee) // not a follower

	for _, who := range []string{ana, bea, cal, dee} { // Ana's own like notifies nobody
		if _, err := social.Like(app, a.Id, who); err != nil {
			t.Fatal(err)
		}
	}
	got := inbox(t, app, ana)
	if !slices.Contains(got, "like: Dee and 2 others liked your review") || len(got) != 3 {
		t.Fatalf("likes must gather into one notification: %q", got)
	}

	c, err := comments.Create(app, a, bea, comments.Input{Content: "Whoa"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := comments.Create(app, a, cal, comments.Input{Content: "Agreed", ParentID: c.Id}); err != nil {
		t.Fatal(err)
	}
	if got := inbox(t, app, ana); !slices.Contains(got, "comment: Cal commented on your review") ||
		!slices.Contains(got, "comment: Bea commented on your review") {
		t.Fatalf("owner: %q", got)
	}
	if got := inbox(t, app, bea); !slices.Contains(got, "comment: Cal replied to your comment") {
		t.Fatalf("parent author: %q", got)
	}
}

func TestMutedNewPosts(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	u, _ := app.FindRecordById("users", cal)
	u.Set("muteNewPosts", true)
	if err := app.Save(u); err != nil {
		t.Fatal(err)
	}
	post(t, app, "anapost00000002", ana, "movie_rating", "Heat")
	expectInbox(t, app, bea, "new_post: Ana rated Heat")
	expectInbox(t, app, cal)
}

func TestNotificationRoutes(t *testing.T) {
	t.Parallel()
	setup := func(t testing.TB, app *tests.TestApp, me *core.Record) {
		members(t, app) // Bea and Cal follow Ana: two follow notifications, unread
		col, _ := app.FindCollectionByNameOrId("notifications")
		other := core.NewRecord(col)
		other.Id = "beanotification"
		other.Load(map[string]any{"user": bea, "actor": ana, "type": "follow", "message": "for Bea only"})
		if err := app.Save(other); err != nil {
			t.Fatal(err)
		}
	}
	type tc struct {
		name, method, url, body string
		status                  int
		contains, not           []string
		after                   func(testing.TB, *tests.TestApp, *http.Response)
	}
	unread := func(want int) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if n, _ := notify.UnreadCount(app, ana); n != want {
				t.Fatalf("unread %d, want %d", n, want)
			}
		}
	}
	cases := []tc{
		{name: "my notifications, newest first, with their actors", method: "GET", url: "/api/notifications", status: 200,
			contains: []string{`"type":"follow"`, `"message":"Cal started following you"`, `"entityType":"user"`, `"isRead":false`, `"actor":{"id":"` + cal + `"`},
			not:      []string{"for Bea only", `"email"`}},
		{name: "the unread count", method: "GET", url: "/api/notifications/unread-count", status: 200, contains: []string{`{"count":2}`}},
		{name: "mark all read", method: "PATCH", url: "/api/notifications/mark-all-read", status: 200, contains: []string{`"count":0`}, after: unread(0)},
		{name: "someone else's notification is not mine to read", method: "PATCH", url: "/api/notifications/beanotification/read",
			status: 404, contains: []string{`"status":404`}, after: unread(2)},
		{name: "settings: new posts on by default", method: "GET", url: "/api/user/notification-settings", status: 200, contains: []string{`{"newPosts":true,"episodeReviews":true}`}},
		{name: "settings: mute new posts", method: "PATCH", url: "/api/user/notification-settings", body: `{"newPosts":false}`, status: 200,
			contains: []string{`{"newPosts":false,"episodeReviews":true}`}, after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if u, _ := app.FindRecordById("users", ana); !u.GetBool("muteNewPosts") {
					t.Fatal("not saved")
				}
			}},
		{name: "settings: a wrong type is named", method: "PATCH", url: "/api/user/notification-settings", body: `{"newPosts":"no"}`, status: 400,
			contains: []string{`"newPosts":{"code":"validation_not_a_bool"`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		s := tests.ApiScenario{Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: testutil.SignedIn(h, "Ana", setup), ExpectedStatus: c.status,
			ExpectedContent: c.contains, NotExpectedContent: c.not, AfterTestFunc: c.after}
		if c.body != "" {
			s.Body = strings.NewReader(c.body)
		}
		s.Test(t)
	}
	h := map[string]string{}
	var id string
	s := &tests.ApiScenario{Name: "mark one read", Method: "PATCH", Headers: h, ExpectedStatus: 200,
		ExpectedContent: []string{`{"count":1}`}, AfterTestFunc: unread(1)}
	s.TestAppFactory = testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
		setup(t, app, me)
		r, err := app.FindFirstRecordByFilter("notifications", "user = {:u}", dbx.Params{"u": ana})
		if err != nil {
			t.Fatal(err)
		}
		id = r.Id
		s.URL = "/api/notifications/" + id + "/read"
	})
	s.Test(t)
	(&tests.ApiScenario{Name: "a visitor gets 401", Method: "GET", URL: "/api/notifications",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}}).Test(t)
}

func TestTargetURL(t *testing.T) {
	t.Parallel()
	cases := []struct{ typ, entityType, id, want string }{
		{"like", "activity", "a1", "/#activity-a1"},
		{"comment", "movie", "603", "/movie/603"},
		{"comment", "tv_show", "1396", "/tv/1396"},
		{"follow", "user", "u1", "/friends?tab=followers"},
		{"recommendation", "movie", "603", "/watchlist?tab=recommended"},
		{"new_post", "activity", "a2", "/#activity-a2"},
		{"challenge", "", "", "/challenges"},
		{"movie_collaboration", "movie", "603", "/movie/603"},
		{"mystery", "", "", "/"},
	}
	for _, c := range cases {
		if got := notify.TargetURL(c.typ, c.entityType, c.id); got != c.want {
			t.Errorf("%s/%s → %q, want %q", c.typ, c.entityType, got, c.want)
		}
	}
}

func TestDeletedPostTakesItsNotifications(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	a := post(t, app, "anapost00000003", ana, "movie_watched", "Alien")
	if _, err := social.Like(app, a.Id, bea); err != nil {
		t.Fatal(err)
	}
	if len(inbox(t, app, ana)) != 3 || len(inbox(t, app, bea)) != 1 {
		t.Fatalf("setup: %q %q", inbox(t, app, ana), inbox(t, app, bea))
	}
	if err := posts.Delete(app, a); err != nil {
		t.Fatal(err)
	}
	expectInbox(t, app, ana, "follow: Cal started following you", "follow: Bea started following you")
	expectInbox(t, app, bea)
}
