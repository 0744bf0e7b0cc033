package posts

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// FindSQL is the query (text and values) that finds the posts matching m.
func FindSQL(app core.App, m Match) (string, dbx.Params, error) {
	q, err := findQuery(app, m, time.Time{}, 0)
	if err != nil {
		return "", nil, err
	}
	built := q.Build()
	return built.SQL(), built.Params(), nil
}
