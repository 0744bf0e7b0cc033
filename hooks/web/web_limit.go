package web

import (
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"

	"cinecircle/hooks/turns"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// ConcurrencyEnv names the setting for how many API requests run at once
// (CINECIRCLE_API_CONCURRENCY; default 2 a core, 0 for no limit).
const ConcurrencyEnv = "CINECIRCLE_API_CONCURRENCY"

// limitedBodyMax is the largest request body a limited request may have: bigger ones
// (imports, uploads) are read at the client's pace and would hold a turn meanwhile.
const limitedBodyMax = 64 << 10

// apiConcurrency reads ConcurrencyEnv: its value, else 2 a core. At 10k members on 2
// cores, 2 a core serves 32 concurrent feed readers as 4 a core does (p99 30–32 ms), and
// keeps 8 readers' p99 at 12.5–13.3 ms where 4 a core gave 16.5–19.3 (bench/NOTES.md has
// the runs).
func apiConcurrency() int {
	if n, err := strconv.Atoi(os.Getenv(ConcurrencyEnv)); err == nil && n >= 0 {
		return n
	}
	return 2 * runtime.GOMAXPROCS(0)
}

// apiLimit lets at most n API requests compute at once and queues the others in the
// order they came (hooks/turns says why). Event streams, files and large bodies are not
// limited; a request whose client goes away while queued is dropped.
func apiLimit(n int) *hook.Handler[*core.RequestEvent] {
	limiter := turns.New(n)
	return &hook.Handler[*core.RequestEvent]{
		Id:       "cinecircleAPILimit",
		Priority: apis.DefaultWWWRedirectMiddlewarePriority + 2, // right after serverTiming: the wait is server time
		Func: func(e *core.RequestEvent) error {
			if !limited(e.Request) {
				return e.Next()
			}
			ctx, done, err := limiter.Take(e.Request.Context())
			if err != nil {
				return nil // the client left while queued: nobody to answer
			}
			defer done()
			e.Request = e.Request.WithContext(ctx)
			return e.Next()
		},
	}
}

// limited reports whether r waits for a turn: API requests but the event streams, file
// downloads, the export (written at the client's pace) and bodies over limitedBodyMax (or of unknown length).
func limited(r *http.Request) bool {
	p := r.URL.Path
	if !strings.HasPrefix(p, "/api/") || p == "/api/events" || p == "/api/realtime" || strings.HasPrefix(p, "/api/files/") ||
		strings.HasSuffix(p, "/export") {
		return false
	}
	return r.ContentLength >= 0 && r.ContentLength <= limitedBodyMax
}
