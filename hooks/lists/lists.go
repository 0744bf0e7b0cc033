// Package lists owns members' lists (issue #20): named, ranked or unranked lists of
// movies and shows, public to members, followers only or private, that the owner may
// open to editors they follow; and each member's four favourite films. It owns the
// lists, list_items, list_editors and favorites collections, posts about lists through
// hooks/posts, and answers moderation's question whether a post about a list may be read
// (CanView). Public pages read lists through Find, CanView and LoadDetail.
package lists

import (
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/social"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the list routes, the feed decorator, the post gate and the hook that keeps
// items' copy of their list's openness.
func Register(app core.App) {
	moderation.SetListGate(app, postGate)
	social.AddDecorator(app, decorate)
	diary.SetFriendsListsCounter(app, FriendsListsCount)
	app.OnRecordUpdate(Collection).BindFunc(keepItemsOpen)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/lists", createHandler)
		g.GET("/lists/{id}", getHandler)
		g.PATCH("/lists/{id}", updateHandler)
		g.DELETE("/lists/{id}", deleteHandler)
		g.POST("/lists/{id}/items", addItemHandler)
		g.PATCH("/lists/{id}/items/{itemId}", patchItemHandler)
		g.DELETE("/lists/{id}/items/{itemId}", removeItemHandler)
		g.POST("/lists/{id}/editors", addEditorHandler)
		g.DELETE("/lists/{id}/editors/{userId}", removeEditorHandler)
		g.GET("/users/{id}/lists", memberListsHandler)
		g.GET("/user/lists", myListsHandler)
		g.GET("/movies/{id}/lists", titleListsHandler(catalog.Movie))
		g.GET("/tv-shows/{id}/lists", titleListsHandler(catalog.TV))
		g.GET("/movies/{id}/lists/count", titleCountHandler(catalog.Movie))
		g.GET("/tv-shows/{id}/lists/count", titleCountHandler(catalog.TV))
		g.GET("/user/favorites", myFavoritesHandler)
		g.PUT("/user/favorites", putFavoritesHandler)
		g.GET("/users/{id}/favorites", memberFavoritesHandler)
		return se.Next()
	})
}
