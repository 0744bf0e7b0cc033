package reliability

import (
	"archive/zip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// backupsSettings is the backups part of PocketBase's settings.
type backupsSettings struct {
	Backups struct {
		Cron        string `json:"cron"`
		CronMaxKeep int    `json:"cronMaxKeep"`
	} `json:"backups"`
}

// entryList is GET /api/user/movies, reduced to what the test reads.
type entryList []struct {
	Review string `json:"review"`
}

func reviews(t *testing.T, c *client) string {
	t.Helper()
	var list entryList
	c.must(t, http.MethodGet, "/api/user/movies", nil, &list)
	var out []string
	for _, e := range list {
		out = append(out, e.Review)
	}
	return strings.Join(out, " | ")
}

// TestBackupRestoresIntoAFreshDataDir checks the daily backup default, takes a backup of
// a data dir with a member's diary, keeps writing after it, then restores it by hand
// (stop, unzip into a fresh data dir, start) and from the dashboard's restore call: both
// copies have what was there at the backup and nothing written after it. A restart does
// not overwrite an admin's own backup schedule.
func TestBackupRestoresIntoAFreshDataDir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	createSuperuser(t, dir)
	srv := startServer(t, dir)
	su := superuserClient(t, srv.base)

	var settings backupsSettings
	su.must(t, http.MethodGet, "/api/settings", nil, &settings)
	if settings.Backups.Cron != "0 3 * * *" || settings.Backups.CronMaxKeep != 7 {
		t.Fatalf("backups default to %+v, want daily at 03:00 keeping 7", settings.Backups)
	}

	ana := signUp(t, srv.base, "ana.backup@example.com", "Ana")
	ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{
		"movieId": firstMovieID, "status": "watched", "rating": 8.5, "review": "Kept in the backup.",
	}, nil)
	su.must(t, http.MethodPost, "/api/backups", map[string]any{"name": "before_restore.zip"}, nil)
	ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{
		"movieId": firstMovieID + 1, "status": "watched", "rating": 6, "review": "Written after the backup.",
	}, nil)

	// The admin picks their own schedule; a restart (which runs pending migrations) keeps it.
	su.must(t, http.MethodPatch, "/api/settings", map[string]any{"backups": map[string]any{"cron": "30 2 * * 0", "cronMaxKeep": 3}}, nil)
	srv.stop(t)
	srv = startServer(t, dir)
	su = superuserClient(t, srv.base)
	su.must(t, http.MethodGet, "/api/settings", nil, &settings)
	if settings.Backups.Cron != "30 2 * * 0" || settings.Backups.CronMaxKeep != 3 {
		t.Fatalf("after a restart the admin's schedule became %+v", settings.Backups)
	}
	srv.stop(t)

	// By hand: unzip the backup into a fresh data dir and start on it.
	fresh := t.TempDir()
	unzip(t, filepath.Join(dir, "backups", "before_restore.zip"), fresh)
	restored := startServer(t, fresh)
	ana2 := newClient(restored.base)
	ana2.must(t, http.MethodPost, "/api/auth/login", map[string]any{"email": "ana.backup@example.com", "password": "reliable-password"}, nil)
	if got := reviews(t, ana2); got != "Kept in the backup." {
		t.Fatalf("restored diary holds %q, want only the review written before the backup", got)
	}
	restored.stop(t)

	// From the dashboard: POST /api/backups/{key}/restore replaces the data dir and
	// restarts the process in place.
	srv = startServer(t, dir)
	su = superuserClient(t, srv.base)
	su.must(t, http.MethodPost, "/api/backups/before_restore.zip/restore", nil, nil)
	ana.base = srv.base
	deadline := time.Now().Add(60 * time.Second)
	for {
		var list entryList
		if _, err := ana.do(t.Context(), http.MethodGet, "/api/user/movies", nil, &list); err == nil && len(list) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the dashboard restore did not bring the backup back within 60 s:\n%s", srv.out.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	if got := reviews(t, ana); got != "Kept in the backup." {
		t.Fatalf("after the dashboard restore the diary holds %q", got)
	}
}

// unzip extracts a backup archive into dir, as `unzip backup.zip -d dir` does.
func unzip(t *testing.T, archive, dir string) {
	t.Helper()
	r, err := zip.OpenReader(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range r.File {
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(path, filepath.Clean(dir)+string(os.PathSeparator)) {
			t.Fatalf("backup entry %q escapes the data dir", f.Name)
		}
		if f.FileInfo().IsDir() {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		src, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		dst, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(dst, src); err != nil {
			t.Fatal(err)
		}
		src.Close()
		if err := dst.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
