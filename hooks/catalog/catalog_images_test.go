package catalog_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

// jpeg is the start of a JPEG file: enough for the cache, which does not decode images.
var jpeg = []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01poster-bytes")

// fakeImageHost serves TMDB-style image URLs (/t/p/{size}/{file}) and counts requests.
func fakeImageHost(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/t/p/w154/poster1.jpg", "/t/p/w500/poster1.jpg":
			w.Header().Set("Content-Type", "image/jpeg")
			_, _ = w.Write(jpeg)
		case "/t/p/w92/page.jpg":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html>captive portal</html>"))
		case "/t/p/w92/broken.jpg":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv(catalog.EnvImageBase, srv.URL+"/t/p")
	return srv, &hits
}

func TestImageCache(t *testing.T) {
	withoutTMDB(t)
	_, hits := fakeImageHost(t)
	hitCount := func(want int32) func(t testing.TB, app *tests.TestApp, res *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			t.Helper()
			if got := hits.Load(); got != want {
				t.Fatalf("the image host saw %d requests, want %d", got, want)
			}
		}
	}
	app := testutil.NewTestApp(t)
	runSteps(t, app, []step{
		{name: "the first request fetches the poster", url: "/img/w154/poster1.jpg", contains: []string{"poster-bytes"},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				hitCount(1)(t, app, res)
				header("Cache-Control", "public, max-age=2592000, immutable")(t, app, res)
				header("Content-Type", "image/jpeg")(t, app, res)
				cached, err := os.ReadFile(filepath.Join(app.DataDir(), "image_cache", "w154", "poster1.jpg"))
				if err != nil || !bytes.Equal(cached, jpeg) {
					t.Fatalf("not cached on disk: %v", err)
				}
			}},
		{name: "the second request is served from disk", url: "/img/w154/poster1.jpg", contains: []string{"poster-bytes"},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				hitCount(1)(t, app, res)
				header("Cache-Control", "public, max-age=2592000, immutable")(t, app, res)
			}},
		{name: "another size is another file", url: "/img/w500/poster1.jpg", contains: []string{"poster-bytes"}, after: hitCount(2)},
		{name: "an image the host does not have is a JSON 404", url: "/img/w154/missing.jpg", status: 404,
			contains: []string{`"status":404`, `"message":"We couldn't find that image."`}, after: hitCount(3)},
		{name: "an answer that is not an image is a 502 and is not cached", url: "/img/w92/page.jpg", status: 502,
			contains: []string{`"status":502`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if _, err := os.Stat(filepath.Join(app.DataDir(), "image_cache", "w92", "page.jpg")); err == nil {
					t.Fatal("a non-image was cached")
				}
			}},
		{name: "an upstream error is a 502", url: "/img/w92/broken.jpg", status: 502, contains: []string{`"status":502`}},
		{name: "an unknown size is a 400", url: "/img/original/poster1.jpg", status: 400,
			contains: []string{`"message":"The image size must be one of w92, w154, w185 or w500."`}},
		{name: "a folder in the name is a 400", url: "/img/w154/sub/poster1.jpg", status: 400,
			contains: []string{`"message":"The image name is not valid."`}},
		{name: "an encoded traversal is a 400", url: "/img/w154/..%2f..%2fdata.db", status: 400, contains: []string{`"status":400`}},
		{name: "a dot file is a 400", url: "/img/w154/.fetch-123", status: 400, contains: []string{`"status":400`}},
		{name: "another extension is a 400", url: "/img/w154/poster1.svg", status: 400, contains: []string{`"status":400`}},
	})
	if n := hits.Load(); n != 5 {
		t.Fatalf("the image host saw %d requests in all, want 5 (rejected names never reach it)", n)
	}
}
