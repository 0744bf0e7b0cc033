package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// 'In N lists by friends' checks each list found for the title against the visibility
	// rules (its owner, visibility and hidden flag): this index answers that without
	// reading the list's row, about a third of the count at the 10k-member scale. It holds
	// no column a list's edits change (a move or an added title updates `updated`), so
	// those writes do not touch it.
	m.Register(func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("lists")
		if err != nil {
			return err
		}
		c.AddIndex("idx_lists_access", false, "id, owner, visibility, hidden", "")
		return app.Save(c)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("lists")
		if err != nil {
			return err
		}
		c.RemoveIndex("idx_lists_access")
		return app.Save(c)
	})
}
