// Package filecache keeps the files the server caches on disk beside its databases
// (catalog images, preview cards, remote avatars): each is written so that a reader never
// sees half a file (a temporary file in its own directory, renamed over the old one,
// which on the same file system replaces it in one step), and a file filled on first use
// is fetched once when many readers ask for it at the same moment.
package filecache

import (
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// WriteAtomic creates path's directory when missing and fills path with what write
// writes. When write or the file system fails nothing is left behind and path keeps
// what it held before.
func WriteAtomic(path string, write func(w io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // nothing to remove after the rename
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// onceLocks serialize Once by key (striped, so the lock set stays small).
var onceLocks [64]sync.Mutex

// Once runs fill with no other Once of the same key running: when a page asks for the
// same missing file many times at once, the first caller fetches it and the others wait.
// fill must look for the file again first (a caller that waited finds it there).
func Once(key string, fill func() error) error {
	h := fnv.New32a()
	h.Write([]byte(key))
	lock := &onceLocks[h.Sum32()%uint32(len(onceLocks))]
	lock.Lock()
	defer lock.Unlock()
	return fill()
}
