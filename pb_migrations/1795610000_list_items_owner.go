package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/dbutils"
)

func init() {
	// 'In N lists by friends' read every list holding a title (a few hundred across a 10k
	// community) to learn its owner: ~7 ms a title page. Each item now carries its list's
	// owner (copied when it is added; a list never changes owner), and the title lookups
	// become (title, owner, list), so the count searches once per member the viewer follows.
	//
	// Saving the collection the usual way drops and rebuilds every index of list_items
	// (PocketBase does so whenever fields change), which took 41 s over 1M items on the
	// bench machine. This migration makes the same change in SQL instead: the column is
	// added (no table rewrite), filled by one UPDATE, the two title indexes replaced, and
	// the collection's stored fields and indexes written to match, as a save would leave
	// them. First start at the bench's 1M items: see bench/NOTES.md.
	m.Register(func(app core.App) error {
		return listItemsOwner(app, true)
	}, func(app core.App) error {
		return listItemsOwner(app, false)
	})
}

// listItemsOwner adds (up) or removes (down) list_items.owner and its title indexes.
func listItemsOwner(app core.App, up bool) error {
	c, err := app.FindCollectionByNameOrId("list_items")
	if err != nil {
		return err
	}
	movie, tv := "movie, list", "tvShow, list"
	if up {
		movie, tv = "movie, owner, list", "tvShow, owner, list"
	}
	var stmts []string
	if up {
		field := &core.TextField{Name: "owner", Help: "The list's owner, copied when the item is added (a list never changes owner)."}
		c.Fields.Add(field)
		stmts = append(stmts, "ALTER TABLE list_items ADD COLUMN owner "+field.ColumnType(app),
			"UPDATE list_items SET owner = (SELECT owner FROM lists WHERE lists.id = list_items.list)")
	}
	stmts = append(stmts, "DROP INDEX IF EXISTS idx_list_items_movie", "DROP INDEX IF EXISTS idx_list_items_tv")
	c.RemoveIndex("idx_list_items_movie")
	c.RemoveIndex("idx_list_items_tv")
	c.AddIndex("idx_list_items_movie", false, movie, "movie != ''")
	c.AddIndex("idx_list_items_tv", false, tv, "tvShow != ''")
	for _, idx := range c.Indexes {
		if p := dbutils.ParseIndex(idx); p.IndexName == "idx_list_items_movie" || p.IndexName == "idx_list_items_tv" {
			stmts = append(stmts, p.Build())
		}
	}
	if !up {
		c.Fields.RemoveByName("owner")
		stmts = append(stmts, "ALTER TABLE list_items DROP COLUMN owner")
	}
	return execAndStore(app, c, stmts)
}
