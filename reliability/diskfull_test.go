package reliability

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// smallDisk mounts a tmpfs of size MB at a new directory for the test's data dir and
// unmounts it at the end. It needs root (make test runs as root here and in CI); without
// it the test is skipped, saying why.
func smallDisk(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	if os.Geteuid() != 0 {
		t.Skip("the disk-full test mounts a small tmpfs and needs root (sudo go test -run TestDiskFull ./reliability/)")
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%dm", size), "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s): the disk-full test needs one", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	return dir
}

// fillDisk writes a file in dir until the filesystem has no room left, and returns it.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 64<<10)
	for {
		if _, err := f.Write(block); err != nil {
			break // ENOSPC: the disk is full
		}
	}
	for _, n := range []int{4096, 512, 1} { // the last partial blocks too
		small := make([]byte, n)
		for {
			if _, err := f.Write(small); err != nil {
				break
			}
		}
	}
	return path
}

// TestDiskFullRefusesWritesAndRecovers serves a data dir on a 24 MB filesystem, fills it:
// writes are answered 507 with a message saying the server is out of disk space (never a
// 500, never a half-saved write), reads keep working, and once space is freed the next
// write succeeds with no restart. Afterwards the SQLite file passes integrity_check and
// every acknowledged write is in it.
func TestDiskFullRefusesWritesAndRecovers(t *testing.T) {
	dir := smallDisk(t, 24)
	createSuperuser(t, dir)
	srv := startServer(t, dir)
	disableRateLimits(t, superuserClient(t, srv.base))
	ana := signUp(t, srv.base, "ana.disk@example.com", "Ana")

	var ack acked
	logMovie := func(i int) (int, error) {
		var out struct {
			ID string `json:"id"`
		}
		sent := time.Now()
		status, err := ana.do(context.Background(), http.MethodPost, "/api/user/movies", map[string]any{
			"movieId": firstMovieID + i, "status": "watched", "rating": 7.5,
			"review": strings.Repeat(fmt.Sprintf("Review %d takes some room. ", i), 40),
		}, &out)
		if err == nil {
			ack.add(sent, ackedWrite{kind: "entry", a: out.ID})
		}
		return status, err
	}
	for i := range 5 {
		if _, err := logMovie(i); err != nil {
			t.Fatal(err)
		}
	}

	filler := fillDisk(t, dir)
	// Writes fill what room SQLite already had; then they are refused, clearly.
	var refused *statusError
	for i := 5; i < 400 && refused == nil; i++ {
		_, err := logMovie(i)
		var se *statusError
		switch {
		case err == nil:
		case errors.As(err, &se) && se.status == http.StatusInsufficientStorage:
			refused = se
		default:
			t.Fatalf("a write on a full disk failed with %v", err)
		}
	}
	if refused == nil {
		t.Fatal("400 writes on a full disk were all accepted")
	}
	var body struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}
	if json.Unmarshal([]byte(refused.body), &body) != nil || body.Status != 507 || !strings.Contains(body.Message, "out of disk space") {
		t.Errorf("the refused write says %s", refused.body)
	}
	t.Logf("refused after %d acknowledged writes: %s", ack.total.Load(), refused.body)

	// Reads keep working while the disk is full.
	var diary entryList
	ana.must(t, http.MethodGet, "/api/user/movies", nil, &diary)
	if len(diary) != int(ack.total.Load()) {
		t.Errorf("the diary shows %d entries while the disk is full, want the %d acknowledged", len(diary), ack.total.Load())
	}
	var feed []map[string]any
	ana.must(t, http.MethodGet, "/api/feed?limit=20&page=1", nil, &feed)

	// Space comes back: the next write succeeds, with no restart.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if _, err := logMovie(500); err != nil {
		t.Fatalf("the first write after space returned: %v", err)
	}
	ana.must(t, http.MethodGet, "/api/user/movies", nil, &diary)
	if len(diary) != int(ack.total.Load()) {
		t.Errorf("the diary shows %d entries after recovery, want %d", len(diary), ack.total.Load())
	}
	srv.stop(t)

	db := openDB(t, dir)
	if res := integrityCheck(t, db); res != "ok" {
		t.Errorf("integrity_check after the disk filled up: %s", res)
	}
	checkAcked(t, db, ack.before(time.Now()))
}
