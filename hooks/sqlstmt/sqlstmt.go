// Package sqlstmt opens the app's SQLite databases with each connection keeping its
// recent statements prepared. PocketBase's queries (and ours, through dbx) reach the
// driver as text with bound values, and the pure-Go driver parses and plans that text on
// every call: about a third of a read-heavy route's time at the 10k-member scale (a
// public profile: 29% of 11 ms in sqlite3Prepare). A connection here keeps the
// statements of the last MaxPerConn texts it ran and runs the same text again by binding
// new values to the kept statement, which is what a prepared statement is for.
//
// SQLite re-prepares a kept statement by itself when the schema changes under it
// (sqlite3_prepare_v2), so a migration or a new collection needs nothing from here.
package sqlstmt

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/dbx"
	"modernc.org/sqlite"
)

// MaxPerConn is how many statements a connection keeps prepared. The app's hot routes
// run a few dozen distinct texts; each kept statement costs a few KB of SQLite memory
// per pooled connection.
const MaxPerConn = 64

// maxTextLen leaves long texts (bulk inserts with thousands of placeholders) unkept.
const maxTextLen = 8 << 10

// Open opens dsn (a path with the driver's query parameters, as core.DefaultDBConnect
// builds it) with dbx's SQLite builder: the driver registered as "sqlite", each
// connection with the query planner stability guarantee on (see stability) and keeping
// its statements.
func Open(dsn string) (*dbx.DB, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return dbx.NewFromDB(sql.OpenDB(connector{base}), "sqlite"), nil
}

// connector opens the driver's connections and wraps each one.
type connector struct{ driver.Connector }

// Connect opens one connection.
func (c connector) Connect(ctx context.Context) (driver.Conn, error) {
	inner, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	if err := stability(inner); err != nil {
		_ = inner.Close()
		return nil, err
	}
	return newConn(inner), nil
}

// keepable reports whether query's statement is worth keeping: one statement (a script
// is re-parsed statement by statement whatever happens), not a bulk text.
func keepable(query string) bool {
	if len(query) > maxTextLen {
		return false
	}
	body := strings.TrimRight(query, " \t\r\n;")
	return !strings.Contains(body, ";")
}

// observer is the function SetObserver set, if any.
var observer atomic.Pointer[func(query string, args []driver.NamedValue)]

// SetObserver has fn called with the text and values of every statement the app's
// connections run, until it is called again with nil. It is for tests only, and
// production never calls it: the plan test records every statement the routes run and
// explains each under a large community's statistics.
func SetObserver(fn func(query string, args []driver.NamedValue)) {
	if fn == nil {
		observer.Store(nil)
		return
	}
	observer.Store(&fn)
}

// observed hands a statement to the observer, if one is set.
func observed(query string, args []driver.NamedValue) {
	if fn := observer.Load(); fn != nil {
		(*fn)(query, args)
	}
}
