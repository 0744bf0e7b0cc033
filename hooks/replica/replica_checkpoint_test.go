package replica_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/replica"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables a new data dir bootstraps with
)

// TestCheckpointsInTheBackground: writes below SQLite's own threshold, which no commit
// copies back, reach data.db within moments from the background checkpoint (so the
// commit that crosses the threshold has little left to copy); the app's end stops it.
func TestCheckpointsInTheBackground(t *testing.T) {
	t.Setenv(replica.EnvURL, "")
	dir := t.TempDir()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, DBConnect: replica.DBConnect})
	replica.Register(app)
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.ClearBootstrap() })

	var auto int
	if err := app.NonconcurrentDB().NewQuery("PRAGMA wal_autocheckpoint").Row(&auto); err != nil || auto != replica.DefaultCheckpointPages {
		t.Fatalf("wal_autocheckpoint on the write connection = %d (%v), want %d: the log would never start afresh", auto, err, replica.DefaultCheckpointPages)
	}

	// 2 MB in 64 commits: 512 pages, below the threshold at which a commit checkpoints.
	db := app.NonconcurrentDB()
	if _, err := db.NewQuery("CREATE TABLE blobs (b BLOB)").Execute(); err != nil {
		t.Fatal(err)
	}
	chunk := strings.Repeat("x", 32<<10)
	for range 64 {
		if _, err := db.Insert("blobs", dbx.Params{"b": chunk}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	dataFile := filepath.Join(dir, "data.db")
	size := func() int64 {
		st, err := os.Stat(dataFile)
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	deadline := time.Now().Add(20 * replica.CheckpointEvery)
	for size() < 2<<20 {
		if time.Now().After(deadline) {
			t.Fatalf("data.db is %d bytes %s after 2 MB were written: nothing copied the log back", size(), 20*replica.CheckpointEvery)
		}
		time.Sleep(replica.CheckpointEvery / 5)
	}

	// The app's end stops the background checkpoint: it would otherwise run on closed
	// databases.
	if err := app.OnTerminate().Trigger(&core.TerminateEvent{App: app}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Insert("blobs", dbx.Params{"b": chunk}).Execute(); err != nil {
		t.Fatal(err)
	}
	before := size()
	time.Sleep(5 * replica.CheckpointEvery)
	if after := size(); after != before {
		t.Fatalf("data.db grew from %d to %d bytes after the app's end: the checkpoint still runs", before, after)
	}
}
