package catalog_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

// hits checks how many requests the fake TMDB has seen per path so far.
func hits(f *fakeTMDB, want map[string]int) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		t.Helper()
		for path, n := range want {
			if got := f.count(path); got != n {
				t.Errorf("TMDB %s: %d requests, want %d", path, got, n)
			}
		}
	}
}

// stale marks a cached title's details as fetched 16 minutes ago.
func stale(kind catalog.Kind, id int) func(t testing.TB, app *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		r, err := app.FindFirstRecordByData(kind.Collection(), "tmdbId", id)
		if err != nil {
			t.Fatal(err)
		}
		r.Set("fetchedAt", time.Now().Add(-16*time.Minute))
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTMDBSearchAndPages(t *testing.T) {
	f := newFakeTMDB(t)
	withTMDB(t, f, fakeKey)
	runSteps(t, testutil.NewTestApp(t), []step{
		{name: "movie search asks TMDB", url: "/api/movies/search?q=The%20Matrix",
			contains: []string{`"id":603`, `"title":"The Matrix"`, `"poster_path":"/dXNAPwY7VrqMAo51EKhhCJfaGb5.jpg"`,
				`"release_date":"1999-03-31"`, `"vote_average":8.222`, `"total":4`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				ranked("The Matrix", 603, 604, 605, 624860)(t, app, res)
				hits(f, map[string]int{"/search/movie": 1})(t, app, res)
				r, err := app.FindFirstRecordByData("movies", "tmdbId", 604)
				if err != nil || r.GetString("source") != "tmdb" || r.GetString("title") != "The Matrix Reloaded" ||
					!r.GetDateTime("fetchedAt").IsZero() {
					t.Fatalf("search results are cached as listings, got %v %v", r, err)
				}
			}},
		{name: "the same search again is answered from the cache", url: "/api/movies/search?q=the%20matrix",
			contains: []string{`"id":603`}, after: hits(f, map[string]int{"/search/movie": 1})},
		{name: "TV search asks TMDB", url: "/api/tv-shows/search?query=breaking",
			contains: []string{`"id":1396`, `"name":"Breaking Bad"`, `"first_air_date":"2008-01-20"`, `"poster_path":null`},
			after:    ranked("Breaking Bad", 1396, 215720)},
		{name: "a movie page fetches details once", url: "/api/movies/603",
			contains: []string{`"title":"The Matrix"`, `"runtime":136`, `"genres":["Action","Science Fiction"]`,
				`"country":"US"`, `"backdropPath":"/ncEsesgOJDNrTUED89hYbA117wo.jpg"`, `"source":"tmdb"`},
			after: hits(f, map[string]int{"/movie/603": 1})},
		{name: "within 15 minutes the page comes from the collection", url: "/api/movies/603",
			contains: []string{`"runtime":136`}, after: hits(f, map[string]int{"/movie/603": 1})},
		{name: "the watchlist card's details too", url: "/api/tmdb/movie/603/details",
			contains: []string{`"overview":"Set in the 22nd century`}, after: hits(f, map[string]int{"/movie/603": 1})},
		{name: "after 15 minutes the details are refreshed", url: "/api/movies/603", before: stale(catalog.Movie, 603),
			contains: []string{`"runtime":136`}, after: hits(f, map[string]int{"/movie/603": 2})},
		{name: "a title TMDB does not know is a 404", url: "/api/movies/999999", status: 404,
			contains: []string{`"message":"We couldn't find that movie."`}, after: hits(f, map[string]int{"/movie/999999": 1})},
		{name: "embedded titles never go to TMDB", url: "/api/tv-shows/1000100001",
			contains: []string{`"name":"Breaking Bad"`, `"source":"embedded"`}, after: hits(f, map[string]int{"/tv/1000100001": 0})},
		{name: "a TV page with TMDB's seasons", url: "/api/tv-shows/1396",
			contains: []string{`"name":"Breaking Bad"`, `"firstAirDate":"2008-01-20"`, `"first_air_date":"2008-01-20"`,
				`"lastAirDate":"2013-09-29"`, `"numberOfSeasons":5`, `"episodeRuntime":45`, `"genres":["Drama","Crime"]`,
				`{"seasonNumber":0,"episodeCount":9,"name":"Specials","airDate":"2009-02-17"}`,
				`{"seasonNumber":5,"episodeCount":16,"name":"Season 5","airDate":"2012-07-15"}`}},
		{name: "a season with TMDB's episodes", url: "/api/tv-shows/1396/seasons/1",
			contains: []string{`"seasonNumber":1`, `"episodeCount":7`, `"name":"Season 1"`,
				`{"episodeNumber":1,"name":"Pilot","runtime":59,"airDate":"2008-01-20"`, `"stillPath":"/still1x01.jpg"`,
				`"episodeNumber":7,"name":"A No-Rough-Stuff-Type Deal"`},
			after: hits(f, map[string]int{"/tv/1396/season/1": 1, "/tv/1396": 1})},
		{name: "the season is cached", url: "/api/tv-shows/1396/seasons/1", contains: []string{`"name":"Pilot"`},
			after: hits(f, map[string]int{"/tv/1396/season/1": 1})},
		{name: "refreshed show details keep the cached episodes", url: "/api/tv-shows/1396/seasons/1",
			before: stale(catalog.TV, 1396), contains: []string{`"name":"Pilot"`},
			after: hits(f, map[string]int{"/tv/1396": 2, "/tv/1396/season/1": 1})},
		{name: "a season the show does not have is a 404 without asking", url: "/api/tv-shows/1396/seasons/8", status: 404,
			contains: []string{`"message":"We couldn't find that season."`}, after: hits(f, map[string]int{"/tv/1396/season/8": 0})},
	})
}

func TestTMDBTrending(t *testing.T) {
	f := newFakeTMDB(t)
	withTMDB(t, f, fakeKey)
	runSteps(t, testutil.NewTestApp(t), []step{
		{name: "weekly trending movies, with the runtime from details", url: "/api/trending-movies",
			contains: []string{`"id":1022789`, `"title":"Inside Out 2"`, `"posterPath":"/vpnVM9B6NMmQpWeZvzLvDESb2QY.jpg"`,
				`"poster_path":"/vpnVM9B6NMmQpWeZvzLvDESb2QY.jpg"`, `"voteAverage":7.7`, `"vote_average":7.7`,
				`"releaseDate":"2024-06-11"`, `"release_date":"2024-06-11"`, `"runtime":119`, `"id":603`, `"runtime":136`},
			excludes: []string{`"id":346698`}, // the 7th
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				header("Cache-Control", "public, max-age=300")(t, app, res)
				ranked("Inside Out 2", 1022789, 533535, 1184918, 438631, 603, 157336)(t, app, res)
				hits(f, map[string]int{"/trending/movie/week": 1, "/movie/603": 1, "/movie/157336": 1})(t, app, res)
			}},
		{name: "cached for 15 minutes", url: "/api/trending-movies", contains: []string{`"id":1022789`},
			after: hits(f, map[string]int{"/trending/movie/week": 1, "/movie/603": 1})},
		{name: "a limit", url: "/api/trending-movies?limit=2", contains: []string{`"id":533535`},
			after: count(2)},
		{name: "weekly trending TV, with the season count", url: "/api/trending-tv-shows",
			contains: []string{`"id":94997`, `"name":"House of the Dragon"`, `"firstAirDate":"2022-08-21"`,
				`"first_air_date":"2022-08-21"`, `"numberOfSeasons":5`},
			after: ranked("House of the Dragon", 94997, 1399, 1396)},
	})
}

func TestTMDBFailures(t *testing.T) {
	f := newFakeTMDB(t)
	withTMDB(t, f, fakeKey)
	limited := func(path string, times int, setup func(t testing.TB, app *tests.TestApp)) func(testing.TB) *tests.TestApp {
		return testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			f.limit(path, times, "0")
			if setup != nil {
				setup(t, app)
			}
		})
	}
	old := localMovies[0]
	old.Title, old.FetchedAt = "The Matrix (cached)", time.Now().Add(-time.Hour)
	scenarios := []tests.ApiScenario{
		{Name: "two 429s, then the details", URL: "/api/movies/603", TestAppFactory: limited("/movie/603", 2, nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"title":"The Matrix"`, `"runtime":136`},
			AfterTestFunc: hits(f, map[string]int{"/movie/603": 3})},
		{Name: "still limited after the retries and nothing cached: a 503", URL: "/api/movies/603", TestAppFactory: limited("/movie/603", 3, nil),
			ExpectedStatus: 503, ExpectedContent: []string{`"status":503`, `"message":"The movie database is not answering right now. Please try again in a moment."`},
			AfterTestFunc: hits(f, map[string]int{"/movie/603": 6})},
		{Name: "still limited, but a stale copy is cached: the stale copy", URL: "/api/movies/603",
			TestAppFactory: limited("/movie/603", 3, seed(old)),
			ExpectedStatus: 200, ExpectedContent: []string{`"title":"The Matrix (cached)"`},
			AfterTestFunc: hits(f, map[string]int{"/movie/603": 9})},
		{Name: "a limited search falls back to the local catalog", URL: "/api/movies/search?q=matrix",
			TestAppFactory: limited("/search/movie", 3, seed(localMovies...)),
			ExpectedStatus: 200, ExpectedContent: []string{`"poster_path":"/matrix.jpg"`}, AfterTestFunc: ranked("The Matrix", 603)},
		{Name: "limited trending falls back to the local list", URL: "/api/trending-tv-shows",
			TestAppFactory: limited("/trending/tv/week", 3, nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"name":"Breaking Bad"`}, AfterTestFunc: ranked("Breaking Bad", breakingBad)},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.Test(t)
	}
}

func TestTMDBKeys(t *testing.T) {
	f := newFakeTMDB(t)
	t.Run("a v4 read token goes in the Authorization header", func(t *testing.T) {
		withTMDB(t, f, fakeToken)
		(&tests.ApiScenario{Method: http.MethodGet, URL: "/api/movies/603", TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"runtime":136`}}).Test(t)
		if !f.sawBearer {
			t.Fatal("the token was not sent as a bearer token")
		}
	})
	t.Run("a rejected key is a 503 for pages and local results for searches", func(t *testing.T) {
		withTMDB(t, f, "wrong-key")
		(&tests.ApiScenario{Method: http.MethodGet, URL: "/api/movies/603", TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: 503, ExpectedContent: []string{`"status":503`}}).Test(t)
		(&tests.ApiScenario{Method: http.MethodGet, URL: "/api/tv-shows/search?q=breaking", TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1000100001`}}).Test(t)
	})
	t.Run("the key can come from the dashboard setting", func(t *testing.T) {
		withTMDB(t, f, "")
		before := f.count("/tv/1396")
		(&tests.ApiScenario{Method: http.MethodGet, URL: "/api/tv-shows/1396", ExpectedStatus: 200,
			ExpectedContent: []string{`"numberOfSeasons":5`, `"source":"tmdb"`},
			TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
				r, err := app.FindRecordById(catalog.SettingsCollection, catalog.SettingsID)
				if err != nil {
					t.Fatal(err)
				}
				r.Set("tmdbApiKey", fakeKey)
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
			})}).Test(t)
		if f.count("/tv/1396") != before+1 {
			t.Fatal("the dashboard key was not used")
		}
	})
}

// TestTMDBRetryAfter drives the client directly to see the waits it makes.
func TestTMDBRetryAfter(t *testing.T) {
	t.Parallel()
	f := newFakeTMDB(t)
	cases := []struct {
		name       string
		times      int
		retryAfter string
		waits      []time.Duration
		ok         bool
	}{
		{"honours Retry-After", 1, "1", []time.Duration{time.Second}, true},
		{"without the header it waits 0.5 s, then 1 s", 2, "", []time.Duration{500 * time.Millisecond, time.Second}, true},
		{"gives up when the wait would pass 2 s in all", 1, "5", nil, false},
		{"gives up after 2 retries", 3, "0", []time.Duration{0, 0}, false},
		{"an HTTP date in the past means now", 1, "Wed, 21 Oct 2015 07:28:00 GMT", []time.Duration{0}, true},
	}
	for _, c := range cases {
		f.limit("/movie/603", c.times, c.retryAfter)
		client := catalog.NewTMDB(f.URL+"/3", fakeKey, nil)
		var waits []time.Duration
		client.Sleep = func(_ context.Context, d time.Duration) error {
			waits = append(waits, d)
			return nil
		}
		m, err := client.Details(t.Context(), catalog.Movie, 603)
		if c.ok != (err == nil) || !c.ok && !errors.Is(err, catalog.ErrUnavailable) {
			t.Errorf("%s: err %v", c.name, err)
		}
		if c.ok && (m.Runtime != 136 || m.Title != "The Matrix") {
			t.Errorf("%s: got %+v", c.name, m)
		}
		if !slices.Equal(waits, c.waits) {
			t.Errorf("%s: waited %v, want %v", c.name, waits, c.waits)
		}
		f.limit("/movie/603", 0, "")
	}
}
