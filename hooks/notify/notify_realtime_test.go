package notify_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

type event struct{ name, data string }

// listen opens the member's event stream (GET /api/events with the session cookie), as
// the UI's EventSource does, and returns the events that arrive; the channel closes when
// the stream ends. The stream is registered once its answer has begun.
func listen(t *testing.T, ctx context.Context, base, cookie string) <-chan event {
	t.Helper()
	return listenWith(t, ctx, http.DefaultClient, base, cookie)
}

// listenWith is listen with a given HTTP client.
func listenWith(t *testing.T, ctx context.Context, client *http.Client, base, cookie string) <-chan event {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
	req.Header.Set("Cookie", cookie)
	req.Header.Set("Accept", "text/event-stream")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		t.Fatalf("GET /api/events: %d %s %s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	events := make(chan event, 16)
	go func() {
		defer res.Body.Close()
		defer close(events)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event:"):
				ev.name = strings.TrimSpace(line[6:])
			case strings.HasPrefix(line, "data:"):
				ev.data = strings.TrimSpace(line[5:])
			case line == "" && ev.name != "":
				select {
				case events <- ev:
				case <-ctx.Done():
					return
				}
				ev = event{}
			}
		}
	}()
	return events
}

// cookieOf is the session cookie of the member with id.
func cookieOf(t *testing.T, app core.App, id string) string {
	t.Helper()
	u, err := app.FindRecordById("users", id)
	if err != nil {
		t.Fatal(err)
	}
	return testutil.SessionCookie(t, u)
}

// waitUntil polls cond until it holds (5 s at most).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestFeedTopicReachesFollowersOnly proves the realtime path end to end: a followed
// member's new post reaches a follower's open app as a feed event, and the follower's
// notification event announces it, while a member who doesn't follow receives nothing.
func TestFeedTopicReachesFollowersOnly(t *testing.T) {
	t.Parallel()
	app, srv, ctx := servedCommunity(t) // Bea and Cal follow Ana; Dee doesn't

	follower := listen(t, ctx, srv.URL, cookieOf(t, app, bea))
	stranger := listen(t, ctx, srv.URL, cookieOf(t, app, dee))

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
	// Bea likes the post: Ana has no stream open; the others must stay silent.
	if _, err := social.Like(app, "anapost00000009", bea); err != nil {
		t.Fatal(err)
	}
	notify.Drain()
	select {
	case ev := <-stranger:
		t.Fatalf("a member who doesn't follow Ana received %v", ev)
	case ev := <-follower:
		t.Fatalf("the follower received an event about her own like: %v", ev)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestEventStreamIsForMembersOnly: a visitor, a stale session and a suspended member get a
// JSON 401 and no stream.
func TestEventStreamIsForMembersOnly(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	if _, err := app.DB().NewQuery("UPDATE users SET suspended = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": dee}).Execute(); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app)
	for who, cookie := range map[string]string{
		"visitor":          "",
		"stale session":    "cinecircle_session=not-a-token",
		"suspended member": cookieOf(t, app, dee),
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/events", nil)
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body) // a stream would never end: this returns only for an answer
		res.Body.Close()
		var answer struct{ Message string }
		if res.StatusCode != http.StatusUnauthorized || json.Unmarshal(body, &answer) != nil || answer.Message == "" {
			t.Errorf("%s: %d %s %s", who, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
	if notify.Streams(app, dee) != 0 {
		t.Fatal("the suspended member's refused stream was kept")
	}
}

// TestStreamsEndWithTheSession: suspending a member, or revoking their sessions (a new
// token key, as a password change does), closes their open streams at once; an ordinary
// profile change keeps them.
func TestStreamsEndWithTheSession(t *testing.T) {
	t.Parallel()
	app, srv, ctx := servedCommunity(t)
	streams := map[string]<-chan event{}
	for _, id := range []string{bea, cal, dee} {
		streams[id] = listen(t, ctx, srv.URL, cookieOf(t, app, id))
	}
	change := func(id string, edit func(u *core.Record)) {
		u, err := app.FindRecordById("users", id)
		if err != nil {
			t.Fatal(err)
		}
		edit(u)
		if err := app.Save(u); err != nil { // as a moderator's save in the dashboard
			t.Fatal(err)
		}
	}
	change(bea, func(u *core.Record) { u.Set("suspended", true) })
	change(cal, func(u *core.Record) { u.RefreshTokenKey() })
	change(dee, func(u *core.Record) { u.Set("nickname", "Dee Dee") })

	for who, id := range map[string]string{"suspended": bea, "signed out everywhere": cal} {
		select {
		case ev, open := <-streams[id]:
			if open {
				t.Fatalf("the %s member still received %v", who, ev)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("the %s member's stream stayed open", who)
		}
		if notify.Streams(app, id) != 0 {
			t.Fatalf("the hub kept the %s member's stream", who)
		}
	}
	// Ana's post still reaches Dee, whose session is intact (she follows Ana now).
	if err := social.Follow(app, dee, ana); err != nil {
		t.Fatal(err)
	}
	post(t, app, "anapost00000010", ana, "movie_review", "Heat")
	for ev := range streams[dee] {
		if ev.name == "feed" && strings.Contains(ev.data, "anapost00000010") {
			return
		}
	}
	t.Fatal("the unchanged member's stream ended")
}

// TestClosedStreamIsForgotten: a member's two tabs each get the event; a tab that closes
// its stream is forgotten by the hub at once, the other keeps receiving.
func TestClosedStreamIsForgotten(t *testing.T) {
	t.Parallel()
	app, srv, ctx := servedCommunity(t)
	ctx, cancel := context.WithCancel(ctx) // the last tab closes at the end
	defer cancel()
	tabCtx, closeTab := context.WithCancel(ctx)
	first := listen(t, tabCtx, srv.URL, cookieOf(t, app, bea))
	second := listen(t, ctx, srv.URL, cookieOf(t, app, bea))
	if n := notify.Streams(app, bea); n != 2 {
		t.Fatalf("two tabs, %d streams", n)
	}
	notify.Publish(app, []string{bea}, notify.TopicFeed, map[string]string{"n": "1"})
	for _, tab := range []<-chan event{first, second} {
		if ev := <-tab; ev.name != "feed" || ev.data != `{"n":"1"}` {
			t.Fatalf("tab got %v", ev)
		}
	}
	closeTab()
	waitUntil(t, "the hub forgets the closed tab", func() bool { return notify.Streams(app, bea) == 1 })
	notify.Publish(app, []string{bea}, notify.TopicFeed, map[string]string{"n": "2"})
	if ev := <-second; ev.data != `{"n":"2"}` {
		t.Fatalf("the open tab got %v", ev)
	}
	cancel()
	waitUntil(t, "the hub forgets the last tab", func() bool { return notify.Streams(app, bea) == 0 })
}

// signedInCookie signs id in through /api/auth/login, as a browser does, and returns the
// session cookie (with its own session).
func signedInCookie(t *testing.T, app core.App, base, id string) string {
	t.Helper()
	u, err := app.FindRecordById("users", id)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(base+"/api/auth/login", "application/json", strings.NewReader(`{"email":"`+u.Email()+`","password":"password123"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if c.Name == auth.CookieName && c.Value != "" {
			return c.Name + "=" + c.Value
		}
	}
	t.Fatalf("sign-in set no cookie: %d", res.StatusCode)
	return ""
}

// TestStreamEndsWithItsSession: ending one browser session (the device list's 'Sign
// out') closes that browser's stream; the member's other browser keeps its own.
func TestStreamEndsWithItsSession(t *testing.T) {
	t.Parallel()
	app, srv, ctx := servedCommunity(t)
	phone := listen(t, ctx, srv.URL, signedInCookie(t, app, srv.URL, bea))
	laptop := listen(t, ctx, srv.URL, signedInCookie(t, app, srv.URL, bea))
	sessions, err := app.FindRecordsByFilter(auth.SessionsCollection, "user = {:u}", "created", 0, 0, dbx.Params{"u": bea})
	if err != nil || len(sessions) != 2 {
		t.Fatalf("want two sessions, got %d (%v)", len(sessions), err)
	}
	if err := app.Delete(sessions[0]); err != nil { // the phone's
		t.Fatal(err)
	}
	select {
	case ev, open := <-phone:
		if open {
			t.Fatalf("the signed-out phone still received %v", ev)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the signed-out phone's stream stayed open")
	}
	if n := notify.Streams(app, bea); n != 1 {
		t.Fatalf("the laptop's stream must stay: %d open", n)
	}
	_ = laptop
}
