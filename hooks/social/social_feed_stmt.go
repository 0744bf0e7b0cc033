package social

import (
	"sync"

	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// stmtPool keeps the feed's hot queries prepared, so a page does not parse and plan them
// every time (that was about a quarter of reading a page). A query's text is fixed per
// key (the window query's depends only on the page size), so a few prepared copies serve
// every viewer; each copy serves one read at a time (a dbx query holds its bound values).
// The copies may carry PocketBase's record hooks for the activities collection they were
// built with, so all are thrown away when that collection changes.
type stmtPool struct {
	mu         sync.Mutex
	collection *core.Collection
	free       map[string][]*dbx.Query // key → idle prepared queries
}

// stmtPoolIdle is how many idle copies are kept per key: as many as readers may be in
// flight at once under load (the database keeps as many idle connections, main.go), so
// a burst of concurrent reads does not prepare and close copies on every page.
const stmtPoolIdle = 48

// stmtPoolKey is the app-store key of the app's prepared queries.
const stmtPoolKey = "cinecircle.social.stmts"

func newStmtPool() *stmtPool { return &stmtPool{free: map[string][]*dbx.Query{}} }

// withPrepared runs run with a prepared copy of the query build makes for key (the same
// text for the same key), bound by run. Without a pool, or inside a transaction (which
// must run its own statements), run gets build's query as it is.
func withPrepared(app core.App, key string, build func() *dbx.Query, run func(q *dbx.Query) error) error {
	s, _ := app.Store().Get(stmtPoolKey).(*stmtPool)
	if s == nil || app.IsTransactional() {
		return run(build())
	}
	collection, err := app.FindCachedCollectionByNameOrId(posts.Collection)
	if err != nil {
		return err
	}
	q := s.take(collection, key)
	if q == nil {
		if q = build().Prepare(); q.LastError != nil {
			return q.LastError
		}
	}
	if err := run(q); err != nil {
		_ = q.Close()
		return err
	}
	s.give(collection, key, q)
	return nil
}

// take returns an idle prepared query for key built with collection, or nil.
func (s *stmtPool) take(collection *core.Collection, key string) *dbx.Query {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.collection != collection {
		for _, list := range s.free {
			for _, q := range list {
				_ = q.Close()
			}
		}
		s.collection, s.free = collection, map[string][]*dbx.Query{}
		return nil
	}
	list := s.free[key]
	if len(list) == 0 {
		return nil
	}
	q := list[len(list)-1]
	s.free[key] = list[:len(list)-1]
	return q
}

// give puts q back for the next read, or closes it when enough are idle or the
// collection changed meanwhile.
func (s *stmtPool) give(collection *core.Collection, key string, q *dbx.Query) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.collection == collection && len(s.free[key]) < stmtPoolIdle {
		s.free[key] = append(s.free[key], q)
		return
	}
	_ = q.Close()
}
