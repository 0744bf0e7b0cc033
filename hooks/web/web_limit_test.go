package web_test

import (
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
	"cinecircle/hooks/web"

	"github.com/pocketbase/pocketbase/core"
)

// TestAPIConcurrency: with CINECIRCLE_API_CONCURRENCY=1, an API request waits while
// another computes and is answered once it is done; pages, files and the event stream
// never wait.
func TestAPIConcurrency(t *testing.T) {
	t.Setenv(web.ConcurrencyEnv, "1")
	app := testutil.NewTestApp(t)
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	let := func() { once.Do(func() { close(release) }) }
	t.Cleanup(let) // a failing test still lets the held request end, so the server stops
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/test-hold", func(e *core.RequestEvent) error {
			close(entered)
			<-release
			return e.String(http.StatusOK, "held")
		})
		return se.Next()
	})
	srv := testutil.Serve(t, app)
	t.Cleanup(let) // runs before the server's own cleanup
	get := func(path string) <-chan int {
		got := make(chan int, 1)
		go func() {
			res, err := http.Get(srv.URL + path)
			if err != nil {
				got <- 0
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			got <- res.StatusCode
		}()
		return got
	}
	held := get("/api/test-hold")
	<-entered
	health := get("/api/health")
	for _, path := range []string{"/friends", "/api/events", "/api/files/none/none/none.png"} {
		select {
		case status := <-get(path):
			if status == 0 {
				t.Fatalf("%s: no answer", path)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s waited for the API request in progress", path)
		}
	}
	select {
	case status := <-health:
		t.Fatalf("/api/health answered %d while the one turn was taken", status)
	case <-time.After(200 * time.Millisecond):
	}
	let()
	if status := <-held; status != http.StatusOK {
		t.Fatalf("the held request: %d", status)
	}
	select {
	case status := <-health:
		if status != http.StatusOK {
			t.Fatalf("/api/health after its turn: %d", status)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("/api/health never got its turn")
	}
}
