// Package hooks is CineCircle's one wiring point: Register binds every domain's routes,
// record hooks and cron jobs to the app. Nothing else binds behaviour.
package hooks

import (
	"io/fs"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/challenges"
	"cinecircle/hooks/collab"
	"cinecircle/hooks/comments"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/federation"
	"cinecircle/hooks/gifs"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/portability"
	"cinecircle/hooks/public"
	"cinecircle/hooks/replica"
	"cinecircle/hooks/scrobble"
	"cinecircle/hooks/security"
	"cinecircle/hooks/social"
	"cinecircle/hooks/tv"
	"cinecircle/hooks/web"
	"cinecircle/hooks/year"

	"github.com/pocketbase/pocketbase/core"
)

// Register wires every domain into app. ui is the built UI served at the site root.
func Register(app core.App, ui fs.FS) {
	security.Register(app)
	auth.Register(app)
	moderation.Register(app)
	catalog.Register(app)
	social.Register(app)
	diary.Register(app)
	gifs.Register(app)
	comments.Register(app)
	notify.Register(app)
	challenges.Register(app)
	collab.Register(app)
	tv.Register(app)
	lists.Register(app)
	portability.Register(app)
	scrobble.Register(app)
	year.Register(app)
	public.Register(app, ui)
	federation.Register(app)
	replica.Register(app)
	web.Register(app, ui)
}
