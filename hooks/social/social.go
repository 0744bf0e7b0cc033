// Package social owns the follow graph: following and unfollowing members, the lists of
// whom you follow and who follows you, and friend suggestions.
package social

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the social domain's routes to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		member := apis.RequireAuth("users")
		se.Router.POST("/api/follow", follow).Bind(member)
		se.Router.DELETE("/api/follow/{userId}", unfollow).Bind(member)
		se.Router.GET("/api/user/following", following).Bind(member)
		se.Router.GET("/api/user/followers", followers).Bind(member)
		se.Router.GET("/api/suggested-friends", suggestedFriends).Bind(member)
		se.Router.GET("/api/users/suggestions", userSuggestions).Bind(member)
		return se.Next()
	})
}
