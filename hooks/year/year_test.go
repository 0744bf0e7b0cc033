package year_test

import (
	"testing"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/testutil"
	"cinecircle/hooks/year"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// logWatch writes one dated watch of title (a movie or TV record) for user, as the diary
// does: the member's entry for the title (created once, watchedWith set) and a diary row.
func logWatch(t testing.TB, app core.App, user, title *core.Record, at time.Time, rating float64, review string, with ...string) {
	t.Helper()
	field := "movie"
	if title.Collection().Name == "tv_shows" {
		field = "tvShow"
	}
	entry, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && "+field+" = {:t}", dbx.Params{"u": user.Id, "t": title.Id})
	if err != nil {
		col, _ := app.FindCollectionByNameOrId("watch_entries")
		entry = core.NewRecord(col)
		entry.Load(map[string]any{"user": user.Id, field: title.Id, "status": "watched"})
	}
	entry.Set("rating", rating)
	entry.Set("watchedWith", with)
	if err := app.Save(entry); err != nil {
		t.Fatal(err)
	}
	col, _ := app.FindCollectionByNameOrId("diary")
	d := core.NewRecord(col)
	d.Load(map[string]any{"user": user.Id, "entry": entry.Id, field: title.Id, "watchedAt": at, "rating": rating, "review": review})
	if err := app.Save(d); err != nil {
		t.Fatal(err)
	}
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 20, 0, 0, 0, time.UTC) }

// seedYear gives Bea a 2025 to review: three films (one twice), a show, Cal and Dan as
// company (Dan more often, but Dan is the one the reader may not see in some tests).
func seedYear(t testing.TB, app core.App) {
	bea := testutil.CreateUser(t, app, "Bea")
	cal := testutil.CreateUser(t, app, "Cal")
	dan := testutil.CreateUser(t, app, "Dan")
	matrix := testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136, "Action", "Science Fiction")
	alien := testutil.CreateMovie(t, app, 348, "Alien", 1979, 117, "Horror", "Science Fiction")
	heat := testutil.CreateMovie(t, app, 949, "Heat", 1995, 170, "Crime")
	logWatch(t, app, bea, matrix, day(2024, 12, 31), 6, "") // last year: not counted
	logWatch(t, app, bea, matrix, day(2025, 1, 3), 8, "Whoa.", dan.Id)
	logWatch(t, app, bea, alien, day(2025, 1, 4), 9.5, "In space no one can hear you scream.", dan.Id, cal.Id)
	logWatch(t, app, bea, heat, day(2025, 1, 5), 7, "", cal.Id)
	logWatch(t, app, bea, matrix, day(2025, 3, 10), 8.5, "", dan.Id)
	logWatch(t, app, bea, heat, day(2025, 12, 30), 0, "")
}

func TestComputeYear(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	seedYear(t, app)
	bea, _ := app.FindRecordById("users", testutil.UserID("Bea"))
	everyone := func(core.App, string) (bool, error) { return true, nil }
	r, err := year.Compute(app, bea, 2025, everyone)
	if err != nil {
		t.Fatal(err)
	}
	if r.Films != 5 || r.Titles != 3 || r.Reviews != 2 {
		t.Fatalf("films %d titles %d reviews %d", r.Films, r.Titles, r.Reviews)
	}
	if want := float64(136+117+170+136+170) / 60; r.Hours < want-0.05 || r.Hours > want+0.05 {
		t.Fatalf("hours %v, want %.1f", r.Hours, want)
	}
	if r.AverageRating != 8.3 { // (8 + 9.5 + 7 + 8.5) / 4; the unrated watch does not count
		t.Fatalf("average %v", r.AverageRating)
	}
	if r.Ratings[7] != 1 || r.Ratings[9] != 1 || r.Ratings[6] != 1 || r.Ratings[8] != 1 {
		t.Fatalf("histogram %v", r.Ratings)
	}
	if r.TopRated[0].Title.Title != "Alien" || r.TopRated[1].Title.Title != "The Matrix" || r.TopRated[1].Rating != 8.5 {
		t.Fatalf("top rated %+v", r.TopRated)
	}
	if len(r.MostRewatched) != 2 || r.MostRewatched[0].Count != 2 {
		t.Fatalf("rewatched %+v", r.MostRewatched)
	}
	if r.LongestStreak != (year.Streak{Days: 3, From: "2025-01-03", To: "2025-01-05"}) {
		t.Fatalf("streak %+v", r.LongestStreak)
	}
	if r.Months[0].Films != 3 || r.Months[2].Films != 1 || r.Months[11].Films != 1 {
		t.Fatalf("months %+v", r.Months)
	}
	if r.FirstWatch.Title.Title != "The Matrix" || r.LastWatch.Title.Title != "Heat" {
		t.Fatalf("first %+v last %+v", r.FirstWatch, r.LastWatch)
	}
	if r.TopGenres[0] != (year.Count{Name: "Science Fiction", Count: 2}) {
		t.Fatalf("genres %+v", r.TopGenres)
	}
	if r.WatchedWith == nil || r.WatchedWith.User.FirstName != "Dan" || r.WatchedWith.Count != 3 {
		t.Fatalf("companion %+v", r.WatchedWith)
	}
	notDan := func(_ core.App, id string) (bool, error) { return id != testutil.UserID("Dan"), nil }
	if r, _ := year.Compute(app, bea, 2025, notDan); r.WatchedWith == nil || r.WatchedWith.User.FirstName != "Cal" {
		t.Fatalf("a companion the reader may not see is skipped: %+v", r.WatchedWith)
	}
	if empty, _ := year.Compute(app, bea, 2023, everyone); empty.Films != 0 || empty.FirstWatch != nil || empty.LongestStreak.Days != 0 {
		t.Fatalf("an empty year: %+v", empty)
	}
}

func TestYearRoute(t *testing.T) {
	t.Parallel()
	scenario := func(name, viewer, url string, status int, setup func(t testing.TB, app *tests.TestApp), expected ...string) {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: name, Method: "GET", URL: url, Headers: h, ExpectedStatus: status, ExpectedContent: expected,
			TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
				seedYear(t, app)
				if viewer != "" {
					me, err := app.FindRecordById("users", testutil.UserID(viewer))
					if err != nil {
						me = testutil.CreateUser(t, app, viewer)
					}
					h["Cookie"] = testutil.SessionCookie(t, me)
				}
				if setup != nil {
					setup(t, app)
				}
			}),
		}).Test(t)
	}
	bea := "/api/users/" + testutil.UserID("Bea") + "/year/2025"
	scenario("the member's own year", "Bea", "/api/users/me/year/2025", 200, nil, `"films":5`, `"year":2025`)
	scenario("another member sees it as they see the diary", "Eve", bea, 200, nil, `"films":5`, `"firstName":"Dan"`)
	scenario("a visitor gets 401", "", bea, 401, nil, `"status":401`)
	scenario("a blocked member sees nothing", "Eve", bea, 404, func(t testing.TB, app *tests.TestApp) {
		if err := moderation.Block(app, testutil.UserID("Bea"), testutil.UserID("Eve")); err != nil {
			t.Fatal(err)
		}
	}, `"status":404`)
	scenario("a suspended member's year is gone", "Eve", bea, 404, func(t testing.TB, app *tests.TestApp) {
		if _, err := app.DB().NewQuery("UPDATE users SET suspended = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": testutil.UserID("Bea")}).Execute(); err != nil {
			t.Fatal(err)
		}
	}, `"status":404`)
	scenario("a companion who blocked the reader is not named", "Eve", bea, 200, func(t testing.TB, app *tests.TestApp) {
		if err := moderation.Block(app, testutil.UserID("Dan"), testutil.UserID("Eve")); err != nil {
			t.Fatal(err)
		}
	}, `"firstName":"Cal"`)
	scenario("a future year is bad input", "Bea", "/api/users/me/year/"+time.Now().AddDate(1, 0, 0).Format("2006"), 400, nil, `"yyyy"`)
	scenario("a non-year is bad input", "Bea", "/api/users/me/year/20x5", 400, nil, `"yyyy"`)
}

func TestNotifyReadyOnce(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	seedYear(t, app)
	for range 2 {
		if err := year.NotifyReady(app, 2025); err != nil {
			t.Fatal(err)
		}
	}
	got, err := app.FindRecordsByFilter("notifications", "type = 'year_review'", "", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].GetString("user") != testutil.UserID("Bea") || got[0].GetString("entityId") != "2025" {
		t.Fatalf("notices %v", got)
	}
	if msg := got[0].GetString("message"); msg == "" {
		t.Fatal("empty message")
	}
}
