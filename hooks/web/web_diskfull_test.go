package web_test

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"cinecircle/hooks/web"

	"github.com/pocketbase/pocketbase/tools/router"
)

// sqliteErr stands for the SQLite driver's error, which carries the result code.
type sqliteErr int

func (e sqliteErr) Error() string { return fmt.Sprintf("sqlite error %d", int(e)) }
func (e sqliteErr) Code() int     { return int(e) }

// TestIsDiskFull: a full disk is recognised however a handler reports it; other write
// failures are not.
func TestIsDiskFull(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"SQLITE_FULL", sqliteErr(13), true},
		{"an extended SQLITE_FULL code", sqliteErr(13 | 1<<8), true},
		{"SQLITE_FULL wrapped by the query layer", fmt.Errorf("insert: %w; failed query: INSERT", sqliteErr(13)), true},
		{"ENOSPC from a file write", &fs.PathError{Op: "write", Path: "storage/x.jpg", Err: syscall.ENOSPC}, true},
		{"the driver's message alone", errors.New("database or disk is full (13)"), true},
		{"inside an API error", router.NewBadRequestError("Failed to create record.", sqliteErr(13)), true},
		{"SQLITE_BUSY", sqliteErr(5), false},
		{"SQLITE_CONSTRAINT", sqliteErr(19), false},
		{"a validation error", router.NewBadRequestError("Invalid rating.", errors.New("rating must be 0-10")), false},
		{"permission denied", &fs.PathError{Op: "open", Path: "data.db", Err: syscall.EACCES}, false},
	} {
		if got := web.IsDiskFull(tc.err); got != tc.want {
			t.Errorf("%s: IsDiskFull = %v, want %v", tc.name, got, tc.want)
		}
	}
}
