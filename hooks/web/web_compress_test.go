package web_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
)

// TestCompressedAssets: a browser gets the UI's text files gzipped (smaller first load),
// revalidates them with an ETag, and a client that takes no gzip gets them as they are.
func TestCompressedAssets(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	srv := testutil.Serve(t, app)
	get := func(path string, headers map[string]string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}

	res := get("/assets/big-1.js", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d, Content-Encoding %q: want a gzipped 200", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	if res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("headers: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if string(body) != testutil.BigAsset {
		t.Fatal("the gzipped body does not decompress to the file")
	}
	if n := res.ContentLength; n <= 0 || n >= int64(len(testutil.BigAsset))/4 {
		t.Fatalf("gzipped length %d for a %d-byte file", n, len(testutil.BigAsset))
	}

	etag := res.Header.Get("ETag")
	if again := get("/assets/big-1.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag}); again.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation answered %d, want 304", again.StatusCode)
	}

	plain := get("/assets/big-1.js", map[string]string{"Accept-Encoding": "identity"})
	raw, _ := io.ReadAll(plain.Body)
	if plain.Header.Get("Content-Encoding") != "" || string(raw) != testutil.BigAsset {
		t.Fatalf("a client without gzip got Content-Encoding %q", plain.Header.Get("Content-Encoding"))
	}

	small := get("/assets/app-1.js", map[string]string{"Accept-Encoding": "gzip"})
	if small.Header.Get("Content-Encoding") != "" {
		t.Fatal("a file under 1 KB should go as it is")
	}
}

// TestCompressedAPI: a large /api answer goes gzipped; the realtime stream never does.
func TestCompressedAPI(t *testing.T) {
	t.Parallel()
	srv := serveMovies(t, "Gzip Test Movie", 9000)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/movies/search?query=gzip", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("search answered %d with Content-Encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.Contains(string(body), "Gzip Test Movie 1") {
		t.Fatalf("decompressed search: %.200s", body)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rt, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/realtime", nil)
	rt.Header.Set("Accept-Encoding", "gzip")
	stream, err := http.DefaultTransport.RoundTrip(rt)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if stream.Header.Get("Content-Encoding") != "" {
		t.Fatal("the realtime stream must not be gzipped: events would wait in the compressor")
	}
	line, _ := bufio.NewReader(stream.Body).ReadString('\n')
	if !strings.HasPrefix(line, "id:") && !strings.HasPrefix(line, "event:") {
		t.Fatalf("the stream's first line is %q", line)
	}
}

// TestAPIGzipSmallAndErrors: a short /api answer and an error keep their status and body
// as they are (gzip under 1 KB costs more than it saves), and a client refusing gzip gets
// a large answer plain.
func TestAPIGzipSmallAndErrors(t *testing.T) {
	t.Parallel()
	srv := serveMovies(t, "Plain Test Movie", 9100)
	get := func(path, accept string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, string(body)
	}
	res, body := get("/api/health", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || !strings.Contains(body, `"code":200`) {
		t.Fatalf("health: %d %q %s", res.StatusCode, res.Header.Get("Content-Encoding"), body)
	}
	res, body = get("/api/no-such-route", "gzip")
	if res.StatusCode != 404 || res.Header.Get("Content-Encoding") != "" || !strings.Contains(body, "does not exist") {
		t.Fatalf("unknown route: %d %q %s", res.StatusCode, res.Header.Get("Content-Encoding"), body)
	}
	res, body = get("/api/movies/search?query=plain", "gzip;q=0, identity")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || !strings.Contains(body, "Plain Test Movie 1") {
		t.Fatalf("search without gzip: %d %q %.200s", res.StatusCode, res.Header.Get("Content-Encoding"), body)
	}
	if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("Vary is %q: a cache must key the answer on Accept-Encoding", res.Header.Get("Vary"))
	}
}

// serveMovies serves a test app holding 40 movies titled "<title> N" (TMDB ids from
// firstID): a search for the title answers well past the 1 KB gzip threshold.
func serveMovies(t *testing.T, title string, firstID int) *httptest.Server {
	t.Helper()
	app := testutil.NewTestApp(t)
	for i := range 40 {
		testutil.CreateMovie(t, app, firstID+i, fmt.Sprintf("%s %d", title, i), 2001, 100, "Drama")
	}
	return testutil.Serve(t, app)
}
