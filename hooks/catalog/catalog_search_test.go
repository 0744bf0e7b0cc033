package catalog_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

func TestSearchWithoutTMDB(t *testing.T) {
	withoutTMDB(t)
	app := testutil.Factory(seed(localMovies...))
	empty := []string{`"results":[]`, `"total":0`}
	scenarios := []tests.ApiScenario{
		{Name: "exact, then prefix, then word prefix, then substring; ties by popularity", URL: "/api/movies/search?q=matrix",
			ExpectedContent: []string{`"id":603`, `"title":"The Matrix"`, `"poster_path":"/matrix.jpg"`, `"release_date":"1999-03-31"`,
				`"vote_average":8.2`, `"overview":"A hacker learns the truth about his reality."`},
			NotExpectedContent: []string{`"posterPath"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				header("Cache-Control", "public, max-age=300")(t, app, res)
				ranked("The Matrix", 603, 604, 605, 1150000001, 1150000002)(t, app, res)
			}},
		{Name: "capitals", URL: "/api/movies/search?q=MATRIX", AfterTestFunc: ranked("The Matrix", 603)},
		{Name: "the add dialog's query parameter and a leading article", URL: "/api/movies/search?query=the%20matrix", AfterTestFunc: ranked("The Matrix", 603)},
		{Name: "accents are folded in the query", URL: "/api/movies/search?q=matr%C3%ADx", AfterTestFunc: ranked("The Matrix", 603)},
		{Name: "accents are folded in titles", URL: "/api/movies/search?q=amelie", AfterTestFunc: ranked("Amélie", 194),
			ExpectedContent: []string{`"title":"Amélie"`}},
		{Name: "the original title is searched", URL: "/api/movies/search?q=Destin%20d%27Am%C3%A9lie", AfterTestFunc: ranked("Amélie", 194)},
		{Name: "spaces and dashes don't matter", URL: "/api/movies/search?q=spiderman", AfterTestFunc: ranked("Spider-Man", 557)},
		{Name: "a limit", URL: "/api/movies/search?q=matrix&limit=2", AfterTestFunc: count(2), ExpectedContent: []string{`"total":`}},
		{Name: "the limit is capped at 50", URL: "/api/movies/search?q=matrix&limit=5000", AfterTestFunc: ranked("The Matrix", 603)},
		{Name: "a bad limit is a 400", URL: "/api/movies/search?q=matrix&limit=-1", ExpectedStatus: 400,
			ExpectedContent: []string{`"status":400`}},
		{Name: "one character after trimming answers nothing", URL: "/api/movies/search?q=%20m%20", ExpectedContent: empty},
		{Name: "no query answers nothing", URL: "/api/movies/search", ExpectedContent: empty},
		{Name: "punctuation only answers nothing", URL: "/api/movies/search?q=%3F%21", ExpectedContent: empty},
		{Name: "no match", URL: "/api/movies/search?q=zzqqxx", ExpectedContent: empty},
		{Name: "a very long query is a 400", URL: "/api/movies/search?q=" + strings.Repeat("a", 201), ExpectedStatus: 400,
			ExpectedContent: []string{`"message":"The search text is too long."`}},
		{Name: "TV search over the embedded catalog", URL: "/api/tv-shows/search?q=breaking%20BAD",
			ExpectedContent: []string{`"name":"Breaking Bad"`, `"first_air_date":"2008"`, `"poster_path":null`, `"vote_average":0`},
			AfterTestFunc:   ranked("Breaking Bad", breakingBad)},
		{Name: "TV search with ?query=", URL: "/api/tv-shows/search?query=breaking", AfterTestFunc: ranked("Breaking Bad", breakingBad)},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.TestAppFactory = app
		if s.ExpectedStatus == 0 {
			s.ExpectedStatus = http.StatusOK
		}
		if len(s.ExpectedContent) == 0 {
			s.ExpectedContent = []string{`"results":[`}
		}
		s.Test(t)
	}
}

// TestSearchEmbeddedMovies checks the ranking against the embedded catalog itself, as a
// member without a TMDB key searches it.
func TestSearchEmbeddedMovies(t *testing.T) {
	withoutTMDB(t)
	embedded, err := catalog.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	movies := embedded.Titles(catalog.Movie)
	ids := map[string]int{}
	for _, m := range movies {
		if _, seen := ids[m.Title]; !seen {
			ids[m.Title] = m.ID
		}
	}
	if ids["The Matrix"] == 0 || ids["Amélie"] == 0 {
		t.Skip("the embedded movies (with The Matrix and Amélie) have not landed yet")
	}
	for _, q := range []string{"matrix", "MATRIX", "the%20matrix", "matr%C3%ADx", "The%20Matrix%20"} {
		(&tests.ApiScenario{Name: q, Method: http.MethodGet, URL: "/api/movies/search?q=" + q, ExpectedStatus: 200,
			TestAppFactory: testutil.Factory(nil), ExpectedContent: []string{`"title":"The Matrix"`},
			AfterTestFunc: ranked("The Matrix", ids["The Matrix"])}).Test(t)
	}
	(&tests.ApiScenario{Name: "amelie", Method: http.MethodGet, URL: "/api/movies/search?q=amelie", ExpectedStatus: 200,
		TestAppFactory: testutil.Factory(nil), ExpectedContent: []string{`"title":"Amélie"`},
		AfterTestFunc: ranked("Amélie", ids["Amélie"])}).Test(t)
}
