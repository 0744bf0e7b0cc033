package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"syscall"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// failureAnswer turns a handler's error that match recognises into an answer a member can
// act on (the status, a message saying what happened, Retry-After), logged at level.
type failureAnswer struct {
	id       string
	priority int // below every domain's middleware, so it sees every handler's error
	match    func(error) bool
	status   int
	message  string
	retry    string // Retry-After, in seconds
	level    slog.Level
	log      string
}

// bindFailureAnswer binds f around every route.
func bindFailureAnswer(app core.App, f failureAnswer) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       f.id,
			Priority: f.priority,
			Func: func(e *core.RequestEvent) error {
				err := e.Next()
				if err == nil || !f.match(err) {
					return err
				}
				e.App.Logger().Log(e.Request.Context(), f.level, f.log, "path", e.Request.URL.Path, "error", err.Error())
				e.Response.Header().Set("Retry-After", f.retry)
				return router.NewApiError(f.status, f.message, nil)
			},
		})
		return se.Next()
	})
}

// sqliteFull is SQLite's SQLITE_FULL result code: a write found no room on the disk.
const sqliteFull = 13

// diskFullMessage is what a write refused for lack of disk space says.
const diskFullMessage = "The server is out of disk space, so nothing can be saved right now. " +
	"Reading still works; please try again later."

// bindDiskFull answers a request whose write failed because the data dir's disk is full
// with 507 Insufficient Storage and a message that says so, instead of a 400 or 500 that
// says nothing. SQLite rolls the transaction back, so nothing is half written, and the
// next write after space returns simply succeeds: there is no state to recover.
func bindDiskFull(app core.App) {
	bindFailureAnswer(app, failureAnswer{
		id: "cinecircleDiskFull", priority: -99998, // outside everything but the shutdown gate
		match: IsDiskFull, status: http.StatusInsufficientStorage, message: diskFullMessage, retry: "60",
		level: slog.LevelError, log: "disk full: a write was refused",
	})
}

// IsDiskFull reports whether err comes from a write that found no room: SQLite's
// SQLITE_FULL (any extended code), ENOSPC from a file write, or either inside an API error
// a handler wrapped it in.
func IsDiskFull(err error) bool {
	for err != nil {
		if errors.Is(err, syscall.ENOSPC) {
			return true
		}
		var coded interface{ Code() int }
		if errors.As(err, &coded) && coded.Code()&0xff == sqliteFull {
			return true
		}
		msg := err.Error()
		if strings.Contains(msg, "database or disk is full") || strings.Contains(msg, "no space left on device") {
			return true
		}
		var apiErr *router.ApiError
		if !errors.As(err, &apiErr) {
			return false
		}
		err, _ = apiErr.RawData().(error)
	}
	return false
}

// sqliteInterrupt is SQLite's SQLITE_INTERRUPT result code: a query stopped midway, as the
// driver stops one whose context is done (PocketBase gives each query 30 s).
const sqliteInterrupt = 9

// queryTimeoutMessage is what a request whose query ran out of time says.
const queryTimeoutMessage = "The server took too long to answer this, so nothing was changed. " +
	"Please try again in a moment."

// bindQueryTimeout answers a request whose database query ran past its time limit with
// 503 Service Unavailable and a message that says so. PocketBase answers such an error
// with 400 "Something went wrong while processing your request", which reads as the
// member's mistake (at 100k members, making a list private did that until stop 45).
// The transaction is rolled back, so nothing is half written.
func bindQueryTimeout(app core.App) {
	bindFailureAnswer(app, failureAnswer{
		id: "cinecircleQueryTimeout", priority: -99997, // just inside the disk-full answer
		match: IsQueryTimeout, status: http.StatusServiceUnavailable, message: queryTimeoutMessage, retry: "5",
		level: slog.LevelWarn, log: "a query ran out of time",
	})
}

// IsQueryTimeout reports whether err is a query stopped by its deadline: SQLite's
// SQLITE_INTERRUPT, or context.DeadlineExceeded, as the driver and dbx return them. An
// API error is a handler's own answer and is left as it is (a federation lookup's 504).
func IsQueryTimeout(err error) bool {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var coded interface{ Code() int }
	return errors.As(err, &coded) && coded.Code()&0xff == sqliteInterrupt
}
