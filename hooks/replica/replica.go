// Package replica streams the data dir's SQLite databases to a replica target (a
// directory, SFTP or S3-compatible storage) as they change, and restores them from it:
// with replication on, a dead disk loses the last second of writes instead of everything
// since the daily backup. It embeds Litestream as a library: Litestream reads the WAL
// that PocketBase's connections write (same pure-Go SQLite driver, same process locks)
// and ships each transaction to the replica within the sync interval.
package replica

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cinecircle/hooks/sqlstmt"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// shutdownSync bounds the final sync on shutdown, so the process still exits within its
// 10 s budget when the replica target is unreachable.
const shutdownSync = 3 * time.Second

// Replicator is the running replication of one data dir.
type Replicator struct {
	cfg    Config
	store  *litestream.Store
	dbs    []*litestream.DB
	logger *slog.Logger

	mu      sync.Mutex // serializes pausing, resuming and stopping
	stopped bool
}

// Register starts replication when the app serves with CINECIRCLE_REPLICA_URL set, and
// stops it, after a final sync, once everything else has finished on shutdown. A wrong
// setting stops the server from starting: running without the replica the admin asked
// for would be silent data at risk.
func Register(app core.App) {
	var current atomic.Pointer[Replicator] // set once the server starts replicating
	var background checkpoints
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		background.start(e.App)
		return nil
	})
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		cfg, ok, err := ConfigFromEnv()
		if err != nil {
			return fmt.Errorf("replication: %w", err)
		}
		if !ok {
			return se.Next()
		}
		running, err := Start(se.App, cfg)
		if err != nil {
			return fmt.Errorf("replication to %s: %w", Redacted(cfg.URL), err)
		}
		se.App.Logger().Info("replication on", "target", Redacted(cfg.URL), "syncInterval", cfg.SyncInterval.String())
		background.Stop() // Litestream checkpoints after each sync
		current.Store(running)
		replaceCheckpointJob(se.App, running)
		return se.Next()
	})
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "cinecircleReplicaStop",
		Func: func(e *core.TerminateEvent) error {
			background.Stop()
			if running := current.Load(); running != nil {
				if err := running.Stop(); err != nil {
					e.App.Logger().Error("replication: final sync", "error", err.Error())
				}
			}
			return e.Next()
		},
		Priority: 9000, // after the request drain and the notification queues: their writes go out too
	})
	// A backup checkpoints the databases with TRUNCATE, which waits (holding up every
	// write, up to the 10 s busy timeout, twice) for Litestream's read transaction to
	// end: replication pauses for the backup and catches up after it. The replication's
	// working files are not part of the backup.
	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		for _, name := range Databases {
			e.Exclude = append(e.Exclude, metaDirName(name))
		}
		if running := current.Load(); running != nil {
			return running.Paused(e.Next)
		}
		return e.Next()
	})
	// A restore replaces the databases and restarts the process: replication stops first
	// (after a final sync of the state being replaced) and starts again on the restored
	// files after the restart.
	app.OnBackupRestore().BindFunc(func(e *core.BackupEvent) error {
		if running := current.Load(); running != nil {
			if err := running.Stop(); err != nil {
				e.App.Logger().Error("replication: final sync before a restore", "error", err.Error())
			}
		}
		return e.Next()
	})
}

// replaceCheckpointJob swaps PocketBase's nightly TRUNCATE checkpoint for one that pauses
// replication around it, for the reason OnBackupCreate does.
func replaceCheckpointJob(app core.App, r *Replicator) {
	const id = "__pbDBOptimize__"
	app.Cron().Remove(id)
	app.Cron().MustAdd(id, "0 0 * * *", func() {
		err := r.Paused(func() error {
			for _, db := range []dbx.Builder{app.NonconcurrentDB(), app.AuxNonconcurrentDB()} {
				if _, err := db.NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
					return err
				}
			}
			_, err := app.NonconcurrentDB().NewQuery("PRAGMA optimize").Execute()
			return err
		})
		if err != nil {
			app.Logger().Warn("nightly checkpoint", "error", err.Error())
		}
	})
}

// metaDirName is Litestream's working directory beside a database in the data dir.
func metaDirName(db string) string { return "." + db + "-litestream" }

// Start opens replication of app's data dir to cfg's target.
func Start(app core.App, cfg Config) (*Replicator, error) {
	// Litestream's own log goes to stderr, warnings and errors only: through the app's
	// logger it would write to auxiliary.db, which is itself replicated.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})).With("system", "replication")
	r := &Replicator{cfg: cfg, logger: logger}
	for _, name := range Databases {
		client, err := ClientFor(cfg.URL, name)
		if err != nil {
			return nil, err
		}
		db := litestream.NewDB(filepath.Join(app.DataDir(), name))
		// Litestream notices a new transaction within MonitorInterval and ships it within
		// SyncInterval of the previous upload: together under half of cfg.SyncInterval,
		// leaving the other half for the upload itself on a loaded machine. (With writes
		// all the time that is up to 4 uploads a second per database; none when idle.)
		db.MonitorInterval = cfg.SyncInterval / 5
		rep := litestream.NewReplicaWithClient(db, client)
		rep.SyncInterval = cfg.SyncInterval / 4
		db.Replica = rep
		if fc, ok := client.(*file.ReplicaClient); ok {
			fc.Replica = rep // the file target keeps the data dir's file modes
		}
		r.dbs = append(r.dbs, db)
	}
	r.store = litestream.NewStore(r.dbs, litestream.DefaultCompactionLevels)
	r.store.Logger = logger
	// Set through the store: NewStore has copied its 30 s default into every database.
	r.store.SetShutdownSyncTimeout(shutdownSync)
	r.store.SetShutdownSyncInterval(250 * time.Millisecond)
	for _, db := range r.dbs {
		db.SetLogger(logger.With("db", filepath.Base(db.Path())))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.store.Open(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

// Paused runs fn with replication paused: each database's changes so far shipped, and
// Litestream's read transaction (which holds TRUNCATE checkpoints back) released.
// Replication resumes after fn, from a fresh snapshot when fn reset the WAL.
func (r *Replicator) Paused(fn func() error) error {
	r.each(func(ctx context.Context, db *litestream.DB) error { return r.store.DisableDB(ctx, db.Path()) }, "pausing")
	defer r.each(func(ctx context.Context, db *litestream.DB) error { return r.store.EnableDB(ctx, db.Path()) }, "resuming")
	return fn()
}

// each runs step on every replicated database unless replication has stopped.
func (r *Replicator) each(step func(context.Context, *litestream.DB) error, what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), shutdownSync+time.Second)
	defer cancel()
	for _, db := range r.dbs {
		if err := step(ctx, db); err != nil {
			r.logger.Error("replication: "+what, "db", filepath.Base(db.Path()), "error", err.Error())
		}
	}
}

// Stop ships what is left and stops replicating; stopping twice is harmless.
func (r *Replicator) Stop() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return nil
	}
	r.stopped = true
	ctx, cancel := context.WithTimeout(context.Background(), shutdownSync+time.Second)
	defer cancel()
	return r.store.Close(ctx)
}

// DBConnect opens the app's databases as PocketBase does and, with replication
// configured, adapts them to Litestream, which holds a read transaction and takes the
// write lock for a moment at each sync:
//   - transactions begin IMMEDIATE: a deferred one that has read and then meets
//     Litestream's lock fails at once with "database is locked" (SQLite cannot wait
//     there), and PocketBase retries after sleeping 50 ms to 1 s; taking the write lock
//     at BEGIN waits in SQLite's busy handler instead (concurrent writes were 3-6 times
//     slower without it);
//   - SQLite's automatic checkpoint is off on the app's connections: Litestream
//     checkpoints after each sync, and an automatic one held back by its read
//     transaction would only cost an fsync per commit.
//
// Without replication the automatic checkpoint stays, behind a background one
// (replica_checkpoint.go). Either way, each connection's page cache is its share of
// EnvDBMemory (cacheKB), and the connections keep their statements prepared
// (hooks/sqlstmt).
func DBConnect(dbPath string) (*dbx.DB, error) {
	dsn := dbPath + pocketbasePragmas + fmt.Sprintf("&_pragma=cache_size(-%d)", cacheKB())
	if strings.TrimSpace(os.Getenv(EnvURL)) != "" {
		dsn += "&_pragma=wal_autocheckpoint(0)&_txlock=immediate"
	} else {
		dsn += fmt.Sprintf("&_pragma=wal_autocheckpoint(%d)", checkpointPages())
	}
	return sqlstmt.Open(dsn)
}

// EnvCheckpointPages names the environment variable that sets how many pages the WAL
// grows by before the commit that crosses it checkpoints (what the background checkpoint
// has not copied yet) and lets the next write start the log afresh.
const EnvCheckpointPages = "CINECIRCLE_CHECKPOINT_PAGES"

// DefaultCheckpointPages is the threshold when EnvCheckpointPages is unset: 4,000 pages
// (16 MB of 4 KB pages), four times SQLite's own. With the background checkpoint copying
// the log back every 100 ms, the commit that crosses it has only the last moments' pages
// to copy, and a quarter as many commits cross it: at 100,000 members the writes' p99 in
// the load phase fell by about half (a log 7.9–10.7 → 5.3–6.3 ms, a comment 8.3–15.8 →
// 2.8–3.6 ms; bench/NOTES.md, 27 November).
const DefaultCheckpointPages = 4000

// checkpointPages reads EnvCheckpointPages (at least 100).
func checkpointPages() int {
	if v, err := strconv.Atoi(strings.TrimSpace(os.Getenv(EnvCheckpointPages))); err == nil && v >= 100 {
		return v
	}
	return DefaultCheckpointPages
}

// pocketbasePragmas are PocketBase's own connection pragmas (core.DefaultDBConnect,
// v0.40), busy_timeout first, but for the page cache's size (cacheKB); the connections
// keep their statements prepared (sqlstmt).
const pocketbasePragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=temp_store(MEMORY)&_defensive=1"

// EnvDBMemory names the environment variable that bounds SQLite's page caches, in MB.
const EnvDBMemory = "CINECIRCLE_DB_MEMORY_MB"

// defaultDBMemoryMB is the page caches' bound when EnvDBMemory is unset.
const defaultDBMemoryMB = 128

// PoolConns is how many idle connections the app keeps to its data database (PocketBase's
// DataMaxIdleConns): as many as readers run at once under load, because a connection
// closed for being over the idle limit is reopened cold (its page cache and prepared
// statements lost), which halved feed throughput at 32 concurrent before API requests
// took turns. With turns (2 a core, hooks/web) few readers run at once, and the pool's
// size divides the page caches' bound (cacheKB): at 100k members 16 connections of 8 MB
// against 48 of 2.7 MB took the mixed workload at 32 concurrent from 465–611 to 737–848
// requests a second (p99 106–251 → 74–91 ms) and page 50 from 1.69–1.88 to 1.44–1.47 ms,
// with RSS 127 → 210 MB (bench/NOTES.md, stop 46).
const PoolConns = 16

// cacheKB is each connection's page cache in KiB: EnvDBMemory shared by the PoolConns
// pooled connections (8 MB each by default). PocketBase gives each connection 32 MB,
// and SQLite's soft heap limit cannot bound them all: this driver's SQLite is built
// without memory statistics (SQLITE_DEFAULT_MEMSTATUS=0), so the limit is never checked.
// At 32 concurrent readers on the 10k-member bench the server held 1,201 MB; with 4 MB
// a connection 428 MB, at the same throughput (a page read again is copied from the
// operating system's file cache, and a connection's cache is emptied whenever another
// connection commits anyway).
func cacheKB() int {
	mb := defaultDBMemoryMB
	if v, err := strconv.Atoi(strings.TrimSpace(os.Getenv(EnvDBMemory))); err == nil && v > 0 {
		mb = v
	}
	return max(256, mb<<10/PoolConns)
}
