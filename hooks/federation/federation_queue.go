package federation

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// The durable delivery queue: a row per activity and inbox, and each activity's body once.
const (
	deliveriesCollection = "federation_deliveries"
	payloadsCollection   = "federation_payloads"
)

// The queue's limits: how many deliveries run at once in all and per remote host (a
// server we flood answers 429 and blocks us), how often the worker looks for due rows
// when nothing wakes it, and the retry schedule: doubling from firstRetry up to maxRetry,
// for two days, then the row is kept as failed.
const (
	workerSlots  = 16
	perHostLimit = 2
	pollEvery    = 2 * time.Second
	firstRetry   = 30 * time.Second
	maxRetry     = 6 * time.Hour
	giveUpAfter  = 48 * time.Hour
	claimBatch   = 256
	removeEvery  = 100 * time.Millisecond
)

// Enqueue queues body, sent by member, for each inbox: the only delivery work on the
// request path is this insert, in one transaction (the caller's, when it has one): the
// body once, then a row per inbox from one prepared statement. A post for all of a
// member's followers is one row (followersInbox) the worker fans out. The rows are
// written directly (the collections have no record hooks of their own); the worker is
// woken once, after.
func Enqueue(app core.App, member *core.Record, inboxes []string, body []byte) error {
	return enqueue(app, signer{user: member.Id}, inboxes, body)
}

// signer is whose key signs a queued row: a member's, or a farewell's (a member whose
// account was deleted: federation_farewell.go).
type signer struct{ user, farewell string }

// enqueue is Enqueue for rows signed by from.
func enqueue(app core.App, from signer, inboxes []string, body []byte) error {
	if len(inboxes) == 0 {
		return nil
	}
	now, payload := types.NowDateTime().String(), core.GenerateDefaultRandomId()
	err := app.RunInTransaction(func(tx core.App) error {
		_, err := tx.DB().Insert(payloadsCollection, dbx.Params{"id": payload, "body": string(body), "created": now}).Execute()
		if err != nil {
			return err
		}
		return insertRows(tx, from, inboxes, payload, now)
	})
	if err == nil {
		wakeWorkers() // a caller's open transaction commits soon: the poll finds the rows then
	}
	return err
}

// insertRows writes a pending row per inbox for payload, due now, dated created (when the
// post was queued: two days from then it gives up), from one prepared statement.
func insertRows(tx core.App, from signer, inboxes []string, payload, created string) error {
	insert := tx.DB().NewQuery(`INSERT INTO federation_deliveries
		(id, user, farewell, inbox, host, payload, attempts, nextAttempt, lastError, state, created)
		VALUES ({:id}, {:user}, {:farewell}, {:inbox}, {:host}, {:payload}, 0, {:now}, '', 'pending', {:created})`).Prepare()
	defer insert.Close()
	now := types.NowDateTime().String()
	for _, inbox := range inboxes {
		host := hostOf(inbox)
		if inbox == followersInbox {
			host = followersInbox
		}
		_, err := insert.Bind(dbx.Params{"id": core.GenerateDefaultRandomId(), "user": from.user, "farewell": from.farewell, "inbox": inbox,
			"host": host, "payload": payload, "now": now, "created": created}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}

// backoff is how long after its nth failed attempt a delivery is tried again.
func backoff(attempts int) time.Duration {
	d := firstRetry
	for i := 1; i < attempts && d < maxRetry; i++ {
		d *= 2
	}
	return min(d, maxRetry)
}

// worker delivers due rows of the queue, within workerSlots and perHostLimit.
type worker struct {
	app      core.App
	wake     chan struct{} // rows may be due: read the queue again
	freed    chan struct{} // a delivery ended: start the next of those read
	slots    chan struct{}
	running  sync.WaitGroup
	mu       sync.Mutex
	inFlight map[string]bool
	perHost  map[string]int
	gone     map[string]string // delivered rows not removed yet (removeDelivered): id → payload
	farewell bool              // one of them was a farewell's: removeDelivered sweeps the farewells
	// next holds due rows the last read of the queue found and no slot took yet, oldest
	// first: a delivery that ends starts one of them instead of reading the queue again
	// (the read ranks every due row by host, ~10 ms with thousands waiting). Only the
	// run loop's goroutine touches it.
	next []due
}

// due is a queued delivery ready to start: its row and its host.
type due struct {
	ID   string `db:"id"`
	Host string `db:"host"`
}

// workers are the running workers (one per app; tests run several): a new row wakes them.
var workers sync.Map

// wakeWorkers tells every worker a row may be due now.
func wakeWorkers() {
	workers.Range(func(k, _ any) bool {
		k.(*worker).poke()
		return true
	})
}

func (w *worker) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// free tells the run loop a slot is free.
func (w *worker) free() {
	select {
	case w.freed <- struct{}{}:
	default:
	}
}

// startWorker runs app's delivery worker until app terminates (waiting up to 10 s for
// deliveries under way). Rows left pending by an earlier run are due, so they go first.
func startWorker(app core.App) {
	w := &worker{app: app, wake: make(chan struct{}, 1), freed: make(chan struct{}, 1), slots: make(chan struct{}, workerSlots),
		inFlight: map[string]bool{}, perHost: map[string]int{}, gone: map[string]string{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	workers.Store(w, true)
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		workers.Delete(w)
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
		}
		return e.Next()
	})
	go func() {
		defer close(done)
		w.run(ctx)
		w.running.Wait()
		w.removeDelivered()
	}()
}

func (w *worker) run(ctx context.Context) {
	tick, flush := time.NewTicker(pollEvery), time.NewTicker(removeEvery)
	defer tick.Stop()
	defer flush.Stop()
	var swept time.Time
	read := true
	for {
		if err := w.dispatch(ctx, read); err != nil && ctx.Err() == nil {
			w.app.Logger().Warn("federation: reading the delivery queue failed", "error", err)
		}
		if time.Since(swept) > time.Hour {
			swept = time.Now()
			if err := sweepPayloads(w.app); err != nil && ctx.Err() == nil {
				w.app.Logger().Warn("federation: sweeping the queue's bodies failed", "error", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			read = true
		case <-w.wake:
			read = true
		case <-w.freed:
			read = len(w.next) == 0
		case <-flush.C:
			w.removeDelivered()
			read = false
		}
	}
}

// dispatch starts deliveries of due rows, at most perHostLimit of each host at a time
// and workerSlots in all. With read, it reads the queue first: each host's oldest rows
// only, so one slow host's backlog does not starve the others; without, it starts rows
// the last read found.
func (w *worker) dispatch(ctx context.Context, read bool) error {
	if read {
		var rows []due
		err := w.app.DB().NewQuery(`SELECT id, host FROM (
			SELECT id, host, nextAttempt, ROW_NUMBER() OVER (PARTITION BY host ORDER BY nextAttempt, id) AS n
			FROM federation_deliveries WHERE state = 'pending' AND nextAttempt <= {:now})
			WHERE n <= {:perHost} ORDER BY nextAttempt LIMIT {:batch}`).
			Bind(dbx.Params{"now": types.NowDateTime().String(), "perHost": perHostLimit, "batch": claimBatch}).All(&rows)
		if err != nil {
			return err
		}
		w.next = rows
	}
	kept := w.next[:0]
	for i, d := range w.next {
		w.mu.Lock()
		if _, delivered := w.gone[d.ID]; delivered || w.inFlight[d.ID] {
			w.mu.Unlock()
			continue // started before this read: done with it
		}
		if w.perHost[d.Host] >= perHostLimit {
			w.mu.Unlock()
			kept = append(kept, d) // its host is busy: later
			continue
		}
		select {
		case w.slots <- struct{}{}:
		default:
			w.mu.Unlock()
			w.next = append(kept, w.next[i:]...) // all slots busy: a delivery that ends frees one
			return nil
		}
		w.inFlight[d.ID] = true
		w.perHost[d.Host]++
		w.running.Add(1)
		w.mu.Unlock()
		go w.attempt(ctx, d.ID, d.Host)
	}
	w.next = kept
	return nil
}

// attempt delivers one row: delivered and withdrawn rows go, failed ones wait their
// backoff, and rows two days old that still fail, or that a server refused for good (a
// 4xx but 408 and 429), are kept as failed.
func (w *worker) attempt(ctx context.Context, id, host string) {
	defer func() {
		w.mu.Lock()
		delete(w.inFlight, id)
		w.perHost[host]--
		if w.perHost[host] <= 0 {
			delete(w.perHost, host)
		}
		w.mu.Unlock()
		<-w.slots
		w.running.Done()
		w.free()
	}()
	r, err := w.app.FindRecordById(deliveriesCollection, id)
	if err != nil || r.GetString("state") != "pending" {
		return // delivered or removed meanwhile (the member's account went)
	}
	if r.GetString("inbox") == followersInbox {
		w.fanOut(ctx, r)
		return
	}
	err = w.send(ctx, r)
	if ctx.Err() != nil {
		return // shutting down: the row stays due for the next run
	}
	if err == nil || errors.Is(err, errWithdrawn) {
		w.mu.Lock()
		w.gone[id] = r.GetString("payload")
		w.farewell = w.farewell || r.GetString("farewell") != ""
		w.mu.Unlock()
		return
	}
	attempts := r.GetInt("attempts") + 1
	set := dbx.Params{"attempts": attempts, "lastError": truncate(err.Error(), 1000)}
	var refused *refusal
	if errors.As(err, &refused) && refused.final() || time.Since(r.GetDateTime("created").Time()) >= giveUpAfter {
		set["state"] = "failed"
		w.app.Logger().Warn("federation: gave up a delivery", "inbox", r.GetString("inbox"), "error", err)
	} else {
		set["nextAttempt"] = types.NowDateTime().Add(backoff(attempts)).String()
	}
	// The attempt is written straight to its columns: a save would validate the whole row,
	// and a row it refuses (a relation gone from under it) would stay due and be tried
	// again at once, in a loop that held two cores (seen in the 10x bench).
	if _, err := w.app.DB().Update(deliveriesCollection, set, dbx.HashExp{"id": id}).Execute(); err != nil {
		w.app.Logger().Warn("federation: recording a failed delivery failed", "id", id, "error", err)
	} else if set["state"] == "failed" && r.GetString("farewell") != "" {
		if err := sweepFarewells(w.app); err != nil { // the copy of a departed member's key goes now, not at the hourly sweep
			w.app.Logger().Warn("federation: removing a farewell failed", "id", r.GetString("farewell"), "error", err)
		}
	}
}

// errWithdrawn is send's answer for a row whose member the fediverse may no longer see,
// or whose server the moderators blocked since.
var errWithdrawn = errors.New("the member is no longer federated")

// send posts a row's body, signed by its member, unless federation was turned off since
// (the row waits). A member who was suspended, left the fediverse or made their profile
// private since the row was queued sends nothing more but retractions (Delete, and the
// Undo of their follows when they left): the row is withdrawn.
func (w *worker) send(ctx context.Context, r *core.Record) error {
	if !configOf(w.app).On {
		return errors.New("federation is turned off")
	}
	if blocked, err := blockedHost(w.app, r.GetString("host")); err != nil {
		return err
	} else if blocked {
		return errWithdrawn // the moderators blocked the server since it was queued
	}
	if id := r.GetString("farewell"); id != "" {
		return sendFarewell(ctx, w.app, id, r)
	}
	member, err := w.app.FindRecordById("users", r.GetString("user"))
	if err != nil {
		return err
	}
	var body string
	err = w.app.DB().Select("body").From(payloadsCollection).Where(dbx.HashExp{"id": r.GetString("payload")}).Row(&body)
	if err != nil {
		return err
	}
	if ok, err := Federated(w.app, member); err != nil {
		return err
	} else if !ok {
		var act struct{ Type string }
		if json.Unmarshal([]byte(body), &act) != nil || (act.Type != "Delete" && act.Type != "Undo") {
			return errWithdrawn
		}
	}
	return post(ctx, w.app, member, r.GetString("inbox"), []byte(body))
}

// removeDelivered removes the rows delivered (or withdrawn) since it last ran, the
// farewells that are done (when one of the rows was a farewell's), and the bodies no other
// row needs, in one transaction: the queue writes every removeEvery, not once per delivery
// (500 a review for followers on 500 servers), so members' own writes seldom wait behind
// it for SQLite's one writer. A failure keeps the rows for next time; a crash before it
// runs sends them again after the restart, which servers ignore (they know the
// activity's id).
func (w *worker) removeDelivered() {
	w.mu.Lock()
	gone, farewell := w.gone, w.farewell
	w.gone, w.farewell = map[string]string{}, false
	w.mu.Unlock()
	if len(gone) == 0 {
		return
	}
	ids, payloads, seen := make([]any, 0, len(gone)), []any{}, map[string]bool{}
	for id, payload := range gone {
		ids = append(ids, id)
		if !seen[payload] {
			seen[payload] = true
			payloads = append(payloads, payload)
		}
	}
	err := w.app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().Delete(deliveriesCollection, dbx.In("id", ids...)).Execute(); err != nil {
			return err
		}
		if farewell {
			if err := sweepFarewells(tx); err != nil {
				return err
			}
		}
		_, err := tx.DB().Delete(payloadsCollection, dbx.And(dbx.In("id", payloads...),
			dbx.NewExp("NOT EXISTS (SELECT 1 FROM federation_deliveries d WHERE d.payload = federation_payloads.id)"))).Execute()
		return err
	})
	if err != nil {
		w.app.Logger().Warn("federation: removing delivered rows failed", "rows", len(gone), "error", err)
		w.mu.Lock()
		maps.Copy(w.gone, gone)
		w.farewell = w.farewell || farewell
		w.mu.Unlock()
	}
}

// sweepPayloads removes the farewells that are done (their last rows failed) and the
// bodies no row needs any more: those whose rows went with their member's account (a
// cascade, row by row, that delivered does not see).
func sweepPayloads(app core.App) error {
	if err := sweepFarewells(app); err != nil {
		return err
	}
	_, err := app.DB().NewQuery(`DELETE FROM federation_payloads WHERE NOT EXISTS
		(SELECT 1 FROM federation_deliveries d WHERE d.payload = federation_payloads.id)`).Execute()
	return err
}

// truncate cuts s to at most n bytes.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
