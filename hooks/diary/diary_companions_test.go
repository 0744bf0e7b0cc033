package diary_test

import (
	"strings"
	"testing"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestCompanionsFollowTheEntries: the entries naming a member are found by one index
// search (deleting an account reads no whole table for them), and that index follows
// every write of an entry's watched-with list: named, edited, emptied, deleted. An entry
// saved without a list holds an empty one.
func TestCompanionsFollowTheEntries(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana, bea, cal := testutil.CreateUser(t, app, "Ana"), testutil.CreateUser(t, app, "Bea"), testutil.CreateUser(t, app, "Cal")
	movie := testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136, "Action")
	col, err := app.FindCollectionByNameOrId("watch_entries")
	if err != nil {
		t.Fatal(err)
	}
	entry := core.NewRecord(col)
	entry.Set("user", ana.Id)
	entry.Set("movie", movie.Id)
	entry.Set("status", "watched")
	named := func(step string, want ...string) {
		t.Helper()
		var got []string
		err := app.DB().NewQuery("SELECT member FROM watch_companions WHERE entry = {:e} ORDER BY member").
			Bind(dbx.Params{"e": entry.Id}).Column(&got)
		if err != nil || strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: the entry is found by %v (%v), want %v", step, got, err, want)
		}
	}
	steps := []struct {
		name string
		with []string
	}{
		{"saved without a list", nil},
		{"watched with Bea and Cal", []string{bea.Id, cal.Id}},
		{"Cal taken off", []string{bea.Id}},
		{"emptied", []string{}},
		{"Cal again", []string{cal.Id}},
	}
	for _, s := range steps {
		if s.with != nil {
			entry.Set("watchedWith", s.with)
		}
		if err := app.Save(entry); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		named(s.name, s.with...)
		if got := entry.GetStringSlice("watchedWith"); strings.Join(got, ",") != strings.Join(s.with, ",") {
			t.Errorf("%s: watchedWith %v, want %v", s.name, got, s.with)
		}
	}
	if raw, _ := entry.GetRaw("watchedWith").(interface{ String() string }); raw == nil || raw.String() != `["`+cal.Id+`"]` {
		t.Errorf("watchedWith is stored as %v, want a JSON list of ids", entry.GetRaw("watchedWith"))
	}
	if err := app.Delete(entry); err != nil {
		t.Fatal(err)
	}
	named("deleted")

	for _, stage := range []string{"without statistics", "with the 10x data set's sampled statistics"} {
		if stage != "without statistics" {
			testutil.UseSampledStatistics(t, app)
		}
		plan := strings.Join(testutil.QueryPlan(t, app, diary.CompanionPostsSQL, dbx.Params{"m": bea.Id}), " | ")
		if strings.Contains(plan, "SCAN") || !strings.Contains(plan, "SEARCH watch_companions USING PRIMARY KEY (member=?)") {
			t.Errorf("%s: the posts naming a member are found by %q, want index searches only", stage, plan)
		}
	}
}
