package social_test

import (
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"
)

// TestFeedFirstPageHint: page 1 starts from a window sized by the viewer's last page 1
// (twice how far back it reached). Whatever that hint says, page 1 is the plain query's
// page: read again at once, after the newest posts were deleted (the hinted window now
// holds too few), after an unfollow, after a burst of new posts, and for a feed whose
// posts are all days old (read from its newest post once the hint says it is quiet),
// then again after it gets a new post.
func TestFeedFirstPageHint(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	cal := testutil.CreateUser(t, app, "Cal")
	followAll(t, app, ana.Id, bea, cal)
	post := poster(t, app, "hint")
	var newest []string
	for i := range 60 { // one post every two minutes for two hours, newest first
		newest = append(newest, post([]string{bea.Id, cal.Id}[i%2], time.Duration(2*i)*time.Minute))
	}
	for i := range 40 { // and a long tail, days apart
		post(bea.Id, time.Duration(3+i)*24*time.Hour)
	}
	check := func(stage, viewer string) {
		t.Helper()
		for _, limit := range []int{20, 20, 5, 20} {
			want := plainFeedPage(t, app, viewer, limit, 1)
			rows, err := social.FeedRows(app, viewer, social.FeedCursor{Limit: limit, Page: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := make([]string, len(rows))
			for i, r := range rows {
				got[i] = r.ID
			}
			if len(want) == 0 || !slices.Equal(got, want) {
				t.Fatalf("%s, limit %d: page 1 is %v, the plain query says %v", stage, limit, got, want)
			}
		}
	}
	check("first reads", ana.Id)
	for _, id := range newest[:35] { // the hinted window (about 80 minutes) keeps 5 posts
		r, err := app.FindRecordById("activities", id)
		if err != nil {
			t.Fatal(err)
		}
		if err := app.Delete(r); err != nil {
			t.Fatal(err)
		}
	}
	check("after the newest posts were deleted", ana.Id)
	if err := social.Unfollow(app, ana.Id, cal.Id); err != nil {
		t.Fatal(err)
	}
	check("after an unfollow", ana.Id)
	for i := range 30 {
		post(bea.Id, time.Duration(i)*time.Second)
	}
	check("after a burst", ana.Id)

	dov := testutil.CreateUser(t, app, "Dov")
	eve := testutil.CreateUser(t, app, "Eve")
	for i := range 30 {
		post(eve.Id, time.Duration(2+i)*24*time.Hour)
	}
	followAll(t, app, dov.Id, eve)
	check("a quiet feed", dov.Id)
	post(eve.Id, 0)
	check("a quiet feed's new post", dov.Id)
	for i := range 3 {
		post(eve.Id, time.Duration(8+i)*time.Hour)
	}
	check("a quiet feed with posts older than the newest", dov.Id)
}
