package lists_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// TestOwnerMigration: a data dir written before list items carried their list's owner
// (migration 1795610000) gets every item's owner filled in on the next start, and the
// collection stays one PocketBase can save and serve; undone, the column goes again.
func TestOwnerMigration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ana := w.newList(t, "Ana", `{"name":"Ana's"}`)
	cal := w.newList(t, "Cal", `{"name":"Cal's"}`)
	for owner, l := range map[string]string{"Ana": ana, "Cal": cal} {
		w.must(t, 201, owner, "POST", "/api/lists/"+l+"/items", `{"movieId":900001}`)
		w.must(t, 201, owner, "POST", "/api/lists/"+l+"/items", `{"tvShowId":901001}`)
	}
	var m *core.Migration
	for _, it := range core.AppMigrations.Items() {
		if it.File == "1795610000_list_items_owner.go" {
			m = it
		}
	}
	if m == nil {
		t.Fatal("migration 1795610000_list_items_owner.go is not registered")
	}
	if err := w.app.RunInTransaction(m.Down); err != nil {
		t.Fatal("down:", err)
	}
	c, err := w.app.FindCollectionByNameOrId("list_items")
	if err != nil || c.Fields.GetByName("owner") != nil {
		t.Fatalf("after down the owner field is still there (%v)", err)
	}
	if err := w.app.RunInTransaction(m.Up); err != nil {
		t.Fatal("up:", err)
	}
	var wrong int
	if err := w.app.DB().NewQuery(`SELECT COUNT(*) FROM list_items i JOIN lists l ON l.id = i.list
		WHERE i.owner != l.owner`).Row(&wrong); err != nil || wrong != 0 {
		t.Errorf("%d items with another owner than their list's (%v)", wrong, err)
	}
	// the stored collection matches its table: saving it changes nothing, and the
	// title page's count finds Ana's list for Bea, who follows her
	if c, err = w.app.FindCollectionByNameOrId("list_items"); err != nil || c.Fields.GetByName("owner") == nil {
		t.Fatalf("after up the owner field is missing (%v)", err)
	}
	if err := w.app.Save(c); err != nil {
		t.Fatal("saving the migrated collection:", err)
	}
	if n := w.must(t, 200, "Bea", "GET", "/api/tv-shows/901001/lists/count", "")["count"].(float64); n != 1 {
		t.Errorf("Bea's count after the migration: %v, want 1", n)
	}
}
