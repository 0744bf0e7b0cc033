package tv_test

import (
	"slices"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/tv"
)

// seasons builds catalog seasons: counts[0] is season first, and so on.
func seasons(first int, counts ...int) []catalog.Season {
	out := make([]catalog.Season, len(counts))
	for i, n := range counts {
		out[i] = catalog.Season{SeasonNumber: first + i, EpisodeCount: n}
	}
	return out
}

func watched(eps ...tv.Ep) map[tv.Ep]bool {
	out := map[tv.Ep]bool{}
	for _, e := range eps {
		out[e] = true
	}
	return out
}

func TestLayoutNext(t *testing.T) {
	t.Parallel()
	l := tv.LayoutOf(seasons(0, 2, 3, 2)) // specials (2), S1 (3), S2 (2)
	cases := []struct {
		name    string
		watched map[tv.Ep]bool
		want    tv.Ep
		ok      bool
	}{
		{"nothing watched: the pilot", watched(), tv.Ep{Season: 1, Episode: 1}, true},
		{"specials never come next", watched(tv.Ep{Season: 0, Episode: 1}), tv.Ep{Season: 1, Episode: 1}, true},
		{"after the last of a season, the next season", watched(tv.Ep{Season: 1, Episode: 1}, tv.Ep{Season: 1, Episode: 2}, tv.Ep{Season: 1, Episode: 3}), tv.Ep{Season: 2, Episode: 1}, true},
		{"skipped ahead: go on from the furthest", watched(tv.Ep{Season: 1, Episode: 1}, tv.Ep{Season: 2, Episode: 1}), tv.Ep{Season: 2, Episode: 2}, true},
		{"caught up at the end: the gap left behind", watched(tv.Ep{Season: 1, Episode: 1}, tv.Ep{Season: 2, Episode: 2}), tv.Ep{Season: 1, Episode: 2}, true},
		{"everything watched: nothing next", watched(tv.Ep{Season: 1, Episode: 1}, tv.Ep{Season: 1, Episode: 2}, tv.Ep{Season: 1, Episode: 3}, tv.Ep{Season: 2, Episode: 1}, tv.Ep{Season: 2, Episode: 2}), tv.Ep{}, false},
	}
	for _, c := range cases {
		got, ok := l.Next(c.watched)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: next %v %v, want %v %v", c.name, got, ok, c.want, c.ok)
		}
	}
	if l.Total() != 5 {
		t.Errorf("total %d, want 5 (specials excluded)", l.Total())
	}
	if got := l.UpTo(tv.Ep{Season: 2, Episode: 1}); len(got) != 4 || got[3] != (tv.Ep{Season: 2, Episode: 1}) || slices.Contains(got, tv.Ep{Season: 0, Episode: 1}) {
		t.Errorf("up to S2E1: %v, want S1E1–E3 and S2E1, no specials", got)
	}
	if got := l.UpTo(tv.Ep{Season: 0, Episode: 1}); len(got) != 1 || got[0] != (tv.Ep{Season: 0, Episode: 1}) {
		t.Errorf("up to special 1: %v", got)
	}
}

// TestNextStatus is the table of how episode watches move a show's status (the diary
// keeps it; tv decides the moves).
func TestNextStatus(t *testing.T) {
	t.Parallel()
	none, started, almost, done := tv.Counts{Plays: 0, Total: 10}, tv.Counts{Plays: 3, Watched: 3, Total: 10},
		tv.Counts{Plays: 9, Watched: 9, Total: 10}, tv.Counts{Plays: 10, Watched: 10, Total: 10}
	const (
		cw, plan, watchedS, dropped = diary.StatusWatching, diary.StatusPlanned, diary.StatusWatched, diary.StatusDropped
	)
	cases := []struct {
		name          string
		status        string
		verdict       bool
		before, after tv.Counts
		ended         bool
		what          any
		want          string
	}{
		{"first watch starts a show", "", false, none, started, false, tv.Marked, cw},
		{"first watch of a planned show", plan, false, none, started, false, tv.Marked, cw},
		{"marking a dropped show picks it up again", dropped, false, started, almost, false, tv.Marked, cw},
		{"more episodes keep it in progress", cw, false, started, almost, true, tv.Marked, cw},
		{"the last episode of an ended show finishes it", cw, false, almost, done, true, tv.Marked, watchedS},
		{"a binge of a whole ended show finishes it", "", false, none, done, true, tv.Marked, watchedS},
		{"caught up with a show still airing", cw, false, almost, done, false, tv.Marked, cw},
		{"a watched show stays watched (rewatch)", watchedS, true, done, done, true, tv.Marked, watchedS},
		{"a watched show stays watched (catch-up of history)", watchedS, false, none, started, true, tv.Marked, watchedS},
		{"unmarking the finale takes a finish back", watchedS, false, done, almost, true, tv.Unmarked, cw},
		{"unless the member rated or reviewed it", watchedS, true, done, almost, true, tv.Unmarked, watchedS},
		{"unmarking in a show watched through the diary changes nothing", watchedS, false, started, tv.Counts{Plays: 2, Watched: 2, Total: 10}, true, tv.Unmarked, watchedS},
		{"unmarking the last watch puts it back on the watchlist", cw, false, tv.Counts{Plays: 1, Watched: 1, Total: 10}, none, false, tv.Unmarked, plan},
		{"unmarking one of several keeps it in progress", cw, false, started, tv.Counts{Plays: 2, Watched: 2, Total: 10}, false, tv.Unmarked, cw},
		{"dropped stays dropped when unmarking (progress kept)", dropped, false, started, tv.Counts{Plays: 2, Watched: 2, Total: 10}, false, tv.Unmarked, dropped},
		{"a plan stays a plan", plan, false, none, none, false, tv.Unmarked, plan},
	}
	for _, c := range cases {
		what := tv.Marked
		if c.what == tv.Unmarked {
			what = tv.Unmarked
		}
		got, changed := tv.NextStatus(diary.ShowEntry{Status: c.status, HasVerdict: c.verdict}, c.before, c.after, c.ended, what)
		if got != c.want || changed != (c.want != c.status) {
			t.Errorf("%s: %q (changed %v), want %q", c.name, got, changed, c.want)
		}
	}
}

func TestMergeEpisodes(t *testing.T) {
	t.Parallel()
	earlier := map[string]any{"episodes": []any{map[string]any{"season": 1.0, "episode": 5.0}, map[string]any{"season": 1.0, "episode": 4.0}}, "episodeCount": 2.0}
	next := map[string]any{"episodes": []tv.Ep{{Season: 1, Episode: 6}, {Season: 1, Episode: 4}}, "episodeCount": 2, "tvShowTitle": "Severance"}
	got := tv.MergeEpisodes(earlier, next)
	eps, _ := got["episodes"].([]tv.Ep)
	want := []tv.Ep{{Season: 1, Episode: 4}, {Season: 1, Episode: 5}, {Season: 1, Episode: 6}}
	if !slices.Equal(eps, want) || got["episodeCount"] != 3 || got["tvShowTitle"] != "Severance" {
		t.Errorf("merged %v", got)
	}
}
