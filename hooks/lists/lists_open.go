package lists

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Each list item carries whether its list is open to the owner's followers (listOpen:
// not private and not hidden by a moderator), so 'In N lists by friends' counts a
// title's open items by (title, owner) without reading the lists (migration 1795630002).
// This file keeps the copy in step: an item takes its list's openness when it is added,
// and a list's items take the new one when its visibility or hidden flag changes.

// openOf reports whether list is open to its owner's followers.
func openOf(list *core.Record) bool {
	return list.GetString("visibility") != Private && !list.GetBool("hidden")
}

// listOpen reads whether the list listID is open now, for an item about to be added
// inside the caller's transaction (the list record in hand may be older).
func listOpen(app core.App, listID string) (bool, error) {
	var open bool
	err := app.DB().NewQuery("SELECT visibility != 'private' AND hidden = FALSE FROM lists WHERE id = {:id}").
		Bind(dbx.Params{"id": listID}).Row(&open)
	return open, err
}

// keepItemsOpen runs on every save of a list (the routes, a moderator in the dashboard):
// once the list is written, the items whose copy differs take its openness. It compares
// with the items, not with the record's original values, which a record saved twice
// does not refresh; a save that changes neither field updates no row.
func keepItemsOpen(e *core.RecordEvent) error {
	if err := e.Next(); err != nil {
		return err
	}
	open := openOf(e.Record)
	_, err := e.App.DB().Update(ItemsCollection, dbx.Params{"listOpen": open},
		dbx.NewExp("list = {:list} AND listOpen != {:open}", dbx.Params{"list": e.Record.Id, "open": open})).Execute()
	return err
}
