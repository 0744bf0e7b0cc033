package testutil

import (
	"database/sql"
	"database/sql/driver"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"cinecircle/hooks/sqlstmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Statements runs do and returns the distinct statements the app's connections ran
// meanwhile (of any app in the test binary: the caller runs alone, not in parallel), by
// text, with the values of their first run.
func Statements(do func()) map[string][]driver.NamedValue {
	var mu sync.Mutex
	seen := map[string][]driver.NamedValue{}
	sqlstmt.SetObserver(func(query string, args []driver.NamedValue) {
		mu.Lock()
		defer mu.Unlock()
		if _, ok := seen[query]; !ok {
			seen[query] = slices.Clone(args)
		}
	})
	defer sqlstmt.SetObserver(nil)
	do()
	mu.Lock()
	defer mu.Unlock()
	return seen
}

// LargeTableScans loads the 10x data set's statistics into app (UseSampledStatistics),
// explains each of statements with its own values bound, and describes every step that
// would read all of a table the data set holds 100,000 rows of or more (a scan of a
// partial index excepted: it holds the few rows named). Statements whose text holds a
// phrase of accepted are left out. It returns how many statements it explained; a
// statement it cannot explain fails t.
func LargeTableScans(t testing.TB, app core.App, statements map[string][]driver.NamedValue, accepted map[string]string) ([]string, int) {
	t.Helper()
	UseSampledStatistics(t, app)
	db := app.NonconcurrentDB().(*dbx.DB).DB()
	large := map[string]bool{}
	for _, table := range column(t, db, `SELECT tbl FROM sqlite_stat1 GROUP BY tbl HAVING MAX(CAST(stat AS INTEGER)) >= 100000`) {
		large[table] = true
	}
	partial := map[string]bool{}
	for _, idx := range column(t, db, `SELECT name FROM sqlite_schema WHERE type = 'index' AND sql LIKE '% WHERE %'`) {
		partial[idx] = true
	}
	if len(large) < 10 {
		t.Fatalf("the sampled statistics name %d large tables: %v", len(large), large)
	}
	var scans []string
	explained := 0
	for query, args := range statements {
		if !planned(query) || acceptedIn(query, accepted) {
			continue
		}
		plan, err := explain(db, query, args)
		if err != nil && strings.Contains(err.Error(), "no such table: _logs") {
			continue // PocketBase's request log, in the auxiliary database
		}
		if err != nil {
			t.Errorf("a statement could not be explained (%v): %s", err, query)
			continue
		}
		explained++
		names := tableNames(query)
		for _, line := range plan {
			if m := scanStep.FindStringSubmatch(line); m != nil && !partial[m[2]] && large[names[m[1]]] {
				scans = append(scans, "it reads all of "+names[m[1]]+" ("+line+"):\n"+strings.Join(strings.Fields(query), " ")+"\nplan:\n"+strings.Join(plan, "\n"))
			}
		}
	}
	return scans, explained
}

// acceptedIn reports whether query holds a phrase of accepted.
func acceptedIn(query string, accepted map[string]string) bool {
	for phrase := range accepted {
		if strings.Contains(query, phrase) {
			return true
		}
	}
	return false
}

// scanStep matches a plan step that reads a whole table (or a whole index of it): its
// name or alias, and the index, if any.
var scanStep = regexp.MustCompile(`^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?`)

// tableRef matches a table a statement reads or writes, with its alias, if any.
var tableRef = regexp.MustCompile("(?i)\\b(?:FROM|JOIN|UPDATE|INTO)\\s+[`\"]?(\\w+)[`\"]?(?:\\s+(?:AS\\s+)?(\\w+))?")

// notAlias are the words that can follow a table's name in place of an alias.
var notAlias = map[string]bool{"WHERE": true, "ON": true, "LEFT": true, "INNER": true, "CROSS": true, "JOIN": true,
	"ORDER": true, "GROUP": true, "LIMIT": true, "INDEXED": true, "USING": true, "NATURAL": true, "SET": true,
	"VALUES": true, "SELECT": true, "UNION": true, "EXCEPT": true, "INTERSECT": true, "HAVING": true, "WINDOW": true,
	"RETURNING": true, "NOT": true, "AND": true, "OR": true, "AS": true, "DEFAULT": true}

// tableNames maps each name a statement's plan may give a table (its own, or its alias)
// to the table.
func tableNames(query string) map[string]string {
	names := map[string]string{}
	for _, m := range tableRef.FindAllStringSubmatch(query, -1) {
		names[m[1]] = m[1]
		if m[2] != "" && !notAlias[strings.ToUpper(m[2])] {
			names[m[2]] = m[1]
		}
	}
	return names
}

// planned reports whether query is one statement whose plan can read a table.
func planned(query string) bool {
	q := strings.ToUpper(strings.TrimSpace(query))
	if i := strings.Index(q, ";"); i >= 0 && strings.TrimSpace(q[i+1:]) != "" {
		return false // a script
	}
	switch {
	case strings.HasPrefix(q, "SELECT"), strings.HasPrefix(q, "WITH"), strings.HasPrefix(q, "UPDATE"), strings.HasPrefix(q, "DELETE"):
		return true
	case strings.HasPrefix(q, "INSERT"), strings.HasPrefix(q, "REPLACE"):
		return strings.Contains(q, "SELECT")
	}
	return false
}

// explain is SQLite's plan of query with args, one detail line per step.
func explain(db *sql.DB, query string, args []driver.NamedValue) ([]string, error) {
	values := make([]any, len(args))
	for i, a := range args {
		values[i] = a.Value
		if a.Name != "" {
			values[i] = sql.Named(a.Name, a.Value)
		}
	}
	rows, err := db.Query("EXPLAIN QUERY PLAN "+query, values...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, err
		}
		plan = append(plan, detail)
	}
	return plan, rows.Err()
}

// column runs query on db and returns its first column.
func column(t testing.TB, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}
