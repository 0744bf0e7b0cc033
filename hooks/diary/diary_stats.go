package diary

import (
	"math"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Stats is SPEC §3's monthly Stats shape, with the month's episode watches.
type Stats struct {
	MoviesWatchedThisMonth   int     `json:"moviesWatchedThisMonth"`
	EpisodesWatchedThisMonth int     `json:"episodesWatchedThisMonth"`
	ReviewsThisMonth         int     `json:"reviewsThisMonth"`
	HoursWatchedThisMonth    float64 `json:"hoursWatchedThisMonth"`
}

// monthBounds returns the first instant of now's month and of the next, in UTC.
func monthBounds(now time.Time) (string, string) {
	now = now.UTC()
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	const layout = "2006-01-02 15:04:05.000Z"
	return start.Format(layout), start.AddDate(0, 1, 0).Format(layout)
}

// episodeMinutes is an episode watch's (alias w) minutes: the episode's own runtime when
// TMDB gave one (tv_episodes, alias e), else its show's (alias t) episode runtime.
const episodeMinutes = `COALESCE(NULLIF(e.runtime, 0), t.episodeRuntime, 0)`

// episodeWatchesFrom joins episode watches (w) to their show (t) and cached episode (e).
const episodeWatchesFrom = `episode_watches w JOIN tv_shows t ON t.id = w.tvShow
	LEFT JOIN tv_episodes e ON e.tvShow = w.tvShow AND e.season = w.season AND e.episode = w.episode`

// unwatchedReview holds for an episode review (alias e) of an episode its author has no
// watch of: such a review still counts its show's episode runtime in hours (a review
// implies a watch), a watched one does not count twice.
const unwatchedReview = `NOT EXISTS (SELECT 1 FROM episode_watches x WHERE x.user = e.user AND x.tvShow = e.tvShow
	AND x.season = e.seasonNumber AND x.episode = e.episodeNumber)`

// MonthlyStats counts a member's month (UTC): movies watched (each diary watch, rewatches
// included), episodes watched (each episode watch, rewatches included), reviews (movie and
// show reviews in the diary plus episode reviews) and hours (movie runtimes, each episode
// watch's runtime, and the show runtime of reviewed episodes with no watch — a whole show
// marked watched has no dated episodes, so it adds no hours).
func MonthlyStats(app core.App, userID string, now time.Time) (Stats, error) {
	from, to := monthBounds(now)
	p := dbx.Params{"u": userID, "from": from, "to": to}
	var s Stats
	var movieMinutes, reviewMinutes, watchMinutes int
	err := app.DB().NewQuery(`
		SELECT COUNT(d.id), COALESCE(SUM(m.runtime), 0)
		FROM diary d JOIN movies m ON m.id = d.movie
		WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to}`).
		Bind(p).Row(&s.MoviesWatchedThisMonth, &movieMinutes)
	if err != nil {
		return s, err
	}
	err = app.DB().NewQuery(`SELECT COUNT(*), COALESCE(SUM(`+episodeMinutes+`), 0) FROM `+episodeWatchesFrom+`
		WHERE w.user = {:u} AND w.watchedAt >= {:from} AND w.watchedAt < {:to}`).
		Bind(p).Row(&s.EpisodesWatchedThisMonth, &watchMinutes)
	if err != nil {
		return s, err
	}
	var diaryReviews, episodeReviews int
	err = app.DB().NewQuery(`
		SELECT COUNT(*) FROM diary
		WHERE user = {:u} AND review != '' AND watchedAt >= {:from} AND watchedAt < {:to}`).
		Bind(p).Row(&diaryReviews)
	if err != nil {
		return s, err
	}
	err = app.DB().NewQuery(`
		SELECT COUNT(CASE WHEN e.review != '' THEN 1 END),
			COALESCE(SUM(CASE WHEN `+unwatchedReview+` THEN t.episodeRuntime ELSE 0 END), 0)
		FROM episode_reviews e JOIN tv_shows t ON t.id = e.tvShow
		WHERE e.user = {:u} AND e.created >= {:from} AND e.created < {:to}`).
		Bind(p).Row(&episodeReviews, &reviewMinutes)
	if err != nil {
		return s, err
	}
	s.ReviewsThisMonth = diaryReviews + episodeReviews
	s.HoursWatchedThisMonth = math.Round(float64(movieMinutes+watchMinutes+reviewMinutes)/60*10) / 10
	return s, nil
}

// statsHandler answers GET /api/user/stats.
func statsHandler(e *core.RequestEvent) error {
	s, err := MonthlyStats(e.App, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, s)
}
