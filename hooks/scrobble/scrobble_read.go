package scrobble

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// readPlay reads the webhook request's body (at most MaxBody) into a Play, or returns
// the 400 (or the body limit's 413) to answer.
func readPlay(e *core.RequestEvent) (Play, error) {
	ct := e.Request.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	var body []byte
	form := func(string) string { return "" }
	switch mt {
	case "multipart/form-data", "application/x-www-form-urlencoded":
		if err := e.Request.ParseMultipartForm(MaxBody); err != nil && !errors.Is(err, http.ErrNotMultipart) {
			return Play{}, bodyError(e, err, "The form could not be read.")
		}
		form = e.Request.FormValue
	default:
		var err error
		if body, err = io.ReadAll(e.Request.Body); err != nil {
			return Play{}, bodyError(e, err, "The request body could not be read.")
		}
	}
	p, err := Parse(ct, body, form)
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		return Play{}, e.BadRequestError("The payload is not one this address understands: see the highlighted fields.", verrs)
	}
	return p, err
}

// bodyError is the body limit's own 413 when that is what stopped the read, else a 400.
func bodyError(e *core.RequestEvent, err error, message string) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	if strings.Contains(err.Error(), "too large") {
		return e.Error(http.StatusRequestEntityTooLarge, "The payload is too large.", nil)
	}
	return e.BadRequestError(message, validation.Errors{"body": validation.NewError("validation_invalid_body", message)})
}

// Rate limit per token: a media server reports a handful of events per play; a burst
// beyond this is a loop or abuse, and answering 429 costs nothing.
const (
	RatePerToken = 60
	RateWindow   = time.Minute
)

// limiter counts each token's requests in fixed windows.
var limiter = &windows{counts: map[string]*window{}}

type window struct {
	start time.Time
	n     int
}

type windows struct {
	mu     sync.Mutex
	counts map[string]*window
}

// allow counts one request of key at now and reports whether it is within the limit.
func (w *windows) allow(key string, now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := w.counts[key]
	if c == nil || now.Sub(c.start) >= RateWindow {
		if len(w.counts) > 10000 { // forget finished windows now and then
			for k, v := range w.counts {
				if now.Sub(v.start) >= RateWindow {
					delete(w.counts, k)
				}
			}
		}
		c = &window{start: now}
		w.counts[key] = c
	}
	c.n++
	return c.n <= RatePerToken
}
