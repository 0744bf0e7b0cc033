package portability_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/portability"
	"cinecircle/hooks/testutil"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// exportFiles downloads a member's export and returns its files by name.
func exportFiles(t *testing.T, srv string, cookie string) map[string][]byte {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+"/api/export", nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("export: %d %v", res.StatusCode, err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return files
}

// upload imports one file for a member through the route and waits for it.
func upload(t *testing.T, srv, cookie, source, name string, data []byte) {
	t.Helper()
	body, ctype := multipartBody(t, name, data)
	req, _ := http.NewRequest("POST", srv+"/api/import/"+source, body)
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		t.Fatalf("import %s: %d %s", name, res.StatusCode, answer)
	}
	portability.Wait()
}

func episodeWatches(t *testing.T, files map[string][]byte) []tv.ExportedWatch {
	t.Helper()
	var all struct {
		EpisodeWatches []tv.ExportedWatch `json:"episodeWatches"`
	}
	if err := json.Unmarshal(files["cinecircle.json"], &all); err != nil {
		t.Fatal(err)
	}
	return all.EpisodeWatches
}

// TestEpisodeWatchesRoundTrip: the export's episode watches (cinecircle.json) and its
// Letterboxd-style episodes.csv import back into another account as the same watches, so
// that account's export shows them unchanged; importing again adds nothing; Trakt's
// episode history imports as dated watches, quietly.
func TestEpisodeWatchesRoundTrip(t *testing.T) {
	app := testutil.NewTestApp(t)
	cookies := map[string]string{}
	members := map[string]*core.Record{}
	for _, name := range []string{"Ana", "Bea", "Cal", "Dee"} {
		members[name] = testutil.CreateUser(t, app, name)
		cookies[name] = testutil.SessionCookie(t, members[name])
	}
	show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
	srv := testutil.Serve(t, app).URL
	app.Settings().RateLimits.Enabled = false
	ana := members["Ana"].Id
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	for _, m := range []tv.Mark{
		{UserID: ana, Show: show, Scope: tv.WholeSeason, At: tv.Ep{Season: 1}, WatchedAt: at("2024-01-05T21:00:00Z")},
		{UserID: ana, Show: show, At: tv.Ep{Season: 1, Episode: 1}, WatchedAt: at("2024-03-01T20:00:00Z")},
		{UserID: ana, Show: show, At: tv.Ep{Season: 2, Episode: 1}, WatchedAt: at("2024-03-02T20:15:00Z")},
	} {
		if _, err := tv.Apply(app, m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tv.MarkEpisodeWatched(context.Background(), app, ana, 1396, 2, 2, at("2024-03-03T22:10:00Z"), tv.SourceScrobble); err != nil {
		t.Fatal(err)
	}
	original := exportFiles(t, srv, cookies["Ana"])
	watches := episodeWatches(t, original)
	if len(watches) != 10 || watches[9].Source != tv.SourceScrobble || watches[8].WatchedAt != "2024-03-02T20:15:00Z" {
		t.Fatalf("exported watches: %+v", watches)
	}
	if !bytes.HasPrefix(original["episodes.csv"], []byte("Watched Date,Name,Year,Season,Episode,Rewatch,TMDb ID,Source\n2024-01-05,Breaking Bad,2008,1,1,,1396,manual\n")) ||
		!bytes.Contains(original["episodes.csv"], []byte("2024-03-01,Breaking Bad,2008,1,1,Yes,1396,manual\n")) {
		t.Fatalf("episodes.csv:\n%s", original["episodes.csv"])
	}

	upload(t, srv, cookies["Bea"], "cinecircle", "cinecircle.json", original["cinecircle.json"])
	if got := episodeWatches(t, exportFiles(t, srv, cookies["Bea"])); !slices.Equal(got, watches) {
		t.Errorf("the JSON round trip changed the watches:\n%+v\nwant\n%+v", got, watches)
	}
	upload(t, srv, cookies["Cal"], "cinecircle", "episodes.csv", original["episodes.csv"])
	if got := exportFiles(t, srv, cookies["Cal"])["episodes.csv"]; !bytes.Equal(got, original["episodes.csv"]) {
		t.Errorf("the CSV round trip changed the sheet:\n%s\nwant\n%s", got, original["episodes.csv"])
	}
	items, err := portability.ParseCineCircle("cinecircle.json", original["cinecircle.json"])
	if err != nil {
		t.Fatal(err)
	}
	again := runImport(t, app, members["Bea"], "cinecircle", items)
	if again.GetInt("imported") != 0 || again.GetInt("alreadyPresent") != 10 {
		t.Errorf("a second import: imported %d, present %d", again.GetInt("imported"), again.GetInt("alreadyPresent"))
	}

	history := `[{"id":1,"watched_at":"2024-05-01T20:00:00.000Z","action":"watch","type":"episode","episode":{"season":1,"number":1,"title":"Pilot","ids":{"trakt":73482,"tmdb":62085}},"show":{"title":"Breaking Bad","year":2008,"ids":{"trakt":1388,"slug":"breaking-bad","tvdb":81189,"imdb":"tt0903747","tmdb":1396}}},
		{"id":2,"watched_at":"2024-05-01T21:00:00.000Z","action":"scrobble","type":"episode","episode":{"season":1,"number":2,"title":"Cat's in the Bag...","ids":{"tmdb":62086}},"show":{"title":"Breaking Bad","year":2008,"ids":{"tmdb":1396}}},
		{"id":3,"watched_at":"2024-06-01T20:00:00.000Z","action":"watch","type":"episode","episode":{"season":1,"number":1,"title":"Pilot","ids":{"tmdb":62085}},"show":{"title":"Breaking Bad","year":2008,"ids":{"tmdb":1396}}},
		{"id":4,"watched_at":"2024-06-02T20:00:00.000Z","action":"watch","type":"episode","episode":{"season":9,"number":1,"title":"Nope","ids":{}},"show":{"title":"Breaking Bad","year":2008,"ids":{"tmdb":1396}}}]`
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	f, _ := zw.Create("watched-history-1.json")
	_, _ = io.WriteString(f, history)
	_ = zw.Close()
	dee := members["Dee"].Id
	for range 2 {
		upload(t, srv, cookies["Dee"], "trakt", "trakt.zip", buf.Bytes())
	}
	var sources []string
	if err := app.DB().NewQuery("SELECT source FROM episode_watches WHERE user = {:u}").Bind(dbx.Params{"u": dee}).Column(&sources); err != nil {
		t.Fatal(err)
	}
	if len(sources) != 3 || slices.ContainsFunc(sources, func(s string) bool { return s != tv.SourceImport }) {
		t.Errorf("Trakt history twice: %v, want 3 imported watches", sources)
	}
	if n, _ := app.CountRecords("activities", dbx.HashExp{"user": dee}); n != 0 {
		t.Errorf("an import posted %d activities", n)
	}
	entry, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && tvShow = {:s}", dbx.Params{"u": dee, "s": show.Id})
	if err != nil || entry.GetString("status") != "currently_watching" {
		t.Errorf("the imported show is in progress: %v", err)
	}
	last, _ := app.FindFirstRecordByFilter("imports", "user = {:u}", dbx.Params{"u": dee})
	var unmatched []portability.Unmatched
	_ = last.UnmarshalJSONField("unmatched", &unmatched)
	if len(unmatched) != 1 || unmatched[0].Season != 9 {
		t.Errorf("the episode the show lacks is reported: %+v", unmatched)
	}
	_ = catalog.TV
}
