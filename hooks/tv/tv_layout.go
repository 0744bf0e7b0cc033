package tv

import (
	"slices"
	"strconv"

	"cinecircle/hooks/catalog"
)

// Ep names one episode of a show.
type Ep struct {
	Season  int `json:"season"`
	Episode int `json:"episode"`
}

// Code is the episode's short name: S2E3.
func (e Ep) Code() string { return "S" + strconv.Itoa(e.Season) + "E" + strconv.Itoa(e.Episode) }

// less orders episodes by season, then episode.
func (e Ep) less(o Ep) bool {
	return e.Season < o.Season || (e.Season == o.Season && e.Episode < o.Episode)
}

// Layout is the shape of a show as the catalog knows it: how many episodes each season
// has (embedded counts, or TMDB's seasons when configured). Episodes are numbered 1…count
// in each season. Season 0 holds the specials: they can be marked when the catalog lists
// them, and never count toward progress.
type Layout struct {
	counts  map[int]int
	seasons []int // every listed season number, ascending (0 first when listed)
}

// LayoutOf reads a show's layout from its seasons.
func LayoutOf(seasons []catalog.Season) Layout {
	l := Layout{counts: map[int]int{}}
	for _, s := range seasons {
		if s.SeasonNumber < 0 {
			continue
		}
		if _, seen := l.counts[s.SeasonNumber]; !seen {
			l.seasons = append(l.seasons, s.SeasonNumber)
		}
		l.counts[s.SeasonNumber] = max(s.EpisodeCount, len(s.Episodes), l.counts[s.SeasonNumber])
	}
	slices.Sort(l.seasons)
	return l
}

// hasSeason reports whether the catalog lists season s.
func (l Layout) hasSeason(s int) bool {
	_, ok := l.counts[s]
	return ok
}

// has reports whether episode e is a known episode.
func (l Layout) has(e Ep) bool {
	n, ok := l.counts[e.Season]
	return ok && e.Episode >= 1 && e.Episode <= n
}

// counted reports whether an episode counts toward progress: known and not a special.
func (l Layout) counted(e Ep) bool { return e.Season >= 1 && l.has(e) }

// Total is how many episodes count toward progress (specials excluded).
func (l Layout) Total() int {
	n := 0
	for _, s := range l.seasons {
		if s >= 1 {
			n += l.counts[s]
		}
	}
	return n
}

// seasonCounts are the episode counts of seasons 1… in order, as progress rows keep them
// to notice a show that grew.
func (l Layout) seasonCounts() []int {
	out := []int{}
	for _, s := range l.seasons {
		if s >= 1 {
			out = append(out, l.counts[s])
		}
	}
	return out
}

// season lists every episode of season s.
func (l Layout) season(s int) []Ep {
	out := make([]Ep, 0, l.counts[s])
	for e := 1; e <= l.counts[s]; e++ {
		out = append(out, Ep{s, e})
	}
	return out
}

// UpTo lists every episode before and including to: the regular seasons up to it (a
// binge catch-up never marks specials), or the specials up to it when to is a special.
func (l Layout) UpTo(to Ep) []Ep {
	if to.Season == 0 {
		return l.season(0)[:min(to.Episode, l.counts[0])]
	}
	var out []Ep
	for _, s := range l.seasons {
		if s < 1 || s > to.Season {
			continue
		}
		eps := l.season(s)
		if s == to.Season {
			eps = eps[:min(to.Episode, len(eps))]
		}
		out = append(out, eps...)
	}
	return out
}

// regular lists every episode that counts toward progress, in order.
func (l Layout) regular() []Ep {
	var out []Ep
	for _, s := range l.seasons {
		if s >= 1 {
			out = append(out, l.season(s)...)
		}
	}
	return out
}

// Next is the episode to watch next given the watched ones: the first unwatched episode
// after the furthest one watched (a member who skipped ahead goes on from there), else
// the first unwatched one before it (a gap left behind); false when every episode counted
// is watched. Specials never come next.
func (l Layout) Next(watched map[Ep]bool) (Ep, bool) {
	all := l.regular()
	furthest := -1
	for i, e := range all {
		if watched[e] {
			furthest = i
		}
	}
	for _, e := range all[furthest+1:] {
		if !watched[e] {
			return e, true
		}
	}
	for _, e := range all[:max(furthest, 0)] {
		if !watched[e] {
			return e, true
		}
	}
	return Ep{}, false
}
