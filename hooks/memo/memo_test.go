package memo_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"cinecircle/hooks/memo"
	"cinecircle/hooks/replica"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // PocketBase's system tables, made at bootstrap
)

// newApp is a bootstrapped app on the app's own connections (kept statements, the
// memory bound) with one table to write to.
func newApp(t *testing.T) core.App {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir(), DBConnect: replica.DBConnect})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.ClearBootstrap() })
	if _, err := app.DB().NewQuery(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`).Execute(); err != nil {
		t.Fatal(err)
	}
	return app
}

// reader counts its loads and answers the notes' bodies.
type reader struct {
	app   core.App
	loads int
}

func (r *reader) load() ([]string, error) {
	r.loads++
	var out []string
	err := r.app.ConcurrentDB().NewQuery(`SELECT body FROM notes ORDER BY id`).Column(&out)
	return out, err
}

// TestCacheKeepsUntilAnyWrite: a value is read once while nothing changes, and read
// again after a commit of any kind: through the app's write pool, a record saved by
// PocketBase, or another connection to the file (the admin shell, another process).
func TestCacheKeepsUntilAnyWrite(t *testing.T) {
	ctx := context.Background()
	writes := []struct {
		name  string
		write func(app core.App, n int) error
	}{
		{"raw SQL on the write pool", func(app core.App, n int) error {
			_, err := app.DB().NewQuery(`INSERT INTO notes (body) VALUES ({:b})`).Bind(dbx.Params{"b": fmt.Sprint("note ", n)}).Execute()
			return err
		}},
		{"a transaction", func(app core.App, n int) error {
			return app.RunInTransaction(func(tx core.App) error {
				_, err := tx.DB().NewQuery(`INSERT INTO notes (body) VALUES ({:b})`).Bind(dbx.Params{"b": fmt.Sprint("note ", n)}).Execute()
				return err
			})
		}},
		{"another connection to the file", func(app core.App, n int) error {
			other, err := replica.DBConnect(filepath.Join(app.DataDir(), "data.db"))
			if err != nil {
				return err
			}
			defer other.Close()
			_, err = other.NewQuery(`INSERT INTO notes (body) VALUES ({:b})`).Bind(dbx.Params{"b": fmt.Sprint("note ", n)}).Execute()
			return err
		}},
		{"a record saved", func(app core.App, n int) error {
			c, err := app.FindCollectionByNameOrId("_superusers")
			if err != nil {
				return err
			}
			r := core.NewRecord(c)
			r.SetEmail(fmt.Sprintf("admin%d@example.com", n))
			r.SetPassword("a long enough password")
			if err := app.Save(r); err != nil {
				return err
			}
			_, err = app.DB().NewQuery(`INSERT INTO notes (body) VALUES ({:b})`).Bind(dbx.Params{"b": fmt.Sprint("note ", n)}).Execute()
			return err
		}},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			app := newApp(t)
			cache := memo.New[[]string](app, 8)
			r := &reader{app: app}
			for n := 1; n <= 3; n++ {
				if err := w.write(app, n); err != nil {
					t.Fatal(err)
				}
				for range 3 {
					got, err := cache.Get(ctx, "notes", r.load)
					if err != nil {
						t.Fatal(err)
					}
					if len(got) != n {
						t.Fatalf("after write %d the cache answered %d notes: %v", n, len(got), got)
					}
				}
				if r.loads != n {
					t.Fatalf("after write %d and three reads the notes were loaded %d times, want %d", n, r.loads, n)
				}
			}
		})
	}
}

// TestCacheKeepsNoErrorsAndFewValues: a failed load is asked again next time, and the
// cache holds at most its bound of values.
func TestCacheKeepsNoErrorsAndFewValues(t *testing.T) {
	ctx := context.Background()
	app := newApp(t)
	cache := memo.New[int](app, 2)
	calls := 0
	failing := func() (int, error) { calls++; return 0, errors.New("boom") }
	for range 2 {
		if _, err := cache.Get(ctx, "bad", failing); err == nil {
			t.Fatal("the load's error was not returned")
		}
	}
	if calls != 2 {
		t.Fatalf("a failing load ran %d times for two reads, want 2 (errors are not kept)", calls)
	}
	loads := map[string]int{}
	get := func(key string) {
		if _, err := cache.Get(ctx, key, func() (int, error) { loads[key]++; return len(key), nil }); err != nil {
			t.Fatal(err)
		}
	}
	get("a")
	get("b")
	get("a")
	if loads["a"] != 1 {
		t.Fatalf("a was loaded %d times with room for two values, want 1", loads["a"])
	}
	get("c") // a third value: the cache starts over rather than grow
	get("a")
	if loads["a"] != 2 {
		t.Fatalf("a was loaded %d times after a third key, want 2 (at most 2 values kept)", loads["a"])
	}
}

// TestCacheAfterTheAppCloses: with the databases closed, Get still answers from load
// and keeps nothing.
func TestCacheAfterTheAppCloses(t *testing.T) {
	app := newApp(t)
	cache := memo.New[int](app, 2)
	n := 0
	load := func() (int, error) { n++; return n, nil }
	if _, err := cache.Get(context.Background(), "k", load); err != nil {
		t.Fatal(err)
	}
	if err := app.ClearBootstrap(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := cache.Get(context.Background(), "k", load); err != nil {
			t.Fatal(err)
		}
	}
	if n != 3 {
		t.Fatalf("with the databases closed load ran %d times in all, want 3 (nothing served from the cache)", n)
	}
}
