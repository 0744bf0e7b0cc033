package notify

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// QueueDrainTimeout bounds how long a shutdown waits for notification work in flight
// before it persists what is left for the next start.
const QueueDrainTimeout = 2500 * time.Millisecond

// queueKey is where an app keeps its delivery queue.
const queueKey = "cinecircle.notify.queue"

// job is notification work done off the request path: the fan-out of a new post to its
// author's followers ("post"), or a web push of one notification to a member's browsers
// ("push"). It is what delivery_queue stores when a shutdown interrupts it.
type job struct {
	Kind       string       `json:"kind"`
	ActivityID string       `json:"activityId,omitempty"`
	UserID     string       `json:"userId,omitempty"`
	Payload    *PushPayload `json:"payload,omitempty"`
	row        string       // its delivery_queue record, when it was resumed from one
}

// do runs the job; an error or a cancelled ctx means it did not finish.
func (j *job) do(ctx context.Context, app core.App) error {
	switch j.Kind {
	case "post":
		activity, err := app.FindRecordById("activities", j.ActivityID)
		if err != nil {
			return nil // deleted meanwhile: nothing to tell anyone
		}
		return onPost(ctx, app, activity, j.row != "")
	case "push":
		if _, err := pushTo(ctx, app, j.UserID, *j.Payload); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// queue runs jobs in the background. On shutdown it waits for them up to a deadline, then
// cancels the rest and persists them in delivery_queue; the next start runs them again.
// A member's write is acknowledged before its notifications go out, so this is what keeps
// a restart from losing them.
type queue struct {
	ctx    context.Context
	cancel context.CancelFunc

	mu         sync.Mutex
	closed     bool
	running    map[*job]bool
	unfinished []*job
	wg         sync.WaitGroup
}

func newQueue() *queue {
	ctx, cancel := context.WithCancel(context.Background())
	return &queue{ctx: ctx, cancel: cancel, running: map[*job]bool{}}
}

func queueOf(app core.App) *queue {
	q, _ := app.Store().Get(queueKey).(*queue)
	return q
}

// run starts j in the background; once shutdown has begun, it is persisted instead.
func (q *queue) run(app core.App, j *job) {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		persistJob(app, j)
		return
	}
	q.running[j] = true
	q.wg.Add(1)
	background.Add(1)
	q.mu.Unlock()
	go func() {
		defer background.Done()
		defer q.wg.Done()
		err := j.do(q.ctx, app)
		q.mu.Lock()
		delete(q.running, j)
		if err != nil && q.ctx.Err() != nil {
			q.unfinished = append(q.unfinished, j)
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		if err != nil {
			app.Logger().Warn("notify: "+j.Kind, "error", err.Error())
		}
		if j.row != "" {
			if _, err := app.DB().Delete("delivery_queue", dbx.HashExp{"id": j.row}).Execute(); err != nil {
				app.Logger().Warn("notify: clearing a resumed delivery", "error", err.Error())
			}
		}
	}()
}

// shutdown stops taking work, waits up to timeout for what runs, and persists the rest.
// It reports how many jobs it persisted.
func (q *queue) shutdown(app core.App, timeout time.Duration) int {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	if !waitFor(&q.wg, timeout) {
		q.cancel() // pushes abort their requests, fan-outs stop between chunks
		waitFor(&q.wg, time.Second)
	}
	q.mu.Lock()
	left := q.unfinished
	for j := range q.running {
		left = append(left, j)
	}
	q.mu.Unlock()
	for _, j := range left {
		persistJob(app, j)
	}
	return len(left)
}

// resume runs the jobs an earlier shutdown persisted, oldest first.
func (q *queue) resume(app core.App) {
	rows, err := app.FindRecordsByFilter("delivery_queue", "id != ''", "created", 0, 0)
	if err != nil {
		app.Logger().Warn("notify: reading the delivery queue", "error", err.Error())
		return
	}
	for _, r := range rows {
		j := &job{}
		if err := r.UnmarshalJSONField("data", j); err != nil || (j.Kind == "push" && j.Payload == nil) {
			app.Logger().Warn("notify: dropping an unreadable delivery", "id", r.Id)
			_ = app.Delete(r)
			continue
		}
		j.row = r.Id
		q.run(app, j)
	}
	if len(rows) > 0 {
		app.Logger().Info("notify: resumed deliveries interrupted by the last shutdown", "count", len(rows))
	}
}

// persistJob stores j in delivery_queue, unless it came from there.
func persistJob(app core.App, j *job) {
	if j.row != "" {
		return
	}
	col, err := app.FindCachedCollectionByNameOrId("delivery_queue")
	if err != nil {
		app.Logger().Error("notify: a delivery is lost", "kind", j.Kind, "error", err.Error())
		return
	}
	data, _ := json.Marshal(j)
	r := core.NewRecord(col)
	r.Set("kind", j.Kind)
	r.Set("data", string(data))
	if err := app.Save(r); err != nil {
		app.Logger().Error("notify: a delivery is lost", "kind", j.Kind, "error", err.Error())
	}
}

// waitFor waits for wg up to timeout and reports whether it finished.
func waitFor(wg *sync.WaitGroup, timeout time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(timeout):
		return false
	}
}
