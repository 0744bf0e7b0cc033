package tv

import "cinecircle/hooks/diary"

// Counts is a member's progress on a show at one moment.
type Counts struct {
	Plays   int // watch rows of the show, specials and rewatches included
	Watched int // distinct episodes watched that count toward progress
	Total   int // episodes that count toward progress
}

// complete reports whether every episode counted is watched.
func (c Counts) complete() bool { return c.Total > 0 && c.Watched >= c.Total }

// Change is what happened to a member's watches of a show.
type Change int

// The changes NextStatus tells apart.
const (
	Marked   Change = iota // watches were added (or a same-day watch corrected)
	Unmarked               // a watch was removed
)

// NextStatus decides the show's status after a change of its episode watches, from the
// status before (entry), the counts before and after, and whether the show has ended.
// It reports the status and whether it changed. The diary keeps the status; these are the
// only moves episode tracking makes (TestNextStatus is the table):
//
//   - Marking starts a show: no entry, plan to watch or dropped become currently watching
//     (marking a dropped show picks it up again; dropping itself keeps the progress).
//   - Marking the last episode of a show that has ended finishes it: watched (the UI then
//     offers the Rate dialog). A show still airing stays currently watching when caught up.
//   - A show already watched stays watched whatever is marked: a rewatch or a catch-up on
//     old history never takes back the member's verdict.
//   - Unmarking the episode that finished a show (complete before, not after) takes it back
//     to currently watching, unless the member rated or reviewed it since.
//   - Unmarking the last watch of a show in progress puts it back on the watchlist (plan
//     to watch): the member meant to watch it, but has not watched any of it.
//   - Nothing else moves: dropped stays dropped, a plan stays a plan.
func NextStatus(entry diary.ShowEntry, before, after Counts, ended bool, what Change) (string, bool) {
	cur := entry.Status
	next := cur
	switch what {
	case Marked:
		switch {
		case cur == diary.StatusWatched:
		case after.complete() && ended:
			next = diary.StatusWatched
		default:
			next = diary.StatusWatching
		}
	case Unmarked:
		switch {
		case cur == diary.StatusWatched && before.complete() && !after.complete() && !entry.HasVerdict:
			next = diary.StatusWatching
			if after.Plays == 0 {
				next = diary.StatusPlanned
			}
		case cur == diary.StatusWatching && after.Plays == 0:
			next = diary.StatusPlanned
		}
	}
	return next, next != cur
}
