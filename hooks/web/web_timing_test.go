package web_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/web"
)

// TestServerTiming: API answers (gzipped or plain, errors too) and pages carry the
// server's time in milliseconds, which developer tools and the benchmark read; it is never
// more than the client waited; the realtime stream carries none.
func TestServerTiming(t *testing.T) {
	t.Parallel()
	srv := serveMovies(t, "Timed Movie", 9200)
	for _, path := range []string{"/api/movies/search?query=timed", "/api/health", "/api/no-such-route", "/friends"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		start := time.Now()
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		waited := float64(time.Since(start).Microseconds()) / 1000
		h := res.Header.Get(web.ServerTimingHeader)
		dur, err := strconv.ParseFloat(strings.TrimPrefix(h, "app;dur="), 64)
		if !strings.HasPrefix(h, "app;dur=") || err != nil || dur <= 0 || dur > waited {
			t.Fatalf("%s: Server-Timing %q, want app;dur= between 0 and the %.3f ms the client waited", path, h, waited)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rt, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/realtime", nil)
	stream, err := http.DefaultTransport.RoundTrip(rt)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	if h := stream.Header.Get(web.ServerTimingHeader); h != "" {
		t.Fatalf("the realtime stream carries Server-Timing %q: it is open for as long as the client stays", h)
	}
}
