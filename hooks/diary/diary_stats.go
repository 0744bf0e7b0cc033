package diary

import (
	"math"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Stats is SPEC §3's monthly Stats shape.
type Stats struct {
	MoviesWatchedThisMonth int     `json:"moviesWatchedThisMonth"`
	ReviewsThisMonth       int     `json:"reviewsThisMonth"`
	HoursWatchedThisMonth  float64 `json:"hoursWatchedThisMonth"`
}

// monthBounds returns the first instant of now's month and of the next, in UTC.
func monthBounds(now time.Time) (string, string) {
	now = now.UTC()
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	const layout = "2006-01-02 15:04:05.000Z"
	return start.Format(layout), start.AddDate(0, 1, 0).Format(layout)
}

// MonthlyStats counts a member's month (UTC): movies watched (each diary watch, rewatches
// included), reviews (movie and show reviews in the diary plus episode reviews) and hours
// (movie runtimes plus, for each reviewed episode, its show's episode runtime — a whole
// show marked watched has no dated episodes, so it adds no hours).
func MonthlyStats(app core.App, userID string, now time.Time) (Stats, error) {
	from, to := monthBounds(now)
	p := dbx.Params{"u": userID, "from": from, "to": to}
	var s Stats
	var movieMinutes, episodeMinutes int
	err := app.DB().NewQuery(`
		SELECT COUNT(d.id), COALESCE(SUM(m.runtime), 0)
		FROM diary d JOIN movies m ON m.id = d.movie
		WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to}`).
		Bind(p).Row(&s.MoviesWatchedThisMonth, &movieMinutes)
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
		SELECT COUNT(CASE WHEN e.review != '' THEN 1 END), COALESCE(SUM(t.episodeRuntime), 0)
		FROM episode_reviews e JOIN tv_shows t ON t.id = e.tvShow
		WHERE e.user = {:u} AND e.created >= {:from} AND e.created < {:to}`).
		Bind(p).Row(&episodeReviews, &episodeMinutes)
	if err != nil {
		return s, err
	}
	s.ReviewsThisMonth = diaryReviews + episodeReviews
	s.HoursWatchedThisMonth = math.Round(float64(movieMinutes+episodeMinutes)/60*10) / 10
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
