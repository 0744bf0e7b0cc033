package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// minCompressSize is the smallest file worth compressing: below it gzip's header and the
// extra header lines cost about what they save.
const minCompressSize = 1024

// compressible names the text files of the UI build that travel gzipped: scripts,
// styles, the page, the manifest and SVG icons. Images and fonts are compressed already.
var compressible = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".json": true,
	".webmanifest": true, ".svg": true, ".txt": true, ".map": true,
}

// gzipped is one file's compressed copy and the ETag of its contents.
type gzipped struct {
	body []byte
	etag string
}

// gzipCache holds the compressed copies, made once per file on its first request: the
// build is embedded, so a file never changes while the server runs.
type gzipCache struct {
	mu    sync.Mutex
	files map[string]*gzipped // nil: not worth compressing
}

func newGzipCache() *gzipCache { return &gzipCache{files: map[string]*gzipped{}} }

// get returns name's compressed copy, or nil when it is not compressible.
func (c *gzipCache) get(public fs.FS, name string) *gzipped {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.files[name]; ok {
		return g
	}
	var g *gzipped
	if compressible[path.Ext(name)] {
		if raw, err := fs.ReadFile(public, name); err == nil && len(raw) >= minCompressSize {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(raw)
			_ = zw.Close()
			sum := sha256.Sum256(raw)
			g = &gzipped{body: buf.Bytes(), etag: `"` + hex.EncodeToString(sum[:8]) + `-gz"`}
		}
	}
	c.files[name] = g
	return g
}

// acceptsGzip reports whether the client takes gzip (every browser does).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// serveFile sends a file of the UI build, gzipped when it is text and the client takes
// gzip (with an ETag, so a revalidation of index.html or sw.js is a 304), else as it is.
func serveFile(e *core.RequestEvent, public fs.FS, cache *gzipCache, name string) error {
	e.Response.Header().Add("Vary", "Accept-Encoding")
	g := cache.get(public, name)
	if g == nil || !acceptsGzip(e.Request) {
		return e.FileFS(public, name)
	}
	h := e.Response.Header()
	h.Set("ETag", g.etag)
	if match := e.Request.Header.Get("If-None-Match"); match != "" && strings.Contains(match, g.etag) {
		return e.NoContent(http.StatusNotModified)
	}
	contentType := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".webmanifest" {
		contentType = "application/manifest+json"
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	h.Set("Content-Encoding", "gzip")
	if e.Request.Method == http.MethodHead {
		h.Set("Content-Type", contentType)
		return e.NoContent(http.StatusOK)
	}
	return e.Blob(http.StatusOK, contentType, g.body)
}
