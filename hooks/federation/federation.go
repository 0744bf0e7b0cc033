// Package federation makes CineCircle members who opt in part of the fediverse
// (ActivityPub: Mastodon, NeoDB, GoToSocial, other CineCircles). The community is off
// until an admin turns federation on with the public URL actors are named by
// (federation_settings in the dashboard, or CINECIRCLE_FEDERATION and
// CINECIRCLE_PUBLIC_URL); then each member is off until they opt in, which needs their
// public profile. It serves discovery (WebFinger, NodeInfo, host-meta) and each federated
// member's actor, outbox and collections. It shows the fediverse exactly what visitors may
// see (hooks/public) and nothing of anyone else: a member who is not federated, not
// public or suspended, and everyone while the community is off, answers 404 on every
// route here, the same 404 as a handle that does not exist.
package federation

import (
	"database/sql"
	"errors"
	"net/url"
	"os"
	"strings"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/public"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Environment variables that configure federation (they win over the dashboard).
const (
	EnvFederation = "CINECIRCLE_FEDERATION" // "1" or "true" turns federation on
	EnvPublicURL  = "CINECIRCLE_PUBLIC_URL" // the https origin actors are named by
)

// Collections and the one settings record this package owns.
const (
	SettingsCollection = "federation_settings"
	SettingsID         = "federationsetup"
	keysCollection     = "federation_keys"
)

// errHidden is what every lookup answers for anything the fediverse may not see.
var errHidden = errors.New("not federated")

// Register binds the discovery, actor and inbox routes, the hook that gives a member
// their key pair when they opt in, the hooks that queue a federated member's posts for
// their remote followers (and the Delete of their actor when they delete their account),
// and the delivery worker (started with the server).
func Register(app core.App) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			r := se.Router
			r.GET("/.well-known/webfinger", webfinger)
			r.GET("/.well-known/nodeinfo", nodeinfoLinks)
			r.GET("/.well-known/host-meta", hostMeta)
			r.GET("/nodeinfo/2.1", nodeinfo)
			r.GET("/ap/users/{handle}", actor)
			r.GET("/ap/users/{handle}/outbox", outbox)
			r.GET("/ap/users/{handle}/followers", followers)
			r.GET("/ap/users/{handle}/following", following)
			r.GET("/ap/users/{handle}/posts/{id}", note)
			r.GET("/ap/users/{handle}/comments/{id}", commentNote)
			r.POST("/ap/users/{handle}/inbox", inbox)
			r.POST("/ap/inbox", sharedInbox)
			r.GET("/ap/actor", instanceActor)
			r.GET("/ap/avatars/{id}", remoteAvatar)
			r.GET("/api/federation/status", status).Bind(apis.RequireAuth(auth.UsersCollection))
			r.GET("/api/federation/lookup", lookup).Bind(apis.RequireAuth(auth.UsersCollection))
			r.GET("/api/federation/following", followingList).Bind(apis.RequireAuth(auth.UsersCollection))
			r.GET("/api/federation/requests", followRequests).Bind(apis.RequireAuth(auth.UsersCollection))
			r.POST("/api/federation/requests/{id}/accept", answerRequest(true)).Bind(apis.RequireAuth(auth.UsersCollection))
			r.POST("/api/federation/requests/{id}/reject", answerRequest(false)).Bind(apis.RequireAuth(auth.UsersCollection))
			startWorker(se.App)
			if c := configOf(se.App); c.requested && !c.On {
				se.App.Logger().Warn("Federation is turned on but has no public URL: set CINECIRCLE_PUBLIC_URL (or the dashboard's Application URL) to the https origin members are named by.")
			}
			return se.Next()
		},
		Priority: 900, // before the SPA's catch-all
	})
	bindPublishing(app)
	auth.OnLeave(app, farewell)
	bindTalkback(app)
	bindBlocks(app)
	app.OnRecordUpdate(auth.UsersCollection).BindFunc(acceptWaiting)
	app.OnRecordAfterUpdateSuccess("users").BindFunc(func(e *core.RecordEvent) error {
		if e.Record.GetBool("federated") && !e.Record.Original().GetBool("federated") {
			if _, err := ensureKey(e.App, e.Record); err != nil {
				e.App.Logger().Error("federation: generating a member's key failed (it is retried when their actor is read)", "user", e.Record.Id, "error", err)
			}
		}
		if err := leaveFollows(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: undoing a member's remote follows failed", "user", e.Record.Id, "error", err)
		}
		return e.Next()
	})
}

// Config is the community's federation setting as it applies now.
type Config struct {
	On   bool   // federation is turned on and has a public URL
	Base string // the public origin, e.g. https://films.example.org (no trailing slash)
	Host string // Base's host (and port, if any): the host in members' acct: addresses

	requested bool // turned on, whether or not a URL makes it work
}

// configOf reads the setting: the environment first, then the dashboard's record, and
// for the URL the dashboard's Application URL last. An unreadable record counts as off.
func configOf(app core.App) Config {
	var c Config
	env := strings.ToLower(strings.TrimSpace(os.Getenv(EnvFederation)))
	c.requested = env == "1" || env == "true"
	base := strings.TrimSpace(os.Getenv(EnvPublicURL))
	if r, err := app.FindRecordById(SettingsCollection, SettingsID); err == nil {
		c.requested = c.requested || r.GetBool("enabled")
		if base == "" {
			base = strings.TrimSpace(r.GetString("publicUrl"))
		}
	}
	if base == "" {
		if u := app.Settings().Meta.AppURL; !strings.Contains(u, "localhost:8090") {
			base = u
		}
	}
	c.Base, c.Host = origin(base)
	c.On = c.requested && c.Base != ""
	return c
}

// origin reduces a configured URL to its origin, or "" when it is not an absolute http(s)
// URL with a host.
func origin(raw string) (base, host string) {
	u, err := url.Parse(strings.TrimRight(raw, "/"))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return "", ""
	}
	host = strings.ToLower(u.Host)
	return u.Scheme + "://" + host, host
}

// Enable turns federation on for the community with publicURL: what an admin does in the
// dashboard, for the CLI and tests.
func Enable(app core.App, publicURL string) error {
	r, err := app.FindRecordById(SettingsCollection, SettingsID)
	if err != nil {
		return err
	}
	r.Set("enabled", true)
	r.Set("publicUrl", publicURL)
	return app.Save(r)
}

// Federated reports whether the fediverse may see member: they opted in and visitors may
// see them (public, with a handle, not suspended). An error counts as no.
func Federated(app core.App, member *core.Record) (bool, error) {
	if member == nil || !member.GetBool("federated") {
		return false, nil
	}
	return public.Visible(app, member)
}

// findFederated finds the federated member with handle while the community is on; every
// other case is errHidden, exactly like a handle that does not exist.
func findFederated(app core.App, c Config, handle string) (*core.Record, error) {
	if !c.On {
		return nil, errHidden
	}
	member, _, err := auth.FindByHandle(app, handle)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errHidden
	} else if err != nil {
		return nil, err
	}
	ok, err := Federated(app, member)
	if err != nil {
		return nil, err
	} else if !ok {
		return nil, errHidden
	}
	return member, nil
}

// hidden turns errHidden into the one 404 every hidden thing gets.
func hidden(e *core.RequestEvent, err error) error {
	if errors.Is(err, errHidden) {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	return err
}
