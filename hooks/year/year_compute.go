package year

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Review is what GET /api/users/{id}/year/{yyyy} answers.
type Review struct {
	Year          int         `json:"year"`
	User          auth.User   `json:"user"`
	Films         int         `json:"films"`    // diary watches of films, rewatches included
	Episodes      int         `json:"episodes"` // distinct episodes reviewed or marked watched
	Hours         float64     `json:"hours"`
	Reviews       int         `json:"reviews"`
	AverageRating float64     `json:"averageRating"` // 0 when nothing was rated
	Ratings       []int       `json:"ratingsHistogram"`
	TopGenres     []Count     `json:"topGenres"`
	TopRated      []Watch     `json:"topRated"`
	MostRewatched []Rewatched `json:"mostRewatched"`
	LongestStreak Streak      `json:"longestStreak"`
	WatchedWith   *Companion  `json:"watchedWithMost"`
	Months        []Month     `json:"months"`
	FirstWatch    *Watch      `json:"firstWatch"`
	LastWatch     *Watch      `json:"lastWatch"`
	Challenges    []Challenge `json:"challengesCompleted"`
	Titles        int         `json:"titles"` // distinct titles in the diary this year
}

// Count is a name and how often it came up.
type Count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Title is enough of a title for a line or a poster.
type Title struct {
	Kind       catalog.Kind `json:"kind"`
	ID         int          `json:"id"`
	Title      string       `json:"title"`
	Year       int          `json:"year"`
	PosterPath string       `json:"posterPath"`
}

// Watch is one dated watch of a title.
type Watch struct {
	Title     Title   `json:"title"`
	WatchedAt string  `json:"watchedAt"`
	Rating    float64 `json:"rating"`
}

// Rewatched is a title watched more than once in the year.
type Rewatched struct {
	Title Title `json:"title"`
	Count int   `json:"count"`
}

// Streak is the longest run of consecutive days (UTC) with at least one watch.
type Streak struct {
	Days int    `json:"days"`
	From string `json:"from"` // YYYY-MM-DD, empty when Days is 0
	To   string `json:"to"`
}

// Companion is the friend the member logged watching with most often.
type Companion struct {
	User  auth.User `json:"user"`
	Count int       `json:"count"`
}

// Month is one month's watches, January first.
type Month struct {
	Films    int `json:"films"`
	Episodes int `json:"episodes"`
}

// Challenge is a challenge completed in the year.
type Challenge struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	CompletedAt string `json:"completedAt"`
}

// CanName decides whether a companion may be named to whoever reads the review.
type CanName func(app core.App, memberID string) (bool, error)

// MemberViewer names the companions a signed-in member may see (not blocked either way,
// not suspended).
func MemberViewer(app core.App, viewerID string) CanName {
	return func(app core.App, memberID string) (bool, error) {
		return moderation.CanSeeMember(app, viewerID, memberID)
	}
}

// row is one diary watch of the year with its title.
type row struct {
	WatchedAt string
	Rating    float64
	Reviewed  bool
	Entry     string
	*titleRow
}

// titleRow is a watched title and the entry's companions, read once per title.
type titleRow struct {
	Show      bool
	TmdbID    int
	Name      string
	TitleYear int
	Poster    string
	Runtime   int
	Genres    string
	With      string
}

// diarySQL reads the year's watches in date order: the diary's own few columns per
// watch (the index on user, watchedAt serves it) and the title and companions once per
// title below, because 2,000 watches are often a few hundred titles.
const diarySQL = `SELECT d.watchedAt, d.rating, d.review != '', d.entry FROM diary d
	WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to} ORDER BY d.watchedAt`

const titlesSQL = `SELECT w.id, w.tvShow != '', COALESCE(m.tmdbId, t.tmdbId, 0), COALESCE(m.title, t.name, ''),
		COALESCE(m.year, t.year, 0), COALESCE(m.posterPath, t.posterPath, ''),
		COALESCE(m.runtime, t.episodeRuntime, 0), COALESCE(m.genres, t.genres, '[]'), COALESCE(w.watchedWith, '[]')
	FROM watch_entries w LEFT JOIN movies m ON m.id = w.movie LEFT JOIN tv_shows t ON t.id = w.tvShow
	WHERE w.id IN (SELECT DISTINCT d.entry FROM diary d WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to})`

// loadRows reads the year's watches with their titles, scanning rows by hand (dbx's
// reflection was half the time for a 2,000-watch year).
func loadRows(app core.App, p dbx.Params) ([]row, error) {
	titles := map[string]*titleRow{}
	trows, err := app.DB().NewQuery(titlesSQL).Bind(p).Rows()
	if err != nil {
		return nil, err
	}
	for trows.Next() {
		var id string
		t := &titleRow{}
		if err := trows.Scan(&id, &t.Show, &t.TmdbID, &t.Name, &t.TitleYear, &t.Poster, &t.Runtime, &t.Genres, &t.With); err != nil {
			trows.Close()
			return nil, err
		}
		titles[id] = t
	}
	trows.Close()
	if err := trows.Err(); err != nil {
		return nil, err
	}
	drows, err := app.DB().NewQuery(diarySQL).Bind(p).Rows()
	if err != nil {
		return nil, err
	}
	defer drows.Close()
	out := make([]row, 0, 256)
	for drows.Next() {
		var r row
		if err := drows.Scan(&r.WatchedAt, &r.Rating, &r.Reviewed, &r.Entry); err != nil {
			return nil, err
		}
		if r.titleRow = titles[r.Entry]; r.titleRow != nil {
			out = append(out, r)
		}
	}
	return out, drows.Err()
}

// yearBounds returns the first instant of year and of the next, as stored (UTC).
func yearBounds(year int) dbx.Params {
	const layout = "2006-01-02 15:04:05.000Z"
	from := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	return dbx.Params{"from": from.Format(layout), "to": from.AddDate(1, 0, 0).Format(layout)}
}

// Compute gathers member's year: one indexed read of the year's diary (rows come in
// date order, so first, last and streaks fall out of one pass), one of episodes seen
// and one of completed challenges. canName filters the companion.
func Compute(app core.App, member *core.Record, year int, canName CanName) (Review, error) {
	p := yearBounds(year)
	p["u"] = member.Id
	rows, err := loadRows(app, p)
	if err != nil {
		return Review{}, err
	}
	r := fromDiary(rows, year)
	r.User = auth.PublicUser(member)
	if err := addEpisodes(app, &r, member.Id, year, p); err != nil {
		return r, err
	}
	if r.Challenges, err = completedChallenges(app, p); err != nil {
		return r, err
	}
	r.WatchedWith, err = companion(app, rows, canName)
	return r, err
}

// fromDiary computes everything the diary rows tell. A title's entry (one per member and
// title) stands for the title: rows of the same title share one *titleRow.
func fromDiary(rows []row, year int) Review {
	r := Review{Year: year, Ratings: make([]int, 10), Months: make([]Month, 12), TopGenres: []Count{},
		TopRated: []Watch{}, MostRewatched: []Rewatched{}, Challenges: []Challenge{}}
	genres := map[string]int{}
	seen := map[*titleRow]int{}
	best := map[*titleRow]int{} // index into rows of the title's best rated watch
	var minutes, rated int
	var ratingSum float64
	var days []string
	for i, d := range rows {
		t := d.titleRow
		if t.TmdbID == 0 {
			continue // a title removed from the catalog
		}
		if seen[t] == 0 {
			r.Titles++
			var gs []string
			_ = json.Unmarshal([]byte(t.Genres), &gs)
			for _, g := range gs {
				genres[g]++
			}
		}
		seen[t]++
		if !t.Show {
			r.Films++
			minutes += t.Runtime
			if m := monthOf(d.WatchedAt); m >= 0 {
				r.Months[m].Films++
			}
		}
		if d.Reviewed {
			r.Reviews++
		}
		if d.Rating > 0 {
			rated++
			ratingSum += d.Rating
			r.Ratings[max(0, min(9, int(math.Round(d.Rating))-1))]++
			if b, ok := best[t]; !ok || d.Rating >= rows[b].Rating {
				best[t] = i
			}
		}
		if r.FirstWatch == nil {
			w := watchOf(d)
			r.FirstWatch = &w
		}
		if day := dayOf(d.WatchedAt); len(days) == 0 || days[len(days)-1] != day {
			days = append(days, day)
		}
	}
	for i := len(rows) - 1; i >= 0; i-- {
		if rows[i].TmdbID != 0 {
			w := watchOf(rows[i])
			r.LastWatch = &w
			break
		}
	}
	r.Hours = float64(minutes) / 60
	if rated > 0 {
		r.AverageRating = math.Round(ratingSum/float64(rated)*10) / 10
	}
	r.TopGenres = topCounts(genres, 5)
	for _, i := range best {
		r.TopRated = append(r.TopRated, watchOf(rows[i]))
	}
	slices.SortFunc(r.TopRated, func(a, b Watch) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.WatchedAt, b.WatchedAt))
	})
	r.TopRated = r.TopRated[:min(5, len(r.TopRated))]
	r.MostRewatched = rewatched(rows, seen)
	r.LongestStreak = longestStreak(days)
	return r
}

// watchOf reads a diary row as a Watch.
func watchOf(d row) Watch {
	kind := catalog.Movie
	if d.titleRow.Show {
		kind = catalog.TV
	}
	return Watch{Title: Title{Kind: kind, ID: d.TmdbID, Title: d.Name, Year: d.TitleYear, PosterPath: d.Poster},
		WatchedAt: isoDate(d.WatchedAt), Rating: d.Rating}
}

// rewatched lists the titles watched more than once, most first (at most five).
func rewatched(rows []row, seen map[*titleRow]int) []Rewatched {
	out := []Rewatched{}
	done := map[*titleRow]bool{}
	for _, d := range rows {
		if d.TmdbID == 0 || seen[d.titleRow] < 2 || done[d.titleRow] {
			continue
		}
		done[d.titleRow] = true
		out = append(out, Rewatched{Title: watchOf(d).Title, Count: seen[d.titleRow]})
	}
	slices.SortStableFunc(out, func(a, b Rewatched) int { return cmp.Compare(b.Count, a.Count) })
	return out[:min(5, len(out))]
}

// topCounts sorts counts most first, then by name, and keeps limit of them.
func topCounts(counts map[string]int, limit int) []Count {
	out := make([]Count, 0, len(counts))
	for name, n := range counts {
		out = append(out, Count{Name: name, Count: n})
	}
	slices.SortFunc(out, func(a, b Count) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Name, b.Name)) })
	return out[:min(limit, len(out))]
}

// longestStreak finds the longest run of consecutive days in days (sorted, distinct).
func longestStreak(days []string) Streak {
	var best, cur Streak
	var prev time.Time
	for _, day := range days {
		t, err := time.Parse(time.DateOnly, day)
		if err != nil {
			continue
		}
		if cur.Days > 0 && t.Sub(prev) == 24*time.Hour {
			cur.Days++
			cur.To = day
		} else {
			cur = Streak{Days: 1, From: day, To: day}
		}
		prev = t
		if cur.Days > best.Days {
			best = cur
		}
	}
	return best
}

// dayOf is the YYYY-MM-DD of a stored datetime; monthOf its month index 0–11.
func dayOf(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}

func monthOf(stored string) int {
	if len(stored) < 7 {
		return -1
	}
	m, err := strconv.Atoi(stored[5:7])
	if err != nil || m < 1 || m > 12 {
		return -1
	}
	return m - 1
}

// isoDate turns a stored datetime into RFC 3339.
func isoDate(stored string) string {
	t, err := time.Parse("2006-01-02 15:04:05.000Z", stored)
	if err != nil {
		return stored
	}
	return t.UTC().Format(time.RFC3339)
}
