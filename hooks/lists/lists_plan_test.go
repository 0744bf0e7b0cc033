package lists_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/lists"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestQueryPlans: with ANALYZE's statistics of a long list (most items are movies, so
// tvShow holds one common value), a list's page, its first posters, the viewer's seen
// count, a move's neighbours and 'In N lists by friends' search their indexes: no scan
// and no sort of the whole list. Without statistics SQLite guesses; with them it once
// chose a skip-scan of idx_list_items_tv and a sort for the first posters.
func TestQueryPlans(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	viewer := testutil.CreateUser(t, app, "Ana")
	// a 400-item list among 200 short ones, all of movies (as the bench seed has them)
	for l := range 200 {
		n := 10
		if l == 0 {
			n = 400
		}
		if _, err := app.DB().NewQuery(fmt.Sprintf(`INSERT INTO lists (id, owner, name, visibility, itemCount)
			VALUES ('plan%011d', {:u}, 'Plan', 'public', %d)`, l, n)).Bind(dbx.Params{"u": viewer.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if _, err := app.DB().NewQuery(fmt.Sprintf(`INSERT INTO list_items (id, list, owner, movie, rank, addedBy, editedBy)
				VALUES ('it%013d', 'plan%011d', {:u}, 'mv%013d', %d, {:u}, {:u})`, l*1000+i, l, (l*3+i)%400, (i+1)*lists.RankGap)).
				Bind(dbx.Params{"u": viewer.Id}).Execute(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// 40 watched titles each for the viewer and 29 other members
	for u := range 30 {
		member := viewer.Id
		if u > 0 {
			member = fmt.Sprintf("member%09d", u)
		}
		for i := range 40 {
			if _, err := app.DB().NewQuery(fmt.Sprintf(`INSERT INTO watch_entries (id, user, movie, status)
				VALUES ('we%013d', {:u}, 'mv%013d', 'watched')`, u*100+i, (i*7+u)%400)).Bind(dbx.Params{"u": member}).Execute(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"items page":          {"SEARCH i USING INDEX idx_list_items_rank (list=? AND rank>?)", "SEARCH w USING INDEX idx_watch_entries_user_movie (user=? AND movie=?)"},
		"seen count":          {"SEARCH w USING INDEX idx_watch_entries_user_status (user=? AND status=?)"},
		"first posters":       {"SEARCH i USING INDEX idx_list_items_rank (list=?)"},
		"neighbours":          {"idx_list_items_rank (list=?)"},
		"role":                {"SEARCH list_editors USING COVERING INDEX idx_list_editors_pair (list=? AND user=?)", "SEARCH follows USING COVERING INDEX idx_follows_pair (follower=? AND following=?)"},
		"in lists by friends": {"SEARCH i USING COVERING INDEX idx_list_items_movie (movie=? AND owner=?)", "SEARCH l USING INDEX sqlite_autoindex_lists_1 (id=?)"},
		"in lists by friends count": {"SEARCH i USING COVERING INDEX idx_list_items_movie_open (movie=? AND owner=?)", "SEARCH movies USING INDEX idx_movies_tmdbId (tmdbId=?)",
			"SEARCH ev USING INDEX idx_list_editors_user (user=?)", "SEARCH i USING COVERING INDEX idx_list_items_movie_once (list=? AND movie=?)"},
	}
	for _, stage := range []string{"after ANALYZE", "with the 10x data set's sampled statistics"} {
		if stage != "after ANALYZE" {
			testutil.UseSampledStatistics(t, app)
		}
		for name, sql := range lists.PlanQueries() {
			plan := testutil.QueryPlan(t, app, sql, dbx.Params{"list": "plan00000000000", "viewer": viewer.Id,
				"after": -1, "limit": 101, "n": 4, "item": "it0000000000005", "offset": 500, "title": "mv0000000000003", "tmdb": 3, "owner": viewer.Id})
			all := strings.Join(plan, "\n")
			for _, w := range want[name] {
				if !strings.Contains(all, w) {
					t.Errorf("%s, %s: the plan lacks %q:\n%s", stage, name, w, all)
				}
			}
			// 'In N lists by friends' starts from the viewer's follows and finds each one's lists
			// holding the title by (title, owner): never every list of every member followed
			// (~97 ms at the bench's scale), nor every list holding the title (~7 ms).
			// The count reads the open lists' items alone, no list (lists_open.go).
			friends := strings.HasPrefix(name, "in lists by friends")
			first := slices.IndexFunc(plan, func(p string) bool { return strings.HasPrefix(p, "SEARCH") })
			if friends && (first < 0 || !strings.HasPrefix(plan[first], "SEARCH f USING COVERING INDEX idx_follows_pair (follower=?)")) {
				t.Errorf("%s, %s does not start from the viewer's follows:\n%s", stage, name, all)
			}
			if strings.Contains(all, "SCAN i") || strings.Contains(all, "ANY(") || (!friends && strings.Contains(all, "TEMP B-TREE")) {
				t.Errorf("%s, %s scans or sorts the list:\n%s", stage, name, all)
			}
		}
	}
}
