// Package filecache writes the files the server keeps on disk beside its databases
// (catalog images, preview cards, remote avatars) so that a reader never sees half a
// file: each is written to a temporary file in its own directory and renamed over the
// old one, which on the same file system replaces it in one step.
package filecache

import (
	"io"
	"os"
	"path/filepath"
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
