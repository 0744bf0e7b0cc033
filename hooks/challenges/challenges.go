// Package challenges owns what members strive for: time-boxed challenges they join
// (progress recounted from their diary by record hooks), badges earned once
// (achievements), the leaderboards of their circle, and the scheduled jobs that roll the
// monthly challenges over and prune old notifications.
package challenges

import (
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Challenge types (SPEC §3 User challenge).
const (
	TypeEpisodes = "episode_count"
	TypeMovies   = "movie_count"
	TypeShows    = "tv_show_count"
	TypeGenres   = "genre_diversity"
)

// Cron job ids, as the dashboard lists them under Settings › Crons.
const (
	JobRollover           = "challengesRollover"
	JobNotificationsPrune = "notificationsPrune"
)

// dbLayout is how PocketBase stores dates; stored dates compare as strings in it.
const dbLayout = "2006-01-02 15:04:05.000Z"

// Register binds the challenges domain's routes, record hooks and cron jobs to app, and
// makes sure the current month's challenges exist when the server starts.
func Register(app core.App) {
	bindProgressHooks(app)

	app.Cron().MustAdd(JobRollover, "5 0 1 * *", func() {
		if _, err := EnsureMonth(app, time.Now()); err != nil {
			app.Logger().Error("challenges: monthly rollover", "error", err.Error())
		}
	})
	app.Cron().MustAdd(JobNotificationsPrune, "30 3 * * *", func() {
		if _, err := PruneNotifications(app, time.Now()); err != nil {
			app.Logger().Error("challenges: pruning notifications", "error", err.Error())
		}
	})

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if _, err := EnsureMonth(se.App, time.Now()); err != nil {
			se.App.Logger().Error("challenges: this month's challenges", "error", err.Error())
		}
		if _, err := RecountRunning(se.App, time.Now()); err != nil {
			se.App.Logger().Error("challenges: recounting progress", "error", err.Error())
		}
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.GET("/user/challenges", myChallengesHandler)
		g.GET("/challenges/available", availableHandler)
		g.POST("/challenges/{id}/join", joinHandler)
		g.DELETE("/challenges/{id}/join", leaveHandler)
		g.GET("/user/achievements", myAchievementsHandler)
		g.GET("/users/{id}/achievements", memberAchievementsHandler)
		g.GET("/user/rankings", rankingsHandler)
		return se.Next()
	})
}

// dbTime formats t as PocketBase stores dates.
func dbTime(t time.Time) string {
	return t.UTC().Format(dbLayout)
}

// isoTime formats a stored date as ISO 8601 (UTC, seconds), or "" when unset, as the
// other domains' routes do.
func isoTime(d types.DateTime) string {
	if d.IsZero() {
		return ""
	}
	return d.Time().UTC().Format(time.RFC3339)
}

// monthStart is the first instant of t's month in UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
