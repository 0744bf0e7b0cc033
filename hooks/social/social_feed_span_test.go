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
			got := feedIDs(t, app, viewer, social.FeedCursor{Limit: limit, Page: 1})
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

// TestFeedLaterPageHint: a page after the first starts from a window sized by the
// viewer's last later page (or their page 1), yet every page read by cursor is the plain
// query's page: scrolling from posts a minute apart into posts days apart (the hint far
// too short) and back up from the sparse ones (far too long), and a page read again after
// the posts it held were deleted.
func TestFeedLaterPageHint(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana, bea, cal := testutil.CreateUser(t, app, "Ana"), testutil.CreateUser(t, app, "Bea"), testutil.CreateUser(t, app, "Cal")
	followAll(t, app, ana.Id, bea, cal)
	post := poster(t, app, "late")
	var all []string
	for i := range 70 { // a post a minute, then one every two days
		all = append(all, post([]string{bea.Id, cal.Id}[i%2], time.Duration(i)*time.Minute))
	}
	for i := range 50 {
		all = append(all, post(cal.Id, 2*time.Hour+time.Duration(2*i)*24*time.Hour))
	}
	const limit = 10
	page := func(stage, before string, want []string) {
		t.Helper()
		if got := feedIDs(t, app, ana.Id, social.FeedCursor{Limit: limit, Page: 1, Before: before}); !slices.Equal(got, want) {
			t.Fatalf("%s, after %q: %v, want %v", stage, before, got, want)
		}
	}
	page("page 1", "", all[:limit])
	for k := limit; k < len(all); k += limit { // down, dense into sparse
		page("scrolling down", all[k-1], all[k:min(k+limit, len(all))])
	}
	for _, k := range []int{100, 60, 40, 10} { // a sparse page's hint, then dense pages
		page("back up", all[k-1], all[k:k+limit])
	}
	for _, id := range all[40:45] {
		r, err := app.FindRecordById("activities", id)
		if err != nil {
			t.Fatal(err)
		}
		if err := app.Delete(r); err != nil {
			t.Fatal(err)
		}
	}
	page("after deletions", all[39], append(slices.Clone(all[45:50]), all[50:55]...))
	if want := plainFeedPage(t, app, ana.Id, limit, 5); !slices.Equal(want, all[45:55]) {
		t.Fatalf("the plain query's page 5 is %v", want)
	}
}
