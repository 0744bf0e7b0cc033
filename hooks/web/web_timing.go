package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// ServerTimingHeader names the header that carries the server's time on an answer.
const ServerTimingHeader = "Server-Timing"

// serverTiming stamps every answer but the realtime streams with the time the server took
// to start it, as W3C Server Timing (`app;dur=1.234`, in milliseconds): browsers show it
// beside the request in their developer tools, and `make bench` reads it as the server
// time of a request apart from the load generator's own work on the same cores. The clock
// starts before PocketBase's own middlewares and stops when the status goes out, after the
// handler's reads, its JSON and the first compressed bytes. It says nothing a visitor could
// not time from outside, so every answer carries it.
func serverTiming() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "cinecircleServerTiming",
		Priority: apis.DefaultWWWRedirectMiddlewarePriority + 1, // before every other middleware
		Func: func(e *core.RequestEvent) error {
			if p := e.Request.URL.Path; p == "/api/realtime" || p == "/api/events" {
				return e.Next()
			}
			rw := e.Response
			tw := &timingWriter{ResponseWriter: rw, start: time.Now()}
			e.Response = tw
			defer func() { e.Response = rw }()
			err := e.Next()
			if err != nil {
				tw.stamp() // the router writes the error after the middlewares, with these headers
			}
			return err
		},
	}
}

// timingWriter adds the Server-Timing header when the status goes out.
type timingWriter struct {
	http.ResponseWriter
	start   time.Time
	stamped bool
}

// stamp sets the header once, before the status is written.
func (w *timingWriter) stamp() {
	if w.stamped {
		return
	}
	w.stamped = true
	dur := float64(time.Since(w.start).Microseconds()) / 1000
	w.Header().Set(ServerTimingHeader, fmt.Sprintf("app;dur=%.3f", dur))
}

// WriteHeader stamps the header, then sends the status.
func (w *timingWriter) WriteHeader(code int) {
	w.stamp()
	w.ResponseWriter.WriteHeader(code)
}

// Write stamps the header when the body starts without an explicit status.
func (w *timingWriter) Write(b []byte) (int, error) {
	w.stamp()
	return w.ResponseWriter.Write(b)
}

// ReadFrom keeps the connection's own copy (sendfile) for files.
func (w *timingWriter) ReadFrom(r io.Reader) (int64, error) {
	w.stamp()
	return io.Copy(w.ResponseWriter, r)
}

// Flush stamps the header and flushes.
func (w *timingWriter) Flush() {
	w.stamp()
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Hijack hands the connection over.
func (w *timingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// Unwrap lets http.ResponseController and PocketBase's Written/Status reach the writer.
func (w *timingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
