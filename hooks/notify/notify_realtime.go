package notify

import (
	"encoding/json"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"
)

// Realtime topics a signed-in client may subscribe to. They carry only the subscriber's
// own events: the server sends each event to its recipients' clients alone, so there is
// nothing of anyone else's to subscribe to.
const (
	TopicNotifications = "notifications"
	TopicFeed          = "feed"
)

// hub indexes realtime clients by member, so an event reaches its recipients' clients
// without scanning (or rule-checking) every connected client.
type hub struct {
	mu      sync.RWMutex
	byUser  map[string]map[string]subscriptions.Client // member id → client id → client
	clients map[string]string                          // client id → member id
}

func newHub() *hub {
	return &hub{byUser: map[string]map[string]subscriptions.Client{}, clients: map[string]string{}}
}

// track files a client under its member (moving it if it signed in as someone else).
func (h *hub) track(userID string, c subscriptions.Client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if prev, ok := h.clients[c.Id()]; ok && prev != userID {
		delete(h.byUser[prev], c.Id())
	}
	if h.byUser[userID] == nil {
		h.byUser[userID] = map[string]subscriptions.Client{}
	}
	h.byUser[userID][c.Id()] = c
	h.clients[c.Id()] = userID
}

// forget drops a disconnected client.
func (h *hub) forget(clientID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if userID, ok := h.clients[clientID]; ok {
		delete(h.byUser[userID], clientID)
		if len(h.byUser[userID]) == 0 {
			delete(h.byUser, userID)
		}
		delete(h.clients, clientID)
	}
}

// online reports whether the member has a realtime client open.
func (h *hub) online(userID string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byUser[userID]) > 0
}

// send delivers data on topic to every client of the given members that subscribed to it.
func (h *hub) send(userIDs []string, topic string, data any) {
	payload, err := json.Marshal(data)
	if err != nil {
		return
	}
	msg := subscriptions.Message{Name: topic, Data: payload}
	h.mu.RLock()
	var targets []subscriptions.Client
	for _, id := range userIDs {
		for _, c := range h.byUser[id] {
			if c.HasSubscription(topic) {
				targets = append(targets, c)
			}
		}
	}
	h.mu.RUnlock()
	for _, c := range targets {
		c.Send(msg)
	}
}

// bindRealtime keeps the hub in step with PocketBase's realtime clients: our topics need a
// signed-in client (the session cookie authenticates the subscribe call), and a client is
// forgotten when its connection ends.
func bindRealtime(app core.App, h *hub) {
	app.OnRealtimeSubscribeRequest().BindFunc(func(e *core.RealtimeSubscribeRequestEvent) error {
		if e.Auth == nil || e.Auth.Collection().Name != "users" {
			kept := e.Subscriptions[:0]
			for _, s := range e.Subscriptions {
				if s != TopicNotifications && s != TopicFeed {
					kept = append(kept, s)
				}
			}
			e.Subscriptions = kept
		}
		if err := e.Next(); err != nil {
			return err
		}
		if e.Auth != nil && e.Auth.Collection().Name == "users" {
			h.track(e.Auth.Id, e.Client)
		}
		return nil
	})
	app.OnRealtimeConnectRequest().BindFunc(func(e *core.RealtimeConnectRequestEvent) error {
		defer h.forget(e.Client.Id())
		return e.Next() // returns when the connection ends
	})
}
