package bench

import (
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
func seedShows(tx core.App) ([]benchShow, error) {
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
	if err := catalog.SaveTitles(tx, extra...); err != nil {
		return nil, err
	}
	var rows []struct {
		ID      string `db:"id"`
		TMDB    int    `db:"tmdbId"`
		Seasons string `db:"seasons"`
	}
	if err := tx.DB().Select("id", "tmdbId", "seasons").From("tv_shows").
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
func seedTV(tx core.App, s Sizes, rng *rand.Rand, now time.Time) (int, error) {
	shows, err := seedShows(tx)
	if err != nil {
		return 0, err
	}
	var long benchShow
	for _, sh := range shows {
		if sh.tmdbID == LongShowID {
			long = sh
		}
	}
	type progress struct {
		user, watched, next int
		show                benchShow
		last                string
	}
	var watches [][]any
	var rows []progress
	total := 0
	flush := func() error {
		if len(watches) == 0 {
			return nil
		}
		_, err := insertMany(tx, "episode_watches", []string{"id", "user", "tvShow", "season", "episode", "watchedAt", "source", "created"},
			len(watches), func(i int) []any { return watches[i] })
		total += len(watches)
		watches = watches[:0]
		return err
	}
	watch := func(u int, sh benchShow, upTo int, start time.Time) progress {
		at := start
		for k := range upTo {
			se, ep := sh.episodeAt(k)
			at = at.Add(time.Duration(20+rng.IntN(200)) * time.Minute)
			stamp := at.Format(dbTime)
			watches = append(watches, []any{fmt.Sprintf("e%014d", total+len(watches)), id('u', u), sh.id, se, ep, stamp, "manual", stamp})
		}
		return progress{user: u, watched: upTo, next: upTo, show: sh, last: at.Format(dbTime)}
	}
	for u := 0; u < s.Users; u++ {
		budget := s.EpisodeWatchesPerUser/2 + rng.IntN(s.EpisodeWatchesPerUser+1)
		picked := map[string]bool{}
		switch u {
		case UpNextMember:
			for _, k := range rng.Perm(len(shows)) {
				if sh := shows[k]; len(picked) < UpNextShows && sh.total > 3 && sh.tmdbID != LongShowID {
					picked[sh.id] = true
					rows = append(rows, watch(u, sh, 1+rng.IntN(3), now.AddDate(0, 0, -rng.IntN(300)-2)))
				}
			}
			rows = append(rows, watch(u, long, long.total/2, now.AddDate(-1, 0, 0)))
			budget = 0
		}
		for budget > 0 {
			sh := shows[rng.IntN(len(shows))]
			if picked[sh.id] {
				continue
			}
			picked[sh.id] = true
			upTo := min(sh.total, 1+rng.IntN(min(budget, sh.total)))
			rows = append(rows, watch(u, sh, upTo, now.AddDate(0, 0, -rng.IntN(365))))
			budget -= upTo
		}
		if len(watches) >= 100_000 {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	_, err = insertMany(tx, "tv_progress", []string{"id", "user", "tvShow", "watched", "total", "nextSeason", "nextEpisode", "seasonCounts", "lastWatchedAt", "updated"},
		len(rows), func(i int) []any {
			p := rows[i]
			se, ep := p.show.episodeAt(p.next)
			counts, _ := json.Marshal(p.show.counts)
			return []any{fmt.Sprintf("p%014d", i), id('u', p.user), p.show.id, p.watched, p.show.total, se, ep, string(counts), p.last, p.last}
		})
	if err != nil {
		return 0, err
	}
	_, err = insertMany(tx, "watch_entries", []string{"id", "user", "tvShow", "status", "rating", "watchedAt", "created", "updated"},
		len(rows), func(i int) []any {
			p := rows[i]
			status, at := "currently_watching", ""
			if p.watched >= p.show.total {
				status, at = "watched", p.last
			}
			return []any{fmt.Sprintf("v%014d", i), id('u', p.user), p.show.id, status, 0, at, p.last, p.last}
		})
	return total, err
}
