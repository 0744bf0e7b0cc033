package notify

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Streams counts the member's open event streams in app's hub (tests).
func Streams(app core.App, userID string) int {
	h := hubOf(app)
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.byUser[userID])
}

// SetStreamLimits changes app's stream limits for the streams opened (and the keep-alive
// started by serving) from now on (tests).
func SetStreamLimits(app core.App, write time.Duration, maxQueued int, keepAliveEvery time.Duration) {
	h := hubOf(app)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.limits.write, h.limits.maxQueued, h.limits.keepAliveEvery = write, maxQueued, keepAliveEvery
}

// Publish sends data as a topic event to the members' streams, as notify's own senders
// do (tests: events of any size).
func Publish(app core.App, userIDs []string, topic string, data any) {
	hubOf(app).send(userIDs, topic, data)
}

// FanoutSQL are the queries a new post's fan-out reads its audience with (plan tests).
var FanoutSQL = map[string]string{"followers": followersSQL, "muted followers": mutedFollowersSQL}
