package diary_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const matrix, breakingBad = 603, 1396

// withCatalog signs Ana in with a small catalog, a friend she follows (Bea) and a member
// she doesn't (Cal), then runs extra.
func withCatalog(h map[string]string, extra func(t testing.TB, app *tests.TestApp, ana *core.Record)) func(testing.TB) *tests.TestApp {
	return testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		testutil.CreateMovie(t, app, matrix, "The Matrix", 1999, 136, "Action", "Science Fiction")
		testutil.CreateShow(t, app, breakingBad, "Breaking Bad", 2008, 47, 7, 13, 13, 13, 16)
		bea := testutil.CreateUser(t, app, "Bea")
		testutil.CreateUser(t, app, "Cal")
		if err := social.Follow(app, ana.Id, bea.Id); err != nil {
			t.Fatal(err)
		}
		if extra != nil {
			extra(t, app, ana)
		}
	})
}

func count(t testing.TB, app core.App, collection, filter string, params dbx.Params) int {
	t.Helper()
	recs, err := app.FindRecordsByFilter(collection, filter, "", 0, 0, params)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

func expectCounts(want map[string]int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		for spec, n := range want {
			collection, filter, _ := strings.Cut(spec, "|")
			if filter == "" {
				filter = "id != ''"
			}
			if got := count(t, app, collection, filter, nil); got != n {
				t.Fatalf("%s: %d rows, want %d", spec, got, n)
			}
		}
	}
}

// saveDirect logs a movie entry for ana through the domain call the route uses.
func saveDirect(t testing.TB, app core.App, ana *core.Record, body string) {
	t.Helper()
	var raw diary.EntryBody
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		t.Fatal(err)
	}
	kind := catalog.Movie
	if raw.TvShowID.Present {
		kind = catalog.TV
	}
	in, err := diary.ParseEntry(kind, raw, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := diary.SaveEntry(context.Background(), app, ana, in); err != nil {
		t.Fatal(err)
	}
}

func TestSaveEntry(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, url, body string
		before          func(t testing.TB, app *tests.TestApp, ana *core.Record)
		status          int
		contains        []string
		counts          map[string]int
	}
	cases := []tc{
		{name: "a rated watch is rounded and posts a rating activity", url: "/api/user/movies",
			body:     `{"movieId":603,"status":"watched","rating":7.25,"watchedAt":"2026-11-01"}`,
			status:   200,
			contains: []string{`"movieId":603`, `"rating":7.3`, `"status":"watched"`, `"title":"The Matrix"`, `"activityId":"`},
			counts:   map[string]int{"watch_entries": 1, "diary": 1, "activities|type='movie_rating'": 1}},
		{name: "a review posts a review activity", url: "/api/user/movies",
			body:   `{"movieId":"603","status":"watched","rating":9,"review":"  Whoa.  "}`,
			status: 200, contains: []string{`"review":"Whoa."`},
			counts: map[string]int{"activities|type='movie_review'": 1}},
		{name: "plan to watch a show goes to the watchlist without a diary row", url: "/api/user/tv-shows",
			body:   `{"tvShowId":1396,"status":"plan_to_watch"}`,
			status: 200, contains: []string{`"tvShowId":1396`, `"status":"plan_to_watch"`, `"watchedAt":""`, `"name":"Breaking Bad"`},
			counts: map[string]int{"watch_entries": 1, "diary": 0, "activities|type='tv_watchlist'": 1}},
		{name: "dropped keeps its date on the entry, not in the diary", url: "/api/user/tv-shows",
			body:   `{"tvShowId":1396,"status":"dropped","watchedAt":"2026-10-02"}`,
			status: 200, contains: []string{`"watchedAt":"2026-10-02T00:00:00Z"`},
			counts: map[string]int{"diary": 0, "activities|type='tv_dropped'": 1}},
		{name: "re-saving soon after updates the activity instead of posting twice", url: "/api/user/movies",
			body: `{"movieId":603,"status":"watched","rating":8,"review":"Better the second time I think about it."}`,
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				saveDirect(t, app, ana, `{"movieId":603,"status":"watched","rating":6}`)
			},
			status: 200, contains: []string{`"rating":8`},
			counts: map[string]int{"watch_entries": 1, "diary": 1, "activities": 1, "activities|type='movie_review'": 1}},
		{name: "a watch on another day is a rewatch in the diary", url: "/api/user/movies",
			body: `{"movieId":603,"status":"watched","watchedAt":"2026-11-20"}`,
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				saveDirect(t, app, ana, `{"movieId":603,"status":"watched","watchedAt":"2025-05-01"}`)
			},
			status: 200, contains: []string{`"watchedAt":"2026-11-20T00:00:00Z"`},
			counts: map[string]int{"watch_entries": 1, "diary": 2, "diary|rewatch=true": 1}},
		{name: "watched with a friend you follow", url: "/api/user/movies",
			body:   `{"movieId":603,"status":"watched","watchedWith":["` + testutil.UserID("Bea") + `"]}`,
			status: 200, contains: []string{`"watchedWith":[{"id":"` + testutil.UserID("Bea") + `"`},
			counts: map[string]int{"watch_entries": 1}},
		{name: "watched with someone you don't follow is a 400", url: "/api/user/movies",
			body:   `{"movieId":603,"status":"watched","watchedWith":["` + testutil.UserID("Cal") + `"]}`,
			status: 400, contains: []string{`"watchedWith":{"code":"validation_not_following"`},
			counts: map[string]int{"watch_entries": 0, "activities": 0, "diary": 0}},
		{name: "an unknown title is a 404 naming the field", url: "/api/user/movies",
			body:   `{"movieId":999999,"status":"watched"}`,
			status: 404, contains: []string{`"movieId":{"code":"validation_unknown_title"`},
			counts: map[string]int{"watch_entries": 0}},
		{name: "a comma decimal rating is a 400", url: "/api/user/movies",
			body:   `{"movieId":603,"status":"watched","rating":"7,5"}`,
			status: 400, contains: []string{`"rating":{"code":"validation_not_a_number"`},
			counts: map[string]int{"watch_entries": 0}},
		{name: "a body that is not an object is a 400", url: "/api/user/tv-shows",
			body: `[1,2]`, status: 400, contains: []string{`"status":400`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: c.url, Body: strings.NewReader(c.body), Headers: h,
			TestAppFactory: withCatalog(h, c.before),
			ExpectedStatus: c.status, ExpectedContent: c.contains,
			AfterTestFunc: expectCounts(c.counts),
		}).Test(t)
	}
	(&tests.ApiScenario{
		Name: "a visitor cannot log", Method: http.MethodPost, URL: "/api/user/movies",
		Body:           strings.NewReader(`{"movieId":603,"status":"watched"}`),
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}).Test(t)
}

func TestListAndDeleteEntries(t *testing.T) {
	t.Parallel()
	logged := func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		saveDirect(t, app, ana, `{"movieId":603,"status":"watched","rating":7.25}`)
		saveDirect(t, app, ana, `{"tvShowId":1396,"status":"plan_to_watch"}`)
	}
	type tc struct {
		name, method, url string
		status            int
		contains, not     []string
		counts            map[string]int
	}
	cases := []tc{
		{name: "my movies with their title data", method: "GET", url: "/api/user/movies", status: 200,
			contains: []string{`"movieId":603`, `"rating":7.3`, `"title":"The Matrix"`, `"runtime":136`},
			not:      []string{`"tvShowId"`, `"Breaking Bad"`}},
		{name: "my shows filtered by status", method: "GET", url: "/api/user/tv-shows?status=plan_to_watch", status: 200,
			contains: []string{`"tvShowId":1396`, `"name":"Breaking Bad"`}},
		{name: "a status with nothing in it is an empty list", method: "GET", url: "/api/user/tv-shows?status=watched", status: 200,
			contains: []string{`[]`}},
		{name: "an unknown status filter is a 400", method: "GET", url: "/api/user/movies?status=loved", status: 400,
			contains: []string{`"status":{"code":"validation_in_invalid"`}},
		{name: "removing a title deletes the entry and its diary", method: "DELETE", url: "/api/user/movies/603", status: 204,
			counts: map[string]int{"watch_entries": 1, "diary": 0}},
		{name: "removing a title that is not in my lists is a 404", method: "DELETE", url: "/api/user/movies/999", status: 404,
			contains: []string{`"status":404`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: withCatalog(h, logged),
			ExpectedStatus: c.status, ExpectedContent: c.contains, NotExpectedContent: c.not,
			AfterTestFunc: expectCounts(c.counts),
		}).Test(t)
	}

	// Another member's entries are not in my lists.
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "someone else's entries stay theirs", Method: "GET", URL: "/api/user/movies", Headers: h,
		TestAppFactory: withCatalog(h, func(t testing.TB, app *tests.TestApp, ana *core.Record) {
			bea, err := app.FindRecordById("users", testutil.UserID("Bea"))
			if err != nil {
				t.Fatal(err)
			}
			saveDirect(t, app, bea, `{"movieId":603,"status":"watched","rating":2}`)
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`[]`}, NotExpectedContent: []string{`"movieId"`},
	}).Test(t)
}

func TestTrendingFollowsWhatMembersLog(t *testing.T) {
	t.Parallel()
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "without TMDB, the most logged movie of the week leads trending", Method: "GET", URL: "/api/trending-movies",
		Headers: h,
		TestAppFactory: withCatalog(h, func(t testing.TB, app *tests.TestApp, ana *core.Record) {
			testutil.CreateMovie(t, app, 2, "Alien", 1979, 117)
			bea, _ := app.FindRecordById("users", testutil.UserID("Bea"))
			saveDirect(t, app, ana, `{"movieId":2,"status":"watched"}`)
			saveDirect(t, app, ana, `{"movieId":603,"status":"watched"}`)
			saveDirect(t, app, bea, `{"movieId":603,"status":"plan_to_watch"}`)
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`"title":"The Matrix"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			var list []struct{ ID int }
			if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
				t.Fatal(err)
			}
			if len(list) != 6 || list[0].ID != matrix || list[1].ID != 2 {
				t.Fatalf("trending %v: want The Matrix (two members) then Alien, padded to 6", list)
			}
		},
	}).Test(t)
}

func TestCommunityRating(t *testing.T) {
	t.Parallel()
	rated := func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		bea, _ := app.FindRecordById("users", testutil.UserID("Bea"))
		cal, _ := app.FindRecordById("users", testutil.UserID("Cal"))
		saveDirect(t, app, ana, `{"movieId":603,"status":"watched","rating":7.25}`)
		saveDirect(t, app, bea, `{"movieId":603,"status":"watched","rating":9}`)
		saveDirect(t, app, cal, `{"movieId":603,"status":"watched"}`) // no rating: not counted
	}
	cases := []struct {
		name, url string
		status    int
		contains  []string
	}{
		{"members' average, with my entry", "/api/movies/603/ratings", 200, []string{`"average":8.2`, `"count":2`, `"mine":{"id":"`, `"rating":7.3`}},
		{"nobody rated yet", "/api/tv-shows/1396/ratings", 200, []string{`"average":0`, `"count":0`, `"mine":null`}},
		{"an unknown title", "/api/movies/424242/ratings", 404, []string{`"status":404`}},
		{"a bad id", "/api/movies/abc/ratings", 400, []string{`"status":400`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: "GET", URL: c.url, Headers: h, TestAppFactory: withCatalog(h, rated),
			ExpectedStatus: c.status, ExpectedContent: c.contains,
		}).Test(t)
	}
}
