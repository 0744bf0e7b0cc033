package bench

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The TV workloads (issue #19): marking an episode and a 60-episode catch-up as the author
// with about 500 followers, Up Next for the member with UpNextShows shows in progress, and
// the TV page with progress of the 20-season show.

// Names of the TV workloads, as RESULTS.md lists them and its targets find them.
const (
	wlMarkEpisode = "mark an episode watched (author with %d followers)"
	wlCatchUp     = "mark all up to here, 60 episodes (author with %d followers)"
	wlUpNext      = "Up Next (%d shows in progress)"
	wlTVPage      = "TV page with progress (20 seasons: details + progress)"
)

// tvWorkloads measures the TV workloads; n is the serial request count.
func (f *fixture) tvWorkloads(app core.App, n int, password string, progress func(Stat)) ([]Stat, error) {
	var out []Stat
	add := func(s Stat) { out = append(out, s); progress(s) }
	upNext, err := f.c.login(fmt.Sprintf("member%d@bench.example.com", UpNextMember), password)
	if err != nil {
		return nil, err
	}
	// Shows the author has not started, in order, with their episode counts per season.
	var fresh []struct {
		TMDB    int    `db:"tmdbId"`
		Seasons string `db:"seasons"`
	}
	err = app.DB().NewQuery(`SELECT t.tmdbId, t.seasons FROM tv_shows t WHERE t.tmdbId < {:binge}
		AND NOT EXISTS (SELECT 1 FROM tv_progress p WHERE p.user = {:u} AND p.tvShow = t.id) ORDER BY t.tmdbId`).
		Bind(dbx.Params{"u": f.author.ID, "binge": BingeShowFloor}).All(&fresh)
	if err != nil || len(fresh) == 0 {
		return nil, fmt.Errorf("shows for the author to mark: %v (%d)", err, len(fresh))
	}
	// One request per episode, the author's next unwatched one across fresh shows: each is
	// a new watch (a post per show, updated while the burst lasts).
	type markRequest struct {
		show int
		body map[string]int
	}
	var next []markRequest
	for _, s := range fresh {
		var seasons []struct {
			SeasonNumber int `json:"seasonNumber"`
			EpisodeCount int `json:"episodeCount"`
		}
		_ = json.Unmarshal([]byte(s.Seasons), &seasons)
		for _, se := range seasons {
			for e := 1; se.SeasonNumber >= 1 && e <= se.EpisodeCount && len(next) < n; e++ {
				next = append(next, markRequest{s.TMDB, map[string]int{"season": se.SeasonNumber, "episode": e}})
			}
		}
	}
	mark := func(w, i int) error {
		r := next[i%len(next)]
		return f.c.do(f.author, http.MethodPost, fmt.Sprintf("/api/tv-shows/%d/episodes/watched", r.show), r.body, nil)
	}
	s := f.measure(fmt.Sprintf(wlMarkEpisode, f.authorFollowers), 1, min(n, len(next)), mark)
	s.Note = "serial; a new watch each time, recounted in its transaction; a show's first episode posts (fan-out to the followers)"
	add(s)
	binges := min(n/4, BingeShows)
	catchUp := func(w, i int) error {
		return f.c.do(f.author, http.MethodPost, fmt.Sprintf("/api/tv-shows/%d/episodes/watched", BingeShowFloor+i),
			map[string]any{"upTo": map[string]int{"season": 3, "episode": 20}}, nil)
	}
	s = f.measure(fmt.Sprintf(wlCatchUp, f.authorFollowers), 1, binges, catchUp)
	s.Note = "serial; 60 new watches, one post and one progress row per request, one transaction"
	add(s)
	up := func(w, i int) error { return f.c.do(upNext, http.MethodGet, "/api/user/up-next", nil, nil) }
	add(f.measure(fmt.Sprintf(wlUpNext, UpNextShows), 1, n, up))
	add(f.measure(fmt.Sprintf(wlUpNext, UpNextShows), 8, 4*n, up))
	page := func(w, i int) error {
		if err := f.c.do(upNext, http.MethodGet, fmt.Sprintf("/api/tv-shows/%d", LongShowID), nil, nil); err != nil {
			return err
		}
		return f.c.do(upNext, http.MethodGet, fmt.Sprintf("/api/tv-shows/%d/progress", LongShowID), nil, nil)
	}
	add(f.measure(wlTVPage, 1, n, page))
	return out, nil
}
