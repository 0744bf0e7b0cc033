// Package moderation keeps a self-hosted community pleasant. Members report posts,
// comments and members (POST /api/reports) and block each other; moderators work in
// PocketBase's dashboard: they hide a post or comment (hidden = true), delete it, suspend
// a member (suspended = true) and resolve reports (status = resolved). This package owns
// those collections' routes and the rules every reading domain asks it: who a viewer must
// not see (Excluded), whether a post is visible (CanSeeActivity), and the SQL fragments the
// feed uses to leave hidden and suspended content out in the same query.
package moderation

import (
	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Collections this domain owns.
const (
	ReportsCollection = "reports"
	BlocksCollection  = "blocks"
)

// Register binds the report and block routes and the suspension guards to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(suspensionGuard())
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/reports", reportHandler)
		g.GET("/user/blocks", blocksHandler)
		g.POST("/users/{id}/block", blockHandler)
		g.DELETE("/users/{id}/block", unblockHandler)
		return se.Next()
	})
	// PocketBase's own sign-in routes (password, OAuth2, refresh) refuse a suspended member.
	app.OnRecordAuthRequest("users").BindFunc(func(e *core.RecordAuthRequestEvent) error {
		if e.Record.GetBool("suspended") {
			return e.ForbiddenError(auth.SuspendedMessage, nil)
		}
		return e.Next()
	})
}
