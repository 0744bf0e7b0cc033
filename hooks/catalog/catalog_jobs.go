package catalog

import (
	"context"
	"strconv"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// JobTrendingRefresh is the cron job that keeps TMDB's weekly trending lists warm.
const JobTrendingRefresh = "trendingRefresh"

// drop forgets an answer, so the next question asks the provider again.
func (c *ttlCache) drop(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, key)
}

// RefreshTrending asks TMDB again for both trending lists (the home page's 6 items) and
// caches them, so members never wait on TMDB for the home page. Without TMDB there is
// nothing to refresh: trending is computed from this instance's own logs on each call.
func RefreshTrending(ctx context.Context, app core.App) error {
	s := from(app)
	if s == nil || s.remote() == nil {
		return nil
	}
	for _, kind := range []Kind{Movie, TV} {
		key := "trending|" + string(kind) + "|" + strconv.Itoa(TrendingLimit)
		s.answers.drop(key)
		if _, err := s.trending(ctx, app, kind, TrendingLimit); err != nil {
			return err
		}
	}
	return nil
}

// bindJobs registers the catalog's scheduled jobs (listed in the dashboard under Crons).
func bindJobs(app core.App) {
	app.Cron().MustAdd(JobTrendingRefresh, "*/10 * * * *", func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := RefreshTrending(ctx, app); err != nil {
			app.Logger().Warn("catalog: trending refresh", "error", err.Error())
		}
	})
}
