package tv_test

import (
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
)

// TestQueryPlans: Up Next is one query that walks idx_tv_progress_up_next in order (no
// sort, no scan), and the spoiler and calendar lookups search their indexes, with the
// statistics of an empty community and with those of the 10x data set.
func TestQueryPlans(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	queries := tv.PlanQueries()
	cases := []struct {
		name, sql string
		want      []string
	}{
		{"up next", queries["up next"], []string{"SEARCH p USING INDEX idx_tv_progress_up_next (user=?)", "SEARCH t USING INDEX", "SEARCH e USING INDEX idx_tv_episodes_episode", "SEARCH w USING INDEX idx_watch_entries_user_tv"}},
		{"spoilers", queries["spoilers"], []string{"USING COVERING INDEX idx_episode_watches_user_show", "SEARCH p USING INDEX idx_tv_progress_user_show", "SEARCH w USING INDEX idx_watch_entries_user_tv"}},
		{"calendar", queries["calendar"], []string{"SEARCH e USING INDEX idx_tv_episodes_air (tvShow=? AND airDate>? AND airDate<?)"}},
	}
	for _, stage := range []string{"after ANALYZE", "with the 10x data set's sampled statistics"} {
		if stage != "after ANALYZE" {
			testutil.UseSampledStatistics(t, app)
		}
		for _, c := range cases {
			all := strings.Join(testutil.QueryPlan(t, app, c.sql, dbx.Params{"u": "u", "v": "v", "limit": 200,
				"items": `[["s",1,2]]`, "from": "2026-01-01", "to": "2026-02-01"}), "\n")
			for _, w := range c.want {
				if !strings.Contains(all, w) {
					t.Errorf("%s, %s: the plan lacks %q:\n%s", stage, c.name, w, all)
				}
			}
			if c.name == "up next" && (strings.Contains(all, "TEMP B-TREE") || strings.Contains(all, "SCAN")) {
				t.Errorf("%s: up next sorts or scans:\n%s", stage, all)
			}
		}
	}
}
