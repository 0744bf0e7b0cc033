package notify_test

import (
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestModeratedPostsAreNotDelivered: realtime and push carry only what the feed shows. A
// post a moderator hid before it went out, and a post by a suspended member, reach no
// follower's open app and leave no notification; an ordinary post still arrives.
func TestModeratedPostsAreNotDelivered(t *testing.T) {
	t.Parallel()
	app, srv, ctx := servedCommunity(t) // Bea and Cal follow Ana
	beaRecord, _ := app.FindRecordById("users", bea)
	follower := listen(t, ctx, srv.URL, testutil.SessionCookie(t, beaRecord))

	// Hidden in the same transaction that wrote it: hidden before the fan-out reads it.
	err := app.RunInTransaction(func(tx core.App) error {
		col, _ := tx.FindCollectionByNameOrId("activities")
		a := core.NewRecord(col)
		a.Id = "hiddenpost00001"
		a.Load(map[string]any{"user": ana, "type": "movie_review", "data": map[string]any{"movieTitle": "Heat"}})
		if err := tx.Save(a); err != nil {
			return err
		}
		a.Set("hidden", true)
		return tx.Save(a)
	})
	if err != nil {
		t.Fatal(err)
	}
	notify.Drain()
	testutil.CreateUser(t, app, "Eve")
	eve := testutil.UserID("Eve")
	if err := followAs(app, bea, eve); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("UPDATE users SET suspended = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": eve}).Execute(); err != nil {
		t.Fatal(err)
	}
	post(t, app, "suspendedpost01", eve, "movie_review", "Alien")
	post(t, app, "visiblepost0001", ana, "movie_review", "Ronin")

	var feed []string
	deadline := time.After(5 * time.Second)
	for len(feed) < 1 {
		select {
		case ev := <-follower:
			if ev.name == "feed" {
				feed = append(feed, ev.data)
			}
		case <-deadline:
			t.Fatal("the ordinary post never arrived")
		}
	}
	if !strings.Contains(feed[0], "visiblepost0001") {
		t.Fatalf("the first feed event should be the visible post, got %s", feed[0])
	}
	select {
	case ev := <-follower:
		if strings.Contains(ev.data, "hiddenpost00001") || strings.Contains(ev.data, "suspendedpost01") {
			t.Fatalf("a moderated post was delivered: %s %s", ev.name, ev.data)
		}
	case <-time.After(300 * time.Millisecond):
	}
	var n int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM notifications WHERE entityId IN ('hiddenpost00001', 'suspendedpost01')").Row(&n); err != nil || n != 0 {
		t.Fatalf("moderated posts left %d notifications (%v)", n, err)
	}
}

// followAs makes follower follow target.
func followAs(app core.App, follower, target string) error {
	col, err := app.FindCollectionByNameOrId("follows")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("follower", follower)
	r.Set("following", target)
	return app.Save(r)
}
