package notify

import (
	"encoding/json"
	"slices"
	"sync"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/core"
)

// Realtime topics: the event names on a member's event stream (GET /api/events). They
// carry only that member's own events: the server sends each event to its recipients'
// streams alone, so there is nothing of anyone else's to listen to.
const (
	TopicNotifications = "notifications"
	TopicFeed          = "feed"
)

// hub indexes the open event streams by member, so an event reaches its recipients'
// streams without scanning every connected client.
type hub struct {
	mu     sync.RWMutex
	byUser map[string][]*client // member id → their open streams (one per tab)
	limits streamLimits
	stop   chan struct{}
	once   sync.Once
}

func newHub() *hub {
	return &hub{byUser: map[string][]*client{}, limits: defaultLimits, stop: make(chan struct{})}
}

// add files an open stream under its member, with the hub's limits.
func (h *hub) add(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c.limits = h.limits
	h.byUser[c.user] = append(h.byUser[c.user], c)
}

// remove forgets a stream (closed by either side); removing it twice is harmless.
func (h *hub) remove(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	list := slices.DeleteFunc(h.byUser[c.user], func(o *client) bool { return o == c })
	if len(list) == 0 {
		delete(h.byUser, c.user)
	} else {
		h.byUser[c.user] = list
	}
}

// online reports whether the member has a stream open.
func (h *hub) online(userID string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byUser[userID]) > 0
}

// send delivers data as a topic event to every open stream of the given members. It never
// waits for a socket: each stream writes its own queue (see client.enqueue).
func (h *hub) send(userIDs []string, topic string, data any) {
	payload, err := json.Marshal(data)
	if err != nil {
		return
	}
	frame := make([]byte, 0, len(topic)+len(payload)+16)
	frame = append(append(append(append(frame, "event: "...), topic...), "\ndata: "...), payload...)
	frame = append(frame, "\n\n"...)
	for _, c := range h.clientsOf(userIDs) {
		c.enqueue(frame)
	}
}

// Publish sends data as a topic event to the open streams of userIDs, as notify's own
// senders do; it does nothing before Register. Tests use it for events of any size.
func Publish(app core.App, userIDs []string, topic string, data any) {
	if h := hubOf(app); h != nil {
		h.send(userIDs, topic, data)
	}
}

// Streams counts userID's open event streams in app (0 before Register).
func Streams(app core.App, userID string) int {
	h := hubOf(app)
	if h == nil {
		return 0
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byUser[userID])
}

// clientsOf lists the open streams of the given members.
func (h *hub) clientsOf(userIDs []string) []*client {
	h.mu.RLock()
	defer h.mu.RUnlock()
	var out []*client
	for _, id := range userIDs {
		out = append(out, h.byUser[id]...)
	}
	return out
}

// all lists every open stream.
func (h *hub) all() []*client {
	h.mu.RLock()
	defer h.mu.RUnlock()
	out := make([]*client, 0, len(h.byUser))
	for _, list := range h.byUser {
		out = append(out, list...)
	}
	return out
}

// revoke closes the streams of a member whose session no longer counts: suspended, deleted,
// or signed out everywhere (a password change renews the token key). PocketBase's own
// realtime drops the auth of its clients in the same cases.
func (h *hub) revoke(user *core.Record, deleted bool) {
	for _, c := range h.clientsOf([]string{user.Id}) {
		if deleted || user.GetBool("suspended") || c.tokenKey != user.TokenKey() {
			c.close()
		}
	}
}

// revokeSession closes the streams a signed-out browser session opened.
func (h *hub) revokeSession(userID, session string) {
	for _, c := range h.clientsOf([]string{userID}) {
		if c.session == session {
			c.close()
		}
	}
}

// keepAlive writes a comment to every idle stream each interval until the hub shuts down:
// it keeps proxies from timing the streams out and finds sockets whose peer is gone. One
// goroutine serves every stream.
func (h *hub) keepAlive(every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			for _, c := range h.all() {
				c.keepAlive()
			}
		}
	}
}

// restartFrame ends a stream when the server shuts down: EventSource clients reconnect
// after the retry field's milliseconds (ours reconnect on any close, with backoff), and
// the named event says why.
var restartFrame = []byte("retry: 5000\nevent: restart\ndata: {\"reconnect\":true}\n\n")

// shutdown tells every stream to reconnect, closes it once that is written (or after a
// second at most), and stops the keep-alive (the server is terminating).
func (h *hub) shutdown() {
	h.once.Do(func() { close(h.stop) })
	all := h.all()
	for _, c := range all {
		c.finish(restartFrame)
	}
	deadline := time.After(time.Second)
	for _, c := range all {
		select {
		case <-c.ended: // written after whatever was queued before it, then closed
		case <-deadline:
		}
	}
	for _, c := range all {
		c.close()
	}
}

// bindRealtime keeps the hub's streams in step with the members' sessions: a member who
// is suspended, deleted or whose sessions were all revoked stops receiving at once.
func bindRealtime(app core.App, h *hub) {
	app.OnRecordAfterUpdateSuccess("users").BindFunc(func(e *core.RecordEvent) error {
		h.revoke(e.Record, false)
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess("users").BindFunc(func(e *core.RecordEvent) error {
		h.revoke(e.Record, true)
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess(auth.SessionsCollection).BindFunc(func(e *core.RecordEvent) error {
		h.revokeSession(e.Record.GetString("user"), e.Record.Id)
		return e.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		h.shutdown()
		return e.Next()
	})
}
