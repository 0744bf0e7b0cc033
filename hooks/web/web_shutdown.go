package web

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// DrainTimeout bounds how long a shutdown waits for requests in flight; with the
// notification queues' and the replica's own bounds the process exits within 10 s.
const DrainTimeout = 3 * time.Second

// RetryAfter is what a request turned away during shutdown is told to wait, in seconds:
// about what a restart takes.
const RetryAfter = 5

// streams are the long-lived requests a shutdown does not wait for: our event stream
// (notify closes it with a reconnect hint) and PocketBase's realtime (closed when
// PocketBase shuts its server down). Waiting for them would always take DrainTimeout.
var streams = map[string]bool{"/api/events": true, "/api/realtime": true}

// Gate counts the requests in flight and, once closed, lets no new one in: the drain a
// shutdown waits on (see bindShutdown).
type Gate struct {
	mu      sync.Mutex
	closed  bool
	n       int
	drained chan struct{} // closed when the last request leaves a closed gate
}

// NewGate returns an open gate with no request inside.
func NewGate() *Gate { return &Gate{drained: make(chan struct{})} }

// Enter admits a request unless the gate is closed; an admitted request must Leave.
func (g *Gate) Enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.n++
	return true
}

// Closed reports whether the gate is closed: shutdown has begun.
func (g *Gate) Closed() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.closed
}

// Leave lets an admitted request out.
func (g *Gate) Leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n--
	if g.closed && g.n == 0 {
		close(g.drained)
	}
}

// Close admits no more requests and waits up to timeout for those in flight to finish.
// It reports how many were still running when it gave up.
func (g *Gate) Close(timeout time.Duration) int {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return 0
	}
	g.closed = true
	if g.n == 0 {
		close(g.drained)
	}
	g.mu.Unlock()
	select {
	case <-g.drained:
		return 0
	case <-time.After(timeout):
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.n
	}
}

// bindShutdown makes shutdown graceful: on SIGTERM (PocketBase's OnTerminate) every
// request already running finishes, new ones are answered 503 with Retry-After while
// they do, and only then does PocketBase close the listener and the rest of shutdown
// (event streams, notification queues, the replica's final sync) run.
func bindShutdown(app core.App) {
	g := NewGate()
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "cinecircleDrain",
			Priority: -100000, // before every other middleware: nothing runs for a refused request
			Func: func(e *core.RequestEvent) error {
				if streams[e.Request.URL.Path] {
					if g.Closed() {
						return refuseRestarting(e)
					}
					return e.Next()
				}
				if !g.Enter() {
					return refuseRestarting(e)
				}
				defer g.Leave()
				return e.Next()
			},
		})
		return se.Next()
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id:       "cinecircleDrain",
		Priority: -10000, // before PocketBase's own graceful shutdown (-9999) closes the listener
		Func: func(e *core.TerminateEvent) error {
			began := time.Now()
			if left := g.Close(DrainTimeout); left > 0 {
				e.App.Logger().Warn("shutdown: requests still running after the drain timeout", "count", left)
			}
			e.App.Logger().Info("shutdown: requests drained", "took", time.Since(began).String())
			return e.Next()
		},
	})
}

// refuseRestarting answers a request that arrived after shutdown began.
func refuseRestarting(e *core.RequestEvent) error {
	h := e.Response.Header()
	h.Set("Retry-After", strconv.Itoa(RetryAfter))
	h.Set("Cache-Control", "no-store")
	h.Set("Connection", "close")
	return e.JSON(http.StatusServiceUnavailable, map[string]any{
		"status":  http.StatusServiceUnavailable,
		"message": "The server is restarting. Please try again in a few seconds.",
		"data":    map[string]any{},
	})
}
