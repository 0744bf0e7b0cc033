package social

import (
	"sync"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/pocketbase/core"
)

// pageMemo remembers where numbered feed pages start: for a viewer, the n-th key of their
// feed (the one that ends the page before page n/limit+1). `?page=50` would otherwise walk
// the thousand newest keys on every read; with the memo it costs what a `?before=` cursor
// page costs, and page N after page N-1 walks only one page of keys from the key before.
//
// Only positions are remembered, never pages: the page itself is read fresh every time,
// so likes, comments and edits always show. A position is exact only while nothing that
// orders or filters any feed changes, so every such write drops the whole memo once it has
// committed: an activity created, edited (hidden, moved) or deleted, a follow made or
// ended (a block ends follows), a member's record saved (suspension) or deleted.
type pageMemo struct {
	mu sync.Mutex
	// gen counts the drops: a walk stores its key only if no drop happened while it read
	// (it may have read the feed as it was before the write).
	gen  uint64
	keys map[string]map[int]feedKey // viewer → n → the n-th key
	size int
}

// pageMemoMax bounds the memo's keys (each ~60 bytes); when full it starts over.
const pageMemoMax = 100000

// pageMemoKey is the app-store key of the app's memo.
const pageMemoKey = "cinecircle.social.pagememo"

// registerPageMemo gives app a page memo and drops it on every write that can move a
// feed's positions.
func registerPageMemo(app core.App) {
	m := &pageMemo{keys: map[string]map[int]feedKey{}}
	app.Store().Set(pageMemoKey, m)
	drop := func(e *core.RecordEvent) error {
		m.drop()
		return e.Next()
	}
	for _, collection := range []string{posts.Collection, "follows"} {
		app.OnRecordAfterCreateSuccess(collection).BindFunc(drop)
		app.OnRecordAfterUpdateSuccess(collection).BindFunc(drop)
		app.OnRecordAfterDeleteSuccess(collection).BindFunc(drop)
	}
	app.OnRecordAfterUpdateSuccess(auth.UsersCollection).BindFunc(drop)
	app.OnRecordAfterDeleteSuccess(auth.UsersCollection).BindFunc(drop)
}

// pageMemoOf returns app's memo, or nil where it may not serve: an app without one, or a
// transaction (which must read its own writes, and may not commit what it reads).
func pageMemoOf(app core.App) *pageMemo {
	m, _ := app.Store().Get(pageMemoKey).(*pageMemo)
	if app.IsTransactional() {
		return nil
	}
	return m
}

// drop forgets every position.
func (m *pageMemo) drop() {
	m.mu.Lock()
	m.gen++
	m.keys, m.size = map[string]map[int]feedKey{}, 0
	m.mu.Unlock()
}

// nearest returns the remembered key of viewer's feed closest to n from above (the
// largest position m <= n), with m = 0 when none is; and the generation to store with.
func (m *pageMemo) nearest(viewer string, n int) (key feedKey, at int, gen uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for pos, k := range m.keys[viewer] {
		if pos <= n && pos > at {
			key, at = k, pos
		}
	}
	return key, at, m.gen
}

// store remembers key as the n-th of viewer's feed, unless a drop happened since gen.
func (m *pageMemo) store(viewer string, n int, key feedKey, gen uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gen != gen {
		return
	}
	if m.size >= pageMemoMax {
		m.keys, m.size = map[string]map[int]feedKey{}, 0
	}
	byPos := m.keys[viewer]
	if byPos == nil {
		byPos = map[int]feedKey{}
		m.keys[viewer] = byPos
	}
	if _, ok := byPos[n]; !ok {
		m.size++
	}
	byPos[n] = key
}
