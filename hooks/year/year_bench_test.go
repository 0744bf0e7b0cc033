package year_test

import (
	"fmt"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
	"cinecircle/hooks/year"

	"github.com/pocketbase/pocketbase/core"
)

// BenchmarkCompute2000 measures #21's target: Year in Review for a member with 2,000
// diary rows in the year (400 titles, each watched five times, a friend on every tenth),
// through Compute as the route calls it. Run: go test ./hooks/year -run '^$' -bench Compute.
func BenchmarkCompute2000(b *testing.B) {
	app := testutil.NewTestApp(b)
	bea := testutil.CreateUser(b, app, "Bea")
	cal := testutil.CreateUser(b, app, "Cal")
	titles := make([]*core.Record, 400)
	for i := range titles {
		titles[i] = testutil.CreateMovie(b, app, 10_000+i, fmt.Sprintf("Film %d", i), 1950+i%70, 90+i%60, "Drama", []string{"Action", "Comedy", "Horror"}[i%3])
	}
	start := time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)
	for i, t := range titles { // one entry per title, then 1,995 more watches straight into the diary
		var with []string
		if i%10 == 0 {
			with = []string{cal.Id}
		}
		logWatch(b, app, bea, t, start.Add(time.Duration(i)*4*time.Hour), float64(1+i%10), "", with...)
	}
	_, err := app.DB().NewQuery(`WITH RECURSIVE n(i) AS (SELECT 400 UNION ALL SELECT i + 1 FROM n WHERE i < 1999)
		INSERT INTO diary (id, user, entry, movie, tvShow, watchedAt, rating, review, rewatch, created)
		SELECT printf('bench%010d', n.i), d.user, d.entry, d.movie, '', strftime('%Y-%m-%d %H:%M:%S.000Z', '2025-01-01 20:00:00', '+' || (n.i * 4) || ' hours'),
			1 + n.i % 10, '', TRUE, d.created
		FROM n JOIN (SELECT *, ROW_NUMBER() OVER (ORDER BY watchedAt) - 1 AS k FROM diary WHERE user = {:u}) d ON d.k = n.i % 400`).
		Bind(map[string]any{"u": bea.Id}).Execute()
	if err != nil {
		b.Fatal(err)
	}
	everyone := func(core.App, string) (bool, error) { return true, nil }
	b.ResetTimer()
	for b.Loop() {
		r, err := year.Compute(app, bea, 2025, everyone)
		if err != nil || r.Films != 2000 {
			b.Fatal(r.Films, err)
		}
	}
}
