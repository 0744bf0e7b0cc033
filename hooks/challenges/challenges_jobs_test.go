package challenges_test

import (
	"testing"
	"time"

	"cinecircle/hooks/challenges"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

func TestRolloverIsIdempotent(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	nov := time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)
	for i, want := range []int{4, 0} {
		if n, err := challenges.EnsureMonth(app, nov); err != nil || n != want {
			t.Fatalf("run %d created %d (%v), want %d", i+1, n, err, want)
		}
	}
	movies, err := app.FindFirstRecordByData("challenges", "slug", "2026-11-movies")
	if err != nil {
		t.Fatal(err)
	}
	if movies.GetString("name") != "Watch 10 movies this month" || movies.GetInt("targetCount") != 10 ||
		movies.GetString("type") != challenges.TypeMovies || movies.GetString("description") != "Watch 10 different movies in November." {
		t.Fatalf("unexpected monthly challenge %v", movies.PublicExport())
	}
	if s, e := movies.GetDateTime("startsAt").Time(), movies.GetDateTime("endsAt").Time(); !s.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) ||
		!e.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("window %v – %v", s, e)
	}
	for _, slug := range []string{"2026-11-genres", "2026-11-episodes", "2026-11-shows"} {
		if _, err := app.FindFirstRecordByData("challenges", "slug", slug); err != nil {
			t.Fatalf("%s: %v", slug, err)
		}
	}
	if n, err := challenges.EnsureMonth(app, time.Date(2026, 12, 1, 0, 5, 0, 0, time.UTC)); err != nil || n != 4 {
		t.Fatalf("December created %d (%v), want 4", n, err)
	}
	if n, _ := app.CountRecords("challenges"); n != 8 {
		t.Fatalf("%d challenges, want 8", n)
	}
}

func TestJobsAreScheduled(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	want := map[string]string{challenges.JobRollover: "5 0 1 * *", challenges.JobNotificationsPrune: "30 3 * * *"}
	for _, j := range app.Cron().Jobs() {
		if spec, ok := want[j.Id()]; ok {
			if j.Expression() != spec {
				t.Fatalf("%s runs at %q, want %q", j.Id(), j.Expression(), spec)
			}
			delete(want, j.Id())
		}
	}
	if len(want) > 0 {
		t.Fatalf("jobs not scheduled: %v", want)
	}
}

func TestPruneNotifications(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	col, err := app.FindCollectionByNameOrId("notifications")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	old := now.Add(-challenges.NotificationRetention - 24*time.Hour)
	for _, n := range []struct {
		id   string
		read bool
		at   time.Time
	}{
		{"oldreadxxxxxxxx", true, old}, {"oldunreadxxxxxx", false, old}, {"newreadxxxxxxxx", true, now.Add(-time.Hour)},
	} {
		r := core.NewRecord(col)
		r.Id = n.id
		r.Load(map[string]any{"user": ana.Id, "type": "follow", "message": "m", "isRead": n.read})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		if _, err := app.DB().Update("notifications", dbx.Params{"updated": n.at.Format("2006-01-02 15:04:05.000Z")},
			dbx.HashExp{"id": n.id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	// and 1,200 more old read ones: the prune deletes in batches until none is left
	if _, err := app.DB().NewQuery(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
		INSERT INTO notifications (id, user, type, message, isRead, created, updated)
		SELECT printf('bulk%011d', i), {:u}, 'follow', 'm', TRUE, {:at}, {:at} FROM n`).
		Bind(dbx.Params{"u": ana.Id, "at": old.Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		t.Fatal(err)
	}
	if n, err := challenges.PruneNotifications(app, now); err != nil || n != 1201 {
		t.Fatalf("pruned %d (%v), want 1201", n, err)
	}
	if _, err := app.FindRecordById("notifications", "oldreadxxxxxxxx"); err == nil {
		t.Fatal("the old read notification is still there")
	}
	for _, id := range []string{"oldunreadxxxxxx", "newreadxxxxxxxx"} {
		if _, err := app.FindRecordById("notifications", id); err != nil {
			t.Fatalf("%s was pruned: %v", id, err)
		}
	}
}
