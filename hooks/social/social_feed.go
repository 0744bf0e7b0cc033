package social

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/security"
	"cinecircle/hooks/sqlstmt"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Feed paging (SPEC §4 "pages of 20"; §9 "Feed page size 20").
const (
	DefaultPageSize = 20
	MaxPageSize     = 50
)

// feedPaging is how the feed and a member's posts read ?limit and ?page.
var feedPaging = security.PageRules{DefaultLimit: DefaultPageSize, MaxLimit: MaxPageSize}

// The feed is read in time windows, newest first. Each window asks idx_activities_feed
// (user, created, id) for the followed members' keys inside [lo, hi] only, so a page
// sorts the few hundred keys of the last hours instead of every key its members ever
// posted (which made page 1 scale with the members' history and page 50 twelve times
// slower). A window that holds too few posts is followed by an older one, each
// feedWindowGrowth times longer, until the page is full or the history ends; an empty
// window first jumps to the followed members' newest older post, so a quiet week costs
// one query, not a window per doubling.
const (
	feedFirstWindow  = 6 * time.Hour
	feedWindowGrowth = 4
	feedMaxWindows   = 8 // then one last window reaches back to the first post
	dbTime           = "2006-01-02 15:04:05.000Z"
)

// feedWindow selects the feed's keys in one window: created in [lo, hi], and strictly
// after the cursor (hi, hiID) when hiID is set. The range on created keeps the index
// search bounded; the id test only settles ties at hi.
//
// Moderation leaves out suspended members (no block can stand between follows: blocking
// ends them) and posts a moderator hid, except for their author; so are posts about a
// list that turned private (every reader of a feed follows the author, so followers-only
// posts may stay). Both lists come from
// partial indexes of a handful of rows, so the key search stays index-only.
//
// The app's connections keep this text prepared and plan it once whatever the values
// (hooks/sqlstmt). The bound values also carry a unary plus, which keeps ANALYZE's
// sqlite_stat4 samples out of the plan on a connection without that guarantee; the plan
// is fixed by INDEXED BY anyway, and the plus keeps the value a plain text comparison
// (the column's affinity applies).
const feedWindow = `f.user IN (` + feedMembers + `)
	AND f.created >= +{:lo} AND f.created <= +{:hi} AND (f.created < +{:hi} OR f.id < +{:hiID})
	AND (f.user = +{:viewer} OR f.id NOT IN (` + moderation.HiddenActivitiesSQL + ` UNION ALL ` + posts.PrivateSQL + `))
	AND (f.user != '' OR f.id IN (` + disownedForViewer + `))`

// feedMembers selects whose posts the viewer's feed holds: the members they follow who are
// not suspended, the viewer, and the empty author: the posts of members who deleted their
// account that stay (posts.Disown), each shown only to whom disownedForViewer names.
const feedMembers = `SELECT following FROM follows WHERE follower = +{:viewer} AND following NOT IN (` +
	moderation.SuspendedSQL + `) UNION ALL SELECT {:viewer} UNION ALL SELECT ''`

// disownedForViewer selects the posts without an author the viewer's feed holds: watches
// together a deleted member started, kept for the friends in them (hooks/collab), so each
// stays in those friends' feeds (idx_collaboration_participants_user and the
// collaborations' primary key answer it); and reviews from the fediverse by the remote
// actors the viewer follows (hooks/federation's federation_following, accepted follows,
// then idx_activities_remote, a covering partial index of the remote posts; CROSS JOIN
// keeps the viewer's follows the outer loop, which ANALYZE's statistics would otherwise
// turn into a scan of every remote post).
const disownedForViewer = `SELECT c.activity FROM collaboration_participants p JOIN collaborations c ON c.id = p.collaboration
	WHERE p.user = +{:viewer}
	UNION ALL SELECT r.id FROM federation_following ff CROSS JOIN activities r INDEXED BY idx_activities_remote
	ON r.remoteActor = ff.actor AND r.remoteActor != '' WHERE ff.user = +{:viewer} AND ff.state = 'accepted'`

// feedFilter picks up to limit activities of one window, newest first, ties broken by id
// so pages never overlap; the outer query reads just those rows by rowid (which every
// index entry carries), not by id, which would cost a search of the id index per row.
func feedFilter(limit int) string {
	return `[[activities.rowid]] IN (
	SELECT f.rowid FROM activities f INDEXED BY idx_activities_feed WHERE ` + feedWindow + `
	ORDER BY f.created DESC, f.id DESC ` + feedLimit(limit) + `)`
}

// feedLimit is the LIMIT clause of a feed query with the count written out (a bound LIMIT
// is planned for its value on a connection without hooks/sqlstmt's guarantee).
func feedLimit(limit int) string {
	return "LIMIT " + strconv.Itoa(limit)
}

// feedKey is a feed position: an activity's created time and id.
type feedKey struct {
	Created string `db:"created"`
	ID      string `db:"id"`
}

// newestBefore finds the newest post of the viewer's feed older than lo: one index seek
// per followed member (SQLite's max optimization needs the member fixed), or "" if none.
const newestBefore = `SELECT COALESCE(MAX((SELECT MAX(a.created) FROM activities a INDEXED BY idx_activities_feed
	WHERE a.user = fl.following AND a.created < {:lo})), '') FROM
	(` + feedMembers + `) fl`

// windows yields viewerID's feed windows older than (hi, hiID), newest first, until fn
// says stop (fn reports how many keys the window held). The first window ends at now
// when hi is empty, and is first long; with quiet it ends at the feed's newest post instead
// (one query for it, where a window ending now would be empty: see feedSpans).
func windows(app core.App, viewerID, hi, hiID string, first time.Duration, quiet bool, fn func(lo, hi, hiID string) (got int, stop bool, err error)) error {
	top := time.Now().UTC()
	if hi == "" {
		hi = "9999-12-31 23:59:59.999Z"
		if quiet {
			t, ok, err := newestPost(app, viewerID, hi)
			if err != nil || !ok {
				return err
			}
			top = t.Add(time.Millisecond)
		}
	} else if t, err := time.Parse(dbTime, hi); err == nil {
		top = t
	}
	span := first
	for i := 0; ; i++ {
		lo := top.Add(-span).Format(dbTime)
		if i == feedMaxWindows {
			lo = ""
		}
		got, stop, err := fn(lo, hi, hiID)
		if err != nil || stop || lo == "" {
			return err
		}
		// The next window holds what is strictly older than this one's lo.
		hi, hiID, top, span = lo, "", top.Add(-span), span*feedWindowGrowth
		if got == 0 {
			t, ok, err := newestPost(app, viewerID, lo)
			if err != nil || !ok {
				return err // nothing older: the feed ends here
			}
			top, span = t.Add(time.Millisecond), feedFirstWindow*time.Duration(1+i)
		}
	}
}

// newestPost returns the time of the newest post of viewerID's feed older than lo; ok is
// false when there is none.
func newestPost(app core.App, viewerID, lo string) (time.Time, bool, error) {
	var newest string
	if err := app.DB().NewQuery(newestBefore).Bind(dbx.Params{"viewer": viewerID, "lo": lo}).Row(&newest); err != nil {
		return time.Time{}, false, err
	}
	t, err := time.Parse(dbTime, newest)
	return t, err == nil, nil
}

// ErrBadCursor is returned for a `before` that names no activity.
var ErrBadCursor = errors.New("the cursor names no activity")

// FeedCursor says which page of a feed to read: Limit activities, either the ones right
// after the activity Before (keyset paging: ?before=ID, the last id of the page before)
// or page Page (from 1). It is the security.Page the route read.
type FeedCursor struct {
	Limit, Page int
	Before      string
}

// FeedRows returns the posts of one page of viewerID's feed. A numbered page first finds
// the key that ends the page before it (keys only, from the index), then reads like a
// cursor page, so page 50 costs about what page 1 does plus a thousand keys. Each page's
// first window is sized from the viewer's last page (feedSpans).
func FeedRows(app core.App, viewerID string, c FeedCursor) ([]posts.Row, error) {
	if c.Limit < 1 {
		return []posts.Row{}, nil
	}
	var hi, hiID string
	spans := feedSpansOf(app)
	switch {
	case c.Before != "":
		var k feedKey
		err := app.DB().Select("created", "id").From(posts.Collection).Where(dbx.HashExp{"id": c.Before}).One(&k)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrBadCursor
		} else if err != nil {
			return nil, err
		}
		hi, hiID = k.Created, k.ID
	case c.Page > 1:
		k, ok, err := feedKeyAt(app, viewerID, (c.Page-1)*c.Limit)
		if err != nil || !ok {
			return []posts.Row{}, err
		}
		hi, hiID = k.Created, k.ID
	}
	first, quiet := spans.firstWindow(viewerID)
	if hi != "" {
		first, quiet = spans.laterWindow(viewerID), false
	}
	rows := []posts.Row{}
	err := windows(app, viewerID, hi, hiID, first, quiet, func(lo, hi, hiID string) (int, bool, error) {
		got, err := feedPage(app, viewerID, lo, hi, hiID, c.Limit-len(rows))
		rows = append(rows, got...)
		return len(got), len(rows) >= c.Limit, err
	})
	if err == nil && len(rows) == c.Limit {
		if newest, oldest := rows[0].Created.Time(), rows[len(rows)-1].Created.Time(); hi == "" {
			spans.note(viewerID, time.Now(), newest, oldest)
		} else {
			spans.noteLater(viewerID, newest, oldest)
		}
	}
	return rows, err
}

// feedKeyAt returns the n-th key (from 1) of viewerID's feed, newest first; ok is false
// when the feed is shorter. It starts from the nearest key the page memo holds before n
// (reading on like a cursor page) and remembers the key it finds.
func feedKeyAt(app core.App, viewerID string, n int) (feedKey, bool, error) {
	memo := pageMemoOf(app)
	var from feedKey
	seen := 0
	var gen uint64
	if memo != nil {
		from, seen, gen = memo.nearest(viewerID, n)
		if seen == n {
			return from, true, nil
		}
	}
	last := from
	err := windows(app, viewerID, from.Created, from.ID, feedFirstWindow, false, func(lo, hi, hiID string) (int, bool, error) {
		var keys []feedKey
		err := app.DB().NewQuery("SELECT f.created, f.id FROM activities f INDEXED BY idx_activities_feed WHERE " + feedWindow +
			" ORDER BY f.created DESC, f.id DESC " + feedLimit(n-seen)).
			Bind(windowParams(viewerID, lo, hi, hiID)).All(&keys)
		if err != nil || len(keys) == 0 {
			return 0, false, err
		}
		seen += len(keys)
		last = keys[len(keys)-1]
		return len(keys), seen >= n, nil
	})
	ok := err == nil && seen >= n
	if ok && memo != nil {
		memo.store(viewerID, n, last, gen)
	}
	return last, ok, err
}

func windowParams(viewerID, lo, hi, hiID string) dbx.Params {
	return dbx.Params{"viewer": viewerID, "lo": lo, "hi": hi, "hiID": hiID}
}

// FeedPage returns page (from 1) of viewerID's feed, limit activities a page, shaped for
// the viewer. It costs three queries whatever the page size: the page, the authors, the
// viewer's likes.
func FeedPage(app core.App, viewerID string, limit, page int) ([]Activity, error) {
	rows, err := FeedRows(app, viewerID, FeedCursor{Limit: limit, Page: page})
	if err != nil {
		return nil, err
	}
	return LoadRows(app, viewerID, rows)
}

// FeedPageSQL is the query FeedRows reads up to limit posts of one feed window with:
// created from lo to hi, older than the key (hi, hiID) (windowParams). Its text depends on
// limit only, so the connections keep it prepared. Exported for the plan test, which
// explains it.
func FeedPageSQL(limit int) string {
	return `SELECT ` + posts.RowColumns + ` FROM activities WHERE ` + feedFilter(limit) +
		` ORDER BY activities.created DESC, activities.id DESC`
}

// feedPages holds FeedPageSQL of each page size, made once (sqlstmt.Text).
var feedPages = func() (texts [MaxPageSize + 1]sqlstmt.Text) {
	for limit := 1; limit <= MaxPageSize; limit++ {
		texts[limit] = sqlstmt.NewText(FeedPageSQL(limit))
	}
	return texts
}()

// feedPage reads up to limit posts of one window of viewerID's feed.
func feedPage(app core.App, viewerID, lo, hi, hiID string, limit int) ([]posts.Row, error) {
	rows, err := feedPages[min(limit, MaxPageSize)].Query(app.ConcurrentDB(), windowParams(viewerID, lo, hi, hiID))
	if err != nil {
		return nil, err
	}
	return posts.ScanRows(rows)
}

// MemberPosts returns page (from 1) of memberID's own activities, newest first, shaped
// for viewerID: the posts on a profile.
func MemberPosts(app core.App, viewerID, memberID string, limit, page int) ([]Activity, error) {
	found, err := MemberPostsQuery(app, viewerID, memberID, limit, page).Rows()
	if err != nil {
		return nil, err
	}
	rows, err := posts.ScanRows(found.Rows)
	if err != nil {
		return nil, err
	}
	return LoadRows(app, viewerID, rows)
}

// memberPostsHidden leaves out of another member's posts the ones a moderator hid and
// the ones about a list the viewer may not read: private ones, and followers-only ones
// unless the viewer follows the member.
const memberPostsHidden = ` AND activities.id NOT IN (` + moderation.HiddenActivitiesSQL + ` UNION ALL ` + posts.PrivateSQL +
	` UNION ALL ` + posts.RestrictedSQL + ` AND NOT EXISTS (SELECT 1 FROM follows WHERE follower = {:viewer} AND following = {:member}))`

// MemberPostsQuery is the one query of a page of a member's posts, as MemberPosts runs it
// (exported for the plan test); idx_activities_feed (user = ?, then created and id)
// serves its order without a sort. Posts a moderator hid are left out unless the viewer
// wrote them (memberPostsHidden).
func MemberPostsQuery(app core.App, viewerID, memberID string, limit, page int) *dbx.Query {
	where := `activities.user = {:member}`
	if memberID != viewerID {
		where += memberPostsHidden
	}
	return app.DB().NewQuery(`SELECT ` + posts.RowColumns + ` FROM activities WHERE ` + where +
		` ORDER BY activities.created DESC, activities.id DESC ` + feedLimit(limit) + ` OFFSET ` + strconv.Itoa((page-1)*limit)).
		Bind(dbx.Params{"viewer": viewerID, "member": memberID})
}

// feedHandler answers GET /api/feed?limit=20&page=N, or ?limit=20&before=ID for the
// page after the activity ID (keyset paging: the same cost at any depth).
func feedHandler(e *core.RequestEvent) error {
	page, err := security.ReadPage(e, feedPaging)
	if err != nil {
		return err
	}
	rows, err := FeedRows(e.App, e.Auth.Id, FeedCursor(page))
	if errors.Is(err, ErrBadCursor) {
		return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
			"before": validation.NewError("validation_bad_cursor", "before must be the id of an activity."),
		})
	}
	if err != nil {
		return err
	}
	out, err := LoadRows(e.App, e.Auth.Id, rows)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// memberPostsHandler answers GET /api/users/{id}/activities?page=N ("me" is the
// signed-in member): the posts on a profile, in the feed's shape.
func memberPostsHandler(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	if id != e.Auth.Id {
		_, err := moderation.FindVisibleMember(e.App, e.Auth.Id, id)
		if errors.Is(err, moderation.ErrNotVisible) {
			return e.NotFoundError("That member does not exist.", nil)
		} else if err != nil {
			return err
		}
	}
	page, err := security.ReadPage(e, feedPaging)
	if err != nil {
		return err
	}
	out, err := MemberPosts(e.App, e.Auth.Id, id, page.Limit, page.Page)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
