package catalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"cinecircle/hooks/filecache"

	"github.com/pocketbase/pocketbase/core"
)

// DefaultImageBase is TMDB's image host; TMDB_IMAGE_BASE overrides it.
const DefaultImageBase = "https://image.tmdb.org/t/p"

// ImageCacheDir is the folder under the data dir that keeps fetched posters.
const ImageCacheDir = "image_cache"

// imageSizes are the poster widths the UI asks for (SPEC §7).
var imageSizes = map[string]bool{"w92": true, "w154": true, "w185": true, "w500": true}

// imageFile is a single TMDB image file name: no folders, no dots but the extension's.
var imageFile = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}\.(jpg|jpeg|png|webp)$`)

const (
	imageCacheHeader = "public, max-age=2592000, immutable"
	maxImageBytes    = 10 << 20
	// skipSuccessLog keeps poster hits out of the request log, as for static files.
	skipSuccessLog = "__skipSuccessActivityLogger"
)

// errImageMissing is the upstream's 404.
var errImageMissing = errors.New("image not found upstream")

// handleImage serves /img/{size}/{file}: a poster from the disk cache, fetched from
// the image host on first use. Members' browsers never contact the image host, and the
// same-origin image works offline and in the share card.
func (s *service) handleImage(e *core.RequestEvent) error {
	size := e.Request.PathValue("size")
	file := e.Request.PathValue("file")
	if !imageSizes[size] {
		return e.BadRequestError("The image size must be one of w92, w154, w185 or w500.", nil)
	}
	if !imageFile.MatchString(file) {
		return e.BadRequestError("The image name is not valid.", nil)
	}
	dir := filepath.Join(e.App.DataDir(), ImageCacheDir, size)
	path := filepath.Join(dir, file)
	if _, err := os.Stat(path); err != nil {
		if err := s.fetchImage(e.Request.Context(), size, file, dir); err != nil {
			if errors.Is(err, errImageMissing) {
				return e.NotFoundError("We couldn't find that image.", nil)
			}
			e.App.Logger().Warn("catalog: image fetch failed", "size", size, "file", file, "error", err.Error())
			return e.Error(http.StatusBadGateway, "The image host is not answering right now.", nil)
		}
	}
	e.Set(skipSuccessLog, true)
	h := e.Response.Header()
	h.Set("Cache-Control", imageCacheHeader)
	h.Set("Content-Type", mime.TypeByExtension(filepath.Ext(file)))
	return e.FileFS(os.DirFS(dir), file)
}

// fetchImage downloads size/file from the image host into dir, atomically (a temp file
// renamed into place), so a half-written poster is never served.
// A page full of one poster fetches it once (filecache.Once).
func (s *service) fetchImage(ctx context.Context, size, file, dir string) error {
	return filecache.Once(filepath.Join(dir, file), func() error { return s.fetchImageNow(ctx, size, file, dir) })
}

// fetchImageNow is fetchImage under its file's lock.
func (s *service) fetchImageNow(ctx context.Context, size, file, dir string) error {
	if _, err := os.Stat(filepath.Join(dir, file)); err == nil {
		return nil // fetched while we waited
	}

	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(s.imageBase, "/")+"/"+size+"/"+file, nil)
	if err != nil {
		return err
	}
	res, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode == http.StatusNotFound:
		return errImageMissing
	case res.StatusCode != http.StatusOK:
		return fmt.Errorf("image host answered HTTP %d", res.StatusCode)
	case !strings.HasPrefix(res.Header.Get("Content-Type"), "image/"):
		return fmt.Errorf("image host answered %q, not an image", res.Header.Get("Content-Type"))
	}
	return filecache.WriteAtomic(filepath.Join(dir, file), func(w io.Writer) error {
		n, err := io.Copy(w, io.LimitReader(res.Body, maxImageBytes+1))
		if err == nil && n > maxImageBytes {
			err = fmt.Errorf("image larger than %d bytes", maxImageBytes)
		}
		return err
	})
}
