package web

import (
	"errors"
	"net/http"
	"strings"
	"syscall"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

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
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(&hook.Handler[*core.RequestEvent]{
			Id:       "cinecircleDiskFull",
			Priority: -99998, // outside everything but the shutdown gate: sees every handler's error
			Func: func(e *core.RequestEvent) error {
				err := e.Next()
				if err != nil && IsDiskFull(err) {
					e.App.Logger().Error("disk full: a write was refused", "path", e.Request.URL.Path)
					e.Response.Header().Set("Retry-After", "60")
					return router.NewApiError(http.StatusInsufficientStorage, diskFullMessage, nil)
				}
				return err
			},
		})
		return se.Next()
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
