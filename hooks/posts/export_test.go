package posts

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// FindPlan is SQLite's plan of the query that finds the posts matching m.
func FindPlan(app core.App, m Match) ([]string, error) {
	q, err := findQuery(app, m, time.Time{}, 0)
	if err != nil {
		return nil, err
	}
	built := q.Build()
	var rows []struct {
		Detail string `db:"detail"`
	}
	err = app.DB().NewQuery("EXPLAIN QUERY PLAN " + built.SQL()).Bind(built.Params()).All(&rows)
	plan := make([]string, len(rows))
	for i, r := range rows {
		plan[i] = r.Detail
	}
	return plan, err
}
