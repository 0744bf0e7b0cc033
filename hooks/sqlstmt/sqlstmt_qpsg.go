package sqlstmt

import (
	"database/sql/driver"
	"fmt"
	"reflect"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// A kept statement only saves its parse when SQLite runs it as prepared. By default
// SQLite plans some statements for the values bound to them and prepares them again at
// every run with new values: a bound LIMIT (the planner reads its value), and, with
// ANALYZE's sqlite_stat4 samples (this driver is built with SQLITE_ENABLE_STAT4, and
// PRAGMA optimize analyzes), any bound value compared with an indexed column. The query
// planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) turns that off: one plan per
// text, from the schema and sqlite_stat1, whatever the values. That is what the app's
// queries are written for (their plans are checked by plan tests, and the feed's hot
// query already bound its values as +{:v} to keep stat4 out of its plan).
//
// The driver has no DSN parameter or method for it, so stability reads the connection's
// SQLite handle from the driver's connection (modernc.org/sqlite v1.57, pinned in
// go.mod; TestPlansIgnoreBoundValues fails if a new version moves it).

// stability turns the query planner stability guarantee on for inner, a connection of
// the pure-Go driver.
func stability(inner driver.Conn) error {
	tls, db, err := handle(inner)
	if err != nil {
		return err
	}
	if rc := dbConfig(tls, db, sqlite3.SQLITE_DBCONFIG_ENABLE_QPSG, 1); rc != sqlite3.SQLITE_OK {
		return fmt.Errorf("sqlite3_db_config(SQLITE_DBCONFIG_ENABLE_QPSG) returned %d", rc)
	}
	return nil
}

// handle reads the driver connection's thread state and sqlite3 handle.
func handle(inner driver.Conn) (*libc.TLS, uintptr, error) {
	v := reflect.ValueOf(inner)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, 0, fmt.Errorf("sqlstmt: unexpected driver connection %T", inner)
	}
	s := v.Elem()
	db, tls := s.FieldByName("db"), s.FieldByName("tls")
	if !db.IsValid() || db.Kind() != reflect.Uintptr || !tls.IsValid() || tls.Type() != reflect.TypeFor[*libc.TLS]() {
		return nil, 0, fmt.Errorf("sqlstmt: driver connection %T has no db and tls fields", inner)
	}
	return *(**libc.TLS)(unsafe.Pointer(tls.UnsafeAddr())), *(*uintptr)(unsafe.Pointer(db.UnsafeAddr())), nil
}

// dbConfig calls sqlite3_db_config's (int onoff, int *pRes) form with pRes NULL.
func dbConfig(tls *libc.TLS, db uintptr, op int32, onoff int32) int32 {
	bp := libc.Xmalloc(tls, 2*8) // libc.VaList packs each argument in 8 bytes
	if bp == 0 {
		return sqlite3.SQLITE_NOMEM
	}
	defer libc.Xfree(tls, bp)
	return sqlite3.Xsqlite3_db_config(tls, db, op, libc.VaList(bp, onoff, uintptr(0)))
}
