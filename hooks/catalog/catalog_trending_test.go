package catalog_test

import (
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// TestTrendingCountedOnce: without TMDB, trending is counted from the week's logs once and
// served to every visit for LocalTrendingTTL (counting a week of a large community's logs
// took seconds a visit); after that the old list is served while one count replaces it,
// and the next visits show the new count.
func TestTrendingCountedOnce(t *testing.T) {
	withoutTMDB(t)
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	var counts atomic.Int32
	var leader atomic.Int32
	leader.Store(604)
	logs := func(app core.App, kind catalog.Kind, since time.Time, limit int) ([]int, error) {
		counts.Add(1)
		return []int{int(leader.Load())}, nil
	}
	app := testutil.NewTestApp(t)
	seed(localMovies...)(t, app)
	catalog.SetRecentLogs(app, logs)
	catalog.SetTrendingClock(app, clock)
	first := func(id int) func(t testing.TB, app *tests.TestApp, res *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			t.Helper()
			if items := answerItems(t, res); len(items) == 0 || items[0].ID != id {
				t.Fatalf("trending %v, want %d first", items, id)
			}
		}
	}
	counted := func(n int32) func(t testing.TB, app *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			t.Helper()
			// the count has run and its list is kept (a recount keeps it after counting)
			for deadline := time.Now().Add(5 * time.Second); (counts.Load() < n || catalog.TrendingRefreshing(app)) && time.Now().Before(deadline); {
				time.Sleep(10 * time.Millisecond)
			}
			if got := counts.Load(); got != n {
				t.Fatalf("counted %d times, want %d", got, n)
			}
		}
	}
	later := func(d time.Duration) func(t testing.TB, app *tests.TestApp) {
		return func(t testing.TB, app *tests.TestApp) {
			mu.Lock()
			now = now.Add(d)
			mu.Unlock()
			leader.Store(603) // what members log from now on
		}
	}
	runSteps(t, app, []step{
		{name: "the first visit counts", url: "/api/trending-movies", after: first(604)},
		{name: "the next visits reuse the count", url: "/api/trending-movies", before: counted(1), after: first(604)},
		{name: "a shorter list is the count's start", url: "/api/trending-movies?limit=3", after: count(3)},
		{name: "the full list too", url: "/api/trending-movies?limit=20", before: counted(1), contains: []string{`"id":604`}},
		{name: "within the TTL, a new log does not count yet", url: "/api/trending-movies", before: later(catalog.LocalTrendingTTL - time.Second), after: first(604)},
		{name: "past it, the old list is served while one count runs", url: "/api/trending-movies", before: later(2 * time.Second), after: first(604)},
		{name: "then the new count", url: "/api/trending-movies", before: counted(2), after: first(603)},
		{name: "and nothing more until it ages", url: "/api/trending-movies", before: counted(2), after: first(603)},
	})
}
