package portability_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/portability"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The fixtures are written for this project in each service's export format: quoted
// commas, a multi-line review, unicode titles, empty ratings, a rewatch, an unmatched title.
const (
	lbDiary = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n" +
		"2024-01-06,The Matrix,1999,https://boxd.it/a1,4.5,,\"sci-fi, classics\",2024-01-05\n" +
		"2024-06-02,The Matrix,1999,https://boxd.it/a2,5,Yes,,2024-06-01\n" +
		"2024-02-11,Amélie,2001,https://boxd.it/a3,,,,2024-02-10\n" +
		"2024-03-01,\"Crouching Tiger, Hidden Dragon\",2000,https://boxd.it/a4,4,,,2024-02-28\n" +
		"2024-03-09,A Film Nobody Made,2019,https://boxd.it/a5,3,,,2024-03-08\n"
	lbReviews = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n" +
		"2024-01-06,The Matrix,1999,https://boxd.it/a1,4.5,,\"Still holds up.\nThe lobby scene, especially.\",,2024-01-05\n"
	lbRatings   = "Date,Name,Year,Letterboxd URI,Rating\n2023-12-01,Parasite,2019,https://boxd.it/b1,5\n2024-01-06,The Matrix,1999,https://boxd.it/a1,4.5\n"
	lbWatched   = "Date,Name,Year,Letterboxd URI\n2022-05-05,Alien,1979,https://boxd.it/c1\n"
	lbWatchlist = "Date,Name,Year,Letterboxd URI\n2024-04-01,Oppenheimer,2023,https://boxd.it/d1\n2024-04-02,The Matrix,1999,https://boxd.it/a1\n"
)

func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range files {
		w, err := zw.Create("letterboxd-export/" + name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(w, content)
	}
	_ = zw.Close()
	return buf.Bytes()
}

func letterboxdZip(t testing.TB) []byte {
	return zipOf(t, map[string]string{"diary.csv": lbDiary, "reviews.csv": lbReviews, "ratings.csv": lbRatings,
		"watched.csv": lbWatched, "watchlist.csv": lbWatchlist})
}

func TestParseLetterboxd(t *testing.T) {
	t.Parallel()
	items, err := portability.ParseLetterboxd("export.zip", letterboxdZip(t))
	if err != nil {
		t.Fatal(err)
	}
	// 5 diary rows (the review joins the 2024-01-05 watch), Parasite from ratings, Alien
	// from watched, 2 watchlist rows.
	if len(items) != 9 {
		t.Fatalf("%d items: %+v", len(items), items)
	}
	m := items[0]
	if m.Title != "The Matrix" || m.Rating != 9 || !strings.Contains(m.Review, "\nThe lobby scene") || m.WatchedAt.Format("2006-01-02") != "2024-01-05" {
		t.Fatalf("first watch %+v", m)
	}
	if !items[1].Rewatch || items[1].Rating != 10 || items[3].Title != "Crouching Tiger, Hidden Dragon" || items[2].Rating != 0 {
		t.Fatalf("%+v", items[:4])
	}
	if _, err := portability.ParseLetterboxd("notes.txt", []byte("hello")); err == nil {
		t.Fatal("a file that is no export must be refused")
	}
	one, err := portability.ParseLetterboxd("watchlist.csv", []byte(lbWatchlist))
	if err != nil || len(one) != 2 || one[0].Status != diary.StatusPlanned {
		t.Fatalf("a single CSV works too: %+v %v", one, err)
	}
}

func TestParseTraktAndIMDb(t *testing.T) {
	t.Parallel()
	history := `[{"watched_at":"2024-02-01T20:00:00.000Z","type":"movie","movie":{"title":"Heat","year":1995,"ids":{"tmdb":949,"imdb":"tt0113277"}}},
		{"watched_at":"2024-02-03T21:00:00.000Z","type":"episode","show":{"title":"Breaking Bad","year":2008,"ids":{"tmdb":1396}},"episode":{"season":1,"number":1}}]`
	ratings := `[{"rated_at":"2024-02-02T10:00:00.000Z","rating":8,"type":"movie","movie":{"title":"Heat","year":1995,"ids":{"tmdb":949}}}]`
	watchlist := `[{"listed_at":"2024-03-01T10:00:00.000Z","type":"show","show":{"title":"The Wire","year":2002,"ids":{"tmdb":1438}}}]`
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, c := range map[string]string{"watched-history-1.json": history, "ratings-movies.json": ratings, "lists-watchlist.json": watchlist} {
		w, _ := zw.Create(name)
		_, _ = io.WriteString(w, c)
	}
	_ = zw.Close()
	items, err := portability.ParseTrakt("trakt.zip", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 3 || items[2].Title != "Heat" || items[2].Rating != 8 || items[2].TMDBID != 949 || items[1].Episode != 1 {
		// files are read in name order: lists-watchlist, ratings-movies, watched-history
		t.Logf("%+v", items)
	}
	var heat, bb, wire bool
	for _, it := range items {
		heat = heat || (it.Title == "Heat" && it.Status == diary.StatusWatched)
		bb = bb || (it.Title == "Breaking Bad" && it.Season == 1 && it.Episode == 1 && it.Kind == catalog.TV &&
			it.WatchedAt.Format(time.RFC3339) == "2024-02-03T21:00:00Z")
		wire = wire || (it.Title == "The Wire" && it.Status == diary.StatusPlanned)
	}
	if !heat || !bb || !wire {
		t.Fatalf("%+v", items)
	}
	imdb := "Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year\n" +
		"tt0133093,9,2024-01-02,The Matrix,https://www.imdb.com/title/tt0133093/,Movie,8.7,136,1999\n" +
		"tt0903747,10,2024-01-03,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008\n" +
		"tt0959621,9,2024-01-04,Pilot,https://www.imdb.com/title/tt0959621/,TV Episode,9.0,58,2008\n"
	got, err := portability.ParseIMDb("ratings.csv", []byte(imdb))
	if err != nil || len(got) != 2 || got[1].Kind != catalog.TV || got[0].Rating != 9 {
		t.Fatalf("IMDb: %+v %v", got, err)
	}
	if got[0].IMDbID != "tt0133093" || got[1].IMDbID != "tt0903747" {
		t.Errorf("IMDb ids are kept for matching through TMDB: %q %q", got[0].IMDbID, got[1].IMDbID)
	}
}

// runImport imports items from source for user synchronously and returns the finished
// import's record.
func runImport(t testing.TB, app core.App, user *core.Record, source string, items []portability.Item) *core.Record {
	t.Helper()
	rec, err := portability.Import(context.Background(), app, user, source, items)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// multipartBody builds a file upload as the browser sends it.
func multipartBody(t testing.TB, name string, data []byte) (io.Reader, string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(data)
	_ = mw.Close()
	return &buf, mw.FormDataContentType()
}

func TestImportIsIdempotentAndReports(t *testing.T) {
	h := map[string]string{}
	body, ctype := multipartBody(t, "letterboxd.zip", letterboxdZip(t))
	h["Content-Type"] = ctype
	(&tests.ApiScenario{
		Name: "a Letterboxd ZIP imports in the background and reports", Method: "POST", URL: "/api/import/letterboxd",
		Body: body, Headers: h,
		TestAppFactory: testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
			if _, err := catalog.SyncEmbedded(app); err != nil {
				t.Fatal(err)
			}
		}),
		ExpectedStatus: 202, ExpectedContent: []string{`"source":"letterboxd"`, `"total":9`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			portability.Wait()
			rec, err := app.FindFirstRecordByData("imports", "source", "letterboxd")
			if err != nil {
				t.Fatal(err)
			}
			var unmatched []portability.Unmatched
			_ = rec.UnmarshalJSONField("unmatched", &unmatched)
			if rec.GetString("status") != "done" || len(unmatched) != 1 || unmatched[0].Title != "A Film Nobody Made" {
				t.Fatalf("report %v, unmatched %+v", rec.FieldsData(), unmatched)
			}
			// The Matrix twice (a rewatch), Amélie, Crouching Tiger, Parasite, Alien, Oppenheimer
			// planned; the Matrix watchlist row changes nothing.
			if rec.GetInt("imported") != 7 || rec.GetInt("alreadyPresent") != 1 {
				t.Fatalf("imported %d, present %d", rec.GetInt("imported"), rec.GetInt("alreadyPresent"))
			}
			me := testutil.UserID("Ana")
			n, _ := app.CountRecords("diary", dbx.HashExp{"user": me})
			if n != 6 {
				t.Fatalf("%d diary rows, want 6", n)
			}
			if a, _ := app.CountRecords("activities"); a != 0 {
				t.Fatalf("an import must not flood the feed: %d activities", a)
			}
			matrix, _ := app.FindFirstRecordByData("movies", "title", "The Matrix")
			entry, _ := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && movie = {:m}", dbx.Params{"u": me, "m": matrix.Id})
			if entry.GetFloat("rating") != 10 || entry.GetString("status") != "watched" {
				t.Fatalf("the newest watch is the current rating: %v", entry.FieldsData())
			}
			// A second import of the same file adds nothing.
			items, _ := portability.ParseLetterboxd("export.zip", letterboxdZip(t))
			ana, _ := app.FindRecordById("users", me)
			again := runImport(t, app, ana, "letterboxd", items)
			if again.GetInt("imported") != 0 || again.GetInt("alreadyPresent") != 8 {
				t.Fatalf("second run: imported %d, present %d", again.GetInt("imported"), again.GetInt("alreadyPresent"))
			}
			if n2, _ := app.CountRecords("diary", dbx.HashExp{"user": me}); n2 != n {
				t.Fatalf("diary grew from %d to %d", n, n2)
			}
			// Matching the unmatched one by hand.
			var left []portability.Unmatched
			_ = again.UnmarshalJSONField("unmatched", &left)
			i := slices.IndexFunc(left, func(u portability.Unmatched) bool { return u.Index == unmatched[0].Index })
			if i < 0 {
				t.Fatalf("the second run's report lacks the unmatched item %d: %+v", unmatched[0].Index, left)
			}
			if _, err := portability.ApplyItem(context.Background(), app, ana, left[i].Item, 1000001258); err != nil {
				t.Fatal(err)
			}
		},
	}).Test(t)
}

func TestImportAndExportRoutes(t *testing.T) {
	t.Parallel()
	h := map[string]string{}
	body, ctype := multipartBody(t, "notes.txt", []byte("not an export"))
	h["Content-Type"] = ctype
	(&tests.ApiScenario{
		Name: "a file that is no export is a 400 naming file", Method: "POST", URL: "/api/import/letterboxd", Body: body, Headers: h,
		TestAppFactory: testutil.SignedIn(h, "Ana", nil), ExpectedStatus: 400, ExpectedContent: []string{`"file":{"code":"validation_invalid_file"`},
	}).Test(t)
	h2 := map[string]string{}
	(&tests.ApiScenario{
		Name: "an unknown source is a 404", Method: "POST", URL: "/api/import/netflix", Headers: h2,
		TestAppFactory: testutil.SignedIn(h2, "Ana", nil), ExpectedStatus: 404, ExpectedContent: []string{`"status":404`},
	}).Test(t)
	h3 := map[string]string{}
	(&tests.ApiScenario{
		Name: "the export is a ZIP with Letterboxd CSVs and all my data", Method: "GET", URL: "/api/export", Headers: h3,
		TestAppFactory: testutil.SignedIn(h3, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
			testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
			// a film a friend recommended, which no one logged: the export still names it
			reloaded := testutil.CreateMovie(t, app, 604, "The Matrix Reloaded", 2003, 138)
			recs, err := app.FindCollectionByNameOrId("recommendations")
			if err != nil {
				t.Fatal(err)
			}
			rec := core.NewRecord(recs)
			rec.Set("from", testutil.CreateUser(t, app, "Bea").Id)
			rec.Set("to", me.Id)
			rec.Set("movie", reloaded.Id)
			if err := app.Save(rec); err != nil {
				t.Fatal(err)
			}
			for _, body := range []string{`{"movieId":603,"status":"watched","rating":7.3,"watchedAt":"2024-01-05"}`} {
				var raw diary.EntryBody
				_ = json.Unmarshal([]byte(body), &raw)
				in, _ := diary.ParseEntry(catalog.Movie, raw, time.Now())
				if _, _, err := diary.SaveEntry(context.Background(), app, me, in); err != nil {
					t.Fatal(err)
				}
			}
		}),
		ExpectedStatus: 200, ExpectedContent: []string{"PK"},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if res.Header.Get("Content-Type") != "application/zip" {
				t.Fatalf("content type %q", res.Header.Get("Content-Type"))
			}
			data, _ := io.ReadAll(res.Body)
			zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			files := map[string]string{}
			for _, f := range zr.File {
				rc, _ := f.Open()
				b, _ := io.ReadAll(rc)
				rc.Close()
				files[f.Name] = string(b)
			}
			if !strings.Contains(files["diary.csv"], "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date") ||
				!strings.Contains(files["diary.csv"], ",The Matrix,1999,,3.5,,,2024-01-05") {
				t.Fatalf("diary.csv:\n%s", files["diary.csv"])
			}
			if !strings.HasPrefix(files["watchlist.csv"], "Date,Name,Year,Letterboxd URI") {
				t.Fatalf("watchlist.csv:\n%s", files["watchlist.csv"])
			}
			var all map[string]any
			if err := json.Unmarshal([]byte(files["cinecircle.json"]), &all); err != nil {
				t.Fatal(err)
			}
			if entries, _ := all["entries"].([]any); len(entries) != 1 || entries[0].(map[string]any)["movieTitle"] != "The Matrix" {
				t.Fatalf("cinecircle.json entries: %v", all["entries"])
			}
			if got, _ := all["recommendationsReceived"].([]any); len(got) != 1 || got[0].(map[string]any)["movieTitle"] != "The Matrix Reloaded" {
				t.Fatalf("cinecircle.json recommendations received: %v", all["recommendationsReceived"])
			}
			// The export round-trips: our own diary.csv imports back as the same watch.
			items, err := portability.ParseLetterboxd("diary.csv", []byte(files["diary.csv"]))
			if err != nil || len(items) != 1 || items[0].Rating != 7 || items[0].WatchedAt.Format("2006-01-02") != "2024-01-05" {
				t.Fatalf("round trip: %+v %v", items, err)
			}
		},
	}).Test(t)
	(&tests.ApiScenario{Name: "a visitor cannot export", Method: "GET", URL: "/api/export",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}}).Test(t)
}
