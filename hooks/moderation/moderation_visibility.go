package moderation

import (
	"cmp"
	"database/sql"
	"errors"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// SQL fragments for queries that must leave moderated content out in the same statement
// (the feed). Both read a partial index holding only the few moderated rows.
const (
	// SuspendedSQL selects the ids of suspended members.
	SuspendedSQL = "SELECT id FROM users WHERE suspended = TRUE"
	// HiddenActivitiesSQL selects the ids of posts a moderator hid.
	HiddenActivitiesSQL = "SELECT id FROM activities WHERE hidden = TRUE"
)

// Excluded returns the members whose content viewerID must not see: those the viewer
// blocked, those who blocked the viewer, and suspended members. The viewer is never in
// it. An empty viewer (a visitor) gets the suspended members only.
func Excluded(app core.App, viewerID string) (map[string]bool, error) {
	var ids []string
	err := app.DB().NewQuery(ExcludedSQL).Bind(dbx.Params{"viewer": viewerID}).Column(&ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id != viewerID {
			out[id] = true
		}
	}
	return out, nil
}

// WithoutExcluded drops the records whose author (the member in field) viewerID must not
// see, as Excluded says, keeping the others in order.
func WithoutExcluded(app core.App, viewerID string, records []*core.Record, field string) ([]*core.Record, error) {
	excluded, err := Excluded(app, viewerID)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(records, func(r *core.Record) bool { return excluded[r.GetString(field)] }), nil
}

// Every check below fails closed: when the database cannot answer, the content counts
// as not visible and the error is returned, so a caller that ignored the error would
// still hide, never show.

// ErrNotVisible is returned for content that is missing or that the viewer may not see:
// callers answer it as a 404, as if it did not exist.
var ErrNotVisible = errors.New("not visible to this member")

// Blocked reports whether either member blocked the other: then neither can follow,
// like, comment on or see the other's posts. An error counts as blocked.
func Blocked(app core.App, a, b string) (bool, error) {
	if a == "" || b == "" || a == b {
		return false, nil
	}
	var n int
	err := app.DB().NewQuery(`SELECT COUNT(*) FROM blocks
		WHERE (blocker = {:a} AND blocked = {:b}) OR (blocker = {:b} AND blocked = {:a})`).
		Bind(dbx.Params{"a": a, "b": b}).Row(&n)
	return err != nil || n > 0, err
}

// IsSuspended reports whether the member with id is suspended. An error counts as
// suspended.
func IsSuspended(app core.App, id string) (bool, error) {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM users WHERE id = {:id} AND suspended = TRUE").
		Bind(dbx.Params{"id": id}).Row(&n)
	return err != nil || n > 0, err
}

// CanSeeMember reports whether viewerID may see memberID's profile and posts: not when
// either blocked the other, nor when memberID is suspended. Members always see themselves.
// An error means no.
func CanSeeMember(app core.App, viewerID, memberID string) (bool, error) {
	if viewerID == memberID {
		return true, nil
	}
	if suspended, err := IsSuspended(app, memberID); suspended {
		return false, err
	}
	blocked, err := Blocked(app, viewerID, memberID)
	return !blocked, err
}

// CanSeeActivity reports whether viewerID may see the post: its author always may; anyone
// else only when it is not hidden, they may see its author and, for a post about a list,
// they may see the list (the registered PostGate). An error means no.
func CanSeeActivity(app core.App, viewerID string, activity *core.Record) (bool, error) {
	author := activity.GetString("user")
	if author == viewerID {
		return true, nil
	}
	if activity.GetBool("hidden") {
		return false, nil
	}
	if ok, err := CanSeeMember(app, viewerID, author); !ok || activity.GetString("list") == "" {
		return ok, err
	}
	gate, _ := app.Store().Get(listGateKey).(PostGate)
	if gate == nil {
		return false, nil // no domain answers for list posts: fail closed
	}
	return gate(app, viewerID, activity)
}

// PostGate decides whether viewerID may read a post whose readers another domain
// narrows: a post about a list is readable exactly when the list is (hooks/lists).
type PostGate func(app core.App, viewerID string, post *core.Record) (bool, error)

// listGateKey is the app-store key of the PostGate for posts about a list.
const listGateKey = "cinecircle.moderation.listGate"

// SetListGate registers the PostGate CanSeeActivity asks about posts that relate to a
// list (kept per app, so test apps don't share it). Without one such posts are hidden
// from everyone but their author.
func SetListGate(app core.App, gate PostGate) {
	app.Store().Set(listGateKey, gate)
}

// FindVisibleActivity returns the post with id when viewerID may see it, ErrNotVisible
// when it is missing or they may not, and the database's error (nothing shown) when
// that cannot be told.
func FindVisibleActivity(app core.App, viewerID, id string) (*core.Record, error) {
	return findVisible(app, "activities", id, func(post *core.Record) (bool, error) {
		return CanSeeActivity(app, viewerID, post)
	})
}

// FindVisibleMember returns the member with id when viewerID may see them, else
// ErrNotVisible or the database's error, as FindVisibleActivity.
func FindVisibleMember(app core.App, viewerID, id string) (*core.Record, error) {
	return findVisible(app, "users", id, func(member *core.Record) (bool, error) {
		return CanSeeMember(app, viewerID, member.Id)
	})
}

// findVisible finds the record with id in collection and lets canSee decide.
func findVisible(app core.App, collection, id string, canSee func(*core.Record) (bool, error)) (*core.Record, error) {
	r, err := app.FindRecordById(collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotVisible
	} else if err != nil {
		return nil, err
	}
	if ok, err := canSee(r); !ok {
		return nil, cmp.Or(err, ErrNotVisible)
	}
	return r, nil
}

// VisibleComments keeps the comments of a thread that viewerID may see, in order: a
// hidden comment only for its author, nothing by an excluded member, and never a reply
// under a comment that was left out (the thread would lose its parent). Order does not
// matter to it: comments made in the same millisecond may come in any order.
func VisibleComments(app core.App, viewerID string, records []*core.Record) ([]*core.Record, error) {
	excluded, err := Excluded(app, viewerID)
	if err != nil {
		return nil, err
	}
	parent := make(map[string]string, len(records))
	gone := map[string]bool{}
	for _, r := range records {
		parent[r.Id] = r.GetString("parent")
		author := r.GetString("user")
		if excluded[author] || (r.GetBool("hidden") && author != viewerID) {
			gone[r.Id] = true
		}
	}
	out := records[:0:0]
	for _, r := range records {
		keep := true
		for id, steps := r.Id, 0; id != "" && steps <= len(records); id, steps = parent[id], steps+1 {
			if gone[id] {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, r)
		}
	}
	return out, nil
}

// ExcludedSQL selects Excluded's members for the viewer bound as {:viewer}, for queries
// that must leave them out in the same statement (suggestions).
const ExcludedSQL = `SELECT blocked FROM blocks WHERE blocker = {:viewer}
	UNION SELECT blocker FROM blocks WHERE blocked = {:viewer}
	UNION ` + SuspendedSQL
