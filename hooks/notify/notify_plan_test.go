package notify_test

import (
	"fmt"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestFanoutPlans: with ANALYZE's statistics of an author with many followers, a new
// post's fan-out reads the followers from the follows index alone (no row of follows
// each), the muted ones from the partial index of members who muted new posts (its few
// entries, each looked up among the author's followers: no list of every follower's id,
// no user row each) and those with push subscriptions (told at once, as members with the
// app open) by one index search each.
func TestFanoutPlans(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	author := testutil.CreateUser(t, app, "Ana")
	for i := range 300 {
		id := fmt.Sprintf("fan%012d", i)
		if _, err := app.DB().NewQuery(`INSERT INTO users (id, email, password, tokenKey, muteNewPosts)
			VALUES ({:id}, {:id} || '@example.com', 'x', {:id}, {:muted})`).Bind(dbx.Params{"id": id, "muted": i%100 == 0}).Execute(); err != nil {
			t.Fatal(err)
		}
		// each follows the author and five of the others (the statistics see many authors)
		for k, following := range []string{author.Id, fmt.Sprintf("fan%012d", (i+1)%300), fmt.Sprintf("fan%012d", (i+7)%300),
			fmt.Sprintf("fan%012d", (i+31)%300), fmt.Sprintf("fan%012d", (i+101)%300), fmt.Sprintf("fan%012d", (i+211)%300)} {
			if _, err := app.DB().NewQuery(`INSERT INTO follows (id, follower, following) VALUES ({:fid}, {:id}, {:following})`).
				Bind(dbx.Params{"fid": fmt.Sprintf("f%d_%d", i, k), "id": id, "following": following}).Execute(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range []string{"fan000000000001", "fan000000000002", "fan000000000002"} { // one with two devices
		if _, err := app.DB().NewQuery(`INSERT INTO push_subscriptions (id, user, endpoint, p256dh, auth)
			VALUES ({:sid}, {:id}, 'https://push.example/' || {:sid}, 'k', 'a')`).Bind(dbx.Params{"sid": core.GenerateDefaultRandomId(), "id": id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"followers":       "SEARCH follows USING COVERING INDEX idx_follows_following (following=?)",
		"muted followers": "SCAN u USING COVERING INDEX idx_users_mute_new_posts; SEARCH f EXISTS USING COVERING INDEX idx_follows_", // pair or following: both seek the one row
		"push followers":  "idx_push_subscriptions_user (user=?)",
	}
	eachStatistics(t, app, func(stage string) {
		for name, sql := range notify.PlanQueries() {
			got := explain(t, app, sql, dbx.Params{"author": author.Id})
			if !strings.Contains(got, want[name]) || strings.Contains(strings.ReplaceAll(got, "SCAN u USING COVERING INDEX idx_users_mute_new_posts", ""), "SCAN") ||
				name == "muted followers" && !strings.Contains(got, " AND follow") { // both columns sought
				t.Errorf("%s, %s: plan %q, want %q and no scan but of the partial index", stage, name, got, want[name])
			}
		}
	})
	for name, sql := range notify.PlanQueries() {
		count := "SELECT COUNT(*) FROM (" + sql + ")"
		if name == "followers" { // one value: the ids joined by commas
			count = "SELECT length(g) - length(replace(g, ',', '')) + 1 FROM (SELECT (" + sql + ") AS g)"
		}
		var n int
		if err := app.DB().NewQuery(count).Bind(dbx.Params{"author": author.Id}).Row(&n); err != nil {
			t.Fatal(err)
		}
		if wantN := map[string]int{"followers": 300, "muted followers": 3, "push followers": 2}[name]; n != wantN {
			t.Errorf("%s: %d rows, want %d", name, n, wantN)
		}
	}
}

// TestCatchUpPlans: a member's catch-up reads the posts of the members they follow with
// one search of the feed's index per followed member, and which of them they were told
// of from idx_notifications_post_once: no scan of either table, whatever their size.
func TestCatchUpPlans(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	me := testutil.CreateUser(t, app, "Ana")
	exec := func(sql string, params dbx.Params) {
		if _, err := app.DB().NewQuery(sql).Bind(params).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 200 { // members who follow five others each and posted ten times
		id := fmt.Sprintf("fan%012d", i)
		exec(`INSERT INTO users (id, email, password, tokenKey) VALUES ({:id}, {:id} || '@example.com', 'x', {:id})`, dbx.Params{"id": id})
		for k := range 10 {
			at := fmt.Sprintf("2026-0%d-1%d 10:00:00.000Z", 1+k%9, i%10)
			exec(`INSERT INTO activities (id, user, type, created, updated) VALUES ({:a}, {:id}, 'movie_watched', {:at}, {:at})`,
				dbx.Params{"a": fmt.Sprintf("a%d_%d", i, k), "id": id, "at": at})
			exec(`INSERT INTO notifications (id, user, actor, type, entityType, entityId) VALUES ({:n}, {:id}, {:id}, 'like', 'activity', {:a})`,
				dbx.Params{"n": fmt.Sprintf("n%d_%d", i, k), "id": id, "a": fmt.Sprintf("a%d_%d", i, k)})
		}
	}
	for i := range 200 {
		for k, off := range []int{1, 7, 31, 101, 151} {
			exec(`INSERT INTO follows (id, follower, following) VALUES ({:f}, {:a}, {:b})`, dbx.Params{"f": fmt.Sprintf("f%d_%d", i, k),
				"a": fmt.Sprintf("fan%012d", i), "b": fmt.Sprintf("fan%012d", (i+off)%200)})
		}
		exec(`INSERT INTO follows (id, follower, following) VALUES ({:f}, {:me}, {:b})`, dbx.Params{"f": fmt.Sprintf("m%d", i), "me": me.Id,
			"b": fmt.Sprintf("fan%012d", i)})
	}
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"unseen posts": {"idx_follows_pair (follower=?)", "idx_activities_feed (user=? AND created>?)"},
		"told posts":   {"idx_notifications_post_once (user=? AND entityId=?)"},
	}
	eachStatistics(t, app, func(stage string) {
		for name, sql := range notify.CatchUpQueries() {
			got := explain(t, app, sql, dbx.Params{"me": me.Id, "since": "2026-01-01", "limit": 200, "ids": `["a","b"]`})
			for _, w := range want[name] {
				if !strings.Contains(got, w) {
					t.Errorf("%s, %s: plan %q, want %q", stage, name, got, w)
				}
			}
			if strings.Contains(strings.ReplaceAll(got, "SCAN json_each", ""), "SCAN") {
				t.Errorf("%s, %s: plan %q scans a table", stage, name, got)
			}
		}
	})
}

// eachStatistics runs check with the statistics ANALYZE just made of the test's rows, then
// with those of the 10x data set (testutil.UseSampledStatistics).
func eachStatistics(t *testing.T, app core.App, check func(stage string)) {
	check("after ANALYZE")
	testutil.UseSampledStatistics(t, app)
	check("with the 10x data set's sampled statistics")
}

// explain returns the query plan of sql with params, its steps joined by "; ".
func explain(t *testing.T, app core.App, sql string, params dbx.Params) string {
	t.Helper()
	return strings.Join(testutil.QueryPlan(t, app, sql, params), "; ")
}
