package replica

import (
	"context"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// CheckpointEvery is how often the background checkpoint copies the write-ahead log back
// into the databases.
const CheckpointEvery = 100 * time.Millisecond

// checkpoints copies the write-ahead logs of the app's databases back into them in the
// background, so that little is left for the request path. SQLite checkpoints inside the
// commit that takes the log past CINECIRCLE_CHECKPOINT_PAGES, and that request waited
// for 1,000 pages to be copied and synced (20–40 ms: the write tails of bench/NOTES.md);
// now it copies what came in since the last background pass. That commit's checkpoint
// stays: the log starts afresh only when a write begins with all of it copied back, which
// a checkpoint by the single write connection guarantees and one beside it, racing the
// writes, does not (alone, it let the log grow to 11 GB under the bench's write load). A
// PASSIVE checkpoint waits for no reader or writer; with nothing new in the log it costs a
// lock and a header read. Replication turns it off: Litestream checkpoints after each
// sync.
type checkpoints struct {
	mu   sync.Mutex
	stop context.CancelFunc // nil while stopped
	done chan struct{}
}

// start runs the background checkpoint of app's databases until stopped; a running one
// is stopped first (the app bootstraps again after a restore).
func (c *checkpoints) start(app core.App) {
	c.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	c.stop, c.done = cancel, make(chan struct{})
	go c.run(ctx, app, c.done)
}

// Stop ends the background checkpoint and waits for a running one to finish.
func (c *checkpoints) Stop() {
	c.mu.Lock()
	stop, done := c.stop, c.done
	c.stop, c.done = nil, nil
	c.mu.Unlock()
	if stop != nil {
		stop()
		<-done
	}
}

// run checkpoints every CheckpointEvery until ctx ends. A failure is logged once, until a
// checkpoint succeeds again, so a locked or full disk does not fill the log.
func (c *checkpoints) run(ctx context.Context, app core.App, done chan struct{}) {
	defer close(done)
	tick := time.NewTicker(CheckpointEvery)
	defer tick.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		err := checkpoint(ctx, app.ConcurrentDB(), app.AuxConcurrentDB())
		switch {
		case err != nil && ctx.Err() == nil && !failing:
			failing = true
			app.Logger().Warn("background checkpoint", "error", err.Error())
		case err == nil:
			failing = false
		}
	}
}

// checkpoint runs a PASSIVE checkpoint of each database, on a connection of its read
// pool: a checkpoint takes no write lock, so the write connection stays free.
func checkpoint(ctx context.Context, dbs ...dbx.Builder) error {
	for _, db := range dbs {
		if _, err := db.NewQuery("PRAGMA wal_checkpoint(PASSIVE)").WithContext(ctx).Execute(); err != nil {
			return err
		}
	}
	return nil
}
