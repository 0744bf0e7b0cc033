package catalog_test

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The shared catalog files are test input only, read in place (never copied here).
var (
	netflixCSV  = filepath.Join("..", "..", "..", "shared", "catalog", "streaming-titles", "netflix_titles.csv")
	wiki2020s   = filepath.Join("..", "..", "..", "shared", "catalog", "wikipedia-movie-data", "movies-2020s.json")
	fixtureCSV  = filepath.Join("testdata", "import", "streaming.csv")
	fixtureJSON = filepath.Join("testdata", "import", "wikipedia.json")
)

func importFile(t testing.TB, app core.App, path string) catalog.ImportResult {
	t.Helper()
	res, err := catalog.ImportFile(app, path)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func findTitle(t testing.TB, app core.App, collection, field, value string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData(collection, field, value)
	if err != nil {
		t.Fatalf("%s %q: %v", collection, value, err)
	}
	return r
}

func genres(r *core.Record) []string {
	var g []string
	_ = r.UnmarshalJSONField("genres", &g)
	return g
}

// TestImportRealFiles imports the real catalogs into an empty catalog. The counts were
// computed once (and cross-checked by an independent script): Netflix has 8,786 rows,
// 7 movies and 4 shows of which repeat a title and year; the 2020s Wikipedia file has
// 1,153 films, 124 of which repeat.
func TestImportRealFiles(t *testing.T) {
	t.Parallel()
	for _, f := range []string{netflixCSV, wiki2020s} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("the shared catalog is not here: %v", err)
		}
	}
	app := testutil.NewTestAppWithoutCatalog(t) // never served: the embedded catalog is not synced
	cases := []struct {
		file           string
		added, skipped int
	}{
		{netflixCSV, 8775, 11},
		{wiki2020s, 1029, 124},
		{netflixCSV, 0, 8786},
		{wiki2020s, 0, 1153},
	}
	for _, c := range cases {
		res := importFile(t, app, c.file)
		if res.Added != c.added || res.Skipped != c.skipped {
			t.Errorf("%s: added %d, skipped %d; want %d and %d", filepath.Base(c.file), res.Added, res.Skipped, c.added, c.skipped)
		}
		t.Logf("%s: added %d, skipped %d in %s", filepath.Base(c.file), res.Added, res.Skipped, res.Took)
	}
	movies, _ := app.CountRecords("movies")
	shows, _ := app.CountRecords("tv_shows")
	if movies != 6118+1029 || shows != 2657 {
		t.Errorf("catalog holds %d movies and %d shows, want %d and %d", movies, shows, 6118+1029, 2657)
	}
	var lo, hi int64
	_ = app.DB().NewQuery("SELECT MIN(tmdbId), MAX(tmdbId) FROM movies").Row(&lo, &hi)
	if lo != 1_100_000_001 || hi != 1_100_000_000+movies {
		t.Errorf("movie ids run %d..%d, want 1100000001..%d", lo, hi, 1_100_000_000+movies)
	}
	_ = app.DB().NewQuery("SELECT MIN(tmdbId), MAX(tmdbId) FROM tv_shows").Row(&lo, &hi)
	if lo != 1_200_000_001 || hi != 1_200_000_000+shows {
		t.Errorf("show ids run %d..%d, want 1200000001..%d", lo, hi, 1_200_000_000+shows)
	}
	grudge := findTitle(t, app, "movies", "title", "The Grudge")
	if grudge.GetString("overview") != "" || grudge.GetInt("year") != 2020 || !slices.Equal(genres(grudge), []string{"Horror"}) {
		t.Errorf("The Grudge: the Wikipedia extract must not be imported, got %v", grudge.FieldsData())
	}
}

func TestImportFixtures(t *testing.T) {
	t.Parallel()
	t.Run("into an empty catalog", func(t *testing.T) {
		app := testutil.NewTestAppWithoutCatalog(t)
		if res := importFile(t, app, fixtureCSV); res.Added != 5 || res.Skipped != 2 {
			t.Fatalf("CSV: %+v, want 5 added, 2 skipped (a repeat and a row without title)", res)
		}
		dick := findTitle(t, app, "movies", "title", "The Lighthouse Keeper's Daughter")
		if dick.GetInt("runtime") != 90 || dick.GetString("releaseDate") != "2020" || dick.GetString("country") != "US" ||
			dick.GetString("source") != "import" || !strings.HasPrefix(dick.GetString("overview"), "As the old lighthouse") ||
			!slices.Equal(genres(dick), []string{"Documentary"}) || dick.GetInt("tmdbId") != 1_100_000_001 {
			t.Errorf("The Lighthouse Keeper's Daughter: %v", dick.FieldsData())
		}
		louis := findTitle(t, app, "movies", "title", "Open Mic Night 2017")
		if louis.GetInt("runtime") != 74 || len(genres(louis)) != 0 {
			t.Errorf("the runtime in the rating column is read; 'Movies' is no genre: %v", louis.FieldsData())
		}
		blood := findTitle(t, app, "tv_shows", "name", "Salt & Tide")
		if blood.GetInt("numberOfSeasons") != 2 || blood.GetString("country") != "ZA" || blood.GetInt("tmdbId") != 1_200_000_001 ||
			!slices.Equal(genres(blood), []string{"Drama", "Mystery"}) || !strings.Contains(blood.GetString("seasons"), `"name":"Season 2"`) {
			t.Errorf("Salt & Tide: %v", blood.FieldsData())
		}
		if res := importFile(t, app, fixtureJSON); res.Added != 3 || res.Skipped != 2 {
			t.Fatalf("JSON: %+v, want 3 added, 2 skipped (Amélie from the CSV, no title)", res)
		}
		night := findTitle(t, app, "movies", "title", "Superhero Movie Night")
		if !slices.Equal(genres(night), []string{"Action", "Animation", "Mockumentary"}) || night.GetInt("tmdbId") != 1_100_000_006 {
			t.Errorf("genres map loosely and unknown ones stay; ids continue: %v", night.FieldsData())
		}
	})
	t.Run("files that cannot be imported", func(t *testing.T) {
		app := testutil.NewTestApp(t)
		dir := t.TempDir()
		noTitle := filepath.Join(dir, "no-title.csv")
		_ = os.WriteFile(noTitle, []byte("show_id,type,name\ns1,Movie,Heat\n"), 0o644)
		notArray := filepath.Join(dir, "object.json")
		_ = os.WriteFile(notArray, []byte(`{"title":"Heat"}`), 0o644)
		for file, want := range map[string]string{
			filepath.Join(dir, "missing.csv"): "no such file",
			filepath.Join(dir, "titles.xml"):  "unknown format",
			noTitle:                           `no "title" column`,
			notArray:                          "reading the JSON array",
		} {
			if filepath.Ext(file) == ".xml" {
				_ = os.WriteFile(file, []byte("<titles/>"), 0o644)
			}
			if _, err := catalog.ImportFile(app, file); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %v, want %q", filepath.Base(file), err, want)
			}
		}
	})
}

// TestImportCommand runs `cinecircle catalog import` as a self-hoster would: it syncs
// the embedded catalog first, so titles already there are skipped.
func TestImportCommand(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	cmd := catalog.Command(app)
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetArgs([]string{"import", fixtureCSV, fixtureJSON})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	want := fixtureCSV + ": added 3, skipped 4\n" + fixtureJSON + ": added 3, skipped 2\n"
	if out.String() != want {
		t.Fatalf("printed %q, want %q (Breaking Bad and Amélie are embedded)", out.String(), want)
	}
	for collection, title := range map[string]string{"tv_shows": "Breaking Bad", "movies": "Amélie"} {
		field := map[string]string{"tv_shows": "name", "movies": "title"}[collection]
		if n, _ := app.CountRecords(collection, dbx.HashExp{field: title}); n != 1 {
			t.Errorf("%s %q: %d records, want the embedded one alone", collection, title, n)
		}
	}
	cmd.SetErr(io.Discard)
	cmd.SetArgs([]string{"import"})
	if err := cmd.Execute(); err == nil {
		t.Error("import without a file must fail")
	}
	// Imported titles are searchable like the others.
	(&tests.ApiScenario{
		Name: "imported titles are searchable", Method: http.MethodGet, URL: "/api/tv-shows/search?q=salt%20%26%20tide",
		TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) { importFile(t, app, fixtureCSV) }),
		ExpectedStatus: 200, ExpectedContent: []string{`"name":"Salt & Tide"`, `"first_air_date":"2021"`},
	}).Test(t)
}
