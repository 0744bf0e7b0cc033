package tv_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// Public ids of the test shows: Breaking Bad (ended: 7 + 13 episodes) and Severance
// (still airing: 9 + 10), and a movie.
const (
	breakingBad = 1396
	severance   = 95396
	matrix      = 603
)

// world is a served app with Ana (who marks episodes), Bea (who follows Ana) and the
// test catalog.
type world struct {
	app      *tests.TestApp
	srv      *httptest.Server
	ana, bea *core.Record
	cookies  map[string]string // first name → Cookie header
}

func newWorld(t *testing.T) *world {
	t.Helper()
	app := testutil.NewTestApp(t)
	w := &world{app: app, cookies: map[string]string{}}
	w.ana = w.member(t, "Ana")
	w.bea = w.member(t, "Bea")
	bb := testutil.CreateShow(t, app, breakingBad, "Breaking Bad", 2008, 47, 7, 13)
	bb.Set("status", catalog.StatusEnded)
	bb.Set("lastAirDate", "2013-09-29")
	if err := app.Save(bb); err != nil {
		t.Fatal(err)
	}
	testutil.CreateShow(t, app, severance, "Severance", 2022, 55, 9, 10)
	testutil.CreateMovie(t, app, matrix, "The Matrix", 1999, 136, "Action")
	if err := social.Follow(app, w.bea.Id, w.ana.Id); err != nil {
		t.Fatal(err)
	}
	w.srv = testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false
	return w
}

// member creates a member and keeps their session cookie.
func (w *world) member(t *testing.T, first string) *core.Record {
	t.Helper()
	m := testutil.CreateUser(t, w.app, first)
	w.cookies[first] = testutil.SessionCookie(t, m)
	return m
}

// call sends a request as the named member ("" for a visitor) and returns the status and
// the body.
func (w *world) call(t testing.TB, who, method, path, body string) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, w.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c := w.cookies[who]; c != "" {
		req.Header.Set("Cookie", c)
	}
	res, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// ok sends a request that must answer 200 and decodes its JSON into out (when not nil).
func (w *world) ok(t testing.TB, who, method, path, body string, out any) {
	t.Helper()
	status, data := w.call(t, who, method, path, body)
	if status != http.StatusOK {
		t.Fatalf("%s %s as %s: %d %s", method, path, who, status, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
}

// count counts the records of a collection matching filter.
func count(t testing.TB, app core.App, collection, filter string, params dbx.Params) int {
	t.Helper()
	n, err := app.CountRecords(collection, dbx.NewExp(filter, params))
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// status is userID's watch-entry status for the show with public id showID ("" none).
func status(t testing.TB, app core.App, userID string, showID int) string {
	t.Helper()
	show, err := app.FindFirstRecordByData("tv_shows", "tmdbId", showID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && tvShow = {:s}", dbx.Params{"u": userID, "s": show.Id})
	if err != nil {
		return ""
	}
	return r.GetString("status")
}
