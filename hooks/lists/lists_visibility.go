package lists

import (
	"cmp"
	"database/sql"
	"errors"

	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Visibilities of a list.
const (
	Public    = "public"    // every member of the community
	Followers = "followers" // the owner's followers
	Private   = "private"   // the owner and editors only
)

// Role is what a viewer is to a list; what they may do follows from it and the list's
// visibility (Allows). Public pages (#21) add their visitor rule in Allows only.
type Role string

// The roles, from most to least trusted.
const (
	RoleOwner    Role = "owner"
	RoleEditor   Role = "editor"
	RoleFollower Role = "follower" // a member who follows the owner
	RoleMember   Role = "member"   // any other signed-in member
	RoleVisitor  Role = "visitor"  // nobody signed in, reading a member who chose a public profile
	RoleExcluded Role = "excluded" // blocked either way, or the list or its owner is moderated away
)

// Allows reports whether role may read a list of visibility. A visitor reads the public
// lists of a member who chose a public profile (RoleOf makes anyone else's visitor
// Excluded); a suspended owner's or a hidden list is read by nobody but its owner
// (Excluded covers them).
func Allows(visibility string, role Role) bool {
	switch role {
	case RoleOwner, RoleEditor:
		return true
	case RoleFollower:
		return visibility == Public || visibility == Followers
	case RoleMember, RoleVisitor:
		return visibility == Public
	}
	return false
}

// ownerIsPublic reports whether the owner chose a public profile (public pages, #21): the
// visitor's side of the rule, with visitorOwnerSQL its SQL twin.
func ownerIsPublic(app core.App, ownerID string) (bool, error) {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM users WHERE id = {:id} AND public = TRUE AND handle != ''").
		Bind(dbx.Params{"id": ownerID}).Row(&n)
	return n > 0, err
}

// CanEdit reports whether role may add, remove, annotate and reorder items.
func CanEdit(role Role) bool { return role == RoleOwner || role == RoleEditor }

// RoleOf works out viewerID's role for list ("" is a visitor). It fails closed: when the
// database cannot answer, the role is RoleExcluded and the error is returned.
func RoleOf(app core.App, viewerID string, list *core.Record) (Role, error) {
	owner := list.GetString("owner")
	if viewerID != "" && viewerID == owner {
		return RoleOwner, nil
	}
	if list.GetBool("hidden") {
		return RoleExcluded, nil
	}
	if suspended, err := moderation.IsSuspended(app, owner); suspended {
		return RoleExcluded, err
	}
	if viewerID == "" {
		if public, err := ownerIsPublic(app, owner); !public {
			return RoleExcluded, err
		}
		return RoleVisitor, nil
	}
	if blocked, err := moderation.Blocked(app, viewerID, owner); blocked {
		return RoleExcluded, err
	}
	var editor, follows int
	err := app.DB().NewQuery(roleSQL).Bind(dbx.Params{"list": list.Id, "viewer": viewerID, "owner": owner}).Row(&editor, &follows)
	switch {
	case err != nil:
		return RoleExcluded, err
	case editor > 0:
		return RoleEditor, nil
	case follows > 0:
		return RoleFollower, nil
	}
	return RoleMember, nil
}

// roleSQL says whether the viewer {:viewer} edits list {:list} and follows its owner
// {:owner}: every read of a list asks it (the connections keep it prepared, hooks/sqlstmt).
const roleSQL = `SELECT
	(SELECT COUNT(*) FROM list_editors WHERE list = +{:list} AND user = +{:viewer}),
	(SELECT COUNT(*) FROM follows WHERE follower = +{:viewer} AND following = +{:owner})`

// CanView reports whether viewerID ("" for a visitor) may read list: its name, items,
// posts, likes and comments. It fails closed: an error means no, and is returned. Every
// read of a list (routes, feed posts through moderation's gate, notifications, export and
// public pages) asks it or Allows.
func CanView(app core.App, viewerID string, list *core.Record) (bool, error) {
	role, err := RoleOf(app, viewerID, list)
	return err == nil && Allows(list.GetString("visibility"), role), err
}

// ErrNotVisible is returned for a list that is missing or that the viewer may not read;
// routes answer it as a 404, as if it did not exist.
var ErrNotVisible = moderation.ErrNotVisible

// Find returns the list with id and viewerID's role when they may read it, ErrNotVisible
// when it is missing or they may not, and the database's error when that cannot be told.
// Public pages call it with viewerID "" for a visitor.
func Find(app core.App, viewerID, id string) (*core.Record, Role, error) {
	list, err := app.FindRecordById(Collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, RoleExcluded, ErrNotVisible
	} else if err != nil {
		return nil, RoleExcluded, err
	}
	role, err := RoleOf(app, viewerID, list)
	if err != nil || !Allows(list.GetString("visibility"), role) {
		return nil, role, cmp.Or(err, ErrNotVisible)
	}
	return list, role, nil
}

// postGate answers moderation's question for a post about a list: readable exactly when
// the list is.
func postGate(app core.App, viewerID string, post *core.Record) (bool, error) {
	_, _, err := Find(app, viewerID, post.GetString("list"))
	if errors.Is(err, ErrNotVisible) {
		return false, nil
	}
	return err == nil, err
}

// visitorOwnerSQL holds when the owner of the list aliased l chose a public profile:
// ownerIsPublic in SQL.
const visitorOwnerSQL = `EXISTS (SELECT 1 FROM users pu WHERE pu.id = l.owner AND pu.public = TRUE AND pu.handle != '')`

// visibleListsSQL is the condition, on lists aliased l, that the viewer bound as
// {:viewer} (” for a visitor) may read them: it mirrors RoleOf and Allows for the
// queries that read many lists at once (a profile's Lists tab, friends' lists, 'In N
// lists by friends', a public profile's lists).
const visibleListsSQL = `(l.owner = +{:viewer} OR (l.hidden = FALSE
	AND l.owner NOT IN (` + moderation.ExcludedSQL + `)
	AND ((l.visibility = 'public' AND (+{:viewer} != '' OR ` + visitorOwnerSQL + `))
		OR (l.visibility = 'followers' AND EXISTS (SELECT 1 FROM follows fv WHERE fv.follower = +{:viewer} AND fv.following = l.owner))
		OR EXISTS (SELECT 1 FROM list_editors ev WHERE ev.list = l.id AND ev.user = +{:viewer}))))`
