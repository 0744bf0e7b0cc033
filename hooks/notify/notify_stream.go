package notify

import (
	"bytes"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/core"
)

// streamLimits bound one event stream. A stream whose socket takes longer than write to
// accept an event (keepAliveWrite for a keep-alive), or that falls maxQueued bytes behind,
// is closed: its app reconnects and refetches, and meanwhile nobody else waits for it.
type streamLimits struct {
	write, keepAliveWrite time.Duration
	maxQueued             int
	keepAliveEvery        time.Duration
}

var defaultLimits = streamLimits{write: 10 * time.Second, keepAliveWrite: time.Second, maxQueued: 256 << 10,
	keepAliveEvery: 25 * time.Second}

// SetStreamLimits changes app's stream limits for the streams opened (and the keep-alive
// started by serving) from now on: a write deadline, the bytes a stream may fall behind
// and the keep-alive interval. For tests, which need small or large ones; production
// keeps the defaults. It does nothing before Register.
func SetStreamLimits(app core.App, write time.Duration, maxQueued int, keepAliveEvery time.Duration) {
	h := hubOf(app)
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.limits.write, h.limits.maxQueued, h.limits.keepAliveEvery = write, maxQueued, keepAliveEvery
}

// keepAliveFrame is an SSE comment: EventSource ignores it.
var keepAliveFrame = []byte(":\n\n")

// sink is where a stream's bytes go: the hijacked socket, or (HTTP/2, which cannot be
// hijacked) the response writer of a request that stays open.
type sink interface {
	write(frames [][]byte, deadline time.Time) error
	close()
}

// client is one open event stream: the member it belongs to, their session's token key at
// connect time, and a small queue that one short-lived goroutine at a time writes out.
// Nothing else is kept per stream: no goroutine parked in the request's middleware stack,
// no HTTP buffers.
type client struct {
	h        *hub
	user     string
	tokenKey string
	session  string // the browser session it came with (auth.SessionID), "" for a header token
	out      sink
	limits   streamLimits

	mu      sync.Mutex
	queue   [][]byte
	queued  int
	writing bool
	closed  bool
	last    bool          // close once the queue is written (finish)
	ended   chan struct{} // closed by close
}

// eventsHandler is GET /api/events, the signed-in member's event stream (text/event-stream)
// of their notifications and their followed members' new posts. The connection leaves
// PocketBase's router once the stream is open: a few hundred bytes and one small
// goroutine per stream instead of PocketBase's realtime broker's tens of KB.
func eventsHandler(e *core.RequestEvent) error {
	h := hubOf(e.App)
	if h == nil {
		return e.NotFoundError("", nil)
	}
	c := &client{h: h, user: e.Auth.Id, tokenKey: e.Auth.TokenKey(), session: auth.SessionID(e), ended: make(chan struct{})}
	head := e.Response.Header().Clone() // keeps a renewed session cookie and the security headers
	head.Del("Content-Length")
	head.Del("Vary")
	head.Set("Content-Type", "text/event-stream; charset=utf-8")
	head.Set("Cache-Control", "no-store")
	head.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once

	rc := http.NewResponseController(e.Response)
	if e.Request.ProtoMajor == 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			return openHijacked(c, conn, head)
		} else if !errors.Is(err, http.ErrNotSupported) {
			return err
		}
	}
	return serveInPlace(e, c, rc, head)
}

// openHijacked writes the response head on the raw connection, files the stream and starts
// its watcher. The handler returns at once, so the request's goroutine and buffers go.
func openHijacked(c *client, conn net.Conn, head http.Header) error {
	_ = conn.SetDeadline(time.Time{}) // the server's read and write timeouts no longer apply
	head.Set("Connection", "close")   // the body ends when the connection does
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 200 OK\r\n")
	_ = head.Write(&b)
	b.WriteString("\r\n")
	b.Write(keepAliveFrame)
	c.out = connSink{conn}
	c.h.add(c) // before the head goes out: once the app sees it, events reach it
	if err := c.out.write([][]byte{b.Bytes()}, time.Now().Add(c.limits.write)); err != nil {
		c.close()
		return nil
	}
	go c.watch(conn)
	return nil
}

// watch reads the socket until the peer goes away, then forgets the stream. It runs on a
// goroutine of its own, started fresh, so its stack stays at the minimum size; the app
// sends nothing after its request, so the one-byte buffer only ever sees the end.
func (c *client) watch(conn net.Conn) {
	var b [1]byte
	for {
		if _, err := conn.Read(b[:]); err != nil {
			c.close()
			return
		}
	}
}

// serveInPlace streams through the response writer while the request stays open: the
// fallback where the connection cannot be taken over (HTTP/2 over TLS).
func serveInPlace(e *core.RequestEvent, c *client, rc *http.ResponseController, head http.Header) error {
	_ = rc.SetWriteDeadline(time.Time{})
	for k, v := range head {
		e.Response.Header()[k] = v
	}
	e.Response.WriteHeader(http.StatusOK)
	s := &responseSink{w: e.Response, rc: rc, done: make(chan struct{})}
	c.out = s
	c.h.add(c)
	if err := s.write([][]byte{keepAliveFrame}, time.Now().Add(c.limits.write)); err != nil {
		c.close()
		return nil
	}
	select {
	case <-s.done:
	case <-e.Request.Context().Done():
		c.close()
	}
	s.mu.Lock() // a write under way ends before the response does
	defer s.mu.Unlock()
	return nil
}

// enqueue queues frame for the stream and starts its writer unless one is running. It never
// blocks on the socket; a stream that falls limits.maxQueued behind is closed.
func (c *client) enqueue(frame []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if c.queued+len(frame) > c.limits.maxQueued {
		c.mu.Unlock()
		c.close()
		return
	}
	c.queue = append(c.queue, frame)
	c.queued += len(frame)
	start := !c.writing
	c.writing = true
	c.mu.Unlock()
	if start {
		go c.flush()
	}
}

// finish queues a last frame and closes the stream once it is written, by whichever
// goroutine writes the queue; c.ended tells when that has happened.
func (c *client) finish(frame []byte) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.queue = append(c.queue, frame)
	c.last = true
	start := !c.writing
	c.writing = true
	c.mu.Unlock()
	if start {
		go c.flush()
	}
}

// flush writes the queue out until it is empty; the caller has set c.writing.
func (c *client) flush() {
	for {
		c.mu.Lock()
		frames := c.queue
		c.queue, c.queued = nil, 0
		if len(frames) == 0 || c.closed {
			c.writing = false
			last := c.last && !c.closed
			c.mu.Unlock()
			if last {
				c.close()
			}
			return
		}
		c.mu.Unlock()
		if err := c.out.write(frames, time.Now().Add(c.limits.write)); err != nil {
			c.close()
			return
		}
	}
}

// keepAlive writes a comment to an idle stream, on the caller's goroutine: an idle
// socket takes a few bytes at once, and one that cannot within keepAliveWrite is dead.
func (c *client) keepAlive() {
	c.mu.Lock()
	if c.closed || c.writing {
		c.mu.Unlock()
		return
	}
	c.writing = true
	c.mu.Unlock()
	if err := c.out.write([][]byte{keepAliveFrame}, time.Now().Add(c.limits.keepAliveWrite)); err != nil {
		c.close()
		return
	}
	c.flush() // whatever was queued meanwhile
}

// close ends the stream and forgets it; closing twice is harmless.
func (c *client) close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	c.queue = nil
	close(c.ended)
	c.mu.Unlock()
	c.h.remove(c)
	c.out.close()
}

// connSink writes to a hijacked connection.
type connSink struct{ conn net.Conn }

func (s connSink) write(frames [][]byte, deadline time.Time) error {
	if err := s.conn.SetWriteDeadline(deadline); err != nil {
		return err
	}
	bufs := net.Buffers(frames)
	_, err := bufs.WriteTo(s.conn)
	return err
}

func (s connSink) close() { _ = s.conn.Close() }

// responseSink writes to an open response and flushes each write.
type responseSink struct {
	w    http.ResponseWriter
	rc   *http.ResponseController
	mu   sync.Mutex
	done chan struct{}
	once sync.Once
}

func (s *responseSink) write(frames [][]byte, deadline time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.done:
		return net.ErrClosed
	default:
	}
	if err := s.rc.SetWriteDeadline(deadline); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	for _, f := range frames {
		if _, err := s.w.Write(f); err != nil {
			return err
		}
	}
	return s.rc.Flush()
}

func (s *responseSink) close() { s.once.Do(func() { close(s.done) }) }
