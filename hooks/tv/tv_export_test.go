package tv

// Exports for the tests of package tv_test: the pure rules, tested by table.

var (
	NextStatus   = nextStatus
	LayoutOf     = layoutOf
	MergeEpisode = mergeEpisodes
)

type (
	Counts = counts
	Layout = layout
)

const (
	Marked   = marked
	Unmarked = unmarked
)

// Next exposes layout.next.
func (l layout) Next(watched map[Ep]bool) (Ep, bool) { return l.next(watched) }

// UpToEps exposes layout.upTo.
func (l layout) UpToEps(to Ep) []Ep { return l.upTo(to) }

// Total exposes layout.total.
func (l layout) Total() int { return l.total() }

// The hand-written queries, for their plan tests.
const (
	UpNextSQL   = upNextSQL
	SpoilerSQL  = spoilerSQL
	CalendarSQL = calendarSQL
)
