package diary

import (
	"math"
	"strconv"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TVAnalytics is the TV part of a profile's analytics, counted from episode watches
// (hooks/tv's rows, read here: the diary owns the member's numbers).
type TVAnalytics struct {
	EpisodesPerMonth []int       `json:"episodesPerMonth"` // this year, January first
	TopShows         []ShowCount `json:"topShows"`         // most episodes watched first
	Hours            float64     `json:"hours"`            // all time: episode watches and reviewed episodes without one
}

// ShowCount is a show and how many of its episodes the member watched.
type ShowCount struct {
	ID         int     `json:"id"`
	Name       string  `json:"name"`
	PosterPath *string `json:"posterPath"`
	Episodes   int     `json:"episodes"`
}

// topShowsLimit is how many shows the analytics rank.
const topShowsLimit = 5

// tvAnalytics counts userID's TV: episodes per month of year (UTC), the shows with the
// most episodes watched, and hours.
func tvAnalytics(app core.App, userID string, year int) (TVAnalytics, error) {
	p := dbx.Params{"u": userID, "from": strconv.Itoa(year), "to": strconv.Itoa(year + 1)}
	out := TVAnalytics{EpisodesPerMonth: make([]int, 12), TopShows: []ShowCount{}}
	var months []struct {
		Month int `db:"month"`
		N     int `db:"n"`
	}
	err := app.DB().NewQuery(`SELECT CAST(substr(watchedAt, 6, 2) AS INTEGER) AS month, COUNT(*) AS n
		FROM episode_watches WHERE user = {:u} AND watchedAt >= {:from} AND watchedAt < {:to} GROUP BY month`).
		Bind(p).All(&months)
	if err != nil {
		return out, err
	}
	for _, m := range months {
		if m.Month >= 1 && m.Month <= 12 {
			out.EpisodesPerMonth[m.Month-1] = m.N
		}
	}
	var shows []struct {
		ID       int    `db:"tmdbId"`
		Name     string `db:"name"`
		Poster   string `db:"posterPath"`
		Episodes int    `db:"episodes"`
	}
	err = app.DB().NewQuery(`SELECT t.tmdbId, t.name, t.posterPath, w.episodes FROM (
			SELECT tvShow, COUNT(DISTINCT season || ':' || episode) AS episodes FROM episode_watches
			WHERE user = {:u} GROUP BY tvShow ORDER BY episodes DESC LIMIT {:limit}
		) w JOIN ` + catalog.TV.Collection() + ` t ON t.id = w.tvShow ORDER BY w.episodes DESC, t.name`).
		Bind(dbx.Params{"u": userID, "limit": topShowsLimit}).All(&shows)
	if err != nil {
		return out, err
	}
	for _, s := range shows {
		sc := ShowCount{ID: s.ID, Name: s.Name, Episodes: s.Episodes}
		if s.Poster != "" {
			sc.PosterPath = &s.Poster
		}
		out.TopShows = append(out.TopShows, sc)
	}
	out.Hours, err = tvHours(app, userID)
	return out, err
}

// tvHours is the member's TV time of all time, in hours to one decimal: each episode
// watch at its runtime, and each episode reviewed but never marked watched.
func tvHours(app core.App, userID string) (float64, error) {
	p := dbx.Params{"u": userID}
	var watchMinutes, reviewMinutes int
	if err := app.DB().NewQuery(`SELECT COALESCE(SUM(` + episodeMinutes + `), 0) FROM ` + episodeWatchesFrom + `
		WHERE w.user = {:u}`).Bind(p).Row(&watchMinutes); err != nil {
		return 0, err
	}
	if err := app.DB().NewQuery(`SELECT COALESCE(SUM(t.episodeRuntime), 0) FROM episode_reviews e
		JOIN tv_shows t ON t.id = e.tvShow WHERE e.user = {:u} AND ` + unwatchedReview).Bind(p).Row(&reviewMinutes); err != nil {
		return 0, err
	}
	return math.Round(float64(watchMinutes+reviewMinutes)/60*10) / 10, nil
}
