package notify_test

import (
	"fmt"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestFanoutPlans: with ANALYZE's statistics of an author with many followers, a new
// post's fan-out reads the followers from the follows index alone (no row of follows
// each) and the muted ones from the partial index of members who muted new posts (no
// list of every follower's id, no user row each).
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
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"followers":       "SEARCH follows USING COVERING INDEX idx_follows_following (following=?)",
		"muted followers": "idx_users_mute_new_posts (id=?)",
	}
	for name, sql := range notify.PlanQueries() {
		var rows []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + sql).Bind(dbx.Params{"author": author.Id}).All(&rows); err != nil {
			t.Fatal(err)
		}
		var plan []string
		for _, r := range rows {
			plan = append(plan, r.Detail)
		}
		if got := strings.Join(plan, "; "); !strings.Contains(got, want[name]) || strings.Contains(got, "SCAN") {
			t.Errorf("%s: plan %q, want %q and no scan", name, got, want[name])
		}
		var n int
		if err := app.DB().NewQuery("SELECT COUNT(*) FROM (" + sql + ")").Bind(dbx.Params{"author": author.Id}).Row(&n); err != nil {
			t.Fatal(err)
		}
		if wantN := map[string]int{"followers": 300, "muted followers": 3}[name]; n != wantN {
			t.Errorf("%s: %d rows, want %d", name, n, wantN)
		}
	}
}
