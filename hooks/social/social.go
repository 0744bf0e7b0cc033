// Package social owns what members do with each other: the follow graph and friend
// suggestions, invite links, the feed of activities, likes, and the author's edit and
// delete of their posts.
package social

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the social domain's routes and record hooks to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		member := apis.RequireAuth("users")
		se.Router.POST("/api/follow", follow).Bind(member)
		se.Router.DELETE("/api/follow/{userId}", unfollow).Bind(member)
		se.Router.GET("/api/user/following", following).Bind(member)
		se.Router.GET("/api/user/followers", followers).Bind(member)
		se.Router.GET("/api/suggested-friends", suggestedFriends).Bind(member)
		se.Router.GET("/api/users/suggestions", userSuggestions).Bind(member)

		se.Router.GET("/api/feed", feedHandler).Bind(member, apis.SkipSuccessActivityLog())
		se.Router.GET("/api/users/{id}/activities", memberPostsHandler).Bind(member)
		se.Router.GET("/api/activities/{id}", activityHandler).Bind(member)
		se.Router.PATCH("/api/activities/{id}", updateActivityHandler).Bind(member)
		se.Router.DELETE("/api/activities/{id}", deleteActivityHandler).Bind(member)
		se.Router.POST("/api/activities/{id}/like", likeHandler).Bind(member)
		se.Router.DELETE("/api/activities/{id}/like", unlikeHandler).Bind(member)
		return se.Next()
	})

	app.OnRecordCreate(LikesCollection).BindFunc(countLikes)
	app.OnRecordDelete(LikesCollection).BindFunc(countLikes)
	app.OnRecordAfterCreateSuccess("users").BindFunc(followInviter)
	registerPopular(app)
	registerSuggestMemo(app)
	registerAuthorCache(app)
	registerPageMemo(app)
	registerFeedSpans(app)
}
