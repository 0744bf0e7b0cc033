package tv

import (
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ProgressJSON is GET /api/tv-shows/{id}/progress: the member's progress on a show, per
// season with a line per episode. Totals exclude the specials (season 0), which are listed
// with their own season totals when the catalog has them.
type ProgressJSON struct {
	Watched       int              `json:"watched"`
	Total         int              `json:"total"`
	Seasons       []SeasonProgress `json:"seasons"`
	Next          *EpisodeInfo     `json:"next"`
	Status        string           `json:"status"` // the member's status for the show ("" none)
	LastWatchedAt string           `json:"lastWatchedAt"`
}

// SeasonProgress is one season of a ProgressJSON.
type SeasonProgress struct {
	Season   int               `json:"season"`
	Watched  int               `json:"watched"`
	Total    int               `json:"total"`
	Episodes []EpisodeProgress `json:"episodes"`
}

// EpisodeProgress is one episode of a SeasonProgress: watched, when last, how often, and
// its name and air date when TMDB provides them.
type EpisodeProgress struct {
	Episode   int     `json:"episode"`
	Watched   bool    `json:"watched"`
	WatchedAt *string `json:"watchedAt"`
	Plays     int     `json:"plays"`
	Name      string  `json:"name,omitempty"`
	AirDate   string  `json:"airDate,omitempty"`
}

// EpisodeInfo names an episode with what the catalog knows of it.
type EpisodeInfo struct {
	Season  int    `json:"season"`
	Episode int    `json:"episode"`
	Name    string `json:"name,omitempty"`
	AirDate string `json:"airDate,omitempty"`
}

// episodeMeta is an episode's name, air date and runtime.
type episodeMeta struct {
	Season  int    `db:"season"`
	Episode int    `db:"episode"`
	Name    string `db:"name"`
	AirDate string `db:"airDate"`
	Runtime int    `db:"runtime"`
}

// ShowProgress builds the member's progress on a show in three indexed reads whatever its
// size: the watches (grouped per episode), the cached episode details and the entry.
func ShowProgress(app core.App, userID string, show *core.Record) (ProgressJSON, error) {
	seasons := catalog.ShowSeasons(show)
	l := LayoutOf(seasons)
	var plays []struct {
		Season  int    `db:"season"`
		Episode int    `db:"episode"`
		N       int    `db:"n"`
		Last    string `db:"last"`
	}
	err := app.DB().NewQuery(`SELECT season, episode, COUNT(*) AS n, MAX(watchedAt) AS last FROM episode_watches
		WHERE user = {:u} AND tvShow = {:s} GROUP BY season, episode`).
		Bind(dbx.Params{"u": userID, "s": show.Id}).All(&plays)
	if err != nil {
		return ProgressJSON{}, err
	}
	meta, err := showEpisodeMeta(app, show.Id, seasons)
	if err != nil {
		return ProgressJSON{}, err
	}
	entry, err := diary.ShowEntryOf(app, userID, show.Id)
	if err != nil {
		return ProgressJSON{}, err
	}
	type play struct {
		n    int
		last string
	}
	byEp := make(map[Ep]play, len(plays))
	watched := make(map[Ep]bool, len(plays))
	out := ProgressJSON{Total: l.Total(), Seasons: []SeasonProgress{}, Status: entry.Status}
	for _, p := range plays {
		byEp[Ep{p.Season, p.Episode}] = play{p.N, p.Last}
		watched[Ep{p.Season, p.Episode}] = true
		out.LastWatchedAt = max(out.LastWatchedAt, p.Last)
	}
	out.LastWatchedAt = ISOTime(out.LastWatchedAt)
	for _, s := range l.seasons {
		sp := SeasonProgress{Season: s, Total: l.counts[s], Episodes: make([]EpisodeProgress, 0, l.counts[s])}
		for _, e := range l.season(s) {
			m := meta[e]
			ep := EpisodeProgress{Episode: e.Episode, Name: m.Name, AirDate: m.AirDate}
			if p, ok := byEp[e]; ok {
				at := ISOTime(p.last)
				ep.Watched, ep.WatchedAt, ep.Plays = true, &at, p.n
				sp.Watched++
			}
			sp.Episodes = append(sp.Episodes, ep)
		}
		if s >= 1 {
			out.Watched += sp.Watched
		}
		out.Seasons = append(out.Seasons, sp)
	}
	if next, ok := l.Next(watched); ok {
		m := meta[next]
		out.Next = &EpisodeInfo{Season: next.Season, Episode: next.Episode, Name: m.Name, AirDate: m.AirDate}
	}
	return out, nil
}

// showEpisodeMeta returns what is known of a show's episodes: the episode cache
// (tv_episodes, kept by the refresh job), completed by the episodes the catalog cached
// with the show's seasons (a season page a member opened).
func showEpisodeMeta(app core.App, showID string, seasons []catalog.Season) (map[Ep]episodeMeta, error) {
	var rows []episodeMeta
	err := app.DB().NewQuery(`SELECT season, episode, name, airDate, runtime FROM tv_episodes WHERE tvShow = {:s}`).
		Bind(dbx.Params{"s": showID}).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[Ep]episodeMeta, len(rows))
	for _, s := range seasons {
		for _, e := range s.Episodes {
			m := episodeMeta{Season: s.SeasonNumber, Episode: e.EpisodeNumber, Name: e.Name, AirDate: e.AirDate}
			if e.Runtime != nil {
				m.Runtime = *e.Runtime
			}
			out[Ep{s.SeasonNumber, e.EpisodeNumber}] = m
		}
	}
	for _, r := range rows {
		out[Ep{r.Season, r.Episode}] = r
	}
	return out, nil
}

// UpNextItem is one show of GET /api/user/up-next.
type UpNextItem struct {
	Show          UpNextShow  `json:"show"`
	Next          EpisodeInfo `json:"next"`
	Watched       int         `json:"watched"`
	Total         int         `json:"total"`
	LastWatchedAt string      `json:"lastWatchedAt"`
	// SeasonCounts are the episode counts of seasons 1…, so the UI can advance a card to
	// the following episode before the server answers.
	SeasonCounts []int `json:"seasonCounts"`
}

// UpNextShow is the show of an UpNextItem.
type UpNextShow struct {
	ID         int     `json:"id"`
	Name       string  `json:"name"`
	PosterPath *string `json:"posterPath"`
}

// upNextLimit is how many shows Up Next lists at most.
const upNextLimit = 200

// upNextSQL is Up Next in one query: the member's progress rows on
// idx_tv_progress_up_next (user, lastWatchedAt), newest activity first, each with its show,
// its next episode's cached details and the member's entry (dropped and finished shows
// are not in progress), each of those by a unique index.
const upNextSQL = `SELECT t.tmdbId AS showId, t.name AS name, t.posterPath AS posterPath,
	p.nextSeason AS nextSeason, p.nextEpisode AS nextEpisode, p.watched AS watched, p.total AS total,
	p.lastWatchedAt AS lastWatchedAt, p.seasonCounts AS seasonCounts,
	COALESCE(e.name, '') AS episodeName, COALESCE(e.airDate, '') AS airDate
	FROM tv_progress p INDEXED BY idx_tv_progress_up_next
	JOIN tv_shows t ON t.id = p.tvShow
	LEFT JOIN tv_episodes e ON e.tvShow = p.tvShow AND e.season = p.nextSeason AND e.episode = p.nextEpisode
	LEFT JOIN watch_entries w ON w.user = p.user AND w.tvShow = p.tvShow AND w.tvShow != ''
	WHERE p.user = {:u} AND p.nextEpisode > 0 AND COALESCE(w.status, '') NOT IN ('dropped', 'watched')
	ORDER BY p.lastWatchedAt DESC LIMIT {:limit}`

// UpNext lists the shows userID is in the middle of, with the next episode of each,
// newest activity first. The rows are scanned by hand (a member may have hundreds).
func UpNext(app core.App, userID string, limit int) ([]UpNextItem, error) {
	rows, err := app.DB().NewQuery(upNextSQL).Bind(dbx.Params{"u": userID, "limit": limit}).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]UpNextItem, 0, 16)
	for rows.Next() {
		var it UpNextItem
		var poster, last string
		var counts sql.NullString
		if err := rows.Scan(&it.Show.ID, &it.Show.Name, &poster, &it.Next.Season, &it.Next.Episode, &it.Watched, &it.Total,
			&last, &counts, &it.Next.Name, &it.Next.AirDate); err != nil {
			return nil, err
		}
		if poster != "" {
			it.Show.PosterPath = &poster
		}
		it.LastWatchedAt = ISOTime(last)
		it.SeasonCounts = ParseSeasonCounts(counts.String)
		out = append(out, it)
	}
	return out, rows.Err()
}

// ParseSeasonCounts reads a progress row's seasonCounts, a JSON list of whole numbers as
// Layout.seasonCounts wrote it ("[10,13,13]"), without a JSON decoder; anything else
// goes through one. Never nil.
func ParseSeasonCounts(s string) []int {
	inner, ok := strings.CutPrefix(s, "[")
	if inner, ok2 := strings.CutSuffix(inner, "]"); ok && ok2 {
		out := make([]int, 0, strings.Count(inner, ",")+1)
		for f := range strings.SplitSeq(inner, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				out = nil
				break
			}
			out = append(out, n)
		}
		if out != nil && inner != "" {
			return out
		}
	}
	out := []int{}
	_ = json.Unmarshal([]byte(s), &out)
	if out == nil {
		out = []int{}
	}
	return out
}
