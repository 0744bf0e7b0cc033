package lists_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// order returns the list's items' ids in rank order and checks ranks are distinct.
func order(t *testing.T, app core.App, listID string) []string {
	t.Helper()
	var rows []struct {
		ID   string `db:"id"`
		Rank int64  `db:"rank"`
	}
	if err := app.DB().NewQuery("SELECT id, rank FROM list_items WHERE list = {:l} ORDER BY rank").
		Bind(dbx.Params{"l": listID}).All(&rows); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		if i > 0 && r.Rank == rows[i-1].Rank {
			t.Fatalf("two items share rank %d", r.Rank)
		}
		ids[i] = r.ID
	}
	return ids
}

// TestConcurrentReordersAndAdds runs 40 moves and 20 adds at once on a 30-item list:
// afterwards every item is there exactly once, with distinct ranks, and the count is right.
func TestConcurrentReordersAndAdds(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	owner := testutil.CreateUser(t, app, "Ana")
	for i := range 50 {
		testutil.CreateMovie(t, app, 910000+i, fmt.Sprintf("Film %d", i), 2000, 100)
	}
	name := "Ranked"
	list, err := lists.Create(app, owner.Id, lists.ListInput{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var items []string
	for i := range 30 {
		it, err := lists.AddItem(ctx, app, owner.Id, list, lists.ItemInput{Kind: catalog.Movie, TitleID: 910000 + i})
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, it.Id)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 60)
	for i := range 40 {
		wg.Go(func() {
			item, err := app.FindRecordById("list_items", items[i%len(items)])
			if err != nil {
				errs <- err
				return
			}
			pos := 1 + rand.IntN(30)
			if i%4 == 0 {
				pos = 2 // hammer one gap until it needs renumbering
			}
			if _, err := lists.PatchItem(app, owner.Id, list, item, lists.ItemPatch{Position: &pos}); err != nil {
				errs <- err
			}
		})
	}
	for i := range 20 {
		wg.Go(func() {
			if _, err := lists.AddItem(ctx, app, owner.Id, list, lists.ItemInput{Kind: catalog.Movie, TitleID: 910030 + i}); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := order(t, app, list.Id)
	if len(got) != 50 {
		t.Fatalf("%d items after concurrent edits, want 50", len(got))
	}
	seen := map[string]bool{}
	for _, id := range got {
		if seen[id] {
			t.Fatalf("item %s twice", id)
		}
		seen[id] = true
	}
	for _, id := range items {
		if !seen[id] {
			t.Fatalf("item %s lost", id)
		}
	}
	if n := record(t, app, "lists", list.Id).GetInt("itemCount"); n != 50 {
		t.Errorf("itemCount %d, want 50", n)
	}
}

// TestMoveIsOneWriteUntilRenumber: moves put the item exactly where asked, first, last
// and into a gap used up by 30 moves into it (which renumbers once, keeping the order).
func TestMoveIsOneWriteUntilRenumber(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	owner := testutil.CreateUser(t, app, "Ana")
	name := "Top five"
	list, _ := lists.Create(app, owner.Id, lists.ListInput{Name: &name})
	var ids []string
	for i := range 5 {
		testutil.CreateMovie(t, app, 920000+i, fmt.Sprintf("F%d", i), 2000, 100)
		it, err := lists.AddItem(context.Background(), app, owner.Id, list, lists.ItemInput{Kind: catalog.Movie, TitleID: 920000 + i})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, it.Id)
	}
	move := func(id string, pos int) {
		t.Helper()
		item := record(t, app, "list_items", id)
		if _, err := lists.PatchItem(app, owner.Id, list, item, lists.ItemPatch{Position: &pos}); err != nil {
			t.Fatal(err)
		}
		if got := order(t, app, list.Id); got[pos-1] != id {
			t.Fatalf("moved to %d but it is at %d", pos, indexOf(got, id)+1)
		}
		// the move is stored as the owner's, after the item's last change, and the list
		// keeps its count
		moved := record(t, app, "list_items", id)
		if moved.GetString("editedBy") != owner.Id || moved.GetString("movie") != item.GetString("movie") ||
			moved.GetDateTime("updated").Before(item.GetDateTime("updated")) {
			t.Fatalf("after the move the item is %v", moved.FieldsData())
		}
		if n := record(t, app, "lists", list.Id).GetInt("itemCount"); n != 5 {
			t.Fatalf("itemCount %d after a move, want 5", n)
		}
	}
	move(ids[4], 1)
	move(ids[0], 5)
	move(ids[2], 3)
	// 30 moves into the gap after the first item: the gap halves each time
	for i := range 30 {
		move(ids[1+i%2*2], 2)
	}
	if got := order(t, app, list.Id); len(got) != 5 || strings.Join(got, ",") == "" {
		t.Fatalf("order after renumbering: %v", got)
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// TestSameTitleAtOnce: eight requests add the same title to a list at the same moment
// (a double tap, two editors): one adds it, the others get a 400 naming movieId, and the
// list holds it once.
func TestSameTitleAtOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.newList(t, "Ana", `{"name":"Once"}`)
	var wg sync.WaitGroup
	statuses := make(chan int, 8)
	fields := make(chan string, 8)
	for range 8 {
		wg.Go(func() {
			status, out := w.call(t, "Ana", "POST", "/api/lists/"+id+"/items", `{"movieId":900001}`)
			statuses <- status
			if status == 400 {
				fields <- fieldOf(out)
			}
		})
	}
	wg.Wait()
	close(statuses)
	close(fields)
	got := map[int]int{}
	for s := range statuses {
		got[s]++
	}
	if got[201] != 1 || got[400] != 7 {
		t.Fatalf("answers %v, want one 201 and seven 400s", got)
	}
	for f := range fields {
		if f != "movieId" {
			t.Errorf("a duplicate's 400 names %q, want movieId", f)
		}
	}
	if n := len(order(t, w.app, id)); n != 1 || record(t, w.app, "lists", id).GetInt("itemCount") != 1 {
		t.Errorf("%d items after eight adds of one title, want 1", n)
	}
}
