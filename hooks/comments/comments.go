// Package comments owns the conversation under every post: threaded comments with text,
// GIFs and emoji, comment likes, and deleting by the author or the post's owner. It keeps
// activities.commentCount and comments.likeCount exact in the same transaction as the change.
package comments

import (
	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the comment routes to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.GET("/activities/{id}/comments", listHandler)
		g.POST("/activities/{id}/comments", createHandler)
		g.POST("/comments/{id}/like", likeHandler)
		g.DELETE("/comments/{id}", deleteHandler)
		return se.Next()
	})
	// A moderator deletes, hides or restores a comment in the dashboard, outside our
	// routes: once the change commits, the post's count is set from its rows again.
	recount := func(e *core.RecordEvent) error {
		if err := RecountComments(e.App, e.Record.GetString("activity")); err != nil {
			e.App.Logger().Warn("comments: recount", "error", err.Error())
		}
		return e.Next()
	}
	app.OnRecordAfterDeleteSuccess("comments").BindFunc(recount)
	// A member who deletes their account leaves the replies under their comments.
	auth.OnLeave(app, keepReplies)
	app.OnRecordAfterUpdateSuccess("comments").BindFunc(recount)
}

// RecountComments sets the activity's commentCount from its comment rows, leaving out
// those a moderator hid and the replies under them (the card counts what its readers can
// open). A deleted activity is simply not updated. It writes through the one write
// connection: app.DB() sends a statement that starts with WITH to the read pool, where
// this UPDATE, run after a comment's deletion committed, raced the writer and failed
// other members' writes with "database is locked (517)".
func RecountComments(app core.App, activityID string) error {
	_, err := app.NonconcurrentDB().NewQuery(`
		WITH RECURSIVE gone(id) AS (
			SELECT id FROM comments WHERE activity = {:a} AND hidden = TRUE
			UNION SELECT c.id FROM comments c JOIN gone g ON c.parent = g.id)
		UPDATE activities SET commentCount =
			(SELECT COUNT(*) FROM comments WHERE activity = {:a}) - (SELECT COUNT(*) FROM gone)
		WHERE id = {:a}`).Bind(dbx.Params{"a": activityID}).Execute()
	return err
}
