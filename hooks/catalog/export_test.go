package catalog

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SetTrendingClock sets the clock app's local trending lists age by (before any request).
func SetTrendingClock(app core.App, now func() time.Time) {
	from(app).local.now = now
}

// TrendingRefreshing reports whether a background recount of app's local trending lists
// is still running (its new list not kept yet).
func TrendingRefreshing(app core.App) bool {
	l := from(app).local
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, running := range l.refreshing {
		if running {
			return true
		}
	}
	return false
}
