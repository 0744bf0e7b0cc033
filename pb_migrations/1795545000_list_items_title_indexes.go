package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// idx_list_items_movie (movie, list) and idx_list_items_tv (tvShow, list) held every
	// item, so each had one value shared by most rows ('' in tvShow for every movie, in
	// movie for every show). With ANALYZE's statistics SQLite then read a list's items by
	// a skip-scan of the other kind's index and sorted them, instead of walking
	// idx_list_items_rank in order: a move's neighbours and a list's first posters sorted
	// the whole list (~2 ms at 1,000 items, TestQueryPlans in hooks/lists). Partial, they
	// hold only their own kind's items, cannot be chosen for a read by list, and are half
	// the size; the title lookups say `movie != ''` (or `tvShow != ''`) to use them.
	m.Register(func(app core.App) error {
		return listItemTitleIndexes(app, "movie != ''", "tvShow != ''")
	}, func(app core.App) error {
		return listItemTitleIndexes(app, "", "")
	})
}

// listItemTitleIndexes rebuilds the title lookups of list_items with the given conditions.
func listItemTitleIndexes(app core.App, movieWhere, tvWhere string) error {
	c, err := app.FindCollectionByNameOrId("list_items")
	if err != nil {
		return err
	}
	c.RemoveIndex("idx_list_items_movie")
	c.RemoveIndex("idx_list_items_tv")
	c.AddIndex("idx_list_items_movie", false, "movie, list", movieWhere)
	c.AddIndex("idx_list_items_tv", false, "tvShow, list", tvWhere)
	return app.Save(c)
}
