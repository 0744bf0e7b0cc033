package year_test

import (
	"testing"
	"time"

	"cinecircle/hooks/testutil"
	"cinecircle/hooks/year"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// saveRow saves a record of collection with fields, then backdates its created time
// (an autodate field) to created when set.
func saveRow(t *testing.T, app core.App, collection string, fields map[string]any, created time.Time) {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.Load(fields)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if !created.IsZero() {
		_, err := app.DB().NewQuery("UPDATE " + collection + " SET created = {:at} WHERE id = {:id}").
			Bind(dbx.Params{"at": created.UTC().Format("2006-01-02 15:04:05.000Z"), "id": r.Id}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestYearCountsEpisodeWatches: episodes marked watched (hooks/tv's episode_watches, no
// review) count in the year, each episode once in the month it was first seen, with its
// own runtime when known; a watched and reviewed episode counts once; last year's
// watches do not count.
func TestYearCountsEpisodeWatches(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	bea := testutil.CreateUser(t, app, "Bea")
	show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 45, 7)
	saveRow(t, app, "tv_episodes", map[string]any{"tvShow": show.Id, "season": 1, "episode": 1, "name": "Pilot", "runtime": 58}, time.Time{})
	watch := func(ep int, at time.Time) {
		saveRow(t, app, "episode_watches", map[string]any{"user": bea.Id, "tvShow": show.Id, "season": 1, "episode": ep,
			"watchedAt": at, "source": "manual"}, time.Time{})
	}
	watch(1, day(2025, 2, 1))
	watch(1, day(2025, 6, 1)) // a rewatch: still one episode, in February
	watch(2, day(2025, 3, 1))
	watch(4, day(2024, 12, 31)) // last year
	saveRow(t, app, "episode_reviews", map[string]any{"user": bea.Id, "tvShow": show.Id, "seasonNumber": 1, "episodeNumber": 2,
		"review": "Tense."}, day(2025, 3, 2)) // watched and reviewed: once
	saveRow(t, app, "episode_reviews", map[string]any{"user": bea.Id, "tvShow": show.Id, "seasonNumber": 1, "episodeNumber": 3,
		"rating": 8}, day(2025, 4, 2)) // reviewed without a watch

	r, err := year.Compute(app, bea, 2025, func(core.App, string) (bool, error) { return true, nil })
	if err != nil {
		t.Fatal(err)
	}
	if r.Episodes != 3 {
		t.Fatalf("episodes %d, want 3 (1x01, 1x02, 1x03)", r.Episodes)
	}
	if r.Months[1].Episodes != 1 || r.Months[2].Episodes != 1 || r.Months[3].Episodes != 1 || r.Months[5].Episodes != 0 {
		t.Fatalf("episodes by month %+v", r.Months)
	}
	if want := float64(58+45+45) / 60; r.Hours < want-0.05 || r.Hours > want+0.05 {
		t.Fatalf("hours %v, want %.1f", r.Hours, want)
	}
	if r.Reviews != 1 {
		t.Fatalf("reviews %d, want the one with text", r.Reviews)
	}
	last, err := year.Compute(app, bea, 2024, func(core.App, string) (bool, error) { return true, nil })
	if err != nil || last.Episodes != 1 {
		t.Fatalf("2024: %d episodes, %v", last.Episodes, err)
	}
}
