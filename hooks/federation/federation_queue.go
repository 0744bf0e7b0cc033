package federation

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// deliveriesCollection is the durable delivery queue: a row per activity and inbox.
const deliveriesCollection = "federation_deliveries"

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
)

// enqueue queues body, sent by member, for each inbox: the only delivery work on the
// request path is this insert (in the caller's transaction, when it has one).
func enqueue(app core.App, member *core.Record, inboxes []string, body []byte) error {
	c, err := app.FindCachedCollectionByNameOrId(deliveriesCollection)
	if err != nil {
		return err
	}
	for _, inbox := range inboxes {
		r := core.NewRecord(c)
		r.Set("user", member.Id)
		r.Set("inbox", inbox)
		r.Set("host", hostOf(inbox))
		r.Set("body", string(body))
		r.Set("nextAttempt", types.NowDateTime())
		r.Set("state", "pending")
		if err := app.Save(r); err != nil {
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
	wake     chan struct{}
	slots    chan struct{}
	running  sync.WaitGroup
	mu       sync.Mutex
	inFlight map[string]bool
	perHost  map[string]int
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

// startWorker runs app's delivery worker until app terminates (waiting up to 10 s for
// deliveries under way). Rows left pending by an earlier run are due, so they go first.
func startWorker(app core.App) {
	w := &worker{app: app, wake: make(chan struct{}, 1), slots: make(chan struct{}, workerSlots),
		inFlight: map[string]bool{}, perHost: map[string]int{}}
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
	}()
}

func (w *worker) run(ctx context.Context) {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		if err := w.dispatch(ctx); err != nil && ctx.Err() == nil {
			w.app.Logger().Warn("federation: reading the delivery queue failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-w.wake:
		}
	}
}

// dispatch starts deliveries of due rows, at most perHostLimit of each host at a time
// and workerSlots in all: the query hands over each host's oldest rows only, so one slow
// host's backlog does not starve the others.
func (w *worker) dispatch(ctx context.Context) error {
	var due []struct {
		ID   string `db:"id"`
		Host string `db:"host"`
	}
	err := w.app.DB().NewQuery(`SELECT id, host FROM (
		SELECT id, host, nextAttempt, ROW_NUMBER() OVER (PARTITION BY host ORDER BY nextAttempt, id) AS n
		FROM federation_deliveries WHERE state = 'pending' AND nextAttempt <= {:now})
		WHERE n <= {:perHost} ORDER BY nextAttempt LIMIT {:batch}`).
		Bind(dbx.Params{"now": types.NowDateTime().String(), "perHost": perHostLimit, "batch": claimBatch}).All(&due)
	if err != nil {
		return err
	}
	for _, d := range due {
		w.mu.Lock()
		busy := w.inFlight[d.ID] || w.perHost[d.Host] >= perHostLimit
		if !busy {
			select {
			case w.slots <- struct{}{}:
			default:
				w.mu.Unlock()
				return nil // all slots busy: a finishing delivery wakes us
			}
			w.inFlight[d.ID] = true
			w.perHost[d.Host]++
			w.running.Add(1)
		}
		w.mu.Unlock()
		if !busy {
			go w.attempt(ctx, d.ID, d.Host)
		}
	}
	return nil
}

// attempt delivers one row: delivered rows go, failed ones wait their backoff, and rows
// two days old that still fail are kept as failed.
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
		w.poke()
	}()
	r, err := w.app.FindRecordById(deliveriesCollection, id)
	if err != nil || r.GetString("state") != "pending" {
		return // delivered or removed meanwhile (the member's account went)
	}
	err = w.send(ctx, r)
	if ctx.Err() != nil {
		return // shutting down: the row stays due for the next run
	}
	if err == nil {
		if err := w.app.Delete(r); err != nil {
			w.app.Logger().Warn("federation: removing a delivered row failed", "id", id, "error", err)
		}
		return
	}
	attempts := r.GetInt("attempts") + 1
	r.Set("attempts", attempts)
	r.Set("lastError", truncate(err.Error(), 1000))
	if time.Since(r.GetDateTime("created").Time()) >= giveUpAfter {
		r.Set("state", "failed")
		w.app.Logger().Warn("federation: gave up a delivery after two days", "inbox", r.GetString("inbox"), "error", err)
	} else {
		r.Set("nextAttempt", types.NowDateTime().Add(backoff(attempts)))
	}
	if err := w.app.Save(r); err != nil {
		w.app.Logger().Warn("federation: recording a failed delivery failed", "id", id, "error", err)
	}
}

// send posts a row's body, signed by its member, unless federation was turned off since.
func (w *worker) send(ctx context.Context, r *core.Record) error {
	if !configOf(w.app).On {
		return errors.New("federation is turned off")
	}
	member, err := w.app.FindRecordById("users", r.GetString("user"))
	if err != nil {
		return err
	}
	return post(ctx, w.app, member, r.GetString("inbox"), []byte(r.GetString("body")))
}

// truncate cuts s to at most n bytes.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
