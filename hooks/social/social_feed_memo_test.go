package social_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// plainFeedPage is the oracle: page of viewer's feed by one plain query (every followed,
// unsuspended member's posts and the viewer's own, hidden posts only the author's, newest
// first, ties by id) with OFFSET, no windows and no memo.
func plainFeedPage(t *testing.T, app core.App, viewer string, limit, page int) []string {
	t.Helper()
	var ids []string
	err := app.DB().NewQuery(`SELECT id FROM activities a
		WHERE (a.user = {:v} OR a.user IN (SELECT following FROM follows WHERE follower = {:v}
			AND following NOT IN (SELECT id FROM users WHERE suspended = TRUE)))
		AND (a.user = {:v} OR a.hidden = FALSE)
		ORDER BY a.created DESC, a.id DESC LIMIT {:limit} OFFSET {:offset}`).
		Bind(dbx.Params{"v": viewer, "limit": limit, "offset": (page - 1) * limit}).Column(&ids)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// feedIDs returns the ids of the posts of viewer's feed page c (social.FeedRows), or nil
// after reporting an error (it may run on other goroutines than the test's).
func feedIDs(t *testing.T, app core.App, viewer string, c social.FeedCursor) []string {
	t.Helper()
	rows, err := social.FeedRows(app, viewer, c)
	if err != nil {
		t.Error(err)
		return nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

// followAll has follower follow each of targets.
func followAll(t *testing.T, app core.App, follower string, targets ...*core.Record) {
	t.Helper()
	for _, m := range targets {
		if err := social.Follow(app, follower, m.Id); err != nil {
			t.Fatal(err)
		}
	}
}

// poster returns a function that posts a watched movie as user, ago before the time it
// was made, with ids prefix00000000001, prefix00000000002 ... in the order of the calls.
func poster(t *testing.T, app core.App, prefix string) func(user string, ago time.Duration) string {
	now := time.Now().UTC().Truncate(time.Second)
	seq := 0
	return func(user string, ago time.Duration) string {
		seq++
		id := fmt.Sprintf("%s%011d", prefix, seq)
		testutil.CreateActivity(t, app, id, user, "movie_watched", now.Add(-ago), map[string]any{"movieId": seq})
		return id
	}
}

// TestFeedPageMemo: numbered pages read through the page memo stay the same as the plain
// query's after every kind of change that moves a feed: a new post, a deleted post, a
// hidden post, an unfollow, a suspension, a new follow. Each page is read twice (the second
// read starts from the remembered key), and pages are also read out of order.
func TestFeedPageMemo(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	members := map[string]*core.Record{}
	for _, n := range []string{"Bea", "Cal", "Dov"} {
		members[n] = testutil.CreateUser(t, app, n)
	}
	followAll(t, app, ana.Id, members["Bea"], members["Cal"])
	postAs := poster(t, app, "memo")
	post := func(who string, ago time.Duration) string {
		if who == "Ana" {
			return postAs(ana.Id, ago)
		}
		return postAs(members[who].Id, ago)
	}
	for i := range 45 {
		for j, who := range []string{"Bea", "Cal", "Dov", "Ana"} {
			// Hours apart over days, so the feed spans several windows; Bea and Cal tie.
			post(who, time.Duration(i*9+min(j, 1))*time.Hour+time.Duration(j/2)*time.Minute)
		}
	}
	const limit = 10
	check := func(stage string) {
		t.Helper()
		for _, page := range []int{3, 2, 3, 7, 6, 12, 15, 2} {
			want := plainFeedPage(t, app, ana.Id, limit, page)
			for range 2 {
				got := feedIDs(t, app, ana.Id, social.FeedCursor{Limit: limit, Page: page})
				if !slices.Equal(got, want) {
					t.Fatalf("%s: page %d is %v, the plain query says %v", stage, page, got, want)
				}
			}
		}
	}
	check("first reads")

	post("Bea", -time.Minute) // newer than everything: every page moves by one
	check("after a new post")

	target := plainFeedPage(t, app, ana.Id, limit, 4)[3]
	r, err := app.FindRecordById("activities", target)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(r); err != nil {
		t.Fatal(err)
	}
	check("after a deleted post")

	var hidden *core.Record
	for _, id := range plainFeedPage(t, app, ana.Id, limit, 2) {
		if r, err := app.FindRecordById("activities", id); err == nil && r.GetString("user") != ana.Id {
			hidden = r
		}
	}
	if hidden == nil {
		t.Fatal("page 2 holds none but Ana's own posts")
	}
	hidden.Set("hidden", true)
	if err := app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	check("after a moderator hid a post")

	follow, err := app.FindFirstRecordByFilter("follows", "follower = {:a} && following = {:b}",
		dbx.Params{"a": ana.Id, "b": members["Cal"].Id})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(follow); err != nil {
		t.Fatal(err)
	}
	check("after an unfollow")

	members["Bea"].Set("suspended", true)
	if err := app.Save(members["Bea"]); err != nil {
		t.Fatal(err)
	}
	check("after a suspension")

	if err := social.Follow(app, ana.Id, members["Dov"].Id); err != nil {
		t.Fatal(err)
	}
	check("after a new follow")
}
