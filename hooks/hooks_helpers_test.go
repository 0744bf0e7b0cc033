package hooks_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// serve builds app's router the way `cinecircle serve` does (PocketBase's routes, then
// every domain's OnServe) and serves it on a loopback port until the test ends. A
// TestApp can back only one router, so each test serves its app once.
func serve(t testing.TB, app core.App) (*httptest.Server, *router.Router[*core.RequestEvent]) {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: r}, func(e *core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, r
}

// unthrottled turns the rate limits off for tests that send hundreds of requests from
// one address to check something else (TestRateLimits checks the limits themselves).
func unthrottled(app core.App) {
	app.Settings().RateLimits.Enabled = false
}

// send makes one request with an optional session cookie and returns status and body.
func send(t testing.TB, srv *httptest.Server, method, path, body, cookie string) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
