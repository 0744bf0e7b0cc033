package scrobble_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cinecircle/hooks/scrobble"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// matrix is the public id of The Matrix, saved as TMDB has it; Heat (1995) and Breaking
// Bad (2008) come from the embedded catalog, which has no TMDB ids: they match by name.
const matrix = 603

// world is a served app with Ana (whose media server posts plays) and Bea (who follows
// her), and the test catalog.
type world struct {
	app      *tests.TestApp
	srv      *httptest.Server
	ana, bea *core.Record
	cookies  map[string]string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	app := testutil.NewTestApp(t)
	w := &world{app: app, cookies: map[string]string{}}
	w.ana = testutil.CreateUser(t, app, "Ana")
	w.bea = testutil.CreateUser(t, app, "Bea")
	w.cookies["Ana"], w.cookies["Bea"] = testutil.SessionCookie(t, w.ana), testutil.SessionCookie(t, w.bea)
	testutil.CreateMovie(t, app, matrix, "The Matrix", 1999, 136, "Action")
	if err := social.Follow(app, w.bea.Id, w.ana.Id); err != nil {
		t.Fatal(err)
	}
	w.srv = testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false
	return w
}

// token is Ana's webhook token.
func (w *world) token(t testing.TB) string {
	t.Helper()
	tok, err := scrobble.TokenFor(w.app, w.ana.Id)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// fixture reads a testdata payload.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// request builds the request a server sends with a payload: Plex's multipart form with
// the JSON in its "payload" part (and a thumbnail part, as Plex sends), JSON otherwise.
func request(t testing.TB, url, name string, payload []byte) *http.Request {
	t.Helper()
	body, ct := bytes.NewReader(payload), "application/json"
	if strings.HasPrefix(name, "plex_") {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		if err := mw.WriteField("payload", string(payload)); err != nil {
			t.Fatal(err)
		}
		part, _ := mw.CreateFormFile("thumb", "thumb.jpg")
		_, _ = part.Write([]byte("\xff\xd8\xff\xe0 not much of a jpeg"))
		_ = mw.Close()
		body, ct = bytes.NewReader(buf.Bytes()), mw.FormDataContentType()
	}
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("User-Agent", "Jellyfin-Server/10.10.7")
	return req
}

// post sends a fixture to Ana's webhook and returns the status and body.
func (w *world) post(t testing.TB, token, name string, payload []byte) (int, []byte) {
	t.Helper()
	return w.do(t, request(t, w.srv.URL+"/api/scrobble/"+token, name, payload))
}

// do sends req and reads the answer.
func (w *world) do(t testing.TB, req *http.Request) (int, []byte) {
	t.Helper()
	res, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// call sends a JSON request as the named member ("" for a visitor).
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
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", w.srv.URL)
	if c := w.cookies[who]; c != "" {
		req.Header.Set("Cookie", c)
	}
	return w.do(t, req)
}

// settings reads a member's scrobble settings through the API.
func (w *world) settings(t testing.TB, who string) scrobble.SettingsJSON {
	t.Helper()
	status, data := w.call(t, who, http.MethodGet, "/api/user/scrobble", "")
	var s scrobble.SettingsJSON
	if status != http.StatusOK || json.Unmarshal(data, &s) != nil {
		t.Fatalf("GET /api/user/scrobble as %s: %d %s", who, status, data)
	}
	return s
}

// count runs a COUNT(*) query.
func (w *world) count(t testing.TB, sql string, params dbx.Params) int {
	t.Helper()
	var n int
	if err := w.app.DB().NewQuery(sql).Bind(params).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// state is what a play can change of Ana's: diary rows per film, episode watches, posts
// and plays held for matching.
type state struct {
	Matrix, Heat, Episodes, Posts, Held int
}

func (w *world) state(t testing.TB) state {
	t.Helper()
	u := dbx.Params{"u": w.ana.Id}
	film := func(title string) int {
		return w.count(t, "SELECT COUNT(*) FROM diary d JOIN movies m ON m.id = d.movie WHERE d.user = {:u} AND m.title = {:t}",
			dbx.Params{"u": w.ana.Id, "t": title})
	}
	held := 0
	if r, err := w.app.FindFirstRecordByFilter("imports", "user = {:u} && source = 'scrobble'", u); err == nil {
		var items []any
		_ = r.UnmarshalJSONField("unmatched", &items)
		held = len(items)
	}
	return state{Matrix: film("The Matrix"), Heat: film("Heat"),
		Episodes: w.count(t, "SELECT COUNT(*) FROM episode_watches WHERE user = {:u}", u),
		Posts:    w.count(t, "SELECT COUNT(*) FROM activities WHERE user = {:u}", u), Held: held}
}
