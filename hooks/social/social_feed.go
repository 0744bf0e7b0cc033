package social

import (
	"net/http"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Feed paging (SPEC §4 "pages of 20"; §9 "Feed page size 20").
const (
	DefaultPageSize = 20
	MaxPageSize     = 50
	// maxPage keeps the offset arithmetic far from overflow; no one scrolls this far.
	maxPage = 100000
)

// feedFilter picks one page of the viewer's feed: their own posts and those of the
// members they follow, newest first, ties broken by id so pages never overlap. The inner
// select reads only idx_activities_feed (user, created, id) for each followed member and
// sorts those keys; the outer query then reads just the page's rows by primary key. That
// sort over all followed members' keys is what deep pages pay for; a precomputed timeline
// (a later issue) removes it.
const feedFilter = `[[activities.id]] IN (
	SELECT f.id FROM activities f
	WHERE f.user IN (SELECT following FROM follows WHERE follower = {:viewer} UNION ALL SELECT {:viewer})
	ORDER BY f.created DESC, f.id DESC
	LIMIT {:limit} OFFSET {:offset})`

// Paging reads ?limit and ?page: limit defaults to 20 and is capped at 50 (zero, negative
// or junk mean the default); page starts at 1.
func Paging(e *core.RequestEvent) (limit, page int) {
	q := e.Request.URL.Query()
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit <= 0 {
		limit = DefaultPageSize
	}
	page, err = strconv.Atoi(q.Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	return min(limit, MaxPageSize), min(page, maxPage)
}

// FeedCursor says which page of a feed to read: Limit activities, either the ones right
// after the activity Before (keyset paging) or page Page (from 1).
type FeedCursor struct {
	Limit, Page int
	Before      string
}

// FeedRecords returns the activity records of one page of viewerID's feed.
func FeedRecords(app core.App, viewerID string, c FeedCursor) ([]*core.Record, error) {
	var records []*core.Record
	err := feedQuery(app, viewerID, c.Limit, max(1, c.Page)).All(&records)
	return records, err
}

// FeedPage returns page (from 1) of viewerID's feed, limit activities a page, shaped for
// the viewer. It costs three queries whatever the page size: the page, the authors, the
// viewer's likes.
func FeedPage(app core.App, viewerID string, limit, page int) ([]Activity, error) {
	records, err := FeedRecords(app, viewerID, FeedCursor{Limit: limit, Page: page})
	if err != nil {
		return nil, err
	}
	return LoadActivities(app, viewerID, records)
}

// feedQuery is the one query of a feed page (the plan test explains it).
func feedQuery(app core.App, viewerID string, limit, page int) *dbx.SelectQuery {
	return app.RecordQuery(ActivitiesCollection).
		AndWhere(dbx.NewExp(feedFilter, dbx.Params{"viewer": viewerID, "limit": limit, "offset": (page - 1) * limit})).
		OrderBy("activities.created DESC", "activities.id DESC")
}

// MemberPosts returns page (from 1) of memberID's own activities, newest first, shaped
// for viewerID: the posts on a profile.
func MemberPosts(app core.App, viewerID, memberID string, limit, page int) ([]Activity, error) {
	var records []*core.Record
	if err := memberPostsQuery(app, memberID, limit, page).All(&records); err != nil {
		return nil, err
	}
	return LoadActivities(app, viewerID, records)
}

// memberPostsQuery is the one query of a page of a member's posts; idx_activities_feed
// (user = ?, then created and id) serves its order without a sort.
func memberPostsQuery(app core.App, memberID string, limit, page int) *dbx.SelectQuery {
	return app.RecordQuery(ActivitiesCollection).
		AndWhere(dbx.HashExp{"activities.user": memberID}).
		OrderBy("activities.created DESC", "activities.id DESC").
		Limit(int64(limit)).Offset(int64((page - 1) * limit))
}

// feedHandler answers GET /api/feed?limit=20&page=N.
func feedHandler(e *core.RequestEvent) error {
	limit, page := Paging(e)
	out, err := FeedPage(e.App, e.Auth.Id, limit, page)
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
		if _, err := e.App.FindRecordById("users", id); err != nil {
			return e.NotFoundError("That member does not exist.", nil)
		}
	}
	limit, page := Paging(e)
	out, err := MemberPosts(e.App, e.Auth.Id, id, limit, page)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
