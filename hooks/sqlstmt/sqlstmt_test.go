package sqlstmt_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"cinecircle/hooks/sqlstmt"

	"github.com/pocketbase/dbx"
	_ "modernc.org/sqlite"
)

// open returns a database in a temp dir opened by sqlstmt with PocketBase's WAL pragmas.
func open(t *testing.T) *dbx.DB {
	t.Helper()
	db, err := sqlstmt.Open(filepath.Join(t.TempDir(), "data.db") + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func exec(t *testing.T, db *dbx.DB, sql string, params ...dbx.Params) {
	t.Helper()
	q := db.NewQuery(sql)
	if len(params) > 0 {
		q.Bind(params[0])
	}
	if _, err := q.Execute(); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// TestKeptStatementsAnswerLikeFreshOnes: the same text with other values, a query run
// again inside its own rows loop, a write, a schema change under a kept statement, a
// failing statement, a transaction, and more texts than a connection keeps all answer
// what a fresh statement would.
func TestKeptStatementsAnswerLikeFreshOnes(t *testing.T) {
	t.Parallel()
	db := open(t)
	db.DB().SetMaxOpenConns(1) // one connection: every run meets the kept statement
	exec(t, db, `CREATE TABLE titles (id INTEGER PRIMARY KEY, name TEXT, year INTEGER)`)
	for i := 1; i <= 50; i++ {
		exec(t, db, `INSERT INTO titles (name, year) VALUES ({:name}, {:year})`, dbx.Params{"name": fmt.Sprintf("t%d", i), "year": 1950 + i})
	}
	const byYear = `SELECT name FROM titles WHERE year >= {:from} ORDER BY year LIMIT {:n}`
	names := func(from, n int) []string {
		var out []string
		if err := db.NewQuery(byYear).Bind(dbx.Params{"from": from, "n": n}).Column(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := strings.Join(names(1990, 3), ","); got != "t40,t41,t42" {
		t.Fatalf("first run: %s", got)
	}
	if got := strings.Join(names(2000, 2), ","); got != "t50" {
		t.Fatalf("the kept statement with other values (and a LIMIT the planner no longer reads): %s", got)
	}

	// The same text again while its rows are open, as a transaction (one connection) may
	// run it: the outer rows keep their place.
	err := db.Transactional(func(tx *dbx.Tx) error {
		rows, err := tx.NewQuery(byYear).Bind(dbx.Params{"from": 1995, "n": 5}).Rows()
		if err != nil {
			return err
		}
		defer rows.Close()
		var outer []string
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				return err
			}
			outer = append(outer, name)
			var inner []string
			if err := tx.NewQuery(byYear).Bind(dbx.Params{"from": 1951, "n": 1}).Column(&inner); err != nil {
				return err
			}
			if len(inner) != 1 || inner[0] != "t1" {
				return fmt.Errorf("nested run: %v", inner)
			}
		}
		if strings.Join(outer, ",") != "t45,t46,t47,t48,t49" {
			return fmt.Errorf("outer rows: %v", outer)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}

	// A schema change under a kept statement: SQLite prepares it again by itself.
	const all = `SELECT * FROM titles WHERE id = {:id}`
	read := func() dbx.NullStringMap {
		row := dbx.NullStringMap{}
		if err := db.NewQuery(all).Bind(dbx.Params{"id": 1}).One(row); err != nil {
			t.Fatal(err)
		}
		return row
	}
	if len(read()) != 3 {
		t.Fatal("three columns before the change")
	}
	exec(t, db, `ALTER TABLE titles ADD COLUMN runtime INTEGER DEFAULT 90`)
	if row := read(); len(row) != 4 || row["runtime"].String != "90" {
		t.Fatalf("after ALTER TABLE: %v", row)
	}

	// A failing run leaves the statement usable.
	const unique = `INSERT INTO titles (id, name) VALUES ({:id}, 'again')`
	if _, err := db.NewQuery(unique).Bind(dbx.Params{"id": 1}).Execute(); err == nil {
		t.Fatal("a duplicate id must fail")
	}
	exec(t, db, unique, dbx.Params{"id": 1000})

	// A transaction that rolls back leaves nothing; one that commits keeps its write.
	for _, commit := range []bool{false, true} {
		err = db.Transactional(func(tx *dbx.Tx) error {
			if _, err := tx.NewQuery(`UPDATE titles SET name = 'renamed' WHERE id = {:id}`).Bind(dbx.Params{"id": 2}).Execute(); err != nil {
				return err
			}
			if !commit {
				return sql.ErrNoRows
			}
			return nil
		})
		var name string
		if err2 := db.NewQuery(`SELECT name FROM titles WHERE id = 2`).Row(&name); err2 != nil {
			t.Fatal(err2)
		}
		if want := map[bool]string{false: "t2", true: "renamed"}[commit]; name != want || (err != nil) == commit {
			t.Fatalf("commit %v: name %q, err %v", commit, name, err)
		}
	}

	// More texts than a connection keeps: the oldest are closed, answers stay right.
	for i := range sqlstmt.MaxPerConn + 20 {
		var year int
		if err := db.NewQuery(fmt.Sprintf(`SELECT year FROM titles WHERE id = %d`, i%50+1) + strings.Repeat(" ", i)).Row(&year); err != nil || year != 1950+i%50+1 {
			t.Fatalf("text %d: %d, %v", i, year, err)
		}
	}
	if got := strings.Join(names(1998, 2), ","); got != "t48,t49" {
		t.Fatalf("after evictions: %s", got)
	}
}

// TestPlansIgnoreBoundValues: with ANALYZE's samples of a skewed column, SQLite plans a
// bare connection's statement for the values bound to it (and so prepares it again at
// every run); a connection opened by sqlstmt plans it once, whatever the values.
func TestPlansIgnoreBoundValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "data.db")
	bare, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	for _, s := range []string{
		`CREATE TABLE watches (user TEXT, status TEXT)`,
		`CREATE INDEX idx_user ON watches (user)`,
		`CREATE INDEX idx_status ON watches (status)`,
		// One busy member with every status, 500 members with one watch each; all but
		// a few watches are 'watched'.
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
			INSERT INTO watches SELECT CASE WHEN i <= 2500 THEN 'busy' ELSE 'u' || i END,
			CASE WHEN i % 500 = 0 THEN 'dropped' ELSE 'watched' END FROM n`,
		`ANALYZE`,
	} {
		if _, err := bare.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	const q = `EXPLAIN QUERY PLAN SELECT * FROM watches WHERE user = ? AND status = ?`
	plan := func(query func(string, ...any) (*sql.Rows, error), user, status string) string {
		rows, err := query(q, user, status)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var id, parent, notused int
			var detail string
			if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
				t.Fatal(err)
			}
			out = append(out, detail)
		}
		return strings.Join(out, "; ")
	}
	if a, b := plan(bare.Query, "busy", "dropped"), plan(bare.Query, "u2501", "watched"); a == b {
		t.Fatalf("the bare driver should plan for the values (the test's data is not skewed enough): %s", a)
	}
	kept, err := sqlstmt.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer kept.Close()
	if a, b := plan(kept.DB().Query, "busy", "dropped"), plan(kept.DB().Query, "u2501", "watched"); a != b {
		t.Fatalf("sqlstmt's connection planned for the values: %q then %q", a, b)
	}
}
