package auth

import (
	"cmp"
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// leaveChunk is how many rows one transaction of drain deletes at most, and leaveHold
// how long it goes on deleting them. A row is deleted only once nothing cascades from it
// any more (its own rows went first, in transactions of their own), so each delete is
// short and a transaction holds SQLite's writer ~25 ms at most.
const (
	leaveChunk = 500
	leaveHold  = 25 * time.Millisecond
)

// leaveDepth bounds how deep drain follows cascades (a member's post, its comments, their
// replies, their likes); below it PocketBase's own cascade deletes what is left.
const leaveDepth = 6

// leaveFirst are the collections drained first: no session, push or follow outlives the
// first transactions, so nothing reaches the member while the rest goes.
var leaveFirst = []string{SessionsCollection, "push_subscriptions", "follows"}

// relationRef is a single relation field: its collection and name.
type relationRef struct{ collection, field string }

// leaveSchema is what a drain follows, read from the collections once per drain.
type leaveSchema struct {
	cascades map[string][]relationRef // collection name → the relations that delete with its records
	emptied  []relationRef            // relations to users a deletion empties (a list item's "added by")
}

// drain is steps 2 and 3 for memberID, until deadline (none when zero): the relations
// that only name the member are emptied, every row that cascades from the member is
// deleted, its own cascades first, and then the users record. It reports whether the
// member is gone.
func drain(app core.App, memberID string, deadline time.Time) (bool, error) {
	s, err := loadLeaveSchema(app)
	if err != nil {
		return false, err
	}
	for _, ref := range s.emptied {
		if done, err := emptyRefs(app, ref, memberID, deadline); !done || err != nil {
			return false, err
		}
	}
	if done, err := drainFrom(app, s, UsersCollection, []string{memberID}, deadline, 0); !done || err != nil {
		return false, err
	}
	record, err := app.FindRecordById(UsersCollection, memberID)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return true, app.Delete(record)
}

// halted reports whether a drain must stop before its next transaction: deadline (none
// when zero) has passed, or app is shutting down.
func halted(app core.App, deadline time.Time) bool {
	return leavingOf(app).stopped.Load() || !deadline.IsZero() && time.Now().After(deadline)
}

// drainFrom deletes the rows that cascade from the records ids of collection, each
// one's own cascades first (a chunk at a time, for all of ids together), leaving the
// records themselves. It reports whether it got through them.
func drainFrom(app core.App, s *leaveSchema, collection string, ids []string, deadline time.Time, depth int) (bool, error) {
	for _, ref := range s.cascades[collection] {
		for {
			if halted(app, deadline) {
				return false, nil
			}
			children, err := refIDs(app, ref, ids...)
			if err != nil {
				return false, err
			}
			if len(children) == 0 {
				break
			}
			if depth < leaveDepth {
				if done, err := drainFrom(app, s, ref.collection, children, deadline, depth+1); !done || err != nil {
					return false, err
				}
			}
			if err := deleteChunk(app, ref.collection, children, deadline); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// refIDs returns up to leaveChunk ids of the records of ref's collection whose ref field
// names one of targets.
func refIDs(app core.App, ref relationRef, targets ...string) ([]string, error) {
	in := make([]any, len(targets))
	for i, t := range targets {
		in[i] = t
	}
	var ids []string
	err := app.DB().Select("id").From(ref.collection).Where(dbx.In(ref.field, in...)).Limit(leaveChunk).Column(&ids)
	return ids, err
}

// deleteChunk deletes the records ids of collection in one transaction (inChunk).
func deleteChunk(app core.App, collection string, ids []string, deadline time.Time) error {
	return inChunk(app, collection, ids, deadline, func(tx core.App, r *core.Record) error { return tx.Delete(r) })
}

// inChunk runs fn on the records ids of collection in one transaction, for up to
// leaveHold (the rest are found again by the caller's next query). Each is read again
// first: deleting one may have cascaded to another (a reply under the member's own
// comment), and deleting that again would run its hooks twice. In the background (no
// deadline) it then rests as long as the transaction took: members' own writes and
// requests get the writer and a core at least half the time.
func inChunk(app core.App, collection string, ids []string, deadline time.Time, fn func(tx core.App, r *core.Record) error) error {
	start := time.Now()
	if deadline.IsZero() {
		defer func() { time.Sleep(time.Since(start)) }()
	}
	return app.RunInTransaction(func(tx core.App) error {
		for _, id := range ids {
			if time.Since(start) > leaveHold {
				return nil
			}
			r, err := tx.FindRecordById(collection, id)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			if err := fn(tx, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// emptyRefs takes memberID out of ref on every record that names them there, as
// PocketBase's cascade does for a relation that does not delete, in short transactions.
func emptyRefs(app core.App, ref relationRef, memberID string, deadline time.Time) (bool, error) {
	for {
		if halted(app, deadline) {
			return false, nil
		}
		ids, err := refIDs(app, ref, memberID)
		if err != nil || len(ids) == 0 {
			return err == nil, err
		}
		err = inChunk(app, ref.collection, ids, deadline, func(tx core.App, r *core.Record) error {
			r.Set(ref.field, "")
			return tx.SaveNoValidate(r)
		})
		if err != nil {
			return false, err
		}
	}
}

// loadLeaveSchema reads every single relation that deletes with its target (users'
// own in leaveFirst's order, then by name: what PocketBase's cascade would delete with
// the users record) and the optional relations to users that do not. Multiple relations
// to a member are not allowed (TestCascadeLookupsSearchAnIndex); PocketBase's cascade
// covers any other kind at the last step.
func loadLeaveSchema(app core.App) (*leaveSchema, error) {
	all, err := app.FindAllCollections(core.CollectionTypeBase, core.CollectionTypeAuth)
	if err != nil {
		return nil, err
	}
	names := make(map[string]string, len(all))
	for _, c := range all {
		names[c.Id] = c.Name
	}
	s := &leaveSchema{cascades: map[string][]relationRef{}}
	for _, c := range all {
		for _, f := range c.Fields {
			r, ok := f.(*core.RelationField)
			if !ok || r.IsMultiple() || names[r.CollectionId] == "" {
				continue
			}
			target, ref := names[r.CollectionId], relationRef{c.Name, r.Name}
			switch {
			case r.CascadeDelete:
				s.cascades[target] = append(s.cascades[target], ref)
			case target == UsersCollection && !r.Required:
				s.emptied = append(s.emptied, ref)
			}
		}
	}
	rank := func(r relationRef) int {
		if i := slices.Index(leaveFirst, r.collection); i >= 0 {
			return i
		}
		return len(leaveFirst)
	}
	byRank := func(a, b relationRef) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.collection, b.collection), cmp.Compare(a.field, b.field))
	}
	for _, refs := range s.cascades {
		slices.SortFunc(refs, byRank)
	}
	slices.SortFunc(s.emptied, byRank)
	return s, nil
}
