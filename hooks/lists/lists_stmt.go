package lists

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// prepared keeps the hot read statements of lists (a list's page, 'In N lists by
// friends') prepared: parsing and planning them was ~40% of the title page's count and
// ~1 ms of a list's first page at the 10k-member scale. A statement serves one read at a
// time (a dbx query holds its bound values), so a few idle copies are kept per text.
// They are plain SQL (no record hooks), and SQLite prepares a statement again by itself
// when the schema changes.
type prepared struct {
	mu   sync.Mutex
	free map[string][]*dbx.Query // SQL text → idle prepared copies
}

// preparedIdle is how many idle copies are kept per text. Few: each copy ends up
// prepared on most of the pool's connections, and two cores run few reads at once.
const preparedIdle = 4

// preparedKey is the app-store key of the app's prepared statements.
const preparedKey = "cinecircle.lists.prepared"

// withPrepared runs run with a prepared copy of sql, which run binds. Inside a
// transaction (which must run its own statements) or before Register, run gets a fresh
// query.
func withPrepared(app core.App, sql string, run func(q *dbx.Query) error) error {
	p, _ := app.Store().Get(preparedKey).(*prepared)
	if p == nil || app.IsTransactional() {
		return run(app.DB().NewQuery(sql))
	}
	p.mu.Lock()
	var q *dbx.Query
	if list := p.free[sql]; len(list) > 0 {
		q, p.free[sql] = list[len(list)-1], list[:len(list)-1]
	}
	p.mu.Unlock()
	if q == nil {
		if q = app.DB().NewQuery(sql).Prepare(); q.LastError != nil {
			return q.LastError
		}
	}
	if err := run(q); err != nil {
		_ = q.Close()
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free[sql]) < preparedIdle {
		p.free[sql] = append(p.free[sql], q)
		return nil
	}
	return q.Close()
}
