package auth

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// A deleted account is removed in three steps, so that no transaction holds SQLite's one
// writer for long (one transaction took 35–41 s for the 100th most active member at 100k
// members, longer than other members' writes wait):
//  1. markLeaving, in one short transaction: the domains' OnLeave functions keep what
//     other members made under the member's name; the member is hidden as a suspended
//     member is, signed out everywhere, their OAuth links gone, and their email address
//     and handle free for a new sign-up at once (leftAt marks them);
//  2. drain deletes their rows in short transactions, through app.Delete so every
//     domain's delete hooks and PocketBase's cascades run as before;
//  3. the users record itself goes, by the same path as any deletion (OnLeave runs
//     again and finds nothing; the cascade finds the little left).
//
// The request (or the dashboard's delete) works within leaveBudget; what is left is the
// job's, started at once, then every minute (JobLeavers) and at start-up, which finishes
// a deletion a restart cut short.

// JobLeavers is the cron job that finishes the deletion of accounts marked leaving.
const JobLeavers = "accountsLeaving"

// leaveBudget is how long a request works on a deletion before leaving the rest to the
// job: a typical member at 100k members is gone in under 1 s, in the request.
const leaveBudget = 3 * time.Second

// leaveStoreKey is the app-store key of the app's leave functions and drain lock.
const leaveStoreKey = "cinecircle.auth.leave"

// leaving holds an app's OnLeave functions, the lock that keeps one drain at a time and
// the request's budget.
type leaving struct {
	fns     []func(tx core.App, memberID string) error
	lock    chan struct{}
	budget  time.Duration
	stopped atomic.Bool // the app is shutting down: drains stop between transactions
}

// leavingOf returns app's leaving (kept in its store, so test apps do not share it).
func leavingOf(app core.App) *leaving {
	return app.Store().GetOrSet(leaveStoreKey, func() any { return &leaving{lock: make(chan struct{}, 1), budget: leaveBudget} }).(*leaving)
}

// OnLeave registers fn to run when a member leaves: as their account is marked leaving
// (DELETE /api/user, or a moderator deleting the record in the dashboard: the same path),
// and again inside the users record's deletion, before PocketBase's cascade (so a record
// deleted any other way is covered too). It is where a domain keeps other members'
// contributions: it takes the member's name and words off the rows that stay, so the
// deletion passes them by. It must find nothing to do the second time. An error aborts
// the step it runs in.
func OnLeave(app core.App, fn func(tx core.App, memberID string) error) {
	l := leavingOf(app)
	l.fns = append(l.fns, fn)
}

// registerLeaving runs the OnLeave functions inside every users record's deletion, sends
// a moderator's delete in the dashboard down the same path as DELETE /api/user, and
// finishes marked deletions every minute.
func registerLeaving(app core.App) {
	app.OnRecordDeleteExecute(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		// PocketBase opens the deletion's transaction after this handler; opening it here
		// puts the functions and the deletion in one (the inner one joins this one).
		return e.App.RunInTransaction(func(tx core.App) error {
			outer := e.App
			e.App = tx
			defer func() { e.App = outer }()
			if err := runLeave(tx, e.Record.Id); err != nil {
				return err
			}
			return e.Next()
		})
	})
	app.OnRecordDeleteRequest(UsersCollection).BindFunc(func(e *core.RecordRequestEvent) error {
		if e.App.IsTransactional() { // a batch request: its one transaction is the caller's choice
			return e.Next()
		}
		if err := leave(e.App, e.Record); err != nil {
			return err
		}
		return e.NoContent(204)
	})
	app.OnRecordValidate(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		if err := stayLeaving(e.Record); err != nil {
			return err
		}
		return e.Next()
	})
	app.Cron().MustAdd(JobLeavers, "* * * * *", func() { finishInBackground(app) })
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		go finishInBackground(se.App) // a deletion the last run left unfinished
		return se.Next()
	})
	// At shutdown a drain stops after its current transaction (the next start goes on),
	// and the app waits for that before it closes the database.
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		l := leavingOf(e.App)
		l.stopped.Store(true)
		l.lock <- struct{}{}
		<-l.lock
		return e.Next()
	})
}

// stayLeaving refuses a save (a moderator's, in the dashboard) that would bring back a
// member whose account is being deleted: lifting their suspension would show what is
// left of their rows until the job is done, and clearing leftAt would stop the deletion
// half-way, with their address, handle and sessions already gone.
func stayLeaving(member *core.Record) error {
	leftAt := member.Original().GetString("leftAt")
	switch {
	case leftAt == "":
		return nil
	case member.GetString("leftAt") != leftAt:
		return validation.Errors{"leftAt": validation.NewError("validation_leaving", "This account is being deleted, which can't be stopped.")}
	case !member.GetBool("suspended"):
		return validation.Errors{"suspended": validation.NewError("validation_leaving", "This account is being deleted: it stays hidden until it is gone.")}
	}
	return nil
}

// finishInBackground runs FinishLeaving unless a drain is already running (which takes
// the members marked meanwhile too), logging what stopped it.
func finishInBackground(app core.App) {
	l := leavingOf(app)
	select {
	case l.lock <- struct{}{}:
	default:
		return
	}
	err := finishLeaving(app)
	<-l.lock
	if err != nil {
		app.Logger().Warn("deleting accounts marked leaving did not finish (retried next minute)", "error", err.Error())
	}
}

// runLeave runs every OnLeave function for memberID in tx.
func runLeave(tx core.App, memberID string) error {
	for _, fn := range leavingOf(tx).fns {
		if err := fn(tx, memberID); err != nil {
			return err
		}
	}
	return nil
}

// leave deletes member's account: it marks them leaving at once, then deletes their rows
// for up to leaveBudget, and their users record if it got through them all; else it
// starts the job's work at once (the job's next run would also come to them). A second
// call for a member already leaving carries on where the first stopped.
func leave(app core.App, member *core.Record) error {
	if err := markLeaving(app, member); err != nil {
		return err
	}
	l := leavingOf(app)
	if l.budget <= 0 {
		return nil // tests of the job's part
	}
	done, err := drainFor(app, l, member.Id)
	if err == nil && !done {
		go finishInBackground(app)
	}
	return err
}

// drainFor drains memberID within l's budget, waiting that long at most for a drain
// already running (the job's, with another member: it comes to this one next).
func drainFor(app core.App, l *leaving, memberID string) (bool, error) {
	deadline := time.Now().Add(l.budget)
	select {
	case l.lock <- struct{}{}:
	case <-time.After(l.budget):
		return false, nil
	}
	defer func() { <-l.lock }()
	return drain(app, memberID, deadline)
}

// FinishLeaving deletes every account marked leaving, wholly, after any drain already
// running (JobLeavers and a request whose budget ran out run it in the background).
func FinishLeaving(app core.App) error {
	l := leavingOf(app)
	l.lock <- struct{}{}
	defer func() { <-l.lock }()
	return finishLeaving(app)
}

// finishLeaving is FinishLeaving with the lock held.
func finishLeaving(app core.App) error {
	for !leavingOf(app).stopped.Load() { // members who leave meanwhile are taken in the next round
		var ids []string
		if err := app.DB().Select("id").From(UsersCollection).Where(dbx.NewExp("leftAt != ''")).Column(&ids); err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		var errs []error
		for _, id := range ids {
			if _, err := drain(app, id, time.Time{}); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return errors.Join(errs...)
		}
	}
	return nil
}

// markLeaving is step 1, in one transaction. The email address becomes one no one can
// hold (the id's, under .invalid) and the handle empty, so both are free at once; a new
// token key ends every token the member held.
func markLeaving(app core.App, member *core.Record) error {
	return app.RunInTransaction(func(tx core.App) error {
		record, err := tx.FindRecordById(UsersCollection, member.Id)
		if err != nil {
			return err
		}
		if err := runLeave(tx, record.Id); err != nil {
			return err
		}
		auths, err := tx.FindAllExternalAuthsByRecord(record)
		if err != nil {
			return err
		}
		for _, a := range auths {
			if err := tx.Delete(a); err != nil {
				return err
			}
		}
		// Their old handles stop redirecting to them, so those are free at once too.
		if _, err := tx.DB().Delete("handle_redirects", dbx.HashExp{"user": record.Id}).Execute(); err != nil {
			return err
		}
		if record.GetString("leftAt") == "" {
			record.Set("leftAt", types.NowDateTime())
		}
		record.Set("suspended", true) // hidden everywhere, as moderation hides a suspended member
		record.Set("handle", "")
		record.SetEmail(record.Id + "@deleted.invalid")
		record.SetVerified(false)
		record.RefreshTokenKey()
		return tx.SaveNoValidate(record)
	})
}
