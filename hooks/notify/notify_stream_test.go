package notify_test

import (
	"bufio"
	"context"
	"net"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// openStuck opens the member's event stream on a raw socket with a tiny receive buffer,
// reads the answer's head and then never reads again: a slow or vanished app.
func openStuck(t *testing.T, base, cookie string) net.Conn {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	conn, err := d.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := conn.Write([]byte("GET /api/events HTTP/1.1\r\nHost: cinecircle\r\nCookie: " + cookie + "\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReaderSize(conn, 16)
	status, err := br.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		t.Fatalf("stuck stream: %q %v", status, err)
	}
	return conn
}

// TestStuckStreamHoldsUpNobody: an app that stops reading never delays anyone else's
// events. A member whose socket is full falls behind on their own, and once they are too
// far behind the hub drops them; meanwhile another member receives every event at once.
// The write timeout is a minute here, so a writer that waited on the stuck socket would
// hold the other member's events up far beyond this test's patience.
func TestStuckStreamHoldsUpNobody(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	notify.SetStreamLimits(app, time.Minute, 256<<10, time.Hour)
	srv := testutil.Serve(t, app)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	openStuck(t, srv.URL, cookieOf(t, app, cal))
	healthy := listen(t, ctx, srv.URL, cookieOf(t, app, bea))
	big := strings.Repeat("x", 32<<10)
	sent := 0
	for notify.Streams(app, cal) > 0 {
		if sent == 1000 { // 32 MB: far more than any socket buffers
			t.Fatal("the stuck stream was never dropped")
		}
		sent++
		notify.Publish(app, []string{cal, bea}, notify.TopicNotifications, map[string]any{"n": sent, "pad": big})
		select {
		case ev := <-healthy:
			if !strings.HasPrefix(ev.data, `{"n":`+strconv.Itoa(sent)+`,`) {
				t.Fatalf("event %d: got %.40s", sent, ev.data)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("event %d of the healthy member waited behind the stuck one", sent)
		}
	}
	if sent < 8 {
		t.Fatalf("the stuck stream was dropped after %d events, before its socket could be full", sent)
	}
	t.Logf("the stuck stream was dropped after %d events of 32 KB", sent)
	if notify.Streams(app, bea) != 1 {
		t.Fatal("the healthy stream was dropped too")
	}
}

// TestIdleStreamKeepsAlive: an idle stream gets a comment line at every keep-alive tick
// (proxies keep it open; EventSource ignores comments).
func TestIdleStreamKeepsAlive(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	notify.SetStreamLimits(app, 10*time.Second, 256<<10, 20*time.Millisecond)
	srv := testutil.Serve(t, app)
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = conn.Write([]byte("GET /api/events HTTP/1.1\r\nHost: cinecircle\r\nCookie: " + cookieOf(t, app, ana) + "\r\n\r\n"))
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(conn)
	comments := 0
	for comments < 3 { // the first right after the head, then one per tick
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("after %d comments: %v", comments, err)
		}
		if line == ":\n" {
			comments++
		}
	}
}

// TestEventStreamOverHTTP2: over HTTP/2 (TLS), where a connection cannot be taken over,
// the stream is served in place and behaves the same: a follower's feed event arrives, and
// closing the stream makes the hub forget it.
func TestEventStreamOverHTTP2(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(mux)
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	streamCtx, closeStream := context.WithCancel(ctx)
	defer closeStream()
	follower := listenWith(t, streamCtx, srv.Client(), srv.URL, cookieOf(t, app, bea))
	post(t, app, "anapost00000011", ana, "movie_review", "Heat")
	for ev := range follower {
		if ev.name == "feed" {
			if !strings.Contains(ev.data, `"id":"anapost00000011"`) {
				t.Fatalf("feed event: %s", ev.data)
			}
			break
		}
	}
	closeStream()
	waitUntil(t, "the hub forgets the closed HTTP/2 stream", func() bool { return notify.Streams(app, bea) == 0 })
}

// TestShutdownEndsStreamsWithRestart: on shutdown every stream gets its reconnect hint
// after what was already queued for it, even when a writer is busy on the socket at that
// moment (the stream is not cut while another goroutine still has the hint to write).
func TestShutdownEndsStreamsWithRestart(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	members(t, app)
	notify.SetStreamLimits(app, time.Minute, 64<<20, time.Hour)
	srv := testutil.Serve(t, app)
	conn := openStuck(t, srv.URL, cookieOf(t, app, cal))
	big := strings.Repeat("x", 32<<10)
	// 2 MB: more than the socket buffers (the writer blocks on it), and eight times what a
	// stream may queue outside this test (256 KB), yet little enough to be written within
	// shutdown's one second on a loaded machine (6.4 MB was not, once, under make test).
	for n := range 64 {
		notify.Publish(app, []string{cal}, notify.TopicNotifications, map[string]any{"n": n, "pad": big})
	}
	time.Sleep(100 * time.Millisecond) // the writer is now waiting on the full socket
	done := make(chan error, 1)
	go func() { done <- app.OnTerminate().Trigger(&core.TerminateEvent{App: app}) }()
	time.Sleep(100 * time.Millisecond) // shutdown has begun while the writer is busy
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	var all strings.Builder
	buf := make([]byte, 64<<10)
	for {
		n, err := conn.Read(buf)
		all.Write(buf[:n])
		if err != nil {
			break
		}
	}
	<-done
	s := all.String()
	if !strings.Contains(s, `{"n":63,`) {
		t.Fatalf("the events queued before shutdown were cut (%d bytes read)", len(s))
	}
	if !strings.HasSuffix(s, "retry: 5000\nevent: restart\ndata: {\"reconnect\":true}\n\n") {
		t.Fatalf("the stream ended without the reconnect hint: %q", s[max(0, len(s)-120):])
	}
}
