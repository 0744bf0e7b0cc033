package filecache_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cinecircle/hooks/filecache"
)

// TestWriteAtomic: a write lands whole in a directory made for it; a failed write leaves
// the file as it was and no temporary file behind.
func TestWriteAtomic(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cards", "abc.png")
	write := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if err := filecache.WriteAtomic(path, write("first")); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("too large")
	err := filecache.WriteAtomic(path, func(w io.Writer) error {
		_, _ = io.WriteString(w, "half of the second")
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("the write's error comes back: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Fatalf("after a failed write the file holds %q", got)
	}
	if err := filecache.WriteAtomic(path, write("second")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "second" {
		t.Fatalf("the file holds %q", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

// TestOnce: twenty readers asking at once for a missing file fetch it once; the others
// find it filled.
func TestOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "poster.jpg")
	var fetches atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			err := filecache.Once(path, func() error {
				if _, err := os.Stat(path); err == nil {
					return nil
				}
				fetches.Add(1)
				time.Sleep(20 * time.Millisecond) // the remote server answering
				return filecache.WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "jpeg"); return err })
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := fetches.Load(); n != 1 {
		t.Fatalf("%d fetches for twenty readers at once, want 1", n)
	}
}
