package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// A member's lists are read newest first with the id breaking ties (a profile's
	// Lists tab, a public profile's lists). idx_lists_owner_updated held only (owner,
	// updated), so SQLite sorted all of a member's lists again for the id before it could
	// stop at the page: 3,735 lists for the bench's busiest member, ~0.6 ms of a public
	// profile's ~5. With the id in the index the page is one index range read in order.
	m.Register(func(app core.App) error {
		return listsOwnerOrder(app, "owner, updated, id")
	}, func(app core.App) error {
		return listsOwnerOrder(app, "owner, updated")
	})
}

// listsOwnerOrder sets idx_lists_owner_updated's columns.
func listsOwnerOrder(app core.App, columns string) error {
	c, err := app.FindCollectionByNameOrId("lists")
	if err != nil {
		return err
	}
	c.RemoveIndex("idx_lists_owner_updated")
	c.AddIndex("idx_lists_owner_updated", false, columns, "")
	return app.Save(c)
}
