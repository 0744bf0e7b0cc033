// Package diary owns what members watch: watch entries (one current status per member
// and title), the dated diary of watches, episode reviews, the activities those changes
// post, and the member's numbers (stats, profile analytics).
package diary

import (
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the diary domain's routes to app, tells the catalog what members
// logged lately (its trending without TMDB), tells posting what a deleted episode
// review post takes with it and keeps the watched-with lists (diary_companions.go).
func Register(app core.App) {
	catalog.SetRecentLogs(app, RecentLogs)
	posts.OnDelete(app, EpisodeReviewPost, detachEpisodeReview)
	registerCompanions(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/user/movies", saveEntryHandler(catalog.Movie))
		g.POST("/user/tv-shows", saveEntryHandler(catalog.TV))
		g.GET("/user/movies", listEntriesHandler(catalog.Movie))
		g.GET("/user/tv-shows", listEntriesHandler(catalog.TV))
		g.DELETE("/user/movies/{id}", deleteEntryHandler(catalog.Movie))
		g.DELETE("/user/tv-shows/{id}", deleteEntryHandler(catalog.TV))
		g.GET("/user/stats", statsHandler)
		g.GET("/movies/{id}/ratings", communityRatingHandler(catalog.Movie))
		g.GET("/tv-shows/{id}/ratings", communityRatingHandler(catalog.TV))
		g.GET("/users/{id}/profile", profileHandler)
		g.GET("/users/{id}/diary", diaryHandler)
		g.POST("/tv-shows/{id}/episode-reviews", createEpisodeReview)
		g.GET("/tv-shows/{id}/episode-reviews", listEpisodeReviews)
		g.DELETE("/episode-reviews/{id}", deleteEpisodeReview)
		return se.Next()
	})
}

// RecentLogs lists the public ids of the titles of kind that members logged most since
// the given time: activities count, so a title many members logged outranks one
// member's re-saves.
func RecentLogs(app core.App, kind catalog.Kind, since time.Time, limit int) ([]int, error) {
	var ids []int
	err := app.DB().NewQuery(`
		SELECT t.tmdbId FROM activities a JOIN ` + kind.Collection() + ` t ON t.id = a.` + kind.RelationField() + `
		WHERE a.created >= {:since}
		GROUP BY t.tmdbId ORDER BY COUNT(DISTINCT a.user) DESC, COUNT(*) DESC, MAX(a.created) DESC
		LIMIT {:limit}`).
		Bind(dbx.Params{"since": since.UTC().Format("2006-01-02 15:04:05.000Z"), "limit": limit}).Column(&ids)
	return ids, err
}
