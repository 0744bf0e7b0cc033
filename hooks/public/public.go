// Package public serves what visitors (signed out) may see of members who chose a public
// profile: the pages /u/{handle}, /u/{handle}/review/{activityId},
// /u/{handle}/list/{listId} and /u/{handle}/year/{yyyy} (the SPA's index.html with the
// title, description, canonical URL, Open Graph and Twitter tags filled in on the server),
// their data for the SPA under /api/public/..., the RSS feed /u/{handle}/rss, the preview
// images under /og/ and robots.txt. Everything here goes through Visible: a member who is
// not public, or is suspended, has nothing here, and visitors never get emails, hidden
// posts or the names of companions who are not public themselves. Lists are read through
// hooks/lists' visitor rule (lists.Find with no viewer), which owns their visibility.
package public

import (
	"database/sql"
	"errors"
	"io/fs"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/memo"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Register binds the visitor pages, their data routes, RSS, robots.txt and /og/ images.
// ui is the built SPA, whose index.html the pages fill in.
func Register(app core.App, ui fs.FS) {
	pages := newPages(ui)
	data := profiles{cache: memo.New[Profile](app, 256)}
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			r := se.Router
			r.GET("/robots.txt", robotsHandler)
			r.GET("/u/{handle}", pages.profile)
			r.GET("/u/{handle}/review/{activityId}", pages.review)
			r.GET("/u/{handle}/year/{yyyy}", pages.year)
			r.GET("/u/{handle}/list/{listId}", pages.list)
			r.GET("/u/{handle}/rss", rssHandler)
			r.GET("/api/public/users/{handle}", data.profileJSON)
			r.GET("/api/public/users/{handle}/reviews/{activityId}", reviewJSON)
			r.GET("/api/public/users/{handle}/year/{yyyy}", yearJSON)
			r.GET("/api/public/users/{handle}/lists/{listId}", listJSON)
			r.GET("/og/review/{file}", ogReview)
			r.GET("/og/u/{file}", ogProfile)
			r.GET("/og/list/{file}", ogList)
			r.GET("/og/u/{handle}/year/{file}", ogYear)
			return se.Next()
		},
		Priority: 900, // before the SPA's catch-all
	})
}

// errHidden is what every lookup answers for anything a visitor may not see.
var errHidden = errors.New("not public")

// Visible reports whether visitors may see member: they chose a public profile and are
// not suspended. An error counts as no.
func Visible(app core.App, member *core.Record) (bool, error) {
	if member == nil || !member.GetBool("public") || member.GetString("handle") == "" {
		return false, nil
	}
	suspended, err := moderation.IsSuspended(app, member.Id)
	return !suspended, err
}

// VisibleRecord is Visible as the member's record itself says, without asking the
// database: for a hook that compares a member before and after a save, where the
// database already holds the new state for both.
func VisibleRecord(member *core.Record) bool {
	return member != nil && member.GetBool("public") && member.GetString("handle") != "" && !member.GetBool("suspended")
}

// findPublic finds the public member with handle; redirected says it is an old handle.
// A member who is not public is errHidden, exactly like one who does not exist.
func findPublic(app core.App, handle string) (member *core.Record, redirected bool, err error) {
	member, redirected, err = auth.FindByHandle(app, handle)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, errHidden
	} else if err != nil {
		return nil, false, err
	}
	ok, err := Visible(app, member)
	if err != nil {
		return nil, false, err
	}
	if !ok {
		return nil, false, errHidden
	}
	return member, redirected, nil
}

// findFor is findPublic for a request: a signed-in member on either side of a block with
// the member sees nothing of them here either.
func findFor(e *core.RequestEvent, handle string) (*core.Record, bool, error) {
	member, redirected, err := findPublic(e.App, handle)
	if err != nil || e.Auth == nil {
		return member, redirected, err
	}
	if blocked, err := moderation.Blocked(e.App, e.Auth.Id, member.Id); err != nil {
		return nil, false, err
	} else if blocked {
		return nil, false, errHidden
	}
	return member, redirected, nil
}
