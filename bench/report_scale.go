package bench

import (
	"fmt"
	"strings"
	"time"
)

// Issue #26's limits for the 100,000-member data set (make bench BENCH_SCALE=10x).
const (
	scaleFeedP50      = time.Millisecond
	scaleFeedOverBare = 1.5 // feed page 1 over the bare SQL of the same page, serial p50
	scaleFeedRPS      = 1200
	scalePage50       = 1.2 // page 50 (cursor) over page 1, serial p50
	scaleLogP99       = 20 * time.Millisecond
	scaleDeliveryP99  = 250 * time.Millisecond
	scaleMixedP99     = 100 * time.Millisecond
	scaleRSS          = 400 << 20
	scaleSeedTime     = 20 * time.Minute
	scaleSeedMemory   = 2 << 30
)

// Names of the workloads the scale section reads.
const (
	wlFeed1     = "feed page 1"
	wlFeed50    = "feed page 50 (?before= cursor)"
	wlBareFeed1 = "bare SQL, the route's reads, page 1"
	wlMixed     = "mixed (55% feed p1, 10% feed p2, 10% title, 7% search, 8% notifications, 6% like, 4% comment)"
	wlLogPrefix = "log a watched movie"
	// wlCatchUpPrefix names the workload of followers opening their notifications after the logs.
	wlCatchUpPrefix = "notifications list, catching up"
)

// scaleSection writes issue #26's section: the targets at ten times the community, judged
// on the 10x run, then the 10k and 10x runs side by side. r is the 10k run (may be empty).
func scaleSection(w func(string, ...any), r, x *Results) {
	w("\n## Ten times the size (issue #26)\n")
	w("`make bench BENCH_SCALE=10x`: the same runner on `cinecircle bench seed --scale 10` (%d members, %d activities, %d episode watches; %s), served in place. Run %s, load average at the start `%s`.\n",
		x.Users, x.Activities, x.EpisodeWatches, x.ViewerFollows, x.Date.Format(time.RFC3339), x.LoadAtStart)
	w("| target (100k members, 10M activities) | measured | |")
	w("|---|---|---|")
	if s := x.Seed; s != nil {
		w("| seed in under 20 minutes, memory under 2 GB while seeding | %s, peak %d MB | %s |", s.Took.Round(time.Second), s.PeakRSS>>20,
			mark(s.Took <= scaleSeedTime && s.PeakRSS <= scaleSeedMemory))
	}
	p1, cur, bare := find(x.Load, wlFeed1, 1), find(x.Load, wlFeed50, 1), find(x.Bare, wlBareFeed1, 1)
	if p1 != nil {
		w("| feed page 1 serial p50 ≤ 1.0 ms | %s ms | %s |", ms(p1.P50), mark(p1.P50 <= scaleFeedP50))
	}
	if p1 != nil && bare != nil && bare.P50 > 0 {
		w("| feed page 1 ≤ 1.5× the bare SQL of the same page in process (serial p50) | %s ms = %s the bare %s ms | %s |", ms(p1.P50), ratio(p1.P50, bare.P50), ms(bare.P50),
			mark(float64(p1.P50) <= scaleFeedOverBare*float64(bare.P50)))
	}
	if s := find(x.Load, wlFeed1, 32); s != nil {
		w("| feed page 1 ≥ 1,200 req/s at 32 concurrent | %.0f req/s | %s |", s.RPS, mark(s.RPS >= scaleFeedRPS))
	}
	if p1 != nil && cur != nil {
		w("| page 50 ≤ 1.2× page 1 (cursor, serial p50) | %s ms = %s page 1 | %s |", ms(cur.P50), ratio(cur.P50, p1.P50), mark(float64(cur.P50) <= scalePage50*float64(p1.P50)))
	}
	for _, s := range x.Load {
		if s.Conc == 1 && strings.HasPrefix(s.Name, wlLogPrefix) {
			w("| %s: p99 ≤ 20 ms | %s ms (p50 %s) | %s |", s.Name, ms(s.P99), ms(s.P50), mark(s.P99 <= scaleLogP99 && s.Errors == 0))
		}
	}
	if rt := x.Realtime; rt != nil {
		w("| delivery to all %d followers' open streams p99 ≤ 250 ms | %s ms (%d missed, %d strays, %d streams open) | %s |", rt.Followers, ms(rt.P99), rt.Missed, rt.Strays, rt.Clients,
			mark(rt.P99 <= scaleDeliveryP99 && rt.Missed == 0 && rt.Strays == 0))
	}
	w("| start-up to first served request ≤ 1 s | %s ms | %s |", ms(x.Startup), mark(x.Startup <= time.Second))
	if x.LoadRSS > 0 {
		w("| server RSS under the load phase (mixed workload included) ≤ 400 MB | peak %d MB | %s |", x.LoadRSS>>20, mark(x.LoadRSS <= scaleRSS))
	}
	if s := find(x.Load, wlMixed, 32); s != nil {
		w("| mixed workload at 32 concurrent p99 ≤ 100 ms | %s ms | %s |", ms(s.P99), mark(s.P99 <= scaleMixedP99 && s.Errors == 0))
	}
	if x.DataBytes > 0 && x.Activities > 0 {
		w("| data dir size per 1M activities (reported) | %.2f GB (%.1f GB in all) | – |", perMillion(x.DataBytes, x.Activities), float64(x.DataBytes)/(1<<30))
	}
	if s := x.Seed; s != nil {
		steps := make([]string, len(s.Steps))
		for i, st := range s.Steps {
			steps[i] = fmt.Sprintf("%s %d rows %s", st.Name, st.Rows, st.Took.Round(time.Second))
		}
		w("\nThe seed's steps: %s.", strings.Join(steps, "; "))
	}
	sideBySide(w, r, x)
	w("\nEvery workload at 10x:")
	var b strings.Builder
	table(&b, x.Load)
	table(&b, x.Bare)
	w("%s", b.String())
	if wc := x.Writes; wc != nil {
		writeSection(w, wc, noticesOnRead(x), "### Write capacity at 10x")
	}
}

// sideBySide compares the headline figures of the 10k run r and the 10x run x.
func sideBySide(w func(string, ...any), r, x *Results) {
	if r == nil || len(r.Load) == 0 {
		return
	}
	w("\n| | %d members | %d members |", r.Users, x.Users)
	w("|---|---|---|")
	row := func(label string, f func(*Results) string) { w("| %s | %s | %s |", label, f(r), f(x)) }
	stat := func(name string, conc int, pick func(*Stat) string) func(*Results) string {
		return func(res *Results) string {
			if s := find(res.Load, name, conc); s != nil {
				return pick(s)
			}
			return "–"
		}
	}
	p50 := func(s *Stat) string { return ms(s.P50) + " ms" }
	p99 := func(s *Stat) string { return ms(s.P99) + " ms" }
	row("feed page 1, serial p50", stat(wlFeed1, 1, p50))
	row("feed page 1 at 32 concurrent", stat(wlFeed1, 32, func(s *Stat) string { return fmt.Sprintf("%.0f req/s", s.RPS) }))
	row("feed page 50 by cursor, serial p50", stat(wlFeed50, 1, p50))
	row("bare SQL of feed page 1, p50", func(res *Results) string {
		if s := find(res.Bare, wlBareFeed1, 1); s != nil {
			return ms(s.P50) + " ms"
		}
		return "–"
	})
	row("log a watched movie, p99 (followers)", func(res *Results) string {
		for _, s := range res.Load {
			if s.Conc == 1 && strings.HasPrefix(s.Name, wlLogPrefix) {
				return fmt.Sprintf("%s ms (%s)", ms(s.P99), strings.TrimSuffix(strings.TrimPrefix(s.Name, wlLogPrefix+" ("), ")"))
			}
		}
		return "–"
	})
	row("mixed at 32 concurrent, p99", stat(wlMixed, 32, p99))
	row("start-up to first served request", func(res *Results) string { return ms(res.Startup) + " ms" })
	row("server RSS peak under load", func(res *Results) string { return mbOrDash(res.LoadRSS) })
	row("data dir per 1M activities", func(res *Results) string {
		if res.DataBytes == 0 || res.Activities == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f GB", perMillion(res.DataBytes, res.Activities))
	})
	row("realtime delivery p99", func(res *Results) string {
		if res.Realtime == nil {
			return "–"
		}
		return fmt.Sprintf("%s ms to %d followers", ms(res.Realtime.P99), res.Realtime.Followers)
	})
	row("write capacity (p99 ≤ 50 ms, fan-out keeping pace)", func(res *Results) string {
		if res.Writes == nil {
			return "–"
		}
		if !res.Writes.FanoutChecked {
			return fmt.Sprintf("%.0f logs/s (answers only; fan-out not checked)", res.Writes.Ceiling)
		}
		return fmt.Sprintf("%.0f logs/s", res.Writes.Ceiling)
	})
}

// uiTargets writes the pages' budgets (issue #26's: the landing ≤ 60 KB of first-load
// JavaScript with performance ≥ 98 and accessibility 100; the signed-in home ≤ 160 KB
// with performance ≥ 95).
func uiTargets(w func(string, ...any), ui *UIResults) {
	for _, p := range ui.Pages {
		budget, perf, a11y := 60, 98, 100
		if p.Name != "landing" {
			budget, perf, a11y = 160, 95, 95
		}
		w("| first-load JS, %s ≤ %d KB gzip | %.1f KB | %s |", p.Name, budget, float64(p.JSGzip)/1024, mark(p.JSGzip <= budget*1024))
		w("| Lighthouse %s: performance ≥ %d, accessibility ≥ %d | %d, %d | %s |", p.Name, perf, a11y, p.Scores["performance"], p.Scores["accessibility"],
			mark(p.Scores["performance"] >= perf && p.Scores["accessibility"] >= a11y))
	}
}

// perMillion is bytes per million activities, in GB.
func perMillion(bytes int64, activities int) float64 {
	return float64(bytes) / (1 << 30) / (float64(activities) / 1e6)
}

// mbOrDash formats bytes as MB, or a dash when not measured.
func mbOrDash(b int64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%d MB", b>>20)
}
