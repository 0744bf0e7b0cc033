package sqlstmt_test

import (
	"slices"
	"testing"

	"cinecircle/hooks/sqlstmt"

	"github.com/pocketbase/dbx"
)

// firstColumn runs text with params on b and reads the first column of its rows.
func firstColumn(t *testing.T, text sqlstmt.Text, b dbx.Builder, params dbx.Params) []string {
	t.Helper()
	rows, err := text.Query(b, params)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTextAnswersLikeDbx: a Text answers what dbx answers for the same text and values,
// on the pool and in a transaction (which sees its own uncommitted row), with a name used
// twice, a unary plus and dbx's quoting; a value left out is an error, not a NULL.
func TestTextAnswersLikeDbx(t *testing.T) {
	t.Parallel()
	db := open(t)
	exec(t, db, `CREATE TABLE titles (id INTEGER PRIMARY KEY, name TEXT, year INTEGER)`)
	for i, n := range []string{"Alien", "Aliens", "Heat", "Ran", "Up"} {
		exec(t, db, `INSERT INTO titles (name, year) VALUES ({:name}, {:year})`, dbx.Params{"name": n, "year": 1979 + 3*i})
	}
	const q = `SELECT [[titles.name]] FROM {{titles}} WHERE year >= +{:from} AND (name LIKE {:prefix} || '%' OR year = {:from})
		ORDER BY year DESC LIMIT 3`
	text := sqlstmt.NewText(q)
	params := dbx.Params{"from": 1982, "prefix": "U"}
	var want []string
	if err := db.NewQuery(q).Bind(params).Column(&want); err != nil {
		t.Fatal(err)
	}
	got := firstColumn(t, text, db, params)
	if !slices.Equal(got, want) || !slices.Equal(got, []string{"Up", "Aliens"}) {
		t.Fatalf("the pool answers %v; dbx answers %v", got, want)
	}
	joined := sqlstmt.NewText(`SELECT group_concat(name, ',') FROM (` + q + `)`)
	if strs, err := joined.Joined(db, params); err != nil || !slices.Equal(strs, want) {
		t.Fatalf("Joined: %v %v, want %v", strs, err, want)
	}
	if strs, err := joined.Joined(db, dbx.Params{"from": 3000, "prefix": "Z"}); err != nil || strs == nil || len(strs) != 0 {
		t.Fatalf("Joined of no rows: %#v %v, want an empty list", strs, err)
	}
	if text.SQL() != q {
		t.Fatalf("SQL() = %q, want the dbx text", text.SQL())
	}

	err := db.Transactional(func(tx *dbx.Tx) error {
		if _, err := tx.NewQuery(`INSERT INTO titles (name, year) VALUES ('Us', 2019)`).Execute(); err != nil {
			return err
		}
		if got := firstColumn(t, text, tx, params); !slices.Equal(got, []string{"Us", "Up", "Aliens"}) {
			t.Errorf("in the transaction: %v", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	if rows, err := text.Query(db, dbx.Params{"from": 1982}); err == nil {
		rows.Close()
		t.Fatal("a missing value ran as NULL")
	}
}
