// Package memo keeps answers read from the database for as long as the database is
// unchanged: a public page that a shared link sends many visitors to is read once per
// change of the data instead of once per visitor (a busy member's public profile is about
// 20 queries, ~5 ms at the 10k-member scale).
//
// Whether the data changed is SQLite's own answer, not a list of hooks: PRAGMA
// data_version, read on one connection kept for it, changes whenever any other
// connection commits to the database (the app's writes, raw SQL, a migration, the admin
// shell). A value is served only while the version is the one read before the value was
// loaded, so a cached answer is never older than a fresh one would be at that moment;
// errors are never kept. Values must not depend on anything but the data and their key
// (not the viewer, not the clock), and callers must not change what they get.
package memo

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// version is the database's state as the watch saw it: the connection it was read on
// (a new connection counts its data_version afresh) and the counter.
type version struct {
	conn    uint64
	counter int64
}

// watch reads data_version on a connection of its own, taken from the app's read pool
// for as long as it works.
type watch struct {
	app   core.App
	mu    sync.Mutex
	db    *sql.DB   // the pool conn came from
	conn  *sql.Conn // nil until first use and after an error
	conns uint64    // connections taken so far
}

// current reads the database's version. An error leaves no connection behind: the next
// call takes a new one.
func (w *watch) current(ctx context.Context) (version, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	pool, _ := w.app.ConcurrentDB().(*dbx.DB)
	if pool == nil {
		return version{}, errNoPool
	}
	if w.conn != nil && w.db != pool.DB() {
		w.release() // the app reopened its databases
	}
	if w.conn == nil {
		conn, err := pool.DB().Conn(ctx)
		if err != nil {
			return version{}, err
		}
		w.db, w.conn = pool.DB(), conn
		w.conns++
	}
	var n int64
	if err := w.conn.QueryRowContext(ctx, "PRAGMA data_version").Scan(&n); err != nil {
		w.release()
		return version{}, err
	}
	return version{conn: w.conns, counter: n}, nil
}

// release returns the connection to its pool (closed there if it failed).
func (w *watch) release() {
	if w.conn != nil {
		_ = w.conn.Close()
		w.conn = nil
	}
}

// errNoPool is what a watch answers for an app whose read pool is not a dbx.DB.
var errNoPool = errors.New("memo: the app's read pool is not a *dbx.DB")

// Cache keeps values of V by key, each for as long as the database is at the version
// read before it was loaded. When the version moves on, every value goes at once, so
// the cache holds only values of the current data, at most Max of them.
type Cache[V any] struct {
	watch *watch
	max   int

	mu      sync.Mutex
	at      version
	entries map[string]V
}

// New makes a cache of up to max values read from app's main database. Its connection is
// given back when the app terminates.
func New[V any](app core.App, max int) *Cache[V] {
	c := &Cache[V]{watch: &watch{app: app}, max: max, entries: map[string]V{}}
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		c.watch.mu.Lock()
		c.watch.release()
		c.watch.mu.Unlock()
		return e.Next()
	})
	return c
}

// Get returns key's value: the kept one while the database is unchanged since it was
// loaded, otherwise load's answer, kept when it is not an error. When the version cannot
// be read, load answers and nothing is kept.
func (c *Cache[V]) Get(ctx context.Context, key string, load func() (V, error)) (V, error) {
	v, err := c.watch.current(ctx)
	if err != nil {
		return load()
	}
	c.mu.Lock()
	if c.at != v {
		clear(c.entries)
		c.at = v
	}
	value, ok := c.entries[key]
	c.mu.Unlock()
	if ok {
		return value, nil
	}
	value, err = load()
	if err != nil {
		return value, err
	}
	c.mu.Lock()
	if c.at == v { // a newer version may have cleared the cache meanwhile: keep only current values
		if len(c.entries) >= c.max {
			clear(c.entries)
		}
		c.entries[key] = value
	}
	c.mu.Unlock()
	return value, nil
}
