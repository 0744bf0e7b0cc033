package notify_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"
)

type event struct{ name, data string }

// listen opens a realtime connection as the member with cookie, subscribes to topics the
// way the SDK does, and returns the events that arrive.
func listen(t *testing.T, ctx context.Context, base, cookie string, topics ...string) <-chan event {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/realtime", nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan event, 16)
	connected := make(chan string, 1)
	go func() {
		defer res.Body.Close()
		defer close(events)
		sc := bufio.NewScanner(res.Body)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event:"):
				ev.name = strings.TrimSpace(line[6:])
			case strings.HasPrefix(line, "data:"):
				ev.data = strings.TrimSpace(line[5:])
			case line == "" && ev.name != "":
				if ev.name == "PB_CONNECT" {
					var c struct{ ClientID string }
					_ = json.Unmarshal([]byte(ev.data), &c)
					connected <- c.ClientID
				} else {
					events <- ev
				}
				ev = event{}
			}
		}
	}()
	var clientID string
	select {
	case clientID = <-connected:
	case <-time.After(5 * time.Second):
		t.Fatal("no PB_CONNECT")
	}
	body, _ := json.Marshal(map[string]any{"clientId": clientID, "subscriptions": topics})
	sub, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/realtime", strings.NewReader(string(body)))
	sub.Header.Set("Content-Type", "application/json")
	sub.Header.Set("Cookie", cookie)
	sub.Header.Set("Origin", base)
	subRes, err := http.DefaultClient.Do(sub)
	if err != nil || subRes.StatusCode != http.StatusNoContent {
		t.Fatalf("subscribe: %v %v", err, subRes)
	}
	return events
}

// TestFeedTopicReachesFollowersOnly proves the realtime path end to end: a followed
// member's new post reaches a follower's open app on the feed topic, and the follower's
// notification topic announces it, while a member who doesn't follow receives nothing.
func TestFeedTopicReachesFollowersOnly(t *testing.T) {
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app) // Bea and Cal follow Ana; Dee doesn't
	srv := testutil.Serve(t, app)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	cookie := func(id string) string {
		u, _ := app.FindRecordById("users", id)
		return testutil.SessionCookie(t, u)
	}
	follower := listen(t, ctx, srv.URL, cookie(bea), "feed", "notifications")
	stranger := listen(t, ctx, srv.URL, cookie(dee), "feed", "notifications")
	visitor := listen(t, ctx, srv.URL, "", "feed", "notifications") // dropped: no session

	post(t, app, "anapost00000009", ana, "movie_review", "Heat")

	got := map[string]string{}
	deadline := time.After(5 * time.Second)
	for len(got) < 2 {
		select {
		case ev := <-follower:
			got[ev.name] = ev.data
		case <-deadline:
			t.Fatalf("the follower received only %v", got)
		}
	}
	if !strings.Contains(got["feed"], `"id":"anapost00000009"`) || !strings.Contains(got["feed"], `"movieTitle":"Heat"`) {
		t.Fatalf("feed event: %s", got["feed"])
	}
	if !strings.Contains(got["notifications"], `"message":"Ana reviewed Heat"`) || !strings.Contains(got["notifications"], `"unreadCount":1`) {
		t.Fatalf("notification event: %s", got["notifications"])
	}
	// A like by Bea reaches Ana? Ana has no open app; make sure the others stay silent.
	if _, err := social.Like(app, "anapost00000009", bea); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-stranger:
		t.Fatalf("a member who doesn't follow Ana received %v", ev)
	case ev := <-visitor:
		t.Fatalf("a visitor received %v", ev)
	case <-time.After(300 * time.Millisecond):
	}
}
