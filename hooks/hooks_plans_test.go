package hooks_test

import (
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
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
	var routes []string
	for p := range routeTable {
		routes = append(routes, p)
	}
	statements := testutil.Statements(func() {
		for _, role := range roles {
			for _, p := range callOrder(routes) {
				rule := routeTable[p]
				method, path, _ := strings.Cut(p, " ")
				if rule.path != "" {
					path = rule.path
				}
				send(t, w.srv, method, w.fill(path, role), w.fill(rule.body, role), w.cookies[role])
			}
		}
	})
	scans, explained := testutil.LargeTableScans(t, w.app, statements, scansAccepted)
	for _, s := range scans {
		t.Errorf("a statement of the routes %s", s)
	}
	if explained < 300 {
		t.Fatalf("explained %d statements: the routes run more than that", explained)
	}
}
