package sqlstmt

import (
	"database/sql"
	"regexp"
	"strings"

	"github.com/pocketbase/dbx"
)

// Text is a query written for dbx ({:name} parameters, [[name]] and {{name}} quoting)
// together with the same query in SQLite's own syntax (:name), made once. dbx rewrites a
// text on every call (two regular expressions over all of it: 45 µs of a 1 ms feed page
// at 100k members) and binds a value for each place a name appears; Query runs the
// SQLite form on the pool's connections as it is, each name bound once.
type Text struct {
	dbx, native string
}

var (
	dbxParam = regexp.MustCompile(`\{:(\w+)\}`)
	dbxQuote = regexp.MustCompile(`\{\{([\w\-\. ]+)\}\}|\[\[([\w\-\. ]+)\]\]`)
)

// NewText makes the Text of q (dbx's syntax).
func NewText(q string) Text {
	native := dbxParam.ReplaceAllString(q, ":$1")
	native = dbxQuote.ReplaceAllString(native, "$1$2")
	return Text{dbx: q, native: native}
}

// SQL is the text in dbx's syntax, for EXPLAIN and for builders.
func (t Text) SQL() string { return t.dbx }

// Query runs t with params on b and returns its rows, to be closed by the caller. On the
// connection pool (b is a *dbx.DB) the SQLite form runs straight on database/sql; in a
// transaction (or anything else) dbx runs the text as usual, so a transaction still reads
// its own writes.
func (t Text) Query(b dbx.Builder, params dbx.Params) (*sql.Rows, error) {
	if db, ok := b.(*dbx.DB); ok {
		args := make([]any, 0, len(params))
		for name, v := range params {
			args = append(args, sql.Named(name, v))
		}
		return db.DB().Query(t.native, args...)
	}
	rows, err := b.NewQuery(t.dbx).Bind(params).Rows()
	if err != nil {
		return nil, err
	}
	return rows.Rows, nil
}

// Joined runs t, a query whose one row is group_concat(column, ',') of ids (which hold
// no comma), with params on b, and returns the ids. SQLite joins them in one step: for
// the 80,000 followers of the most followed member at 100k members, 17 ms against 50 ms
// for a row each through database/sql.
func (t Text) Joined(b dbx.Builder, params dbx.Params) ([]string, error) {
	rows, err := t.Query(b, params)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var joined sql.NullString
	if rows.Next() {
		if err := rows.Scan(&joined); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil || joined.String == "" {
		return []string{}, err
	}
	return strings.Split(joined.String, ","), nil
}
