package catalog

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"
)

// LocalTrendingTTL is how long this instance's own trending lists are served before they
// are counted again: as long as browsers keep the answer (publicJSON).
const LocalTrendingTTL = 5 * time.Minute

// localTrending keeps the trending lists counted from this instance's own logs (without
// TMDB). Counting a week of logs grows with the community: at 100,000 members a week is
// ~200,000 posts, and counting them took seconds, on every visit to the home page. So
// each kind is counted once (TrendingLimitMax titles, each smaller list being its start),
// the count is served to everyone for LocalTrendingTTL, and after that the old list is
// served while one background count replaces it. Only the first request after a start
// waits, and requests that arrive meanwhile wait for that same count (singleflight).
type localTrending struct {
	flight singleflight.Group
	now    func() time.Time // the clock (tests move it)

	mu         sync.Mutex
	lists      map[Kind]trendingCount
	refreshing map[Kind]bool
}

// trendingCount is one counted list and when it was counted.
type trendingCount struct {
	titles []Title
	at     time.Time
}

// newLocalTrending returns empty lists.
func newLocalTrending() *localTrending {
	return &localTrending{now: time.Now, lists: map[Kind]trendingCount{}, refreshing: map[Kind]bool{}}
}

// get returns the first limit titles of kind's list, counting it when there is none yet.
func (l *localTrending) get(app core.App, kind Kind, limit int) ([]Title, error) {
	l.mu.Lock()
	cur, ok := l.lists[kind]
	if ok && l.now().Sub(cur.at) >= LocalTrendingTTL && !l.refreshing[kind] {
		l.refreshing[kind] = true
		go l.refresh(app, kind)
	}
	l.mu.Unlock()
	if !ok {
		titles, err := l.countOnce(app, kind)
		if err != nil {
			return nil, err
		}
		cur.titles = titles
	}
	return slices.Clone(cur.titles[:min(limit, len(cur.titles))]), nil
}

// refresh counts kind's list again in the background; on failure the old one stays.
func (l *localTrending) refresh(app core.App, kind Kind) {
	defer func() {
		l.mu.Lock()
		l.refreshing[kind] = false
		l.mu.Unlock()
	}()
	if _, err := l.countOnce(app, kind); err != nil {
		app.Logger().Warn("catalog: counting trending titles", "kind", kind, "error", err.Error())
	}
}

// countOnce counts kind's list, or waits for the count already running.
func (l *localTrending) countOnce(app core.App, kind Kind) ([]Title, error) {
	v, err, _ := l.flight.Do(string(kind), func() (any, error) { return l.count(app, kind) })
	if err != nil {
		return nil, err
	}
	return v.([]Title), nil
}

// count counts kind's list from the instance's logs and keeps it.
func (l *localTrending) count(app core.App, kind Kind) ([]Title, error) {
	titles, err := NewEmbedded(app).Trending(context.Background(), kind, TrendingLimitMax)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.lists[kind] = trendingCount{titles: titles, at: l.now()}
	l.mu.Unlock()
	return titles, nil
}
