// Package collab owns watching together: when a member logs a title watched with friends,
// each friend rates in secret and every rating is revealed at once when all have rated
// (or after RevealAfter). It also owns recommendations of a title to friends.
package collab

import (
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/social"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// RevealAfter is how long a collaboration waits for ratings before it reveals those given.
const RevealAfter = 14 * 24 * time.Hour

// Register binds the collaboration hooks, the feed decorator, routes and the reveal job.
func Register(app core.App) {
	// A collaborative post opens its collaboration in the same transaction.
	app.OnRecordCreate("activities").BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		if strings.HasPrefix(e.Record.GetString("type"), "collaborative_") {
			return open(e.App, e.Record)
		}
		return nil
	})
	app.OnRecordAfterCreateSuccess("collaboration_participants").BindFunc(func(e *core.RecordEvent) error {
		if err := inviteNotice(e.App, e.Record); err != nil {
			e.App.Logger().Warn("collab: invitation notice", "error", err.Error())
		}
		return e.Next()
	})
	social.AddDecorator(app, decorate)
	// A member who deletes their account leaves the friends' ratings in their watches together.
	auth.OnLeave(app, leave)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/user-movies", rateHandler(catalog.Movie))
		g.POST("/tv-shows", rateHandler(catalog.TV))
		g.PATCH("/movies/{id}", editHandler(catalog.Movie))
		g.PATCH("/tv-shows/{id}", editHandler(catalog.TV))
		g.POST("/collaborations/{activityId}/decline", declineHandler)
		g.GET("/movies/{id}/friend-ratings", friendRatingsHandler(catalog.Movie))
		g.GET("/tv-shows/{id}/friend-ratings", friendRatingsHandler(catalog.TV))
		g.POST("/recommendations", recommendHandler)
		g.GET("/recommendations", recommendationsHandler)
		g.DELETE("/recommendations/{id}", dismissHandler)
		return se.Next()
	})
	app.Cron().MustAdd("collaborationsReveal", "17 * * * *", func() {
		if n, err := RevealExpired(app, time.Now()); err != nil {
			app.Logger().Warn("collab: reveal job", "error", err.Error())
		} else if n > 0 {
			app.Logger().Info("collab: revealed expired collaborations", "count", n)
		}
	})
}
