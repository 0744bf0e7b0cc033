package lists

import "cinecircle/hooks/catalog"

// PlanQueries are the queries of a long list's hot paths, by name, for the plan test.
var PlanQueries = map[string]string{
	"items page":                itemsSQL,
	"seen count":                seenSQL,
	"first posters":             firstPostersSQL,
	"role":                      roleSQL,
	"neighbours":                neighboursSQL,
	"in lists by friends":       titleListsSQL("movie"),
	"in lists by friends count": titleCountSQL(catalog.Movie),
}
