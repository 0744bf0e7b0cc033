package catalog

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SetTrendingClock sets the clock app's local trending lists age by (before any request).
func SetTrendingClock(app core.App, now func() time.Time) {
	from(app).local.now = now
}
