package collab_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/collab"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

var ana, bea, cal, dee = testutil.UserID("Ana"), testutil.UserID("Bea"), testutil.UserID("Cal"), testutil.UserID("Dee")

// watchedTogether: Ana follows Bea and Cal; Bea follows Ana; Ana logs The Matrix (603)
// watched with Bea, rated 8 with a review.
func watchedTogether(t testing.TB, app core.App) {
	t.Helper()
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136, "Action")
	for _, n := range []string{"Bea", "Cal", "Dee"} {
		testutil.CreateUser(t, app, n)
	}
	for _, f := range [][2]string{{ana, bea}, {ana, cal}, {bea, ana}} {
		if err := social.Follow(app, f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	anaRec, _ := app.FindRecordById("users", ana)
	if _, _, err := diary.SaveEntry(context.Background(), app, anaRec, diary.EntryInput{
		Kind: catalog.Movie, TitleID: 603, Status: diary.StatusWatched, Rating: 8, Review: "Great together",
		WatchedWith: []string{bea}, WatchedAt: time.Now().UTC(),
	}); err != nil {
		t.Fatal(err)
	}
	notify.Drain()
}

// postFor shapes the collaborative post as viewer sees it.
func postFor(t testing.TB, app core.App, viewer string) map[string]any {
	t.Helper()
	a, err := app.FindFirstRecordByData("activities", "type", "collaborative_movie")
	if err != nil {
		t.Fatal(err)
	}
	item, err := social.LoadActivity(app, viewer, a)
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]any
	_ = json.Unmarshal(item.Data, &data)
	return data
}

func TestPendingThenRevealed(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	watchedTogether(t, app)

	if n, _ := app.CountRecords("activities"); n != 1 {
		t.Fatalf("one collaborative post, got %d activities", n)
	}
	forAna, forBea := postFor(t, app, ana), postFor(t, app, bea)
	if forAna["isCollaborationPending"] != true || forAna["currentUserCanRate"] != false || forBea["currentUserCanRate"] != true {
		t.Fatalf("pending state: ana %v, bea %v", forAna, forBea)
	}
	if _, leaked := forAna["rating"]; leaked || len(forAna["allParticipantRatings"].([]any)) != 0 {
		t.Fatalf("ratings must stay hidden until everyone rated: %v", forAna)
	}
	pending := forAna["pendingFriends"].([]any)
	if len(pending) != 1 || pending[0].(map[string]any)["firstName"] != "Bea" {
		t.Fatalf("pending friends %v", pending)
	}
	n, err := app.FindFirstRecordByFilter("notifications", "user = {:u} && type = 'movie_collaboration'", dbx.Params{"u": bea})
	if err != nil || n.GetString("entityId") != "603" || n.GetString("entityType") != "movie" {
		t.Fatalf("Bea must be invited to rate: %v %v", n, err)
	}
}

func TestRateRoutes(t *testing.T) {
	t.Parallel()
	setup := func(t testing.TB, app *tests.TestApp, me *core.Record) { watchedTogether(t, app) }
	as := func(h map[string]string, who string) func(testing.TB) *tests.TestApp {
		return testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			testutil.CreateUser(t, app, "Ana")
			setup(t, app, nil)
			u, _ := app.FindRecordById("users", who)
			h["Cookie"] = testutil.SessionCookie(t, u)
		})
	}
	type tc struct {
		name, who, method, url, body string
		status                       int
		contains                     []string
		after                        func(testing.TB, *tests.TestApp, *http.Response)
	}
	cases := []tc{
		{name: "the invited friend rates and both ratings are revealed", who: bea, method: "POST", url: "/api/user-movies",
			body: `{"tmdbId":603,"status":"watched","rating":9.04,"review":"Loved it"}`, status: 200,
			contains: []string{`"isCollaborationPending":false`, `"rating":8`, `"rating":9`, `"review":"Loved it"`, `"pendingFriends":[]`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords("activities"); n != 1 {
					t.Fatalf("the friend's rating must not post again: %d activities", n)
				}
				e, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u}", dbx.Params{"u": bea})
				if err != nil || e.GetFloat("rating") != 9 {
					t.Fatalf("the friend's diary keeps the rating: %v %v", e, err)
				}
			}},
		{name: "someone not invited gets 403", who: cal, method: "POST", url: "/api/user-movies",
			body: `{"tmdbId":603,"status":"watched","rating":7}`, status: 403, contains: []string{`"status":403`}},
		{name: "the author cannot rate twice", who: ana, method: "POST", url: "/api/user-movies",
			body: `{"tmdbId":603,"status":"watched","rating":7}`, status: 403, contains: []string{`"status":403`}},
		{name: "a rating of 0 is a 400", who: bea, method: "POST", url: "/api/user-movies",
			body: `{"tmdbId":603,"status":"watched","rating":0}`, status: 400, contains: []string{`"rating":{"code":"validation_required"`}},
		{name: "an unknown title is a 404", who: bea, method: "POST", url: "/api/user-movies",
			body: `{"tmdbId":999,"status":"watched","rating":5}`, status: 404, contains: []string{`"tmdbId"`}},
		{name: "the author edits only their own rating", who: ana, method: "PATCH", url: "/api/movies/603",
			body: `{"rating":6.5,"review":"On reflection","status":"watched"}`, status: 200,
			contains: []string{`"isCollaborationPending":true`}, after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				p, _ := app.FindFirstRecordByFilter("collaboration_participants", "user = {:u}", dbx.Params{"u": ana})
				if p.GetFloat("rating") != 6.5 || p.GetString("review") != "On reflection" {
					t.Fatalf("%v", p.FieldsData())
				}
			}},
		{name: "someone without a rating cannot edit", who: cal, method: "PATCH", url: "/api/movies/603",
			body: `{"rating":6}`, status: 403, contains: []string{`"status":403`}},
		{name: "friend ratings leave out hidden ones", who: ana, method: "GET", url: "/api/movies/603/friend-ratings",
			status: 200, contains: []string{`[]`}},
		{name: "recommend to people you follow", who: ana, method: "POST", url: "/api/recommendations",
			body: `{"movieId":603,"userIds":["` + bea + `"],"message":"Watch it again"}`, status: 200, contains: []string{`{"sent":1}`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if _, err := app.FindFirstRecordByFilter("notifications", "user = {:u} && type = 'recommendation'", dbx.Params{"u": bea}); err != nil {
					t.Fatal("Bea must be notified")
				}
			}},
		{name: "not to strangers", who: ana, method: "POST", url: "/api/recommendations",
			body: `{"movieId":603,"userIds":["` + dee + `"]}`, status: 400, contains: []string{`"userIds":{"code":"validation_not_following"`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		s := tests.ApiScenario{Name: c.name, Method: c.method, URL: c.url, Headers: h, TestAppFactory: as(h, c.who),
			ExpectedStatus: c.status, ExpectedContent: c.contains, AfterTestFunc: c.after}
		if c.body != "" {
			s.Body = strings.NewReader(c.body)
		}
		s.Test(t)
	}
}

func TestDeclineRevealAndRecommendationsInbox(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	watchedTogether(t, app)
	// Nobody rates for 15 days: the job reveals Ana's rating alone.
	if _, err := app.DB().NewQuery("UPDATE collaborations SET created = {:c}").
		Bind(dbx.Params{"c": time.Now().Add(-15 * 24 * time.Hour).UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		t.Fatal(err)
	}
	if n, err := collab.RevealExpired(app, time.Now()); err != nil || n != 1 {
		t.Fatalf("revealed %d, %v", n, err)
	}
	data := postFor(t, app, bea)
	ratings := data["allParticipantRatings"].([]any)
	if data["isCollaborationPending"] != false || len(ratings) != 1 || data["currentUserCanRate"] != false {
		t.Fatalf("after the deadline: %v", data)
	}
}
