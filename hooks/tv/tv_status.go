package tv

import "cinecircle/hooks/diary"

// counts is a member's progress on a show at one moment.
type counts struct {
	Plays   int // watch rows of the show, specials and rewatches included
	Watched int // distinct episodes watched that count toward progress
	Total   int // episodes that count toward progress
}

// complete reports whether every episode counted is watched.
func (c counts) complete() bool { return c.Total > 0 && c.Watched >= c.Total }

// change is what happened to a member's watches of a show.
type change int

const (
	marked   change = iota // watches were added (or a same-day watch corrected)
	unmarked               // a watch was removed
)

// nextStatus decides the show's status after a change of its episode watches, from the
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
func nextStatus(entry diary.ShowEntry, before, after counts, ended bool, what change) (string, bool) {
	cur := entry.Status
	next := cur
	switch what {
	case marked:
		switch {
		case cur == diary.StatusWatched:
		case after.complete() && ended:
			next = diary.StatusWatched
		default:
			next = diary.StatusWatching
		}
	case unmarked:
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
