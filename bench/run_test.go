package bench_test

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cinecircle/bench"
	"cinecircle/hooks/testutil"
)

// TestRunSmoke runs the whole runner once on a small community with a few requests per
// workload: the real binary serves a copy of the data, members sign in, every workload
// answers without errors, cursor pages match numbered pages, realtime posts reach every
// follower and nobody else, and the report renders. No timing is asserted.
func TestRunSmoke(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and serves the binary")
	}
	bin := os.Getenv("CINECIRCLE_BIN") // make test builds it once for every layer
	if _, err := os.Stat(bin); bin == "" || err != nil {
		bin = filepath.Join(t.TempDir(), "cinecircle")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Dir = ".."
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	app := testutil.NewTestApp(t)
	s := bench.DefaultSizes()
	s.Users, s.Activities, s.MedianFollows, s.EntriesPerUser, s.EpisodeWatchesPerUser = 200, 30000, 20, 2, 40
	s.Lists, s.ListItems = 200, 8000
	if err := bench.Seed(app, s, io.Discard); err != nil {
		t.Fatal(err)
	}
	res, err := bench.Run(app, bench.RunOptions{Bin: bin, Work: t.TempDir(), Requests: 4, Viewers: 2, StockPages: 1,
		RealtimeClients: 50, RealtimePosts: 1, WriteStep: 200 * time.Millisecond, DeletionBefore: time.Second, Password: bench.Password,
		FediServers: 5, FediFollowers: 20, FediReviews: 2, FediPace: 50 * time.Millisecond}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.CursorCheck, "walking") {
		t.Fatalf("cursor paging: %s", res.CursorCheck)
	}
	for _, st := range append(append([]bench.Stat{}, res.Load...), res.Bare...) {
		if st.N == 0 || st.Errors+st.Timeouts > 0 {
			t.Fatalf("%s (c=%d): %d requests, %d errors, %d timeouts: %s", st.Name, st.Conc, st.N, st.Errors, st.Timeouts, st.FirstErr)
		}
	}
	for _, st := range res.Stock {
		if st.Errors > 0 {
			t.Fatalf("the stock records API failed: %s", st.FirstErr)
		}
	}
	if w := res.Writes; w == nil || len(w.Steps) == 0 {
		t.Fatal("the write capacity phase did not run")
	} else {
		for _, st := range w.Steps {
			if st.Errors > 0 {
				t.Fatalf("write capacity at %.0f/s: %d errors", st.Rate, st.Errors)
			}
		}
	}
	if fed := res.Federation; fed == nil || fed.Request.Errors > 0 || fed.Undone > 0 || fed.Unsigned > 0 || fed.Deliveries != 2*5 {
		t.Fatalf("federation: %+v", fed)
	}
	rt := res.Realtime
	if rt == nil || rt.Reachable == 0 || rt.Deliveries != rt.Reachable*rt.Posts || rt.Missed != 0 || rt.Strays != 0 {
		t.Fatalf("realtime: %+v", rt)
	}
	if res.Seed == nil || res.Seed.Took <= 0 || res.Seed.PeakRSS <= 0 || res.DataBytes <= 0 || res.LoadRSS <= 0 {
		t.Fatalf("the seed's record, the data size and the server's RSS under load must be reported: seed %+v, %d bytes, RSS %d", res.Seed, res.DataBytes, res.LoadRSS)
	}
	report := bench.Report(res, &bench.Results{}, &bench.UIResults{}, res) // the same run as the 10x one: the section renders
	for _, want := range []string{"## Targets", "feed page 1 serial p50", "TV: mark an episode", "TV: mark all up to here", "TV: Up Next", "TV: page with progress", "public profile for a visitor", "changed before each visit", "lists: first page of 100", "lists: moving one item", "lists: 'In N lists by friends' adds", "deleting one of the 100 most active accounts: film logs beside it", "federation: a review by a member with 20 remote followers on 5 servers", "## Federation", "## Ours vs stock PocketBase vs bare SQL", "## Realtime", "## Write capacity",
		"## Ten times the size", "seed in under 20 minutes", "feed page 1 ≤ 1.5× the bare SQL", "server RSS under the load phase", "data dir size per 1M activities", "| 200 members | 200 members |"} {
		if !strings.Contains(report, want) {
			t.Fatalf("the report lacks %q:\n%s", want, report)
		}
	}
}
