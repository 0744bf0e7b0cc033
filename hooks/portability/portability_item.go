package portability

import (
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/catalog"
)

// Item is one thing a history says: a dated watch, a rating, a review or a watchlist entry.
type Item struct {
	Kind   catalog.Kind `json:"kind"`
	Title  string       `json:"title"`
	Year   int          `json:"year"`
	TMDBID int          `json:"tmdbId,omitzero"`
	// IMDbID and TVDBID are the title's ids in other databases, when the history names
	// them: resolved through TMDB when the TMDB id is missing or unknown here.
	IMDbID    string    `json:"imdbId,omitzero"`
	TVDBID    int       `json:"tvdbId,omitzero"`
	Status    string    `json:"status"` // watched or plan_to_watch
	WatchedAt time.Time `json:"watchedAt"`
	Rating    float64   `json:"rating"` // our 0–10 scale
	Review    string    `json:"review,omitzero"`
	Rewatch   bool      `json:"rewatch,omitzero"`
	Source    string    `json:"source"` // the file it came from
	// Season and Episode make the item a watch of one episode of the show (Episode ≥ 1),
	// recorded by hooks/tv; WatchSource is where that watch came from (manual, import,
	// scrobble: a CineCircle export keeps it).
	Season      int    `json:"season,omitzero"`
	Episode     int    `json:"episode,omitzero"`
	WatchSource string `json:"watchSource,omitzero"`
	// List is set on a title of a Letterboxd list (Status "list").
	List *ListRef `json:"list,omitzero"`
}

// isEpisode reports whether the item is a watch of one episode.
func (it Item) isEpisode() bool { return it.Kind == catalog.TV && it.Episode > 0 }

// key identifies a title within one history: kind, folded name and year.
func (it Item) key() string {
	return string(it.Kind) + "|" + strings.ToLower(strings.TrimSpace(it.Title)) + "|" + strconv.Itoa(it.Year)
}

// parseDate reads the date formats the exports use: 2024-03-09, 2024-03-09T20:15:00.000Z.
func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02", time.RFC3339Nano, "2006-01-02T15:04:05.000Z", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// atoi reads a whole number, 0 when absent or malformed.
func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimSpace(s))
	return n
}

// atof reads a decimal number, 0 when absent or malformed.
func atof(s string) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f
}
