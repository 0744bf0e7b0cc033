package social

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// feedStmts keeps the feed's window query prepared, so a page does not parse and plan its
// largest statement every time (that was about a seventh of reading a page). The query's
// text depends only on the page size, so a few prepared copies per size serve every
// viewer and window; each copy serves one read at a time (a dbx query holds its bound
// values). The copies carry PocketBase's record hooks for the activities collection they
// were built with, so they are thrown away when that collection changes.
type feedStmts struct {
	mu         sync.Mutex
	collection *core.Collection
	free       map[int][]*dbx.Query // page size → idle prepared queries
}

// feedStmtsIdle is how many idle copies are kept per page size (more than the readers
// two cores run at once).
const feedStmtsIdle = 8

// feedStmtsKey is the app-store key of the app's prepared feed queries.
const feedStmtsKey = "cinecircle.social.feedstmts"

// readFeedWindow reads up to limit activities of one feed window into records, with a
// prepared query when the app has them and is not inside a transaction (which must run
// its own statements).
func readFeedWindow(app core.App, viewerID, lo, hi, hiID string, limit int) ([]*core.Record, error) {
	var records []*core.Record
	s, _ := app.Store().Get(feedStmtsKey).(*feedStmts)
	if s == nil || app.IsTransactional() {
		err := feedQuery(app, viewerID, lo, hi, hiID, limit).All(&records)
		return records, err
	}
	collection, err := app.FindCachedCollectionByNameOrId(ActivitiesCollection)
	if err != nil {
		return nil, err
	}
	q := s.take(collection, limit)
	if q == nil {
		q = feedQuery(app, viewerID, lo, hi, hiID, limit).Build().Prepare()
		if q.LastError != nil {
			return nil, q.LastError
		}
	}
	if err := q.Bind(windowParams(viewerID, lo, hi, hiID)).All(&records); err != nil {
		_ = q.Close()
		return nil, err
	}
	s.give(collection, limit, q)
	return records, nil
}

// take returns an idle prepared query for limit built with collection, or nil.
func (s *feedStmts) take(collection *core.Collection, limit int) *dbx.Query {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.collection != collection {
		for _, list := range s.free {
			for _, q := range list {
				_ = q.Close()
			}
		}
		s.collection, s.free = collection, map[int][]*dbx.Query{}
		return nil
	}
	list := s.free[limit]
	if len(list) == 0 {
		return nil
	}
	q := list[len(list)-1]
	s.free[limit] = list[:len(list)-1]
	return q
}

// give puts q back for the next read, or closes it when enough are idle or the
// collection changed meanwhile.
func (s *feedStmts) give(collection *core.Collection, limit int, q *dbx.Query) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.collection == collection && len(s.free[limit]) < feedStmtsIdle {
		s.free[limit] = append(s.free[limit], q)
		return
	}
	_ = q.Close()
}
