// Package comments owns the conversation under every post: threaded comments with text,
// GIFs and emoji, comment likes, and deleting by the author or the post's owner. It keeps
// activities.commentCount and comments.likeCount exact in the same transaction as the change.
package comments

import (
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
}
