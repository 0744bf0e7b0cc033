package testutil

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"cinecircle/hooks/catalog"
	_ "cinecircle/pb_migrations"

	"github.com/pocketbase/pocketbase/core"
)

// dataDir is a data dir's files by relative path, held in memory so that nothing of it
// outlives the test binary.
type dataDir map[string][]byte

// The templates test apps start from, as PocketBase's own tests start from a copy of
// tests/data: each is built once per test binary, since running the migrations (and
// syncing the embedded catalog) was most of a test app's cost.
var (
	// migrated has every migration applied.
	migrated = sync.OnceValues(func() (dataDir, error) { return buildDataDir(nil, nil) })
	// served is migrated with the embedded catalog synced in, as serving an app does (and
	// serving it again skips the sync).
	served = sync.OnceValues(func() (dataDir, error) {
		base, err := migrated()
		if err != nil {
			return nil, err
		}
		return buildDataDir(base, func(app core.App) error {
			_, err := catalog.SyncEmbedded(app)
			return err
		})
	})
)

// buildDataDir opens an app on a copy of base (or on an empty dir), runs the pending
// migrations and then change (if not nil), and returns the data dir's files. The
// databases are closed first, so that their write-ahead logs are folded into the files.
func buildDataDir(base dataDir, change func(core.App) error) (dataDir, error) {
	dir, err := os.MkdirTemp("", "cinecircle_template_*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := base.write(dir); err != nil {
		return nil, err
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env"})
	if err := app.Bootstrap(); err != nil {
		return nil, err
	}
	if err := app.RunAllMigrations(); err != nil {
		return nil, err
	}
	if change != nil {
		if err := change(app); err != nil {
			return nil, err
		}
	}
	if err := app.ClearBootstrap(); err != nil {
		return nil, err
	}
	files := dataDir{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err == nil {
			files[rel], err = os.ReadFile(path)
		}
		return err
	})
	return files, err
}

// write copies the files into dir.
func (d dataDir) write(dir string) error {
	for rel, data := range d {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
