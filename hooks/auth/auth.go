// Package auth owns the session: sign-up and sign-in routes that set an HttpOnly cookie,
// the middleware that turns that cookie into PocketBase auth for every route (realtime
// included), and the member's own profile routes.
package auth

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register binds the auth domain's middleware, routes and record hooks to app.
func Register(app core.App) {
	registerSessionCache(app)
	registerLastSeen(app)
	registerLeaving(app)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(cookieAuth())
		if !ConfirmsByEmail(se.App) {
			se.App.Logger().Warn("Mail is not set up: sign-ups sign new members in at once and say when an address already has an account. Set up SMTP in the dashboard (Settings, Mail settings) to confirm sign-ups by email instead.")
		}

		se.Router.GET("/api/login", loginRedirect)
		se.Router.GET("/api/logout", logout)
		se.Router.POST("/api/auth/signup", signup)
		se.Router.POST("/api/auth/confirm-email", confirmEmail)
		se.Router.POST("/api/auth/confirm-email-change", confirmEmailChange)
		se.Router.POST("/api/auth/login", login)
		se.Router.POST("/api/auth/logout", logoutJSON)
		se.Router.POST("/api/auth/session", sessionFromToken).Bind(apis.RequireAuth(UsersCollection))

		user := se.Router.Group("/api/auth/user")
		user.Bind(apis.RequireAuth(UsersCollection))
		user.GET("", currentUser)
		user.PATCH("/name", updateName)
		user.POST("/password", changePassword)

		settings := se.Router.Group("/api/user")
		settings.Bind(apis.RequireAuth(UsersCollection))
		settings.GET("/settings", getSettings)
		settings.PATCH("/settings", patchSettings)
		settings.POST("/avatar", uploadAvatar).Bind(apis.BodyLimit(AvatarBodyLimit))
		settings.DELETE("/avatar", deleteAvatar)
		settings.DELETE("", deleteAccount)
		settings.POST("/email", changeEmail)
		settings.GET("/sessions", listSessions)
		settings.DELETE("/sessions/{id}", endSession)
		settings.DELETE("/sessions", endOtherSessions)
		settings.GET("/2fa", twoFactorStatus)
		settings.POST("/2fa/setup", setupTwoFactor)
		settings.POST("/2fa/enable", enableTwoFactor)
		settings.POST("/2fa/disable", disableTwoFactor)
		return se.Next()
	})

	app.OnFileDownloadRequest(UsersCollection).BindFunc(cacheAvatars)
	// PocketBase's own sign-in routes (password, OAuth2, OTP, refresh) cannot ask for the
	// second factor: a member who turned it on signs in through /api/auth/login only.
	app.OnRecordAuthRequest(UsersCollection).BindFunc(func(e *core.RecordAuthRequestEvent) error {
		if TwoFactorEnabled(e.Record) {
			return e.ForbiddenError(TwoFactorOnMessage, nil)
		}
		return e.Next()
	})

	// OAuth2 sign-ups bring a single display name: split it into first and last name.
	app.OnRecordCreate(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		splitOAuthName(e.Record)
		dropUnsafeAvatar(e.Record)
		return e.Next()
	})
	app.OnRecordUpdate(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		dropUnsafeAvatar(e.Record)
		return e.Next()
	})
}
