package demo_test

import (
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/demo"
	"cinecircle/hooks/testutil"
)

// TestSeedMakesListsAndFavorites: the demo has a ranked list, a collaborative one with an
// editor's additions, favourites, and the lists' posts; seeding again adds nothing.
func TestSeedMakesListsAndFavorites(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	if _, err := catalog.SyncEmbedded(app); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := demo.Seed(app); err != nil {
			t.Fatal(err)
		}
	}
	count := func(collection, filter string) int {
		t.Helper()
		records, err := app.FindRecordsByFilter(collection, filter, "", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		return len(records)
	}
	if n := count("lists", "id != ''"); n != 3 {
		t.Errorf("%d demo lists after seeding twice, want 3", n)
	}
	if count("lists", "ranked = true") != 1 || count("list_editors", "id != ''") != 1 {
		t.Error("the demo needs one ranked and one collaborative list")
	}
	if count("list_items", "addedBy != list.owner") == 0 {
		t.Error("no title in the collaborative list was added by its editor")
	}
	if count("favorites", "id != ''") < 3 {
		t.Error("demo members have no favourites")
	}
	if count("activities", "type = 'list_created' || type = 'list_updated'") == 0 {
		t.Error("the demo lists posted nothing to the feed")
	}
}
