// Package security holds CineCircle's abuse limits: per-IP rate limits that are on by
// default, per-route request body limits, and the JSON body decoder every write route
// uses so that a malformed body is answered with a field-level 400, never a 500.
package security

import (
	"github.com/pocketbase/pocketbase/core"
)

// Register turns the default rate limits on (unless the admin configured their own) and
// binds the body limits to every route.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		if err := ApplyDefaultRateLimits(se.App); err != nil {
			return err
		}
		se.Router.Bind(bodyLimit())
		return se.Next()
	})
}
