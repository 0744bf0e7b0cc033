package challenges_test

import (
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/challenges"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

func TestProgressIsExactAfterAddRemoveAndRewatch(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	defer notify.Drain()
	ana, _, _, _ := fixture(t, app)
	from, to := running()
	c := createChallenge(t, app, "moviesxxxxxxxxx", challenges.TypeMovies, 2, "", from, to)

	watch(t, app, ana, catalog.Movie, alien, diary.StatusWatched, daysAgo(45), nil) // before the window
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(3), nil)
	if _, _, err := challenges.Join(app, ana.Id, c.Id, time.Now()); err != nil {
		t.Fatal(err)
	}
	expect := func(step string, progress int, done bool) {
		t.Helper()
		uc := joined(t, app, ana.Id, c.Id)
		if uc.GetInt("progress") != progress || uc.GetBool("isCompleted") != done {
			t.Fatalf("%s: progress %d completed %v, want %d %v", step, uc.GetInt("progress"), uc.GetBool("isCompleted"), progress, done)
		}
		if done == uc.GetDateTime("completedAt").IsZero() {
			t.Fatalf("%s: completedAt %v with completed %v", step, uc.GetDateTime("completedAt"), done)
		}
	}
	expect("joining counts the watch already in the window", 1, false)

	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(1), nil)
	expect("a rewatch is the same movie", 1, false)

	heatEntry := watch(t, app, ana, catalog.Movie, heat, diary.StatusWatched, daysAgo(2), nil)
	expect("a second movie completes", 2, true)

	if err := app.Delete(heatEntry); err != nil {
		t.Fatal(err)
	}
	expect("removing the entry lowers progress", 1, false)

	watch(t, app, ana, catalog.Movie, up, diary.StatusWatched, time.Time{}, nil)
	expect("completing again", 2, true)

	if n := countRows(t, app, "activities", "type = 'challenge_completed' && user = {:u}", dbx.Params{"u": ana.Id}); n != 1 {
		t.Fatalf("%d challenge_completed posts, want 1", n)
	}
	if n := countRows(t, app, "activities", "type = 'challenge_joined' && user = {:u} && data.challengeName = {:n}",
		dbx.Params{"u": ana.Id, "n": c.GetString("name")}); n != 1 {
		t.Fatalf("%d challenge_joined posts, want 1", n)
	}
	notes, err := app.FindRecordsByFilter("notifications", "user = {:u} && type = 'challenge' && message ~ 'completed the challenge'",
		"", 0, 0, dbx.Params{"u": ana.Id})
	if err != nil || len(notes) != 1 {
		t.Fatalf("%d completion notifications (%v), want 1", len(notes), err)
	}
	if got, want := notes[0].GetString("message"), "You completed the challenge “"+c.GetString("name")+"”"; got != want {
		t.Fatalf("message %q, want %q", got, want)
	}
}

func TestProgressByType(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	defer notify.Drain()
	ana, _, _, _ := fixture(t, app)
	from, to := running()
	types := map[string]*core.Record{
		"episodes":   createChallenge(t, app, "episodesxxxxxxx", challenges.TypeEpisodes, 20, "", from, to),
		"shows":      createChallenge(t, app, "showsxxxxxxxxxx", challenges.TypeShows, 3, "", from, to),
		"genres":     createChallenge(t, app, "genresxxxxxxxxx", challenges.TypeGenres, 5, "", from, to),
		"horror":     createChallenge(t, app, "horrorxxxxxxxxx", challenges.TypeMovies, 1, "horror", from, to),
		"dramaShows": createChallenge(t, app, "dramashowsxxxxx", challenges.TypeShows, 3, "Drama", from, to),
		"comedyEps":  createChallenge(t, app, "comedyepsxxxxxx", challenges.TypeEpisodes, 3, "Comedy", from, to),
	}
	for _, c := range types {
		if _, _, err := challenges.Join(app, ana.Id, c.Id, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	reviewEpisode(t, app, ana, breakingBad, 1, 1)
	reviewEpisode(t, app, ana, breakingBad, 1, 1) // the same episode again
	reviewEpisode(t, app, ana, breakingBad, 1, 2)
	watch(t, app, ana, catalog.TV, office, diary.StatusWatching, time.Time{}, nil)
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(2), nil) // Action, Science Fiction
	watch(t, app, ana, catalog.Movie, heat, diary.StatusWatched, daysAgo(1), nil)   // Crime, Drama
	watch(t, app, ana, catalog.Movie, alien, diary.StatusPlanned, time.Time{}, nil) // not watched

	want := map[string]int{"episodes": 2, "shows": 2, "genres": 4, "horror": 0, "dramaShows": 2, "comedyEps": 0}
	for name, c := range types {
		if got := joined(t, app, ana.Id, c.Id).GetInt("progress"); got != want[name] {
			t.Errorf("%s: progress %d, want %d", name, got, want[name])
		}
	}
}

func TestEndedChallengesStayAsTheyEnded(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana, _, _, _ := fixture(t, app)
	c := createChallenge(t, app, "oldxxxxxxxxxxxx", challenges.TypeMovies, 1, "", daysAgo(60), daysAgo(31))
	if _, _, err := challenges.Join(app, ana.Id, c.Id, time.Now()); err != challenges.ErrChallengeEnded {
		t.Fatalf("joining an ended challenge: %v", err)
	}
	// Joined while it ran: a later watch dated inside its window does not move it.
	if _, _, err := challenges.Join(app, ana.Id, c.Id, daysAgo(40)); err != nil {
		t.Fatal(err)
	}
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(45), nil)
	if got := joined(t, app, ana.Id, c.Id).GetInt("progress"); got != 0 {
		t.Fatalf("an ended challenge moved to %d", got)
	}
}

func TestPercent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ progress, target, want int }{
		{0, 10, 0}, {3, 10, 30}, {1, 3, 33}, {10, 10, 100}, {25, 10, 100}, {1, 0, 100},
	} {
		if got := challenges.Percent(c.progress, c.target); got != c.want {
			t.Errorf("Percent(%d, %d) = %d, want %d", c.progress, c.target, got, c.want)
		}
	}
}

func TestRecountRunningHealsProgressLeftBehind(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	defer notify.Drain()
	ana, bea, _, _ := fixture(t, app)
	from, to := running()
	c := createChallenge(t, app, "moviesyyyyyyyyy", challenges.TypeMovies, 5, "", from, to)
	for _, m := range []*core.Record{ana, bea} {
		if _, _, err := challenges.Join(app, m.Id, c.Id, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	watch(t, app, ana, catalog.Movie, matrix, diary.StatusWatched, daysAgo(2), nil)
	watch(t, app, ana, catalog.Movie, heat, diary.StatusWatched, daysAgo(1), nil)
	watch(t, app, bea, catalog.Movie, up, diary.StatusWatched, daysAgo(1), nil)
	// What a process killed between a diary commit and its recount leaves behind.
	if _, err := app.DB().NewQuery("UPDATE user_challenges SET progress = 0").Execute(); err != nil {
		t.Fatal(err)
	}
	n, err := challenges.RecountRunning(app, time.Now())
	if err != nil || n != 2 {
		t.Fatalf("recounted %d members (%v), want 2", n, err)
	}
	if got := joined(t, app, ana.Id, c.Id).GetInt("progress"); got != 2 {
		t.Fatalf("Ana's progress %d after the recount, want 2", got)
	}
	if got := joined(t, app, bea.Id, c.Id).GetInt("progress"); got != 1 {
		t.Fatalf("Bea's progress %d after the recount, want 1", got)
	}
}
