package challenges_test

import (
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/challenges"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

func TestAchievementsAreEarnedOnce(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	defer notify.Drain()
	ana, bea, _, _ := fixture(t, app)
	const documentary = 101
	testutil.CreateMovie(t, app, documentary, "Free Solo", 2018, 100, "Documentary")
	for id := 102; id <= 106; id++ {
		testutil.CreateMovie(t, app, id, "Film", 2020, 100, "Drama")
	}
	earned := func() []string {
		var codes []string
		if err := app.DB().Select("code").From("achievements").Where(dbx.HashExp{"user": ana.Id}).OrderBy("code").Column(&codes); err != nil {
			t.Fatal(err)
		}
		return codes
	}
	expect := func(step string, want ...string) {
		t.Helper()
		slices.Sort(want)
		if got := earned(); !slices.Equal(got, want) {
			t.Fatalf("%s: earned %v, want %v", step, got, want)
		}
	}
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(30), map[string]any{"rating": 7.0})
	expect("a rating alone earns nothing")

	heatEntry := watch(t, app, ana, catalog.Movie, heat, diary.StatusWatched, daysAgo(29), map[string]any{"review": "Tense."})
	expect("a review", "first_review")

	watch(t, app, ana, catalog.Movie, up, diary.StatusWatched, daysAgo(28), map[string]any{"watchedWith": []any{bea.Id}})
	expect("watched with a friend", "first_review", "first_collaboration")

	week := []int{alien, notebook, 102, 103, 104, 105}
	for i, id := range week {
		watch(t, app, ana, catalog.Movie, id, diary.StatusWatched, daysAgo(7-i), nil)
	}
	expect("six days in a row", "first_review", "first_collaboration")
	watch(t, app, ana, catalog.Movie, 106, diary.StatusWatched, daysAgo(1), nil)
	expect("seven days in a row and ten movies", "first_review", "first_collaboration", "streak_7", "movies_10")

	watch(t, app, ana, catalog.Movie, documentary, diary.StatusWatched, time.Time{}, nil)
	all := []string{"first_review", "first_collaboration", "streak_7", "movies_10", "all_genres"}
	expect("every core genre", all...)

	if err := app.Delete(heatEntry); err != nil {
		t.Fatal(err)
	}
	if awarded, err := challenges.CheckAchievements(app, ana.Id, time.Now()); err != nil || len(awarded) != 0 {
		t.Fatalf("checking again awarded %v (%v)", awarded, err)
	}
	expect("badges stay", all...)
	notes, err := app.FindRecordsByFilter("notifications", "user = {:u} && type = 'challenge'", "", 0, 0, dbx.Params{"u": ana.Id})
	if err != nil || len(notes) != len(all) {
		t.Fatalf("%d badge notifications (%v), want %d", len(notes), err, len(all))
	}
	for _, n := range notes {
		if msg := n.GetString("message"); len(msg) < 20 || msg[:20] != "You earned the badge" {
			t.Fatalf("notification message %q", msg)
		}
	}
}

func TestRankingsOrderAndTies(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	defer notify.Drain()
	ana, bea, cal, dan := fixture(t, app)
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, time.Time{}, map[string]any{"review": "Whoa."})
	watch(t, app, ana, catalog.Movie, up, diary.StatusWatched, time.Time{}, nil)
	watch(t, app, ana, catalog.Movie, alien, diary.StatusWatched, daysAgo(40), nil) // an earlier month
	watch(t, app, bea, catalog.Movie, heat, diary.StatusWatched, time.Time{}, nil)
	watch(t, app, bea, catalog.Movie, notebook, diary.StatusWatched, time.Time{}, nil)
	reviewEpisode(t, app, cal, breakingBad, 1, 1)
	for _, id := range []int{matrix, up, alien, heat, notebook} {
		watch(t, app, dan, catalog.Movie, id, diary.StatusWatched, time.Time{}, nil) // not followed
	}
	start := time.Now().UTC().Add(-time.Hour)
	c := createChallenge(t, app, "onemoviexxxxxxx", challenges.TypeMovies, 1, "", start, start.AddDate(0, 0, 2))
	if _, _, err := challenges.Join(app, ana.Id, c.Id, time.Now()); err != nil {
		t.Fatal(err)
	}

	r, err := challenges.CircleRankings(app, ana.Id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		who   string
		value float64
		rank  int
	}
	check := func(name string, got []challenges.RankEntry, want ...row) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, want %d", name, len(got), len(want))
		}
		for i, w := range want {
			if got[i].User.FirstName != w.who || got[i].Value != w.value || got[i].Rank != w.rank {
				t.Fatalf("%s[%d] = %s %v #%d, want %+v", name, i, got[i].User.FirstName, got[i].Value, got[i].Rank, w)
			}
		}
	}
	check("month movies", r.Month.MoviesWatched, row{"Ana", 2, 1}, row{"Bea", 2, 1}, row{"Cal", 0, 3})
	check("all-time movies", r.AllTime.MoviesWatched, row{"Ana", 3, 1}, row{"Bea", 2, 2}, row{"Cal", 0, 3})
	check("month hours", r.Month.Hours, row{"Bea", 4.9, 1}, row{"Ana", 3.9, 2}, row{"Cal", 0.8, 3})
	check("month reviews", r.Month.Reviews, row{"Ana", 1, 1}, row{"Bea", 0, 2}, row{"Cal", 0, 2})
	check("challenges", r.Month.ChallengesCompleted, row{"Ana", 1, 1}, row{"Bea", 0, 2}, row{"Cal", 0, 2})
	if m := r.MyRank.Month; m.MoviesWatched != 1 || m.Hours != 2 || m.Reviews != 1 || m.ChallengesCompleted != 1 {
		t.Fatalf("my month ranks %+v", m)
	}
	if r.MyRank.AllTime.Hours != 1 {
		t.Fatalf("my all-time hours rank %d, want 1 (136+96+117 minutes)", r.MyRank.AllTime.Hours)
	}
}
