package sqlstmt

import (
	"context"
	"database/sql/driver"
	"errors"
	"reflect"
)

// The driver's connection and statement methods this package relies on.
type (
	innerConn interface {
		driver.Conn
		driver.ConnBeginTx
		driver.ConnPrepareContext
		driver.ExecerContext
		driver.QueryerContext
	}
	innerStmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
)

// kept is a prepared statement a connection keeps, with when it was last used (for
// eviction) and whether rows read from it are still open (it cannot run again until
// they are closed: a query nested in another's rows loop gets a statement of its own).
type kept struct {
	stmt    innerStmt
	lastUse uint64
	busy    bool
}

// conn is one driver connection with its kept statements. database/sql uses a
// connection from one goroutine at a time (rows are closed under the same lock), so
// the fields need no lock of their own.
type conn struct {
	inner innerConn
	kept  map[string]*kept
	clock uint64
}

func newConn(inner driver.Conn) driver.Conn {
	ic, ok := inner.(innerConn)
	if !ok {
		return inner // not the driver this package was written for: nothing kept
	}
	return &conn{inner: ic, kept: map[string]*kept{}}
}

// statement returns query's kept statement, preparing and keeping it on first use; nil
// when it is busy or not worth keeping (the caller runs the text as it is).
func (c *conn) statement(ctx context.Context, query string) (*kept, error) {
	c.clock++
	if k := c.kept[query]; k != nil {
		if k.busy {
			return nil, nil
		}
		k.lastUse = c.clock
		return k, nil
	}
	if !keepable(query) {
		return nil, nil
	}
	s, err := c.inner.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	stmt, ok := s.(innerStmt)
	if !ok {
		_ = s.Close()
		return nil, nil
	}
	if len(c.kept) >= MaxPerConn && !c.evict() {
		_ = s.Close()
		return nil, nil
	}
	k := &kept{stmt: stmt, lastUse: c.clock}
	c.kept[query] = k
	return k, nil
}

// evict closes the least recently used idle statement; false when all are busy.
func (c *conn) evict() bool {
	var oldest string
	var found *kept
	for q, k := range c.kept {
		if !k.busy && (found == nil || k.lastUse < found.lastUse) {
			oldest, found = q, k
		}
	}
	if found == nil {
		return false
	}
	delete(c.kept, oldest)
	_ = found.stmt.Close()
	return true
}

// QueryContext runs query on its kept statement (rows release it when closed).
func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	observed(query, args)
	k, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.inner.QueryContext(ctx, query, args)
	}
	rows, err := k.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	k.busy = true
	return &keptRows{Rows: rows, kept: k}, nil
}

// ExecContext runs query on its kept statement (the driver resets it after the step).
func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	observed(query, args)
	k, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	if k == nil {
		return c.inner.ExecContext(ctx, query, args)
	}
	return k.stmt.ExecContext(ctx, args)
}

// Prepare prepares a statement the caller owns (dbx's Prepare): not kept here.
func (c *conn) Prepare(query string) (driver.Stmt, error) { return c.inner.Prepare(query) }

// PrepareContext is Prepare with a context.
func (c *conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.inner.PrepareContext(ctx, query)
}

// Begin starts a transaction.
func (c *conn) Begin() (driver.Tx, error) {
	return c.inner.BeginTx(context.Background(), driver.TxOptions{})
}

// BeginTx starts a transaction.
func (c *conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.inner.BeginTx(ctx, opts)
}

// Close finalizes the kept statements, then closes the connection.
func (c *conn) Close() error {
	var errs []error
	for q, k := range c.kept {
		errs = append(errs, k.stmt.Close())
		delete(c.kept, q)
	}
	errs = append(errs, c.inner.Close())
	return errors.Join(errs...)
}

// Ping checks the connection.
func (c *conn) Ping(ctx context.Context) error {
	if p, ok := c.inner.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// ResetSession is called before the pool hands the connection out again.
func (c *conn) ResetSession(ctx context.Context) error {
	if r, ok := c.inner.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

// IsValid reports whether the pool may keep the connection.
func (c *conn) IsValid() bool {
	if v, ok := c.inner.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// keptRows are rows of a kept statement: closing them resets the statement for its
// next run and releases it. The driver's column type methods pass through.
type keptRows struct {
	driver.Rows
	kept *kept
}

// Close closes the rows and releases the statement.
func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.kept.busy = false
	return err
}

// ColumnTypeDatabaseTypeName passes through to the driver's rows.
func (r *keptRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

// ColumnTypeLength passes through to the driver's rows.
func (r *keptRows) ColumnTypeLength(i int) (int64, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

// ColumnTypeNullable passes through to the driver's rows.
func (r *keptRows) ColumnTypeNullable(i int) (bool, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

// ColumnTypePrecisionScale passes through to the driver's rows.
func (r *keptRows) ColumnTypePrecisionScale(i int) (int64, int64, bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}

// ColumnTypeScanType passes through to the driver's rows.
func (r *keptRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}
