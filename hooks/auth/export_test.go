package auth

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SetLeaveBudget sets how long app's requests work on a deletion, for tests of the job's
// part.
func SetLeaveBudget(app core.App, d time.Duration) {
	leavingOf(app).budget = d
}
