package hooks_test

import (
	"database/sql"
	"database/sql/driver"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"cinecircle/hooks/sqlstmt"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// scansAccepted are statements that may read a whole large table, by a phrase of their
// text, and why.
var scansAccepted = map[string]string{
	"WHERE 0=1": "PocketBase's query for no ids: SQLite tests the constant once and reads nothing",
	"LEFT JOIN (SELECT following, COUNT(*) AS n FROM follows GROUP BY following)": "the ranking of the most followed members (social_popular.go): made once, then off the request path at most every 10 minutes",
}

// TestNoRouteScansALargeTable: every statement the custom routes run (each route as the
// visitor, another member and the owner, as the authorization matrix calls them), planned
// with the statistics of the 10x data set (100,000 members, 10M posts; what PocketBase's
// PRAGMA optimize leaves there), searches its indexes: none reads the whole of a table
// that data set holds 100,000 rows of or more. The domains' plan tests pin their hot
// queries; this catches the statements no plan test names.
func TestNoRouteScansALargeTable(t *testing.T) {
	w := newAuthzWorld(t)
	var mu sync.Mutex
	seen := map[string][]driver.NamedValue{}
	sqlstmt.SetObserver(func(query string, args []driver.NamedValue) {
		mu.Lock()
		if _, ok := seen[query]; !ok {
			seen[query] = slices.Clone(args)
		}
		mu.Unlock()
	})
	var routes []string
	for p := range routeTable {
		routes = append(routes, p)
	}
	order := callOrder(routes)
	for _, role := range roles {
		for _, p := range order {
			rule := routeTable[p]
			method, path, _ := strings.Cut(p, " ")
			if rule.path != "" {
				path = rule.path
			}
			send(t, w.srv, method, w.fill(path, role), w.fill(rule.body, role), w.cookies[role])
		}
	}
	sqlstmt.SetObserver(nil)

	testutil.UseSampledStatistics(t, w.app)
	db := w.app.NonconcurrentDB().(*dbx.DB).DB()
	large := map[string]bool{}
	for _, table := range tablesWith(t, db, `SELECT tbl FROM sqlite_stat1 GROUP BY tbl HAVING MAX(CAST(stat AS INTEGER)) >= 100000`) {
		large[table] = true
	}
	partial := map[string]bool{}
	for _, idx := range tablesWith(t, db, `SELECT name FROM sqlite_schema WHERE type = 'index' AND sql LIKE '% WHERE %'`) {
		partial[idx] = true
	}
	if len(large) < 10 {
		t.Fatalf("the sampled statistics name %d large tables: %v", len(large), large)
	}
	explained, failed := 0, []string{}
	for query, args := range seen {
		if !planned(query) {
			continue
		}
		plan, err := explainPlan(db, query, args)
		if err != nil {
			failed = append(failed, err.Error()+": "+query)
			continue
		}
		explained++
		names := tableNames(query)
		for _, line := range plan {
			m := scanStep.FindStringSubmatch(line)
			if m == nil || partial[m[2]] {
				continue
			}
			table := names[m[1]]
			if !large[table] || acceptedScan(query) {
				continue
			}
			t.Errorf("a statement reads all of %s (%s):\n%s\nplan:\n%s", table, line, strings.Join(strings.Fields(query), " "), strings.Join(plan, "\n"))
		}
	}
	if explained < 300 {
		t.Fatalf("explained %d statements: the routes run more than that", explained)
	}
	for _, f := range failed {
		t.Errorf("a statement could not be explained: %s", f)
	}
	t.Logf("%d statements explained, %d large tables", explained, len(large))
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

// acceptedScan reports whether query is one of scansAccepted.
func acceptedScan(query string) bool {
	for phrase := range scansAccepted {
		if strings.Contains(query, phrase) {
			return true
		}
	}
	return false
}

// explainPlan is SQLite's plan of query with args, one detail line per step.
func explainPlan(db *sql.DB, query string, args []driver.NamedValue) ([]string, error) {
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

// tablesWith runs query and returns its first column.
func tablesWith(t *testing.T, db *sql.DB, query string) []string {
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
