package hooks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
)

// scansAccepted are statements that may read a whole large table, by a phrase of their
// text, and why.
var scansAccepted = map[string]string{
	"WHERE 0=1": "PocketBase's query for no ids: SQLite tests the constant once and reads nothing",
	"LEFT JOIN (SELECT following, COUNT(*) AS n FROM follows GROUP BY following)": "the ranking of the most followed members (social_popular.go): made once, then off the request path at most every 10 minutes",
}

// TestNoRouteScansALargeTable: every statement the custom routes run (each route as the
// visitor, another member and the owner, as the authorization matrix calls them), planned
// with the statistics of the 10x data set (100,000 members, 10M posts; what PocketBase's
// PRAGMA optimize leaves there), searches its indexes: none reads the whole of a table
// that data set holds 100,000 rows of or more. The domains' plan tests pin their hot
// queries; this catches the statements no plan test names.
func TestNoRouteScansALargeTable(t *testing.T) {
	w := newAuthzWorld(t)
	var routes []string
	for p := range routeTable {
		routes = append(routes, p)
	}
	statements := testutil.Statements(func() {
		for _, role := range roles {
			for _, p := range callOrder(routes) {
				w.call(t, p, role)
			}
		}
	})
	scans, explained := testutil.LargeTableScans(t, w.app, statements, scansAccepted)
	for _, s := range scans {
		t.Errorf("a statement of the routes %s", s)
	}
	if explained < 300 {
		t.Fatalf("explained %d statements: the routes run more than that", explained)
	}
}

// TestMemberFlowsReadNoLargeTable: what members' writes set off besides their request
// (a post's fan-out to followers, comment and like counters, notices, an account's
// deletion in the background) reads no large table under the 10x statistics either.
// Ana, followed by Bea, logs and reviews films, likes, comments and replies, makes a
// list, then deletes her account; the statements run until her last row is gone.
func TestMemberFlowsReadNoLargeTable(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	testutil.CreateMovie(t, app, 680, "Pulp Fiction", 1994, 154)
	beaPost := testutil.CreateActivity(t, app, "beapost00000001", bea.Id, "movie_review", time.Now().Add(-time.Hour),
		map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "Good", "status": "watched"})
	srv, _ := serve(t, app)
	unthrottled(app)
	anaCookie, beaCookie := testutil.SessionCookie(t, ana), testutil.SessionCookie(t, bea)
	onPost := "/api/activities/" + beaPost.Id
	statements := testutil.Statements(func() {
		var made struct{ ID string }
		for _, s := range []struct{ what, method, path, body, cookie string }{
			{"Bea follows Ana", "POST", "/api/follow", `{"userId":"` + ana.Id + `"}`, beaCookie},
			{"Ana logs a film", "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":9,"review":"Whoa"}`, anaCookie},
			{"Ana rates another", "POST", "/api/user/movies", `{"movieId":680,"status":"watched","rating":8}`, anaCookie},
			{"Ana likes Bea's post", "POST", onPost + "/like", "", anaCookie},
			{"Ana comments", "POST", onPost + "/comments", `{"content":"Agreed"}`, anaCookie},
			{"Bea replies", "POST", onPost + "/comments", `{"content":"Thanks","parentCommentId":"{made}"}`, beaCookie},
			{"Ana makes a list", "POST", "/api/lists", `{"name":"Heists","visibility":"public"}`, anaCookie},
			{"Bea reads her notifications", "GET", "/api/notifications", "", beaCookie},
			{"Bea reads her feed", "GET", "/api/feed", "", beaCookie},
			{"Ana deletes her account", "DELETE", "/api/user", `{"password":"password123"}`, anaCookie},
		} {
			status, data := send(t, srv, s.method, s.path, strings.ReplaceAll(s.body, "{made}", made.ID), s.cookie)
			if status >= 300 {
				t.Fatalf("%s: %d %s", s.what, status, truncate(data))
			}
			_ = json.Unmarshal(data, &made)
		}
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if _, err := app.FindRecordById("users", ana.Id); err != nil {
				break
			}
		}
		time.Sleep(300 * time.Millisecond) // the fan-out's queue has had its turn
	})
	scans, explained := testutil.LargeTableScans(t, app, statements, scansAccepted)
	for _, s := range scans {
		t.Errorf("a statement of the members' flows %s", s)
	}
	if explained < 100 {
		t.Fatalf("explained %d statements", explained)
	}
}

// jobScansAccepted are statements of the cron jobs that may read a whole large table, by
// a phrase of their text, and why.
var jobScansAccepted = map[string]string{
	"n.type = 'year_review'": "the Year in Review notice, once a year on 25 December, goes to every member who logged a film that year",
}

// TestJobsReadNoLargeTable: each cron job, run once on a community with a little of
// everything, reads no large table under the 10x statistics, but for jobScansAccepted.
func TestJobsReadNoLargeTable(t *testing.T) {
	w := newAuthzWorld(t)
	statements := testutil.Statements(func() {
		for _, job := range w.app.Cron().Jobs() {
			job.Run()
		}
	})
	scans, explained := testutil.LargeTableScans(t, w.app, statements, jobScansAccepted)
	for _, s := range scans {
		t.Errorf("a statement of the jobs %s", s)
	}
	t.Logf("%d statements of %d jobs explained", explained, len(w.app.Cron().Jobs()))
}
