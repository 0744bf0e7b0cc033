package social_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// fullScan matches a plan step that reads all of activities (aliased f in the subquery).
// Scanning idx_activities_hidden is not one: that partial index holds only the few posts
// a moderator hid.
var fullScan = regexp.MustCompile(`^SCAN (activities|f)\b`)

// moderatedScan is the one scan of activities the feed may make.
const moderatedScan = "USING COVERING INDEX idx_activities_hidden"

// privateScan is the other: the partial index of posts about lists that turned private.
const privateScan = "USING COVERING INDEX idx_activities_private"

// explain returns SQLite's query plan of q, one detail line per step.
func explain(t *testing.T, app core.App, built *dbx.Query) []string {
	t.Helper()
	return testutil.QueryPlan(t, app, built.SQL(), built.Params())
}

// TestFeedPlan keeps the feed on its index: no full scan of activities (by table or by
// index), the page picked from idx_activities_feed alone, and the page's rows read by
// rowid. It checks the plan before and after ANALYZE, and with the statistics of a
// community ten times the bench's, because PocketBase runs PRAGMA optimize periodically
// and statistics can change the planner's mind.
func TestFeedPlan(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	viewer := testutil.CreateUser(t, app, "Ana")
	now := time.Now()
	for i := range 12 {
		u := testutil.CreateUser(t, app, fmt.Sprintf("Member%c", 'a'+i))
		if i%2 == 0 {
			if err := social.Follow(app, viewer.Id, u.Id); err != nil {
				t.Fatal(err)
			}
		}
		for j := range 25 {
			testutil.CreateActivity(t, app, fmt.Sprintf("plan%02d%09d", i, j), u.Id, "movie_watched",
				now.Add(-time.Duration(i*25+j)*time.Hour), map[string]any{"movieId": 1})
		}
	}
	check := func(stage string) {
		page := app.DB().NewQuery(social.FeedPageSQL(20)).Bind(dbx.Params{"viewer": viewer.Id,
			"lo": "2026-01-01 00:00:00.000Z", "hi": "2026-01-02 00:00:00.000Z", "hiID": "x"})
		plan := explain(t, app, page)
		joined := strings.Join(plan, "\n")
		for _, line := range plan {
			if fullScan.MatchString(line) && !strings.Contains(line, moderatedScan) && !strings.Contains(line, privateScan) {
				t.Fatalf("%s: the feed scans activities:\n%s", stage, joined)
			}
		}
		for _, want := range []string{
			"SEARCH f USING COVERING INDEX idx_activities_feed (user=? AND created>? AND created<?)",
			"SEARCH activities USING INTEGER PRIMARY KEY (rowid=?)",
			"SEARCH r USING COVERING INDEX idx_activities_remote (remoteActor=?)", // reviews from the fediverse (#23)
		} {
			if !strings.Contains(joined, want) {
				t.Fatalf("%s: the feed plan lacks %q:\n%s", stage, want, joined)
			}
		}
		posts := explain(t, app, social.MemberPostsQuery(app, "", viewer.Id, 20, 50))
		if p := strings.Join(posts, "\n"); !strings.Contains(p, "idx_activities_feed (user=?)") || strings.Contains(p, "TEMP B-TREE") {
			t.Fatalf("%s: a member's posts should be read in index order:\n%s", stage, p)
		}
	}
	var redundant int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE name = 'idx_activities_user_created'").Row(&redundant); err != nil || redundant != 0 {
		t.Fatalf("idx_activities_user_created (a prefix of idx_activities_feed) should be dropped: %d %v", redundant, err)
	}
	count := app.DB().Select("COUNT(*)").From("activities").Where(dbx.HashExp{"user": viewer.Id}).AndWhere(dbx.NewExp("created >= '2026-01-01'"))
	if p := strings.Join(explain(t, app, count.Build()), "\n"); !strings.Contains(p, "idx_activities_feed (user=? AND created>?)") {
		t.Fatalf("a member's posts since a date should be counted on the feed index:\n%s", p)
	}
	check("without statistics")
	if _, err := app.NonconcurrentDB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	check("after ANALYZE")
	testutil.UseSampledStatistics(t, app)
	check("with the 10x data set's sampled statistics")
	if got, err := social.FeedPage(app, viewer.Id, 20, 2); err != nil || len(got) != 20 {
		t.Fatalf("page 2 has %d activities (%v), want 20", len(got), err)
	}
}

// TestFeedWindows checks the windowed reads against the plain order: posts spread from
// minutes to two years back (so pages cross every window size, the last one unbounded),
// with ties, read by cursor and by page number, give the same sequence as sorting them all.
func TestFeedWindows(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	viewer := testutil.CreateUser(t, app, "Ana")
	now := time.Now().UTC().Truncate(time.Second)
	var want []string
	for i := range 3 {
		u := testutil.CreateUser(t, app, fmt.Sprintf("Poster%c", 'a'+i))
		if err := social.Follow(app, viewer.Id, u.Id); err != nil {
			t.Fatal(err)
		}
		for j := range 40 {
			ago := time.Duration(j*j*11) * time.Hour // up to ~2 years
			id := fmt.Sprintf("win%d%011d", i, j)
			testutil.CreateActivity(t, app, id, u.Id, "movie_watched", now.Add(-ago), map[string]any{"movieId": 1})
		}
	}
	stranger := testutil.CreateUser(t, app, "Zed")
	testutil.CreateActivity(t, app, "zedpost00000001", stranger.Id, "movie_watched", now, map[string]any{"movieId": 1})
	// Newest first; the three posters post at the same times, so every time is a tie of three.
	for j := range 40 {
		for i := 2; i >= 0; i-- {
			want = append(want, fmt.Sprintf("win%d%011d", i, j))
		}
	}
	var byCursor []string
	before := ""
	for range 100 {
		recs, err := social.FeedRows(app, viewer.Id, social.FeedCursor{Limit: 7, Before: before})
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			break
		}
		for _, r := range recs {
			byCursor = append(byCursor, r.ID)
		}
		before = recs[len(recs)-1].ID
	}
	if strings.Join(byCursor, ",") != strings.Join(want, ",") {
		t.Fatalf("by cursor:\n%v\nwant\n%v", byCursor, want)
	}
	for page := 1; page <= 18; page++ {
		recs, err := social.FeedRows(app, viewer.Id, social.FeedCursor{Limit: 7, Page: page})
		if err != nil {
			t.Fatal(err)
		}
		end := min(len(want), page*7)
		var got []string
		for _, r := range recs {
			got = append(got, r.ID)
		}
		if lo := min(len(want), (page-1)*7); strings.Join(got, ",") != strings.Join(want[lo:end], ",") {
			t.Fatalf("page %d: %v, want %v", page, got, want[lo:end])
		}
	}
}
