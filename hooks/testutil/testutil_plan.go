package testutil

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// QueryPlan is SQLite's plan of sql with params bound, one line of EXPLAIN QUERY PLAN's
// detail per step, as the plan tests assert it.
func QueryPlan(t testing.TB, app core.App, sql string, params dbx.Params) []string {
	t.Helper()
	var rows []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + sql).Bind(params).All(&rows); err != nil {
		t.Fatalf("EXPLAIN QUERY PLAN %s: %v", sql, err)
	}
	plan := make([]string, len(rows))
	for i, r := range rows {
		plan[i] = r.Detail
	}
	return plan
}
