// Package scrobble logs what members watch on their own media servers: each member has a
// personal webhook (/api/scrobble/{token}) that Jellyfin, Plex, Emby and Kodi post plays
// to. A film played far enough becomes a diary watch, an episode an episode watch, matched
// as imports match; a play that matches nothing waits on the import page to be matched by
// hand. It owns scrobble_settings (the token's hash and the member's preferences, and the
// 'watching now' state) and scrobble_plays (the plays counted lately, for the dedupe).
package scrobble

import (
	"net/http"
	"time"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// collection is where members' settings live.
const collection = "scrobble_settings"

// webhookPrefix is the webhook's path up to the token.
const webhookPrefix = "/api/scrobble/"

// JobPrune names the cron job that forgets counted plays once no report of them can
// still arrive.
const JobPrune = "scrobblePrune"

// Register binds the webhook, the settings routes, the 'watching now' routes, the
// redaction of tokens from the request log and the prune job to app.
func Register(app core.App) {
	app.Cron().MustAdd(JobPrune, "17 4 * * *", func() {
		if err := Prune(app, time.Now()); err != nil {
			app.Logger().Warn("scrobble: pruning counted plays", "error", err.Error())
		}
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(security.RedactSecretPath("cinecircleRedactScrobbleToken", webhookPrefix, "{token}"))
		// Media servers post without a session: the token in the address is the credential.
		se.Router.POST(webhookPrefix+"{token}", webhookHandler).Bind(apis.BodyLimit(MaxBody))
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.GET("/user/scrobble", settingsHandler)
		g.PATCH("/user/scrobble", patchHandler)
		g.POST("/user/scrobble/rotate", rotateHandler)
		g.GET("/users/{id}/watching", watchingHandler)
		g.GET("/user/watching-now", followingWatchingHandler)
		return se.Next()
	})
}

// Prune forgets counted plays older than two days: a report of a play arrives within
// hours, and a day key two days old cannot collide with a new play.
func Prune(app core.App, now time.Time) error {
	_, err := app.DB().Delete("scrobble_plays", dbx.NewExp("created < {:t}",
		dbx.Params{"t": now.AddDate(0, 0, -2).UTC().Format("2006-01-02 15:04:05.000Z")})).Execute()
	return err
}

// WebhookJSON is the webhook's 202 answer: what became of the play.
type WebhookJSON struct {
	Outcome Outcome `json:"outcome"`
}

// notFound is the answer to a wrong, rotated or switched-off token: the very answer
// PocketBase gives a POST to any address that does not exist, so a guesser learns nothing.
func notFound(e *core.RequestEvent) error {
	return e.NotFoundError("", nil)
}

// webhookHandler answers POST /api/scrobble/{token}: 202 when a play was recorded (or
// already was) or queued for matching, or 'watching now' was set; 204 when the event is
// ignored (other events, other media, a play stopped early); 400 naming what is wrong
// with a malformed payload; 404 for a wrong token; 429 past the token's rate limit.
func webhookHandler(e *core.RequestEvent) error {
	s, err := byToken(e.App, e.Request.PathValue("token"))
	if err != nil {
		return err
	}
	if s == nil {
		return notFound(e)
	}
	if !limiter.allow(s.GetString("tokenHash"), time.Now()) {
		return e.TooManyRequestsError("Too many plays reported at once for this address. Try again in a minute.", nil)
	}
	p, err := readPlay(e)
	if err != nil {
		return err
	}
	now := time.Now()
	switch p.Event {
	case Started:
		if set, err := startWatching(e.Request.Context(), e.App, s, p, now); err != nil || !set {
			return cmpNoContent(e, err)
		}
		return e.JSON(http.StatusAccepted, WebhookJSON{Outcome: Watching})
	case Stopped, Scrobbled:
		if err := stopWatching(e.App, s); err != nil {
			return err
		}
		out, err := Record(e.Request.Context(), e.App, s, p, now)
		if err != nil {
			return err
		}
		if out == TooShort {
			return e.NoContent(http.StatusNoContent)
		}
		return e.JSON(http.StatusAccepted, WebhookJSON{Outcome: out})
	}
	return e.NoContent(http.StatusNoContent)
}

// cmpNoContent answers err when there is one, else 204.
func cmpNoContent(e *core.RequestEvent, err error) error {
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
