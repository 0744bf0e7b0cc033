package hooks_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// servedRoutes lists the route patterns ("METHOD /path/{param}") a served router holds.
type servedRoutes struct {
	all        []string
	pocketBase map[string]bool // those PocketBase registers before any OnServe hook
}

// serve builds app's router the way `cinecircle serve` does (PocketBase's routes, then
// every domain's OnServe) and serves it on a loopback port until the test ends. A
// TestApp can back only one router, so each test serves its app once.
func serve(t testing.TB, app core.App) (*httptest.Server, servedRoutes) {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	routes := servedRoutes{pocketBase: map[string]bool{}}
	for _, p := range routePatterns(r) {
		routes.pocketBase[p] = true
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: r}, func(e *core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for _, p := range routePatterns(r) {
		routes.all = append(routes.all, p)
		if strings.HasPrefix(p, "GET /_/") { // the dashboard's late OnServe routes
			routes.pocketBase[p] = true
		}
	}
	mux, err := r.BuildMux() // (adds a catch-all "/" when the app serves none)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, routes
}

// routePatterns walks a router's groups and returns every route as "METHOD /path". The
// router keeps its tree unexported, so the walk reads it by reflection.
func routePatterns(r *router.Router[*core.RequestEvent]) []string {
	var out []string
	var walk func(group reflect.Value, prefix string)
	walk = func(group reflect.Value, prefix string) {
		prefix += group.FieldByName("Prefix").String()
		children := group.FieldByName("children")
		for i := range children.Len() {
			child := children.Index(i).Elem().Elem() // any → *Route or *RouterGroup → struct
			if strings.HasPrefix(child.Type().Name(), "RouterGroup") {
				walk(child, prefix)
				continue
			}
			out = append(out, strings.TrimSpace(child.FieldByName("Method").String()+" "+prefix+child.FieldByName("Path").String()))
		}
	}
	walk(reflect.ValueOf(r.RouterGroup).Elem(), "")
	return out
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
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return res.StatusCode, nil // an event stream never ends: its answer is the status
	}
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
