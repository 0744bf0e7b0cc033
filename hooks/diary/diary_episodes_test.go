package diary_test

import (
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

func TestEpisodeReviews(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, method, url, body string
		before                  func(t testing.TB, app *tests.TestApp, ana *core.Record)
		status                  int
		contains                []string
		counts                  map[string]int
	}
	beaReviewed := func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		bea, _ := app.FindRecordById("users", testutil.UserID("Bea"))
		show, _ := app.FindFirstRecordByData("tv_shows", "tmdbId", breakingBad)
		col, _ := app.FindCollectionByNameOrId("episode_reviews")
		r := core.NewRecord(col)
		r.Id = "beareview00000x"
		r.Load(map[string]any{"user": bea.Id, "tvShow": show.Id, "seasonNumber": 5, "episodeNumber": 14, "rating": 10, "review": "Ozymandias."})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	cases := []tc{
		{name: "reviews an episode and posts an episode_review activity", method: "POST", url: "/api/tv-shows/1396/episode-reviews",
			body: `{"seasonNumber":5,"episodeNumber":14,"episodeName":"Ozymandias","rating":9.95,"review":" Devastating. "}`, status: 200,
			contains: []string{`"seasonNumber":5`, `"episodeNumber":14`, `"rating":10`, `"review":"Devastating."`, `"firstName":"Ana"`},
			counts:   map[string]int{"episode_reviews": 1, "activities|type='episode_review'": 1}},
		{name: "a season the show doesn't have", method: "POST", url: "/api/tv-shows/1396/episode-reviews",
			body: `{"seasonNumber":6,"episodeNumber":1,"rating":8}`, status: 400,
			contains: []string{`"seasonNumber":{"code":"validation_unknown_season"`}, counts: map[string]int{"episode_reviews": 0}},
		{name: "an episode past the season's count", method: "POST", url: "/api/tv-shows/1396/episode-reviews",
			body: `{"seasonNumber":1,"episodeNumber":8,"rating":8}`, status: 400,
			contains: []string{`"episodeNumber":{"code":"validation_unknown_episode","message":"Season 1 has 7 episodes."`}},
		{name: "a review needs a rating or text", method: "POST", url: "/api/tv-shows/1396/episode-reviews",
			body: `{"seasonNumber":1,"episodeNumber":1}`, status: 400, contains: []string{`"rating":{"code":"validation_required"`}},
		{name: "numbers must be whole", method: "POST", url: "/api/tv-shows/1396/episode-reviews",
			body: `{"seasonNumber":"1","episodeNumber":1.5,"rating":5}`, status: 400,
			contains: []string{`"seasonNumber":{"code":"validation_invalid_number"`, `"episodeNumber":{"code":"validation_invalid_number"`}},
		{name: "an unknown show is a 404", method: "POST", url: "/api/tv-shows/42/episode-reviews",
			body: `{"seasonNumber":1,"episodeNumber":1,"rating":5}`, status: 404, contains: []string{`"status":404`}},
		{name: "lists a show's reviews with their authors", method: "GET", url: "/api/tv-shows/1396/episode-reviews",
			before: beaReviewed, status: 200, contains: []string{`"review":"Ozymandias."`, `"firstName":"Bea"`}},
		{name: "only the author deletes a review", method: "DELETE", url: "/api/episode-reviews/beareview00000x",
			before: beaReviewed, status: 403, contains: []string{`"status":403`}, counts: map[string]int{"episode_reviews": 1}},
	}
	for _, c := range cases {
		h := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: withCatalog(h, c.before),
			ExpectedStatus: c.status, ExpectedContent: c.contains, AfterTestFunc: expectCounts(c.counts),
		}
		if c.body != "" {
			s.Body = strings.NewReader(c.body)
		}
		s.Test(t)
	}

	// The author deletes their review and its activity.
	h := map[string]string{}
	del := &tests.ApiScenario{
		Name: "the author deletes a review and its activity", Method: "DELETE", Headers: h,
		ExpectedStatus: 204,
		AfterTestFunc:  expectCounts(map[string]int{"episode_reviews": 0, "activities": 0}),
	}
	del.TestAppFactory = withCatalog(h, func(t testing.TB, app *tests.TestApp, ana *core.Record) {
		show, err := app.FindFirstRecordByData("tv_shows", "tmdbId", breakingBad)
		if err != nil {
			t.Fatal(err)
		}
		review, err := diary.CreateEpisodeReview(app, ana.Id, show, diary.EpisodeInput{Season: 1, Episode: 1, Rating: 8})
		if err != nil {
			t.Fatal(err)
		}
		del.URL = "/api/episode-reviews/" + review.Id
	})
	del.Test(t)
}

func TestMonthlyStats(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	testutil.CreateMovie(t, app, 1, "Heat", 1995, 170)
	testutil.CreateMovie(t, app, 2, "Alien", 1979, 117)
	testutil.CreateMovie(t, app, 3, "Old", 2021, 108)
	now := time.Now().UTC()
	thisMonth := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC).Format("2006-01-02")
	lastMonth := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC).AddDate(0, -1, 0).Format("2006-01-02")
	saveDirect(t, app, ana, `{"movieId":1,"status":"watched","rating":9,"review":"Great heist.","watchedAt":"`+thisMonth+`"}`)
	saveDirect(t, app, ana, `{"movieId":2,"status":"watched","watchedAt":"`+thisMonth+`"}`)
	saveDirect(t, app, ana, `{"movieId":3,"status":"watched","review":"Last month","watchedAt":"`+lastMonth+`"}`)
	saveDirect(t, app, ana, `{"movieId":3,"status":"plan_to_watch"}`)
	s, err := diary.MonthlyStats(app, ana.Id, now)
	if err != nil {
		t.Fatal(err)
	}
	want := diary.Stats{MoviesWatchedThisMonth: 2, ReviewsThisMonth: 1, HoursWatchedThisMonth: 4.8}
	if s != want {
		t.Fatalf("stats = %+v, want %+v", s, want)
	}
}
