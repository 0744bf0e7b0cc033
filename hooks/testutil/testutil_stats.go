package testutil

import (
	_ "embed"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// sampledStat1 is sqlite_stat1 as the 10x bench data set's sampled ANALYZE left it.
//
//go:embed sampled_stat1.tsv
var sampledStat1 string

// UseSampledStatistics gives app's database the statistics of a community ten times the
// bench's: the 10x data set (100,000 members, 10M posts) as ANALYZE with analysis_limit
// = 1000 left them, which is what PocketBase's periodic PRAGMA optimize applies. The
// sample makes them odd (1,001 posts a member, 1,001 a list) and they are what members'
// queries are planned with, so the plan tests check their queries under them too.
// Tables and indexes the data set lacked keep no statistics (SQLite's defaults).
func UseSampledStatistics(t testing.TB, app core.App) {
	t.Helper()
	db := app.NonconcurrentDB()
	exec := func(sql string, params dbx.Params) {
		t.Helper()
		if _, err := db.NewQuery(sql).Bind(params).Execute(); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec("ANALYZE", nil) // makes sqlite_stat1
	exec("DELETE FROM sqlite_stat1", nil)
	for line := range strings.SplitSeq(sampledStat1, "\n") {
		f := strings.Split(line, "\t")
		if strings.HasPrefix(line, "#") || len(f) != 3 {
			continue
		}
		exec(`INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT {:tbl}, {:idx}, {:stat}
			WHERE EXISTS (SELECT 1 FROM sqlite_schema WHERE name = {:idx} AND tbl_name = {:tbl})`,
			dbx.Params{"tbl": f[0], "idx": f[1], "stat": f[2]})
	}
	var n int
	if err := db.NewQuery("SELECT COUNT(*) FROM sqlite_stat1").Row(&n); err != nil || n < 80 {
		t.Fatalf("only %d of the sampled statistics found their index (%v): regenerate sampled_stat1.tsv", n, err)
	}
	exec("ANALYZE sqlite_schema", nil) // loads them
}
