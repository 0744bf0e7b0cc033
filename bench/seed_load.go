package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// batchParams bounds the parameters of one prepared insert. The SQLite driver finds each
// parameter's argument by a linear search over the arguments, so a statement costs the
// square of its parameters: the first seed's 400-row statements (3,200 parameters) spent
// 37% of the seed's CPU in that search. At 128 the search is a few percent of a row's cost,
// and a row costs its binds, not a parse.
const batchParams = 128

// SeedRecord is what a seed reports about itself, kept in its data dir (SeedRecordFile)
// for the runner to report beside what it measures on the data set.
type SeedRecord struct {
	Sizes   Sizes         `json:"sizes"`
	Took    time.Duration `json:"took"`
	PeakRSS int64         `json:"peakRSS"` // the seeding process's peak resident memory
	Steps   []SeedStep    `json:"steps"`
}

// SeedStep is one table group of a seed: the rows written and the time it took.
type SeedStep struct {
	Name string        `json:"name"`
	Rows int           `json:"rows"`
	Took time.Duration `json:"took"`
}

// SeedRecordFile is the SeedRecord's file name in the seeded data dir.
const SeedRecordFile = "seed.json"

// peakRSS is this process's peak resident memory.
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss * 1024 // kilobytes on Linux
}

// seedConn is the one connection a seed writes through, with the settings of a bulk load:
//   - a rollback journal in memory instead of the write-ahead log: the seed's steps are
//     transactions of gigabytes, which the log would hold until the commit and then copy
//     again into the database (15-20% of the seed's time); the log is back at close, as
//     the app expects it (a seed that fails midway is thrown away: make bench seeds from
//     scratch until it has finished);
//   - index sorts spill to temporary files rather than memory (a 50M-row index would not
//     fit in 2 GB), and SQLite may sort on a second thread;
//   - a 64 MB page cache (a served connection has 2.7 MB): the tables and indexes the
//     load writes at once stay in it, and an index sort's runs are as large.
type seedConn struct {
	conn  *sql.Conn
	out   io.Writer
	steps []SeedStep
}

// openSeedConn takes a connection from app's writer pool for the whole seed. The journal
// mode changes only on a connection alone with the database, so the app's idle
// connections are closed first (none is in use while the seed runs).
func openSeedConn(app core.App, out io.Writer) (*seedConn, error) {
	writer, ok1 := app.NonconcurrentDB().(*dbx.DB)
	reader, ok2 := app.ConcurrentDB().(*dbx.DB)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("the app's databases are a %T and a %T, not *dbx.DB", app.NonconcurrentDB(), app.ConcurrentDB())
	}
	reader.DB().SetMaxIdleConns(0)
	writer.DB().SetMaxIdleConns(1)
	ctx := context.Background()
	conn, err := writer.DB().Conn(ctx)
	if err != nil {
		return nil, err
	}
	if mode, err := setJournalMode(conn, "memory"); err != nil || mode != "memory" {
		_ = conn.Close()
		return nil, fmt.Errorf("the seed needs the database to itself (journal mode %q): %v", mode, err)
	}
	for _, p := range []string{"PRAGMA temp_store = FILE", "PRAGMA threads = 2", "PRAGMA cache_size = -65536"} {
		if _, err := conn.ExecContext(ctx, p); err != nil {
			_ = conn.Close()
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	return &seedConn{conn: conn, out: out}, nil
}

// setJournalMode sets conn's journal mode and returns the mode now in force. The change
// needs the database alone, and the app's background checkpoint (hooks/replica) briefly
// opens a read connection every 100 ms: a change that finds the database busy is tried
// again for up to two seconds.
func setJournalMode(conn *sql.Conn, mode string) (string, error) {
	var got string
	var err error
	for try := 0; try < 100; try++ {
		err = conn.QueryRowContext(context.Background(), "PRAGMA journal_mode = "+mode).Scan(&got)
		var busy *sqlite.Error
		if !errors.As(err, &busy) || busy.Code()&0xff != sqlite3.SQLITE_BUSY {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return got, err
}

// close puts the write-ahead log back and returns the connection to the pool.
func (c *seedConn) close() error {
	mode, err := setJournalMode(c.conn, "wal")
	if err == nil && mode != "wal" {
		err = fmt.Errorf("the journal mode is %q, not wal", mode)
	}
	return errors.Join(err, c.conn.Close())
}

// step runs fn in one transaction and reports the rows it wrote and the time it took.
func (c *seedConn) step(name string, fn func(tx *sql.Tx) (int, error)) error {
	t := time.Now()
	tx, err := c.conn.BeginTx(context.Background(), nil)
	if err != nil {
		return err
	}
	n, err := fn(tx)
	if err != nil {
		_ = tx.Rollback()
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	took := time.Since(t)
	c.steps = append(c.steps, SeedStep{Name: name, Rows: n, Took: took})
	fmt.Fprintf(c.out, "  %-14s %9d rows in %v\n", name, n, took.Round(time.Millisecond))
	return nil
}

// inserter streams rows into one table: add buffers a row, and a full batch goes to the
// inserter's own goroutine, which sends it through a statement prepared once while add
// fills the next: on two cores drawing and formatting the rows overlaps SQLite's work on
// the batch before, and one goroutine a table keeps each table's rows in order. The first
// error sticks and ends the writing, as with a bufio.Writer, and close reports it.
type inserter struct {
	tx    *sql.Tx
	name  string
	cols  []string
	batch int // rows per statement
	stmt  *sql.Stmt
	args  []any
	rows  int
	err   error

	full chan []any // batches for the statement's goroutine
	free chan []any // batches it has sent, to fill again
	done chan error // its first error, when full is closed
	sent atomic.Bool
}

// newInserter prepares the inserts of tx into name's cols. Rows that break a unique index (a
// random pick drawn twice) are skipped.
func newInserter(tx *sql.Tx, name string, cols ...string) *inserter {
	t := &inserter{tx: tx, name: name, cols: cols, batch: max(1, batchParams/len(cols)),
		full: make(chan []any, 1), free: make(chan []any, 2), done: make(chan error, 1)}
	t.args = make([]any, 0, t.batch*len(cols))
	t.free <- make([]any, 0, t.batch*len(cols))
	t.stmt, t.err = tx.Prepare(insertSQL(name, cols, t.batch))
	if t.err != nil {
		close(t.done)
		return t
	}
	go t.send()
	return t
}

// send runs the statement on each full batch until full is closed, and then reports the
// first error; after an error it only hands the batches back.
func (t *inserter) send() {
	var err error
	for args := range t.full {
		if err == nil {
			if _, err = t.stmt.Exec(args...); err != nil {
				t.sent.Store(true)
			}
		}
		clear(args)
		t.free <- args[:0]
	}
	t.done <- err
	close(t.done)
}

// insertSQL is an INSERT of rows rows of cols with positional parameters.
func insertSQL(name string, cols []string, rows int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	return "INSERT OR IGNORE INTO " + name + " (" + strings.Join(cols, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ")
}

// add writes one row of values in the order of the table's columns.
func (t *inserter) add(values ...any) {
	if t.err != nil || t.sent.Load() {
		return
	}
	if len(values) != len(t.cols) {
		t.err = fmt.Errorf("%s: %d values for %d columns", t.name, len(values), len(t.cols))
		return
	}
	t.args = append(t.args, values...)
	t.rows++
	if len(t.args) == cap(t.args) {
		t.full <- t.args
		t.args = <-t.free
	}
}

// close writes the last partial batch once the goroutine has sent the others, and returns
// how many rows were added.
func (t *inserter) close() (int, error) {
	if t.stmt != nil {
		close(t.full)
		t.err = errors.Join(t.err, <-t.done)
		_ = t.stmt.Close()
	}
	if t.err == nil && len(t.args) > 0 {
		_, t.err = t.tx.Exec(insertSQL(t.name, t.cols, len(t.args)/len(t.cols)), t.args...)
		t.args = t.args[:0]
	}
	if t.err != nil {
		return t.rows, fmt.Errorf("%s: %w", t.name, t.err)
	}
	return t.rows, nil
}

// closeAll closes tables and returns their rows together and the first error.
func closeAll(tables ...*inserter) (int, error) {
	total := 0
	var first error
	for _, t := range tables {
		n, err := t.close()
		total += n
		if first == nil {
			first = err
		}
	}
	return total, first
}
