package lists_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// world is a served app with members who know each other: Ana owns lists; Bea follows
// Ana; Cal is a member Ana follows (an editor to be); Dee is a stranger.
type world struct {
	app     *tests.TestApp
	srv     *httptest.Server
	cookies map[string]string
	ids     map[string]string
}

func newWorld(t *testing.T, names ...string) *world {
	t.Helper()
	app := testutil.NewTestApp(t)
	app.Settings().RateLimits.Enabled = false
	w := &world{app: app, cookies: map[string]string{}, ids: map[string]string{}}
	for _, n := range append([]string{"Ana", "Bea", "Cal", "Dee"}, names...) {
		u := testutil.CreateUser(t, app, n)
		w.cookies[n], w.ids[n] = testutil.SessionCookie(t, u), u.Id
	}
	for _, f := range [][2]string{{"Bea", "Ana"}, {"Ana", "Cal"}, {"Cal", "Ana"}} {
		if err := social.Follow(app, w.ids[f[0]], w.ids[f[1]]); err != nil {
			t.Fatal(err)
		}
	}
	for i, title := range []string{"The Matrix", "Heat", "Alien", "Arrival", "Dune"} {
		testutil.CreateMovie(t, app, 900001+i, title, 1990+i, 120, "Drama")
	}
	testutil.CreateShow(t, app, 901001, "Severance", 2022, 50, 9)
	w.srv = testutil.Serve(t, app)
	return w
}

// call sends a request as member (by name, "" for a visitor) and decodes a JSON answer.
func (w *world) call(t *testing.T, member, method, path, body string) (int, map[string]any) {
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
	if member != "" {
		req.Header.Set("Cookie", w.cookies[member])
	}
	res, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := map[string]any{}
	if len(raw) > 0 && raw[0] == '{' {
		_ = json.Unmarshal(raw, &out)
	} else if len(raw) > 0 && raw[0] == '[' {
		var arr []any
		_ = json.Unmarshal(raw, &arr)
		out["items"] = arr
	}
	return res.StatusCode, out
}

// must sends a request that must answer want.
func (w *world) must(t *testing.T, want int, member, method, path, body string) map[string]any {
	t.Helper()
	status, out := w.call(t, member, method, path, body)
	if status != want {
		t.Fatalf("%s %s as %s: %d %v, want %d", method, path, member, status, out, want)
	}
	return out
}

// newList creates a list as member and returns its id.
func (w *world) newList(t *testing.T, member, body string) string {
	t.Helper()
	return w.must(t, http.StatusCreated, member, "POST", "/api/lists", body)["id"].(string)
}

// fieldOf returns the first field a 400 names.
func fieldOf(out map[string]any) string {
	data, _ := out["data"].(map[string]any)
	for k := range data {
		return k
	}
	return ""
}

// record finds a record or fails.
func record(t *testing.T, app core.App, collection, id string) *core.Record {
	t.Helper()
	r, err := app.FindRecordById(collection, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func itoa(n int) string { return strconv.Itoa(n) }

// dbxEq is a filter of field = value pairs.
func dbxEq(kv ...string) dbx.Expression {
	h := dbx.HashExp{}
	for i := 0; i+1 < len(kv); i += 2 {
		h[kv[i]] = kv[i+1]
	}
	return h
}
