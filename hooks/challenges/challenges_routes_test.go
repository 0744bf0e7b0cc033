package challenges_test

import (
	"net/http"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/challenges"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// withChallenges signs Ana in with the fixture, a running movie challenge (runningxxxxxxx,
// target 2) and an ended one (endedxxxxxxxxxx), then runs extra.
func withChallenges(h map[string]string, extra func(t testing.TB, app *tests.TestApp, ana *core.Record)) func(testing.TB) *tests.TestApp {
	return testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		fixture(t, app)
		from, to := running()
		createChallenge(t, app, "runningxxxxxxxx", challenges.TypeMovies, 2, "", from, to)
		createChallenge(t, app, "endedxxxxxxxxxx", challenges.TypeMovies, 2, "", daysAgo(60), daysAgo(31))
		if extra != nil {
			extra(t, app, ana)
		}
	})
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	visitor := []struct{ method, url string }{
		{http.MethodGet, "/api/user/challenges"},
		{http.MethodGet, "/api/challenges/available"},
		{http.MethodPost, "/api/challenges/runningxxxxxxxx/join"},
		{http.MethodDelete, "/api/challenges/runningxxxxxxxx/join"},
		{http.MethodGet, "/api/user/achievements"},
		{http.MethodGet, "/api/users/me/achievements"},
		{http.MethodGet, "/api/user/rankings"},
	}
	for _, v := range visitor {
		(&tests.ApiScenario{
			Name: "a visitor gets 401 from " + v.method + " " + v.url, Method: v.method, URL: v.url,
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
		}).Test(t)
	}

	joinedAlready := func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(1), nil)
		if _, _, err := challenges.Join(app, ana.Id, "runningxxxxxxxx", time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	rows := func(want map[string]int) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			for filter, n := range want {
				coll, f := "user_challenges", filter
				if filter == "joined posts" {
					coll, f = "activities", "type = 'challenge_joined'"
				}
				if got := countRows(t, app, coll, f, dbx.Params{}); got != n {
					t.Fatalf("%s: %d rows, want %d", filter, got, n)
				}
			}
		}
	}
	cases := []struct {
		name, method, url string
		before            func(testing.TB, *tests.TestApp, *core.Record)
		status            int
		contains, absent  []string
		after             func(testing.TB, *tests.TestApp, *http.Response)
	}{
		{name: "joining counts the month so far", method: http.MethodPost, url: "/api/challenges/runningxxxxxxxx/join",
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(1), nil)
			},
			status: 200, contains: []string{`"challenge":{"id":"runningxxxxxxxx"`, `"type":"movie_count"`, `"targetCount":2`,
				`"progress":1`, `"progressPercent":50`, `"isCompleted":false`, `"completedAt":""`, `"joinedAt":"`, `"isActive":true`},
			after: rows(map[string]int{"id != ''": 1, "joined posts": 1})},
		{name: "joining twice is the same row", method: http.MethodPost, url: "/api/challenges/runningxxxxxxxx/join",
			before: joinedAlready, status: 200, contains: []string{`"progress":1`},
			after: rows(map[string]int{"id != ''": 1, "joined posts": 1})},
		{name: "an unknown challenge is a 404", method: http.MethodPost, url: "/api/challenges/nosuchchallenge/join",
			status: 404, contains: []string{`"status":404`}},
		{name: "an ended challenge is a 400", method: http.MethodPost, url: "/api/challenges/endedxxxxxxxxxx/join",
			status: 400, contains: []string{`That challenge has ended.`}, after: rows(map[string]int{"id != ''": 0})},
		{name: "leaving removes the row", method: http.MethodDelete, url: "/api/challenges/runningxxxxxxxx/join",
			before: joinedAlready, status: 204, after: rows(map[string]int{"id != ''": 0})},
		{name: "leaving a challenge never joined is fine", method: http.MethodDelete, url: "/api/challenges/runningxxxxxxxx/join",
			status: 204},
		{name: "leaving an unknown challenge is a 404", method: http.MethodDelete, url: "/api/challenges/nosuchchallenge/join",
			status: 404, contains: []string{`"status":404`}},
		{name: "my challenges", method: http.MethodGet, url: "/api/user/challenges", before: joinedAlready,
			status: 200, contains: []string{`[{"id":"`, `"name":"Challenge runningxxxxxxxx"`, `"progressPercent":50`, `"genre":""`,
				`"startsAt":"`, `"endsAt":"`}},
		{name: "no challenges yet is an empty list", method: http.MethodGet, url: "/api/user/challenges",
			status: 200, contains: []string{`[]`}},
		{name: "available lists running challenges not joined, with participants", method: http.MethodGet,
			url: "/api/challenges/available",
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				if _, _, err := challenges.Join(app, testutil.UserID("Bea"), "runningxxxxxxxx", time.Now()); err != nil {
					t.Fatal(err)
				}
			},
			status: 200, contains: []string{`"id":"runningxxxxxxxx"`, `"participantCount":1`, `"name":"Watch 10 movies this month"`,
				`"name":"Explore 5 genres"`, `"name":"Binge 20 episodes"`, `"name":"Try 3 new shows"`},
			absent: []string{`endedxxxxxxxxxx`}},
		{name: "available leaves out what I joined", method: http.MethodGet, url: "/api/challenges/available",
			before: joinedAlready, status: 200, absent: []string{`runningxxxxxxxx`}},
		{name: "my achievements list every badge", method: http.MethodGet, url: "/api/user/achievements",
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, time.Time{}, map[string]any{"review": "Whoa."})
			},
			status: 200, contains: []string{`{"code":"first_review","name":"First Review","description":"Wrote your first review.","earned":true,"earnedAt":"`,
				`{"code":"movies_10","name":"Movie Buff","description":"Watched 10 different movies.","earned":false,"earnedAt":""}`}},
		{name: "a member's achievements", method: http.MethodGet, url: "/api/users/" + testutil.UserID("Bea") + "/achievements",
			status: 200, contains: []string{`"code":"all_genres"`}},
		{name: "me is the signed-in member", method: http.MethodGet, url: "/api/users/me/achievements",
			status: 200, contains: []string{`"code":"streak_7"`}},
		{name: "an unknown member is a 404", method: http.MethodGet, url: "/api/users/nosuchmember000/achievements",
			status: 404, contains: []string{`"status":404`}},
		{name: "rankings", method: http.MethodGet, url: "/api/user/rankings",
			before: func(t testing.TB, app *tests.TestApp, ana *core.Record) {
				watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, time.Time{}, nil)
			},
			status: 200, contains: []string{`{"month":{"moviesWatched":[{"user":{"id":"` + testutil.UserID("Ana") + `"`,
				`"value":1,"rank":1}`, `"value":0,"rank":2}`, `"hours":[`, `"reviews":[`, `"challengesCompleted":[`, `"allTime":{`,
				`"myRank":{"month":{"moviesWatched":1,"hours":1,"reviews":1,"challengesCompleted":1},"allTime":{`},
			absent: []string{testutil.UserID("Dan"), `"email"`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: withChallenges(h, c.before),
			ExpectedStatus: c.status, ExpectedContent: c.contains, NotExpectedContent: c.absent,
			AfterTestFunc: c.after,
		}).Test(t)
	}
}
