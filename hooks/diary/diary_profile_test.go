package diary_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

func TestProfile(t *testing.T) {
	t.Parallel()
	year := time.Now().UTC().Year()
	logged := func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		bea, _ := app.FindRecordById("users", testutil.UserID("Bea"))
		testutil.CreateMovie(t, app, 2, "Alien", 1979, 117, "Horror", "Science Fiction")
		saveDirect(t, app, bea, `{"movieId":603,"status":"watched","rating":7.25,"review":"Whoa.","watchedAt":"`+time.Date(year, 3, 5, 0, 0, 0, 0, time.UTC).Format("2006-01-02")+`"}`)
		saveDirect(t, app, bea, `{"movieId":2,"status":"watched","rating":9,"watchedAt":"`+time.Date(year, 3, 9, 0, 0, 0, 0, time.UTC).Format("2006-01-02")+`"}`)
		saveDirect(t, app, bea, `{"tvShowId":1396,"status":"plan_to_watch"}`)
	}
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "another member's profile with analytics", Method: "GET", URL: "/api/users/" + testutil.UserID("Bea") + "/profile",
		Headers: h, TestAppFactory: withCatalog(h, logged), ExpectedStatus: 200,
		ExpectedContent:    []string{`"firstName":"Bea"`, `"isMe":false`, `"isFollowing":true`, `"followerCount":1`},
		NotExpectedContent: []string{`"email"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			var p diary.Profile
			if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
				t.Fatal(err)
			}
			if p.Totals.Movies != 2 || p.Totals.Reviews != 1 || p.Totals.Hours != 4.2 {
				t.Fatalf("totals %+v", p.Totals)
			}
			if p.Ratings[6] != 1 || p.Ratings[8] != 1 {
				t.Fatalf("histogram %v", p.Ratings)
			}
			if len(p.TopGenres) == 0 || p.TopGenres[0] != (diary.GenreCount{Name: "Science Fiction", Count: 2}) {
				t.Fatalf("top genres %v", p.TopGenres)
			}
			if p.PerMonth[2] != 2 {
				t.Fatalf("per month %v", p.PerMonth)
			}
		},
	}).Test(t)

	h2 := map[string]string{}
	(&tests.ApiScenario{
		Name: "a diary lists dated watches newest first with titles", Method: "GET", URL: "/api/users/" + testutil.UserID("Bea") + "/diary",
		Headers: h2, TestAppFactory: withCatalog(h2, logged), ExpectedStatus: 200,
		ExpectedContent: []string{`"title":"Alien"`, `"rating":7.3`, `"kind":"movie"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			var items []diary.DiaryItem
			if err := json.NewDecoder(res.Body).Decode(&items); err != nil {
				t.Fatal(err)
			}
			if len(items) != 2 || items[0].Title.Title != "Alien" {
				t.Fatalf("diary %+v", items)
			}
		},
	}).Test(t)

	h3 := map[string]string{}
	(&tests.ApiScenario{
		Name: "me is the signed-in member", Method: "GET", URL: "/api/users/me/profile",
		Headers: h3, TestAppFactory: withCatalog(h3, nil), ExpectedStatus: 200,
		ExpectedContent: []string{`"firstName":"Ana"`, `"isMe":true`, `"followingCount":1`},
	}).Test(t)
	(&tests.ApiScenario{
		Name: "an unknown member is a 404", Method: "GET", URL: "/api/users/nosuchmember000/profile",
		Headers: h3, TestAppFactory: withCatalog(h3, nil), ExpectedStatus: 404, ExpectedContent: []string{`"status":404`},
	}).Test(t)
}
