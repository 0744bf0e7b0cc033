package bench

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The TV part of the data set (issue #19): every member follows a handful of shows, each
// watched in order from the pilot to some point (about EpisodeWatchesPerUser watches per
// member: 5M at 10,000 members), with the progress row and watch entry the app keeps for
// each; one member (UpNextMember) is in the middle of UpNextShows shows, the Up Next
// target; a 20-season show (LongShowID) is half watched by that member, the TV page
// target; and BingeShows fresh 60-episode shows wait for the catch-up workload.
const (
	// UpNextMember is the index of the member with UpNextShows shows in progress.
	UpNextMember = 42
	UpNextShows  = 200
	// LongShowID is the public id of the 20-season show.
	LongShowID = catalog.LocalIDFloor + 900_000_000
	// BingeShowFloor is the public id of the first of BingeShows shows of 3 × 20
	// episodes that nobody has watched.
	BingeShowFloor = catalog.LocalIDFloor + 900_000_100
	BingeShows     = 500
)

// benchShow is a show the seed draws from: its record id and episode counts.
type benchShow struct {
	id     string
	tmdbID int
	counts []int
	total  int
}

// episodeAt returns the k-th episode (0-based) of the show in watching order.
func (s benchShow) episodeAt(k int) (int, int) {
	for i, n := range s.counts {
		if k < n {
			return i + 1, k + 1
		}
		k -= n
	}
	return 0, 0
}

// seedShows adds the long show and the binge shows, and returns every show to draw from.
func seedShows(app core.App) ([]benchShow, error) {
	var extra []catalog.Title
	long := catalog.Title{Kind: catalog.TV, ID: LongShowID, Title: "The Long Runner", Year: 2001, Runtime: 42, Source: catalog.SourceImport,
		Status: catalog.StatusReturning, Genres: []string{"Drama"}}
	for s := 1; s <= 20; s++ {
		long.Seasons = append(long.Seasons, catalog.Season{SeasonNumber: s, EpisodeCount: 22, Name: fmt.Sprintf("Season %d", s)})
	}
	long.NumberOfSeasons = 20
	extra = append(extra, long)
	for i := range BingeShows {
		b := catalog.Title{Kind: catalog.TV, ID: BingeShowFloor + i, Title: fmt.Sprintf("Binge Show %d", i+1), Year: 2020, Runtime: 30,
			Source: catalog.SourceImport, Status: catalog.StatusEnded, EndDate: "2022", Genres: []string{"Comedy"}, NumberOfSeasons: 3}
		for s := 1; s <= 3; s++ {
			b.Seasons = append(b.Seasons, catalog.Season{SeasonNumber: s, EpisodeCount: 20, Name: fmt.Sprintf("Season %d", s)})
		}
		extra = append(extra, b)
	}
	if err := catalog.SaveTitles(app, extra...); err != nil {
		return nil, err
	}
	var rows []struct {
		ID      string `db:"id"`
		TMDB    int    `db:"tmdbId"`
		Seasons string `db:"seasons"`
	}
	if err := app.DB().Select("id", "tmdbId", "seasons").From("tv_shows").
		Where(dbx.NewExp("tmdbId < {:binge}", dbx.Params{"binge": BingeShowFloor})).OrderBy("tmdbId").All(&rows); err != nil {
		return nil, err
	}
	var shows []benchShow
	for _, r := range rows {
		var seasons []catalog.Season
		_ = json.Unmarshal([]byte(r.Seasons), &seasons)
		s := benchShow{id: r.ID, tmdbID: r.TMDB}
		for _, se := range seasons {
			if se.SeasonNumber >= 1 && se.EpisodeCount > 0 {
				s.counts = append(s.counts, se.EpisodeCount)
				s.total += se.EpisodeCount
			}
		}
		if s.total > 0 {
			shows = append(shows, s)
		}
	}
	return shows, nil
}

// seedTV writes the episode watches, progress rows and TV watch entries.
func seedTV(tx *sql.Tx, s Sizes, rng *rand.Rand, shows []benchShow, now time.Time) (int, error) {
	var long benchShow
	for _, sh := range shows {
		if sh.tmdbID == LongShowID {
			long = sh
		}
	}
	watches := newInserter(tx, "episode_watches", "id", "user", "tvShow", "season", "episode", "watchedAt", "source", "created")
	progress := newInserter(tx, "tv_progress", "id", "user", "tvShow", "watched", "total", "nextSeason", "nextEpisode", "seasonCounts", "lastWatchedAt", "updated")
	entries := newInserter(tx, "watch_entries", "id", "user", "tvShow", "status", "rating", "watchedAt", "created", "updated")
	counts := map[string]string{}
	for _, sh := range shows {
		b, _ := json.Marshal(sh.counts)
		counts[sh.id] = string(b)
	}
	// watch writes member u's watches of sh's first upTo episodes from start on, with the
	// show's progress row and watch entry.
	watch := func(u int, sh benchShow, upTo int, start time.Time) {
		at := start
		for k := range upTo {
			se, ep := sh.episodeAt(k)
			at = at.Add(time.Duration(20+rng.IntN(200)) * time.Minute)
			stamp := at.Format(dbTime)
			watches.add(id('e', watches.rows), id('u', u), sh.id, se, ep, stamp, "manual", stamp)
		}
		last := at.Format(dbTime)
		se, ep := sh.episodeAt(upTo)
		progress.add(id('p', progress.rows), id('u', u), sh.id, upTo, sh.total, se, ep, counts[sh.id], last, last)
		status, watchedAt := "currently_watching", ""
		if upTo >= sh.total {
			status, watchedAt = "watched", last
		}
		entries.add(id('v', entries.rows), id('u', u), sh.id, status, 0, watchedAt, last, last)
	}
	picked := map[string]bool{}
	for u := range s.Users {
		budget := s.EpisodeWatchesPerUser/2 + rng.IntN(s.EpisodeWatchesPerUser+1)
		clear(picked)
		if u == UpNextMember {
			for _, k := range rng.Perm(len(shows)) {
				if sh := shows[k]; len(picked) < UpNextShows && sh.total > 3 && sh.tmdbID != LongShowID {
					picked[sh.id] = true
					watch(u, sh, 1+rng.IntN(3), now.AddDate(0, 0, -rng.IntN(300)-2))
				}
			}
			watch(u, long, long.total/2, now.AddDate(-1, 0, 0))
			budget = 0
		}
		for budget > 0 && len(picked) < len(shows) {
			sh := shows[rng.IntN(len(shows))]
			if picked[sh.id] {
				continue
			}
			picked[sh.id] = true
			upTo := min(sh.total, 1+rng.IntN(min(budget, sh.total)))
			watch(u, sh, upTo, now.AddDate(0, 0, -rng.IntN(365)))
			budget -= upTo
		}
	}
	if _, err := closeAll(progress, entries); err != nil {
		return 0, err
	}
	return watches.close()
}
