package gifs_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"cinecircle/hooks/gifs"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// fakeTenor is a loopback KLIPY: Tenor v2's /featured and /search, checking the
// parameters a real client must send.
func fakeTenor(t *testing.T, fail *atomic.Bool) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if fail != nil && fail.Load() {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		if q.Get("key") != "klipy-key" || q.Get("contentfilter") != "medium" || (r.URL.Path != "/v2/featured" && r.URL.Path != "/v2/search") {
			http.Error(w, "bad request: "+r.URL.String(), http.StatusBadRequest)
			return
		}
		if r.URL.Path == "/v2/search" && q.Get("q") == "" {
			http.Error(w, "q required", http.StatusBadRequest)
			return
		}
		limit, _ := strconv.Atoi(q.Get("limit"))
		prefix := "feat"
		if q.Get("q") != "" {
			prefix = strings.ReplaceAll(q.Get("q"), " ", "_")
		}
		results := []map[string]any{}
		for i := range limit {
			formats := map[string]any{
				"gif":     map[string]any{"url": fmt.Sprintf("https://static.klipy.com/%s-%d.gif", prefix, i)},
				"tinygif": map[string]any{"url": fmt.Sprintf("https://static.klipy.com/%s-%d-tiny.gif", prefix, i)},
			}
			switch i {
			case 0:
				delete(formats, "gif") // falls back to the tiny one
			case 1:
				formats["gif"] = map[string]any{"url": "http://insecure.example/x.gif"} // skipped
			}
			results = append(results, map[string]any{
				"id": fmt.Sprintf("%s%d%s", prefix, i, q.Get("pos")), "title": "", "content_description": fmt.Sprintf("%s %d", prefix, i),
				"media_formats": formats,
			})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"results": results, "next": "P2"})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// fakeGiphy is a loopback GIPHY: /v1/gifs/trending and /v1/gifs/search.
func fakeGiphy(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("api_key") != "giphy-key" || q.Get("rating") != "pg-13" || (r.URL.Path != "/v1/gifs/trending" && r.URL.Path != "/v1/gifs/search") {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		limit, _ := strconv.Atoi(q.Get("limit"))
		offset, _ := strconv.Atoi(q.Get("offset"))
		data := []map[string]any{}
		for i := range limit {
			data = append(data, map[string]any{
				"id": fmt.Sprintf("g%d", offset+i), "title": fmt.Sprintf("%s GIF %d", q.Get("q"), offset+i),
				"images": map[string]any{
					"original":          map[string]any{"url": fmt.Sprintf("https://media.giphy.com/media/g%d/giphy.gif", offset+i)},
					"fixed_width_small": map[string]any{"url": fmt.Sprintf("https://media.giphy.com/media/g%d/100w.gif", offset+i)},
				},
			})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": data,
			"pagination": map[string]any{"offset": offset, "count": limit, "total_count": 45}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func noHosted(t *testing.T) {
	t.Setenv(gifs.EnvKlipyKey, "")
	t.Setenv(gifs.EnvGiphyKey, "")
}

func withLibrary(h map[string]string) func(testing.TB) *tests.TestApp {
	return testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
		if err := gifs.SeedDemo(app); err != nil {
			t.Fatal(err)
		}
	})
}

func decodePage(t testing.TB, res *http.Response) gifs.Page {
	t.Helper()
	var p gifs.Page
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLocalLibrary(t *testing.T) {
	noHosted(t)
	cases := []struct {
		name, url string
		status    int
		check     func(t testing.TB, p gifs.Page)
	}{
		{"featured shows the library, newest first, credited to us", "/api/gifs/featured", 200, func(t testing.TB, p gifs.Page) {
			if len(p.Results) != 6 || p.Provider.Name != "CineCircle library" || p.Next != "" {
				t.Fatalf("%+v", p)
			}
			for _, g := range p.Results {
				if !strings.HasPrefix(g.URL, "/api/files/") || g.PreviewURL == "" || g.Title == "" {
					t.Fatalf("%+v", g)
				}
			}
		}},
		{"search matches titles and tags in any case", "/api/gifs/search?q=APPLAUSE", 200, func(t testing.TB, p gifs.Page) {
			if len(p.Results) != 1 || p.Results[0].Title != "Slow clap" {
				t.Fatalf("%+v", p.Results)
			}
		}},
		{"a blank search is featured", "/api/gifs/search?q=%20", 200, func(t testing.TB, p gifs.Page) {
			if len(p.Results) != 6 {
				t.Fatalf("%d results", len(p.Results))
			}
		}},
		{"no match is an empty list", "/api/gifs/search?q=%25_nothing", 200, func(t testing.TB, p gifs.Page) {
			if len(p.Results) != 0 {
				t.Fatalf("%+v", p.Results)
			}
		}},
	}
	for _, c := range cases {
		h := map[string]string{}
		check := c.check
		(&tests.ApiScenario{
			Name: c.name, Method: "GET", URL: c.url, Headers: h, TestAppFactory: withLibrary(h),
			ExpectedStatus: c.status, ExpectedContent: []string{`"results"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) { check(t, decodePage(t, res)) },
		}).Test(t)
	}
	(&tests.ApiScenario{
		Name: "a visitor gets 401", Method: "GET", URL: "/api/gifs/featured",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}).Test(t)
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "a very long search is a 400 naming q", Method: "GET", URL: "/api/gifs/search?q=" + strings.Repeat("a", 101),
		Headers: h, TestAppFactory: withLibrary(h), ExpectedStatus: 400, ExpectedContent: []string{`"q":{"code":"validation_length_too_long"`},
	}).Test(t)
}

func TestKlipy(t *testing.T) {
	var fail atomic.Bool
	srv := fakeTenor(t, &fail)
	t.Setenv(gifs.EnvGiphyKey, "")
	t.Setenv(gifs.EnvKlipyKey, "klipy-key")
	t.Setenv(gifs.EnvKlipyBase, srv.URL+"/v2")
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "featured: the library first, filled up from KLIPY, credited to KLIPY", Method: "GET", URL: "/api/gifs/featured",
		Headers: h, TestAppFactory: withLibrary(h), ExpectedStatus: 200, ExpectedContent: []string{`"name":"KLIPY"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			p := decodePage(t, res)
			// 6 local + 14 asked of KLIPY, minus the one with an insecure URL
			if len(p.Results) != 19 || p.Next != "P2" || !strings.HasPrefix(p.Results[0].URL, "/api/files/") {
				t.Fatalf("%d results, next %q", len(p.Results), p.Next)
			}
			first := p.Results[6]
			if first.URL != "https://static.klipy.com/feat-0-tiny.gif" || first.Title != "feat 0" {
				t.Fatalf("a missing gif URL falls back to the tiny one, the description is the title: %+v", first)
			}
			if !gifs.AllowedURL(app, p.Results[7].URL) || !gifs.AllowedURL(app, p.Results[0].URL) {
				t.Fatal("served URLs must be accepted in comments")
			}
			for _, bad := range []string{"https://evil.example/x.gif", "http://static.klipy.com/x.gif", "/api/files/gifs/nope/x.gif", "javascript:alert(1)"} {
				if gifs.AllowedURL(app, bad) {
					t.Fatalf("%q must be refused", bad)
				}
			}
		},
	}).Test(t)
	h2 := map[string]string{}
	(&tests.ApiScenario{
		Name: "search goes to KLIPY with the query and the next page token", Method: "GET", URL: "/api/gifs/search?q=happy%20dance&pos=P2",
		Headers: h2, TestAppFactory: withLibrary(h2), ExpectedStatus: 200,
		ExpectedContent: []string{`"id":"happy_dance2P2"`, `"url":"https://static.klipy.com/happy_dance-2.gif"`},
	}).Test(t)
	fail.Store(true)
	h3 := map[string]string{}
	(&tests.ApiScenario{
		Name: "a failing provider with nothing local is a 502 the picker turns into its banner", Method: "GET", URL: "/api/gifs/search?q=zebra",
		Headers: h3, TestAppFactory: withLibrary(h3), ExpectedStatus: 502, ExpectedContent: []string{`"status":502`},
	}).Test(t)
	h4 := map[string]string{}
	(&tests.ApiScenario{
		Name: "a failing provider still leaves the library's matches", Method: "GET", URL: "/api/gifs/search?q=clap",
		Headers: h4, TestAppFactory: withLibrary(h4), ExpectedStatus: 200, ExpectedContent: []string{`"title":"Slow clap"`, `"name":"CineCircle library"`},
	}).Test(t)
}

func TestGiphy(t *testing.T) {
	srv := fakeGiphy(t)
	t.Setenv(gifs.EnvKlipyKey, "")
	t.Setenv(gifs.EnvGiphyKey, "giphy-key")
	t.Setenv(gifs.EnvGiphyBase, srv.URL+"/v1")
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "GIPHY search with offsets, credited to GIPHY", Method: "GET", URL: "/api/gifs/search?q=cats&pos=20",
		Headers: h, TestAppFactory: testutil.SignedIn(h, "Ana", nil), ExpectedStatus: 200,
		ExpectedContent: []string{`"name":"GIPHY"`, `"id":"g20"`, `"previewUrl":"https://media.giphy.com/media/g20/100w.gif"`, `"title":"cats GIF 20"`, `"next":"40"`},
	}).Test(t)
	h2 := map[string]string{}
	(&tests.ApiScenario{
		Name: "GIPHY trending for featured; the last page has no next", Method: "GET", URL: "/api/gifs/featured?pos=40",
		Headers: h2, TestAppFactory: testutil.SignedIn(h2, "Ana", nil), ExpectedStatus: 200,
		ExpectedContent: []string{`"id":"g40"`, `"next":""`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if !gifs.AllowedURL(app, "https://media.giphy.com/media/g40/giphy.gif") {
				t.Fatal("GIPHY media must be accepted while GIPHY is configured")
			}
		},
	}).Test(t)
}
