package catalog_test

import (
	"errors"
	"net/http"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// TestFind covers the lookup other domains relate their records through.
func TestFind(t *testing.T) {
	f := newFakeTMDB(t)
	t.Run("without TMDB", func(t *testing.T) {
		withoutTMDB(t)
		app := testutil.NewTestApp(t) // never served: nothing synced yet
		r, err := catalog.Find(t.Context(), app, catalog.TV, breakingBad)
		if err != nil || r.GetString("name") != "Breaking Bad" || r.GetString("source") != "embedded" {
			t.Fatalf("an embedded title gets its record on demand: %v %v", r, err)
		}
		again, err := catalog.Find(t.Context(), app, catalog.TV, breakingBad)
		if err != nil || again.Id != r.Id {
			t.Fatalf("the same record the second time: %v %v", again, err)
		}
		if _, err := catalog.Find(t.Context(), app, catalog.Movie, 603); !errors.Is(err, catalog.ErrNotFound) {
			t.Fatalf("an unknown title: %v", err)
		}
	})
	t.Run("with TMDB", func(t *testing.T) {
		withTMDB(t, f, fakeKey)
		app := testutil.NewTestApp(t)
		err := app.RunInTransaction(func(tx core.App) error {
			r, err := catalog.Find(t.Context(), tx, catalog.Movie, 603)
			if err != nil || r.GetString("title") != "The Matrix" || r.GetString("source") != "tmdb" || r.GetInt("runtime") != 136 {
				t.Fatalf("a TMDB title is fetched and cached: %v %v", r, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := catalog.Find(t.Context(), app, catalog.Movie, 999999); !errors.Is(err, catalog.ErrNotFound) {
			t.Fatalf("a title TMDB does not know: %v", err)
		}
	})
}

// TestDashboardEdits covers superusers editing the catalog in the dashboard, the only
// writers besides the catalog itself.
func TestDashboardEdits(t *testing.T) {
	withoutTMDB(t)
	scenarios := []tests.ApiScenario{
		{Name: "a renamed title is found by its new name", Method: http.MethodGet, URL: "/api/movies/search?q=zardoz%20redux",
			TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
				movies, _ := app.FindCollectionByNameOrId("movies")
				r := core.NewRecord(movies)
				r.Load(map[string]any{"tmdbId": 1150000009, "title": "Zardoz", "releaseDate": "1974-02-06", "source": "import"})
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
				r.Set("title", "Zardoz Redux")
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"id":1150000009`, `"title":"Zardoz Redux"`, `"release_date":"1974-02-06"`}},
		{Name: "the REST API of the catalog is superuser-only (the routes are the API)", Method: http.MethodGet,
			URL: "/api/collections/movies/records", TestAppFactory: testutil.Factory(nil), ExpectedStatus: 403,
			ExpectedContent: []string{`"status":403`}},
		{Name: "so is the catalog settings record", Method: http.MethodGet,
			URL: "/api/collections/catalog_settings/records/catalogsettings", TestAppFactory: testutil.Factory(nil), ExpectedStatus: 403,
			ExpectedContent: []string{`"status":403`}},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
