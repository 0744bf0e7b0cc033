package challenges_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Catalog ids the tests use.
const (
	matrix, alien, up, heat, notebook = 603, 348, 14160, 949, 11036
	breakingBad, office               = 1396, 2316
)

// fixture builds a small catalog, Ana (who follows Bea and Cal) and a member she does not
// follow (Dan).
func fixture(t testing.TB, app core.App) (ana, bea, cal, dan *core.Record) {
	t.Helper()
	testutil.CreateMovie(t, app, matrix, "The Matrix", 1999, 136, "Action", "Science Fiction")
	testutil.CreateMovie(t, app, alien, "Alien", 1979, 117, "Horror", "Science Fiction")
	testutil.CreateMovie(t, app, up, "Up", 2009, 96, "Animation", "Comedy", "Adventure")
	testutil.CreateMovie(t, app, heat, "Heat", 1995, 170, "Crime", "Drama")
	testutil.CreateMovie(t, app, notebook, "The Notebook", 2004, 123, "Romance", "Drama")
	testutil.CreateShow(t, app, breakingBad, "Breaking Bad", 2008, 47, 7, 13)
	testutil.CreateShow(t, app, office, "The Office", 2005, 22, 6, 22)
	ana = existingOrNew(t, app, "Ana")
	bea = testutil.CreateUser(t, app, "Bea")
	cal = testutil.CreateUser(t, app, "Cal")
	dan = testutil.CreateUser(t, app, "Dan")
	for _, f := range []*core.Record{bea, cal} {
		if err := social.Follow(app, ana.Id, f.Id); err != nil {
			t.Fatal(err)
		}
	}
	return ana, bea, cal, dan
}

func existingOrNew(t testing.TB, app core.App, name string) *core.Record {
	if r, err := app.FindRecordById("users", testutil.UserID(name)); err == nil {
		return r
	}
	return testutil.CreateUser(t, app, name)
}

// watch logs a watch entry through the diary's own call, as the add dialog does.
func watch(t testing.TB, app core.App, user *core.Record, kind catalog.Kind, id int, status string, at time.Time, extra map[string]any) *core.Record {
	t.Helper()
	field := "movieId"
	if kind == catalog.TV {
		field = "tvShowId"
	}
	raw := map[string]any{field: float64(id), "status": status}
	if !at.IsZero() {
		raw["watchedAt"] = at.UTC().Format(time.RFC3339)
	}
	for k, v := range extra {
		raw[k] = v
	}
	b, _ := json.Marshal(raw) // a body as the add dialog sends it
	var body diary.EntryBody
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatal(err)
	}
	in, err := diary.ParseEntry(kind, body, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	entry, _, err := diary.SaveEntry(context.Background(), app, user, in)
	if err != nil {
		t.Fatal(err)
	}
	return entry
}

// reviewEpisode saves an episode review.
func reviewEpisode(t testing.TB, app core.App, user *core.Record, showID, season, episode int) *core.Record {
	t.Helper()
	show, err := catalog.Find(context.Background(), app, catalog.TV, showID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := diary.CreateEpisodeReview(app, user.Id, show, diary.EpisodeInput{Season: season, Episode: episode, Rating: 8})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// createChallenge saves a challenge with a fixed id (15 characters) running from
// starts to ends.
func createChallenge(t testing.TB, app core.App, id, typ string, target int, genre string, starts, ends time.Time) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("challenges")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.Id = id
	r.Load(map[string]any{"name": "Challenge " + id, "description": "A test challenge.", "type": typ,
		"targetCount": target, "genre": genre, "startsAt": starts, "endsAt": ends})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// running is a window around now: a month back, a day ahead.
func running() (time.Time, time.Time) {
	now := time.Now().UTC()
	return now.AddDate(0, 0, -30), now.AddDate(0, 0, 1)
}

// joined returns userID's row for challenge id.
func joined(t testing.TB, app core.App, userID, id string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByFilter("user_challenges", "user = {:u} && challenge = {:c}", dbx.Params{"u": userID, "c": id})
	if err != nil {
		t.Fatalf("no user_challenges row for %s in %s: %v", userID, id, err)
	}
	return r
}

// countRows counts the records of collection matching filter.
func countRows(t testing.TB, app core.App, collection, filter string, params dbx.Params) int {
	t.Helper()
	recs, err := app.FindRecordsByFilter(collection, filter, "", 0, 0, params)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

func daysAgo(n int) time.Time {
	return time.Now().UTC().Add(-time.Duration(n) * 24 * time.Hour)
}
