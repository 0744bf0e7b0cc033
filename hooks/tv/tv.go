// Package tv owns episode tracking: which episodes members watched (episode_watches, one
// row per watch so rewatches keep their history), their progress per show (tv_progress,
// recounted in the transaction of every change so Up Next is one indexed query), the
// episode details the calendar needs (tv_episodes, cached from TMDB by a cron job), the
// private calendar feeds, the posts episode watches make, and the spoiler guard on
// episode reviews. A show's status stays the diary's: this package tells the diary when
// episode watches move it (NextStatus).
package tv

import (
	"context"
	"time"

	"cinecircle/hooks/security"
	"cinecircle/hooks/social"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the tv domain's routes, its feed decorator (the spoiler guard), the
// episode-review notices and the episode refresh job to app.
func Register(app core.App) {
	social.AddDecorator(app, decorateSpoilers)
	bindNotices(app)
	app.Cron().MustAdd(JobEpisodesRefresh, episodesSchedule, func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		if _, err := RefreshTracked(ctx, app); err != nil {
			app.Logger().Warn("tv: episode refresh", "error", err.Error())
		}
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		// Calendar apps fetch the feed without a session: its token is the credential,
		// kept out of the request log.
		se.Router.Bind(security.RedactSecretPath("cinecircleRedactCalendarToken", "/api/calendar/", "{token}.ics"))
		se.Router.GET("/api/calendar/{file}", icsHandler)
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/tv-shows/{id}/episodes/watched", markHandler)
		g.DELETE("/tv-shows/{id}/episodes/watched", unmarkHandler)
		g.GET("/tv-shows/{id}/progress", progressHandler)
		g.GET("/user/up-next", upNextHandler)
		g.GET("/user/calendar", calendarHandler)
		g.GET("/user/calendar-feed", feedHandler)
		g.POST("/user/calendar-feed", rotateFeedHandler)
		g.DELETE("/user/calendar-feed", revokeFeedHandler)
		return se.Next()
	})
}

// PlanQueries returns the hand-written queries of Up Next, the spoiler guard and the
// calendar, by name, for the plan test: it explains each.
func PlanQueries() map[string]string {
	return map[string]string{"up next": upNextSQL, "spoilers": spoilerSQL, "calendar": calendarSQL}
}
