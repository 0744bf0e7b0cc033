package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/dbutils"
)

func init() {
	// 'In N lists by friends' read each list holding the title for its visibility and
	// hidden flag: about 900 lists for a popular title at 100k members, 2.6 ms of a
	// 5.3 ms title page. Each item now also carries whether its list is open to the
	// owner's followers (not private, not hidden: listOpen, kept in step by the lists
	// package), and two partial indexes hold the open items by (title, owner), so the
	// count is a range of one index per member followed and reads no list.
	//
	// As 1795610000 does, the change is made in SQL (a save of the collection would
	// rebuild every index of list_items) and the stored collection written to match.
	m.Register(func(app core.App) error {
		return listItemsOpen(app, true)
	}, func(app core.App) error {
		return listItemsOpen(app, false)
	})
}

// listItemsOpen adds (up) or removes (down) list_items.listOpen and its title indexes.
func listItemsOpen(app core.App, up bool) error {
	c, err := app.FindCollectionByNameOrId("list_items")
	if err != nil {
		return err
	}
	stmts := []string{"DROP INDEX IF EXISTS idx_list_items_movie_open", "DROP INDEX IF EXISTS idx_list_items_tv_open"}
	c.RemoveIndex("idx_list_items_movie_open")
	c.RemoveIndex("idx_list_items_tv_open")
	if up {
		field := &core.BoolField{Name: "listOpen", Help: "Whether the item's list is open to its owner's followers (not private, not hidden), kept in step with the list."}
		c.Fields.Add(field)
		stmts = append(stmts, "ALTER TABLE list_items ADD COLUMN listOpen "+field.ColumnType(app),
			`UPDATE list_items SET listOpen = COALESCE((SELECT visibility != 'private' AND hidden = FALSE FROM lists WHERE lists.id = list_items.list), FALSE)`)
		c.AddIndex("idx_list_items_movie_open", false, "movie, owner", "movie != '' AND listOpen = TRUE")
		c.AddIndex("idx_list_items_tv_open", false, "tvShow, owner", "tvShow != '' AND listOpen = TRUE")
		for _, idx := range c.Indexes {
			if p := dbutils.ParseIndex(idx); p.IndexName == "idx_list_items_movie_open" || p.IndexName == "idx_list_items_tv_open" {
				stmts = append(stmts, p.Build())
			}
		}
	} else {
		c.Fields.RemoveByName("listOpen")
		stmts = append(stmts, "ALTER TABLE list_items DROP COLUMN listOpen")
	}
	return execAndStore(app, c, stmts)
}
