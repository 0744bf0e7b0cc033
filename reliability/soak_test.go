package reliability

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// soakOp is one kind of request in the mix, with its share of the traffic.
type soakOp struct {
	name   string
	weight int
	send   func(ctx context.Context, c *client, r *rand.Rand) (int, error)
}

// ownComments are the comments each member posted during the soak and has not deleted.
type ownComments struct {
	mu       sync.Mutex
	byClient map[*client][]string
}

func (o *ownComments) put(c *client, id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.byClient[c] = append(o.byClient[c], id)
}

// take returns one of c's comments to delete, half of the time once c has a few.
func (o *ownComments) take(c *client, r *rand.Rand) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	list := o.byClient[c]
	if len(list) < 3 || r.IntN(2) == 0 {
		return ""
	}
	o.byClient[c] = list[1:]
	return list[0]
}

// soakSettings reads SOAK_DURATION (default 15s, make test's short run; make soak runs 10m)
// and SOAK_RATE (requests a second, default 200).
func soakSettings(t *testing.T) (time.Duration, int) {
	duration, rate := 15*time.Second, 200
	if v := os.Getenv("SOAK_DURATION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 10*time.Second {
			t.Fatalf("SOAK_DURATION=%q: want a duration of at least 10s", v)
		}
		duration = d
	}
	if v := os.Getenv("SOAK_RATE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("SOAK_RATE=%q: want requests a second", v)
		}
		rate = n
	}
	return duration, rate
}

// TestSoak sends mixed traffic (70% reads of the feed, title pages, search, comments and
// notifications; 30% writes of diary entries, likes and unlikes, comments posted and deleted) from 20 members at a
// steady rate for SOAK_DURATION, and fails on any 5xx, any other non-2xx (every request
// in the mix is valid) or any transport error, and when the server's resident memory at
// the end exceeds what it was after the warm-up by more than the tolerance below.
func TestSoak(t *testing.T) {
	t.Parallel()
	duration, rate := soakSettings(t)
	dir := t.TempDir()
	createSuperuser(t, dir)
	srv := startServer(t, dir, "GODEBUG=gctrace=1") // the runtime reports the live heap after each GC
	disableRateLimits(t, superuserClient(t, srv.base))

	const members = 20
	var clients []*client
	for i := range members {
		clients = append(clients, signUp(t, srv.base, fmt.Sprintf("soak%d@example.com", i), fmt.Sprintf("Soak%d", i)))
	}
	var activities []string
	for i, c := range clients {
		for k := 1; k <= 5; k++ {
			c.must(t, http.MethodPost, "/api/follow", map[string]any{"userId": clients[(i+k)%members].ID}, nil)
		}
		var out struct {
			ActivityID string `json:"activityId"`
		}
		c.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": firstMovieID + i, "status": "watched", "rating": 7}, &out)
		activities = append(activities, out.ActivityID)
	}
	terms := []string{"the", "love", "night", "man", "star", "war", "city", "dark", "girl", "house"}
	var movies []int // ids the catalog search answers, so every title request names a real one
	for _, term := range terms {
		var found struct {
			Results []struct {
				ID int `json:"id"`
			} `json:"results"`
		}
		clients[0].must(t, http.MethodGet, "/api/movies/search?query="+term, nil, &found)
		for _, m := range found.Results {
			movies = append(movies, m.ID)
		}
	}
	if len(movies) < 20 {
		t.Fatalf("the catalog search found only %d movies", len(movies))
	}
	mine := &ownComments{byClient: map[*client][]string{}}
	activity := func(r *rand.Rand) string { return activities[r.IntN(len(activities))] }
	movie := func(r *rand.Rand) int { return movies[r.IntN(len(movies))] }
	get := func(path string) func(context.Context, *client, *rand.Rand) (int, error) {
		return func(ctx context.Context, c *client, _ *rand.Rand) (int, error) {
			return c.do(ctx, http.MethodGet, path, nil, nil)
		}
	}
	ops := []soakOp{
		{"feed", 20, get("/api/feed?limit=20&page=1")},
		{"title", 15, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			return c.do(ctx, http.MethodGet, fmt.Sprintf("/api/movies/%d", movie(r)), nil, nil)
		}},
		{"search", 15, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			return c.do(ctx, http.MethodGet, "/api/movies/search?q="+url.QueryEscape(terms[r.IntN(len(terms))]), nil, nil)
		}},
		{"notifications", 10, get("/api/notifications")},
		{"unread-count", 5, get("/api/notifications/unread-count")},
		{"thread", 5, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			return c.do(ctx, http.MethodGet, "/api/activities/"+activity(r)+"/comments", nil, nil)
		}},
		{"log entry", 10, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			return c.do(ctx, http.MethodPost, "/api/user/movies", map[string]any{
				"movieId": movie(r), "status": "watched", "rating": float64(r.IntN(101)) / 10, "review": "Soak review.",
			}, nil)
		}},
		{"like", 10, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			method := http.MethodPost
			if r.IntN(2) == 0 {
				method = http.MethodDelete
			}
			return c.do(ctx, method, "/api/activities/"+activity(r)+"/like", nil, nil)
		}},
		{"comment", 10, func(ctx context.Context, c *client, r *rand.Rand) (int, error) {
			// Post a comment or delete one of the member's own: threads keep their size, so
			// the workload stays the same from the first minute to the last and memory that
			// grows is memory the server keeps, not bigger answers.
			if id := mine.take(c, r); id != "" {
				return c.do(ctx, http.MethodDelete, "/api/comments/"+id, nil, nil)
			}
			var out struct {
				ID string `json:"id"`
			}
			status, err := c.do(ctx, http.MethodPost, "/api/activities/"+activity(r)+"/comments", map[string]any{"content": "Soak comment."}, &out)
			if err == nil {
				mine.put(c, out.ID)
			}
			return status, err
		}},
	}
	totalWeight := 0
	for _, op := range ops {
		totalWeight += op.weight
	}

	var (
		mu        sync.Mutex
		statuses  = map[int]int{}
		failures  []string
		inFlight  atomic.Int64
		skipped   int
		wg        sync.WaitGroup
		rssWarm   int
		rssMax    int
		timeline  []string
		warmUp    = max(5*time.Second, duration/5)
		maxFlight = int64(64)
	)
	record := func(name string, status int, err error) {
		mu.Lock()
		defer mu.Unlock()
		statuses[status]++ // 0: transport error
		if (status/100 != 2) && len(failures) < 10 {
			failures = append(failures, fmt.Sprintf("%s: %d %v", name, status, err))
		}
	}
	ctx := context.Background()
	start := time.Now()
	nextSample := start.Add(time.Second)
	var sent uint64
	for {
		time.Sleep(5 * time.Millisecond)
		now := time.Now()
		elapsed := now.Sub(start)
		if elapsed >= duration {
			break
		}
		if now.After(nextSample) {
			nextSample = nextSample.Add(time.Second)
			rss := srv.rssKB(t)
			if rssWarm == 0 && elapsed >= warmUp {
				rssWarm = rss
			}
			rssMax = max(rssMax, rss)
			if sec := int(elapsed.Seconds()); sec%60 == 0 || sec == int(warmUp.Seconds()) {
				timeline = append(timeline, fmt.Sprintf("%ds %dMiB", sec, rss>>10))
			}
		}
		// Open loop: send what is due by now at the target rate, whatever the answers' pace.
		for due := uint64(elapsed.Seconds() * float64(rate)); sent < due; sent++ {
			if inFlight.Load() >= maxFlight {
				skipped++ // the server is behind: do not pile up more than maxFlight requests
				continue
			}
			r := rand.New(rand.NewPCG(sent, 7))
			pick := r.IntN(totalWeight)
			op := ops[0]
			for _, o := range ops {
				if pick < o.weight {
					op = o
					break
				}
				pick -= o.weight
			}
			c := clients[r.IntN(members)]
			inFlight.Add(1)
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer inFlight.Add(-1)
				status, err := op.send(ctx, c, r)
				record(op.name, status, err)
			}()
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	rssEnd := srv.rssKB(t)

	total, bad := 0, 0
	var codes []int
	for code, n := range statuses {
		total += n
		codes = append(codes, code)
		if code/100 != 2 {
			bad += n
		}
	}
	sort.Ints(codes)
	summary := ""
	for _, code := range codes {
		summary += fmt.Sprintf(" %d×%d", code, statuses[code])
	}
	t.Logf("soak: %d requests in %s = %.1f req/s (target %d; %d skipped while %d were in flight); statuses:%s",
		total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(), rate, skipped, maxFlight, summary)
	window := max(5*time.Second, duration/10)
	heapWarm := srv.heap.medianMB(start.Add(warmUp), start.Add(warmUp+window))
	heapEnd := srv.heap.medianMB(start.Add(elapsed-window), start.Add(elapsed))
	t.Logf("soak: server RSS %d MiB after the %s warm-up, %d MiB at the end, %d MiB at most; by time: %v",
		rssWarm>>10, warmUp, rssEnd>>10, rssMax>>10, timeline)
	t.Logf("soak: Go live heap (median after GC over %s) %d MB after the warm-up, %d MB at the end", window, heapWarm, heapEnd)

	if bad > 0 {
		t.Errorf("%d of %d requests were not 2xx (0 = transport error); first ones:\n%v", bad, total, failures)
	}
	if total < 100 {
		t.Errorf("only %d requests completed: the soak measured nothing", total)
	}
	// Memory flat, in two parts. (1) The Go heap, where a leak of ours or PocketBase's
	// would live: the live heap after GC must stay within half again plus 4 MB of what it
	// was after the warm-up. It is about 6 MB; a leak of 1 KiB a request adds 3 MB in
	// make test's 15 s (too little to see) and 117 MB in make soak's 10 minutes. (2) The
	// whole process (RSS), which also holds SQLite's page caches outside the Go heap: each
	// connection caches up to its share of CINECIRCLE_DB_MEMORY_MB of the pages it touched, and
	// the files grow during the soak (the request log in auxiliary.db takes a row per
	// request), so the caches fill over minutes. A 10-minute soak measured 99 → 153 MiB with a flat 6 MB live heap.
	// RSS may exceed the warm-up by a quarter plus 64 MiB (two write connections' full
	// caches); beyond that memory is growing without bound.
	if heapWarm < 0 || heapEnd < 0 {
		t.Errorf("no GC trace from the server (warm-up %d, end %d)", heapWarm, heapEnd)
	} else if limit := heapWarm + heapWarm/2 + 4; heapEnd > limit {
		t.Errorf("the server's live heap grew from %d MB after warm-up to %d MB at the end (limit %d MB)", heapWarm, heapEnd, limit)
	}
	if limit := rssWarm + rssWarm/4 + 64<<10; rssWarm > 0 && rssEnd > limit {
		t.Errorf("server RSS grew from %d KiB after warm-up to %d KiB at the end (limit %d KiB)", rssWarm, rssEnd, limit)
	}
}
