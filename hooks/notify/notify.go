// Package notify tells members what happened: notifications created by record hooks after
// commit (likes, comments, replies, follows, new posts of people they follow), their
// routes, and realtime delivery to the member's open apps on their event stream.
package notify

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// storeKey is where an app keeps its realtime hub.
const storeKey = "cinecircle.notify.hub"

// hubOf returns app's realtime hub (nil before Register).
func hubOf(app core.App) *hub {
	h, _ := app.Store().Get(storeKey).(*hub)
	return h
}

// background counts the notification work running off the request path in every app of
// the process (Drain and shutdown wait for it).
var background = newInflight()

// inflight counts running goroutines like a sync.WaitGroup, except that Wait may overlap
// new work starting (which a WaitGroup forbids): apps in one process, as parallel tests
// run them, share the count, and one app's shutdown waits while another app posts.
type inflight struct {
	mu   sync.Mutex
	idle *sync.Cond
	n    int
}

func newInflight() *inflight {
	f := &inflight{}
	f.idle = sync.NewCond(&f.mu)
	return f
}

// Add counts delta more running goroutines (as sync.WaitGroup.Add).
func (f *inflight) Add(delta int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n += delta; f.n <= 0 {
		f.n = 0
		f.idle.Broadcast()
	}
}

// Done counts one goroutine finished.
func (f *inflight) Done() { f.Add(-1) }

// Wait blocks until no counted goroutine is running.
func (f *inflight) Wait() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.n > 0 {
		f.idle.Wait()
	}
}

// Register binds notification routes, the event stream, record hooks and realtime
// tracking to app.
func Register(app core.App) {
	h := newHub()
	app.Store().Set(storeKey, h)
	q := newQueue()
	app.Store().Set(queueKey, q)
	bindRealtime(app, h)
	bindEvents(app, q)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.GET("/events", eventsHandler).Bind(apis.SkipSuccessActivityLog())
		g.GET("/notifications", listHandler)
		g.GET("/notifications/unread-count", unreadHandler)
		g.PATCH("/notifications/mark-all-read", markAllHandler)
		g.PATCH("/notifications/{id}/read", markOneHandler)
		g.GET("/user/notification-settings", settingsHandler)
		g.PATCH("/user/notification-settings", updateSettingsHandler)
		g.POST("/push/subscribe", subscribeHandler)
		g.DELETE("/push/unsubscribe", unsubscribeHandler)
		g.POST("/push/test", testPushHandler)
		se.Router.GET("/api/push/vapid-public-key", vapidKeyHandler)
		go h.keepAlive(h.limits.keepAliveEvery)
		q.resume(se.App)
		return se.Next()
	})
	app.Cron().MustAdd("pushPrune", "40 4 * * 0", func() {
		if n, err := PrunePushSubscriptions(app, time.Now()); err != nil {
			app.Logger().Warn("push: prune job", "error", err.Error())
		} else if n > 0 {
			app.Logger().Info("push: pruned idle subscriptions", "count", n)
		}
	})
	// On shutdown (after the requests have drained): the open streams are told to
	// reconnect (bindRealtime), then fan-outs and pushes in flight finish or are kept in
	// delivery_queue for the next start.
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if n := q.shutdown(e.App, QueueDrainTimeout); n > 0 {
			e.App.Logger().Info("notify: deliveries kept for the next start", "count", n)
		}
		return e.Next()
	})
}

// Drain waits for background fan-out to finish (tests and shutdown).
func Drain() { background.Wait() }
