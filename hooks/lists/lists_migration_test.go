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
	m, open := migration(t, "1795610000_list_items_owner.go"), migration(t, "1795630002_list_items_open.go")
	// undone newest first: the open items' indexes name the owner column
	if err := w.app.RunInTransaction(open.Down); err != nil {
		t.Fatal("down 1795630002:", err)
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
	if err := w.app.RunInTransaction(open.Up); err != nil {
		t.Fatal("up 1795630002:", err)
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

// migration finds a registered migration by its file name.
func migration(t *testing.T, file string) *core.Migration {
	t.Helper()
	for _, it := range core.AppMigrations.Items() {
		if it.File == file {
			return it
		}
	}
	t.Fatalf("migration %s is not registered", file)
	return nil
}

// TestOpenMigration: a data dir written before items carried their list's openness
// (migration 1795630002) gets it filled in from each list on the next start (public and
// followers-only lists open, private and hidden ones not), and the collection stays one
// PocketBase can save; undone, the column and its indexes go again.
func TestOpenMigration(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ids := map[string]string{}
	for _, vis := range []string{"public", "followers", "private", "hidden"} {
		v := vis
		if vis == "hidden" {
			v = "public"
		}
		ids[vis] = w.newList(t, "Ana", `{"name":"`+vis+`","visibility":"`+v+`"}`)
		w.must(t, 201, "Ana", "POST", "/api/lists/"+ids[vis]+"/items", `{"movieId":900001}`)
		w.must(t, 201, "Ana", "POST", "/api/lists/"+ids[vis]+"/items", `{"tvShowId":901001}`)
	}
	hidden := record(t, w.app, "lists", ids["hidden"])
	hidden.Set("hidden", true)
	if err := w.app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	m := migration(t, "1795630002_list_items_open.go")
	if err := w.app.RunInTransaction(m.Down); err != nil {
		t.Fatal("down:", err)
	}
	if c, err := w.app.FindCollectionByNameOrId("list_items"); err != nil || c.Fields.GetByName("listOpen") != nil {
		t.Fatalf("after down the listOpen field is still there (%v)", err)
	}
	if err := w.app.RunInTransaction(m.Up); err != nil {
		t.Fatal("up:", err)
	}
	for vis, want := range map[string]int{"public": 2, "followers": 2, "private": 0, "hidden": 0} {
		var n int
		if err := w.app.DB().NewQuery("SELECT COUNT(*) FROM list_items WHERE list = {:l} AND listOpen = TRUE").
			Bind(map[string]any{"l": ids[vis]}).Row(&n); err != nil || n != want {
			t.Errorf("%s list: %d open items after the migration, want %d (%v)", vis, n, want, err)
		}
	}
	c, err := w.app.FindCollectionByNameOrId("list_items")
	if err != nil || c.Fields.GetByName("listOpen") == nil {
		t.Fatalf("after up the listOpen field is missing (%v)", err)
	}
	if err := w.app.Save(c); err != nil {
		t.Fatal("saving the migrated collection:", err)
	}
	// Bea follows Ana: the public and followers-only lists hold the show
	if n := w.must(t, 200, "Bea", "GET", "/api/tv-shows/901001/lists/count", "")["count"].(float64); n != 2 {
		t.Errorf("Bea's count after the migration: %v, want 2", n)
	}
}
