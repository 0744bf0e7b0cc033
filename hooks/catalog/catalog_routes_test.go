package catalog_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// breakingBad is the first title of the embedded TV catalog.
const breakingBad = 1000100001

// localMovies are titles every route test can rely on, whatever the embedded catalog
// holds: they rank ahead of or apart from it.
var localMovies = []catalog.Title{
	{Kind: catalog.Movie, ID: 603, Title: "The Matrix", OriginalTitle: "The Matrix", Overview: "A hacker learns the truth about his reality.",
		PosterPath: "/matrix.jpg", Date: "1999-03-31", Year: 1999, Runtime: 136, Genres: []string{"Action", "Science Fiction"},
		VoteAverage: 8.2, VoteCount: 26000, Popularity: 86, Language: "en", Country: "US", Source: catalog.SourceTMDB},
	{Kind: catalog.Movie, ID: 604, Title: "The Matrix Reloaded", Date: "2003-05-15", Year: 2003, Popularity: 41, VoteAverage: 7.1, Source: catalog.SourceTMDB},
	{Kind: catalog.Movie, ID: 605, Title: "The Matrix Revolutions", Date: "2003-11-05", Year: 2003, Popularity: 38, VoteAverage: 6.7, Source: catalog.SourceTMDB},
	{Kind: catalog.Movie, ID: 1150000001, Title: "Beyond the Matrix", Year: 2010, Date: "2010", Source: catalog.SourceImport},
	{Kind: catalog.Movie, ID: 1150000002, Title: "The Animatrix", Year: 2003, Date: "2003", Popularity: 5, Source: catalog.SourceImport},
	{Kind: catalog.Movie, ID: 194, Title: "Amélie", OriginalTitle: "Le Fabuleux Destin d'Amélie Poulain", Year: 2001, Date: "2001-04-25",
		Popularity: 30, VoteAverage: 7.9, Language: "fr", Source: catalog.SourceTMDB},
	{Kind: catalog.Movie, ID: 557, Title: "Spider-Man", Year: 2002, Date: "2002-05-01", Popularity: 60, Source: catalog.SourceTMDB},
}

// answerItem is one entry of a search answer or a trending array.
type answerItem struct {
	ID    int
	Title string
	Name  string
}

// answerItems reads the entries of a search answer or a trending array, in order.
func answerItems(t testing.TB, res *http.Response) []answerItem {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	var list []answerItem
	if strings.HasPrefix(string(body), "{") {
		var a struct{ Results []answerItem }
		if err := json.Unmarshal(body, &a); err != nil {
			t.Fatal(err)
		}
		return a.Results
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// ranked checks that the answer starts with a title named first and holds the ids in
// this relative order (other titles, e.g. from the embedded catalog, may sit between).
func ranked(first string, ids ...int) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		t.Helper()
		items := answerItems(t, res)
		if len(items) == 0 || items[0].Title+items[0].Name != first {
			t.Fatalf("got %v, want %q first", items, first)
		}
		next := 0
		for _, it := range items {
			if next < len(ids) && it.ID == ids[next] {
				next++
			}
		}
		if next != len(ids) {
			t.Fatalf("got %v, want ids %v in this order", items, ids)
		}
	}
}

func count(n int) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		t.Helper()
		if items := answerItems(t, res); len(items) != n {
			t.Fatalf("got %d results %v, want %d", len(items), items, n)
		}
	}
}

func TestPages(t *testing.T) {
	withoutTMDB(t)
	app := testutil.Factory(seed(localMovies...))
	public := header("Cache-Control", "public, max-age=300")
	private := header("Cache-Control", "private, no-cache")
	scenarios := []tests.ApiScenario{
		{Name: "a movie page", URL: "/api/movies/603", ExpectedStatus: 200, AfterTestFunc: public,
			ExpectedContent: []string{`"id":603`, `"title":"The Matrix"`, `"posterPath":"/matrix.jpg"`, `"poster_path":"/matrix.jpg"`,
				`"releaseDate":"1999-03-31"`, `"release_date":"1999-03-31"`, `"year":1999`, `"runtime":136`,
				`"genres":["Action","Science Fiction"]`, `"voteAverage":8.2`, `"vote_average":8.2`, `"source":"tmdb"`}},
		{Name: "a movie without poster or runtime has nulls", URL: "/api/movies/1150000001", ExpectedStatus: 200,
			ExpectedContent: []string{`"posterPath":null`, `"runtime":null`, `"genres":[]`, `"source":"import"`}},
		{Name: "an unknown movie is a JSON 404, privately cached", URL: "/api/movies/999", ExpectedStatus: 404, AfterTestFunc: private,
			ExpectedContent: []string{`"status":404`, `"message":"We couldn't find that movie."`}},
		{Name: "a non-numeric id is a 400", URL: "/api/movies/matrix", ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"The id must be a positive number."`}},
		{Name: "a negative id is a 400", URL: "/api/movies/-3", ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}},
		{Name: "a TV page from the embedded catalog", URL: "/api/tv-shows/1000100001", ExpectedStatus: 200, AfterTestFunc: public,
			ExpectedContent: []string{`"id":1000100001`, `"name":"Breaking Bad"`, `"firstAirDate":"2008"`, `"first_air_date":"2008"`,
				`"lastAirDate":"2013"`, `"numberOfSeasons":5`, `"episodeRuntime":47`, `"source":"embedded"`,
				`{"seasonNumber":1,"episodeCount":7,"name":"Season 1","airDate":""}`}},
		{Name: "an unknown show is a 404", URL: "/api/tv-shows/603", ExpectedStatus: 404,
			ExpectedContent: []string{`"message":"We couldn't find that TV show."`}},
		{Name: "a season of an embedded show gets numbered episodes", URL: "/api/tv-shows/1000100001/seasons/5", ExpectedStatus: 200,
			AfterTestFunc: public,
			ExpectedContent: []string{`"showId":1000100001`, `"seasonNumber":5`, `"name":"Season 5"`, `"episodeCount":16`,
				`{"episodeNumber":1,"name":"Episode 1","runtime":47,`, `"episodeNumber":16,"name":"Episode 16"`},
			NotExpectedContent: []string{`"episodeNumber":17`}},
		{Name: "a season the show does not have is a 404", URL: "/api/tv-shows/1000100001/seasons/9", ExpectedStatus: 404,
			ExpectedContent: []string{`"message":"We couldn't find that season."`}},
		{Name: "a season of an unknown show is a 404", URL: "/api/tv-shows/42/seasons/1", ExpectedStatus: 404,
			ExpectedContent: []string{`"message":"We couldn't find that TV show."`}},
		{Name: "a non-numeric season is a 400", URL: "/api/tv-shows/1000100001/seasons/one", ExpectedStatus: 400,
			ExpectedContent: []string{`"status":400`}},
		{Name: "details for a watchlist card (movie)", URL: "/api/tmdb/movie/603/details", ExpectedStatus: 200, AfterTestFunc: public,
			ExpectedContent: []string{`"id":603`, `"overview":"A hacker learns the truth about his reality."`}},
		{Name: "details for a watchlist card (tv), without TMDB", URL: "/api/tmdb/tv/1000100001/details", ExpectedStatus: 200,
			ExpectedContent: []string{`"id":1000100001`, `"overview":"A mild-mannered chemistry teacher`}},
		{Name: "details of an unknown kind is a 400", URL: "/api/tmdb/person/603/details", ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"The kind must be movie or tv."`}},
		{Name: "details of an unknown title is a 404", URL: "/api/tmdb/movie/999/details", ExpectedStatus: 404,
			ExpectedContent: []string{`"status":404`}},
		{Name: "details with a bad id is a 400", URL: "/api/tmdb/tv/x/details", ExpectedStatus: 400,
			ExpectedContent: []string{`"status":400`}},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.TestAppFactory = app
		s.Test(t)
	}
}

func TestTrendingWithoutTMDB(t *testing.T) {
	withoutTMDB(t)
	embedded, err := catalog.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	embeddedMovies := embedded.Titles(catalog.Movie)
	fakeLogs := func(app core.App, kind catalog.Kind, since time.Time, limit int) ([]int, error) {
		if kind != "movie" || time.Since(since) < 7*24*time.Hour-time.Minute || limit != catalog.TrendingLimitMax {
			return nil, errors.New("unexpected call")
		}
		return []int{604, 999, 603}, nil // most logged first; 999 is not in the catalog
	}
	seeded := seed(localMovies...)
	app := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		seeded(t, app)
		catalog.SetRecentLogs(app, fakeLogs)
	})
	scenarios := []tests.ApiScenario{
		{Name: "TV: the most popular embedded shows", URL: "/api/trending-tv-shows", ExpectedStatus: 200,
			ExpectedContent: []string{`"id":1000100001`, `"name":"Breaking Bad"`, `"numberOfSeasons":5`, `"firstAirDate":"2008"`,
				`"first_air_date":"2008"`, `"posterPath":null`, `"poster_path":null`, `"voteAverage":`, `"vote_average":`},
			NotExpectedContent: []string{`"overview"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				header("Cache-Control", "public, max-age=300")(t, app, res)
				ranked("Breaking Bad", breakingBad)(t, app, res)
			}},
		{Name: "TV: a limit", URL: "/api/trending-tv-shows?limit=3", ExpectedStatus: 200, AfterTestFunc: count(3), ExpectedContent: []string{`"id"`}},
		{Name: "TV: the limit is capped at 20", URL: "/api/trending-tv-shows?limit=500", ExpectedStatus: 200, AfterTestFunc: count(20), ExpectedContent: []string{`"id"`}},
		{Name: "TV: a zero limit is a 400", URL: "/api/trending-tv-shows?limit=0", ExpectedStatus: 400, ExpectedContent: []string{`"message":"The limit must be a positive number."`}},
		{Name: "TV: a non-numeric limit is a 400", URL: "/api/trending-tv-shows?limit=six", ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}},
		{Name: "movies: what members logged most, padded with popular embedded titles", URL: "/api/trending-movies", ExpectedStatus: 200,
			ExpectedContent: []string{`"id":604`, `"title":"The Matrix Reloaded"`, `"releaseDate":"2003-05-15"`, `"release_date":"2003-05-15"`, `"runtime":136`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				items := answerItems(t, res)
				if want := min(6, 2+len(embeddedMovies)); len(items) != want || items[0].ID != 604 || items[1].ID != 603 {
					t.Fatalf("got %v, want 604, 603 then embedded titles, %d in all", items, want)
				}
			}},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.TestAppFactory = app
		s.Test(t)
	}
}

func TestCatalogInfo(t *testing.T) {
	withoutTMDB(t)
	(&tests.ApiScenario{
		Name: "without a key the embedded catalog answers", Method: http.MethodGet, URL: "/api/catalog/info",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
		ExpectedContent: []string{`{"provider":"embedded"}`},
	}).Test(t)
}

func TestCatalogInfoWithTMDB(t *testing.T) {
	withTMDB(t, newFakeTMDB(t), "test-key")
	(&tests.ApiScenario{
		Name: "with a key TMDB answers (and the About page credits it)", Method: http.MethodGet, URL: "/api/catalog/info",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
		ExpectedContent: []string{`{"provider":"tmdb"}`},
	}).Test(t)
}
