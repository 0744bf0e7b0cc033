package replica

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"cinecircle/hooks/sqlstmt"

	"github.com/pocketbase/dbx"
)

// SQLite copies the write-ahead log back into the database (a checkpoint) in whichever
// connection commits the transaction that takes the log past wal_autocheckpoint pages:
// that request then waits for a few MB of copying and two fsyncs, tens of milliseconds
// on a small server's disk, once every thousand pages written. Those were the slowest
// writes of `make bench` (a write's p99 several times its p50). While the server runs
// without replication (Litestream checkpoints when it does), a background checkpointer
// does that work every CheckpointInterval on a connection of its own, and the
// connections' automatic checkpoint only fires past safetyCheckpointPages, a bound for
// the commands that run without the server (seeding, migrations) and for a burst the
// checkpointer cannot keep up with.

// CheckpointInterval is how often the background checkpointer runs.
const CheckpointInterval = time.Second

// safetyCheckpointPages is the connections' wal_autocheckpoint: about 40 MB of log.
const safetyCheckpointPages = 10000

// checkpointer checkpoints the data dir's databases in the background until stopped.
type checkpointer struct {
	dbs  []*dbx.DB
	stop context.CancelFunc
	done sync.WaitGroup
}

// startCheckpointer opens a connection to each database of dataDir and checkpoints them
// every interval (PASSIVE: it never waits for or blocks readers and writers), logging
// failures to logger.
func startCheckpointer(dataDir string, logger *slog.Logger, interval time.Duration) (*checkpointer, error) {
	c := &checkpointer{}
	for _, name := range Databases {
		db, err := sqlstmt.Open(filepath.Join(dataDir, name) + pocketbasePragmas)
		if err != nil {
			c.close()
			return nil, err
		}
		db.DB().SetMaxOpenConns(1)
		c.dbs = append(c.dbs, db)
	}
	ctx, stop := context.WithCancel(context.Background())
	c.stop = stop
	c.done.Go(func() {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if err := c.checkpoint(ctx); err != nil && ctx.Err() == nil {
					logger.Warn("background checkpoint", "error", err.Error())
				}
			}
		}
	})
	return c, nil
}

// checkpoint copies what the logs hold into the databases.
func (c *checkpointer) checkpoint(ctx context.Context) error {
	for _, db := range c.dbs {
		if _, err := db.NewQuery("PRAGMA wal_checkpoint(PASSIVE)").WithContext(ctx).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// Stop ends the checkpointer after its current checkpoint and closes its connections.
func (c *checkpointer) Stop() {
	c.stop()
	c.done.Wait()
	c.close()
}

func (c *checkpointer) close() {
	for _, db := range c.dbs {
		_ = db.Close()
	}
}
