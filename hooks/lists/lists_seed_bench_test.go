package lists_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"cinecircle/hooks"
	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/replica"
	_ "cinecircle/pb_migrations"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// EnvSeedDir names a copy of a data dir written by `cinecircle bench seed` that the seed
// benchmarks open in process (they write to it: moves, and migrations on first open).
const EnvSeedDir = "CINECIRCLE_BENCH_DIR"

// EnvNoCheckpoint, set, makes the move benchmark turn off the writer's automatic WAL
// checkpoints and report the WAL frames (pages) a move writes.
const EnvNoCheckpoint = "CINECIRCLE_BENCH_NOCHECKPOINT"

// seedBigList is the bench seed's 1,000-item list, owned by seed member 0.
const seedBigList = "p00000000000000"

// seedServer opens the data dir named by EnvSeedDir with every domain registered, runs
// pending migrations and serves the full router on a loopback port.
func seedServer(b *testing.B) (core.App, *httptest.Server) {
	dir := os.Getenv(EnvSeedDir)
	if dir == "" {
		b.Skip(EnvSeedDir + " is not set: point it at a copy of a bench seed")
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, DataMaxIdleConns: 48, DBConnect: replica.DBConnect})
	if err := app.Bootstrap(); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := app.RunAllMigrations(); err != nil {
		b.Fatal(err)
	}
	b.Logf("migrations: %s", time.Since(start))
	hooks.Register(app, fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}})
	router, err := apis.NewRouter(app)
	if err != nil {
		b.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(e *core.ServeEvent) error { return nil }); err != nil {
		b.Fatal(err)
	}
	app.Settings().RateLimits.Enabled = false
	mux, err := router.BuildMux()
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	b.Cleanup(srv.Close)
	return app, srv
}

// seedCookie signs the seed member with id in.
func seedCookie(b *testing.B, app core.App, id string) string {
	u, err := app.FindRecordById("users", id)
	if err != nil {
		b.Fatal(err)
	}
	token, err := u.NewAuthToken()
	if err != nil {
		b.Fatal(err)
	}
	return auth.CookieName + "=" + token
}

// seedDo sends one request and fails on any status but 200.
func seedDo(b *testing.B, srv *httptest.Server, cookie, method, path, body string) {
	req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	req.Header.Set("Cookie", cookie)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b.Fatalf("%s %s: %d %s", method, path, res.StatusCode, data)
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time of the process (server and client) per operation since
// start: steadier than wall time on a machine shared with other work.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkSeedLists measures the list workloads of `make bench` in process, on a copy
// of the 10k-member seed: go test ./hooks/lists -run '^$' -bench Seed with EnvSeedDir set
// (add -cpuprofile to see where the time goes).
func BenchmarkSeedLists(b *testing.B) {
	app, srv := seedServer(b)
	dir := os.Getenv(EnvSeedDir)
	// a viewer around the median follow count, as the runner picks them, and the titles
	// most often in lists of members they follow
	var viewer string
	if err := app.DB().NewQuery(`SELECT follower FROM (SELECT follower, COUNT(*) AS n FROM follows GROUP BY follower)
		ORDER BY n, follower LIMIT 1 OFFSET (SELECT COUNT(DISTINCT follower) FROM follows) / 2`).Row(&viewer); err != nil {
		b.Fatal(err)
	}
	var titles []int
	if err := app.DB().NewQuery(`SELECT m.tmdbId FROM follows f JOIN lists l ON l.owner = f.following
		JOIN list_items i ON i.list = l.id JOIN movies m ON m.id = i.movie
		WHERE f.follower = {:v} AND l.visibility != 'private' GROUP BY m.tmdbId ORDER BY COUNT(*) DESC, m.tmdbId LIMIT 50`).
		Bind(dbx.Params{"v": viewer}).Column(&titles); err != nil || len(titles) == 0 {
		b.Fatal(err, len(titles))
	}
	cookie := seedCookie(b, app, viewer)
	owner := seedCookie(b, app, "u00000000000000")
	b.Run("page", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		for b.Loop() {
			seedDo(b, srv, cookie, http.MethodGet, "/api/lists/"+seedBigList+"?limit=100", "")
		}
	})
	b.Run("move", func(b *testing.B) {
		// the seed's ranks again (items in id order, RankGap apart), so every run makes
		// the runner's moves from where the runner starts
		for _, sql := range []string{"UPDATE list_items SET rank = -rank WHERE list = {:l}",
			"UPDATE list_items SET rank = (CAST(substr(id, 2) AS INTEGER) + 1) * 1048576 WHERE list = {:l}"} {
			if _, err := app.DB().NewQuery(sql).Bind(dbx.Params{"l": seedBigList}).Execute(); err != nil {
				b.Fatal(err)
			}
		}
		if os.Getenv(EnvNoCheckpoint) != "" {
			for _, q := range []string{"PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA wal_autocheckpoint=0"} {
				if _, err := app.NonconcurrentDB().NewQuery(q).Execute(); err != nil {
					b.Fatal(err)
				}
			}
			defer func() {
				st, _ := os.Stat(dir + "/data.db-wal")
				b.ReportMetric(float64(st.Size())/4120/float64(b.N), "walframes/op")
			}()
		}
		var took []time.Duration
		i := 0
		for b.Loop() {
			item := fmt.Sprintf("i%014d", (i*379)%1000)
			start := time.Now()
			seedDo(b, srv, owner, http.MethodPatch, "/api/lists/"+seedBigList+"/items/"+item, fmt.Sprintf(`{"position":%d}`, 1+(i*631)%1000))
			took = append(took, time.Since(start))
			i++
		}
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max-ms")
	})
	// a title page as the runner reads it (details and community rating), then the count
	// it adds, and the lists read when the member opens it
	b.Run("title", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			seedDo(b, srv, cookie, http.MethodGet, fmt.Sprintf("/api/movies/%d", titles[i%len(titles)]), "")
			seedDo(b, srv, cookie, http.MethodGet, fmt.Sprintf("/api/movies/%d/ratings", titles[i%len(titles)]), "")
			i++
		}
	})
	b.Run("count", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			seedDo(b, srv, cookie, http.MethodGet, fmt.Sprintf("/api/movies/%d/lists/count", titles[i%len(titles)]), "")
			i++
		}
	})
	// the count's query alone, in process
	b.Run("countquery", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			if _, err := lists.FriendsListsCount(app, viewer, catalog.Movie, titles[i%len(titles)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("friendslists", func(b *testing.B) {
		defer reportCPU(b, cpuTime())
		i := 0
		for b.Loop() {
			seedDo(b, srv, cookie, http.MethodGet, fmt.Sprintf("/api/movies/%d/lists", titles[i%len(titles)]), "")
			i++
		}
	})
}
