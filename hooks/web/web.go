// Package web serves the embedded React PWA and keeps /api answers JSON: an unknown /api
// path is a JSON 404, never the SPA's index.html, and member data is never shared-cached.
package web

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// skipSuccessLog is PocketBase's request-event key that keeps successful requests out of
// the activity log (apis.Static sets it the same way).
const skipSuccessLog = "__skipSuccessActivityLogger"

// Register serves public (the built UI) on every path the API does not claim.
func Register(app core.App, public fs.FS) {
	bindShutdown(app)
	bindDiskFull(app)
	bindQueryTimeout(app)
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.Bind(serverTiming())
			if n := apiConcurrency(); n > 0 {
				se.Router.Bind(apiLimit(n))
			}
			se.Router.BindFunc(privateAPICache)
			se.Router.Bind(apiGzip())
			se.Router.BindFunc(securityHeaders(ContentSecurityPolicy(public)))
			se.Router.GET("/{path...}", spa(public))
			return se.Next()
		},
		Priority: 999, // after every domain, so their routes win
	})
}

// privateAPICache marks API answers as private: they carry member data. A handler that
// serves shareable data (catalog, images) overrides the header.
func privateAPICache(e *core.RequestEvent) error {
	if strings.HasPrefix(e.Request.URL.Path, "/api/") {
		e.Response.Header().Set("Cache-Control", "private, no-cache")
	}
	return e.Next()
}

// spa serves a file of the UI build when it exists, and index.html for every other
// non-API path so the client router can show the page (or its not-found page). Text files
// go gzipped to clients that take it.
func spa(public fs.FS) func(*core.RequestEvent) error {
	cache := newGzipCache()
	return func(e *core.RequestEvent) error {
		name := strings.TrimPrefix(path.Clean("/"+e.Request.PathValue("path")), "/")
		if name == "api" || strings.HasPrefix(name, "api/") || name == "ap" || strings.HasPrefix(name, "ap/") {
			return e.NotFoundError("The requested API route does not exist.", nil) // a fediverse server reads JSON, not the app
		}
		e.Set(skipSuccessLog, true) // static files would flood the request log
		if name != "" && name != "index.html" {
			if info, err := fs.Stat(public, name); err == nil && !info.IsDir() {
				e.Response.Header().Set("Cache-Control", cacheControl(name))
				return serveFile(e, public, cache, name)
			}
			if path.Ext(name) != "" && !strings.HasSuffix(name, ".html") {
				return e.NotFoundError("File not found.", nil)
			}
		}
		if _, err := fs.Stat(public, "index.html"); err != nil {
			return e.String(http.StatusServiceUnavailable, "The UI is not built into this binary: run `make build`.\n")
		}
		e.Response.Header().Set("Cache-Control", "no-cache")
		return serveFile(e, public, cache, "index.html")
	}
}

// cacheControl lets the hashed build assets live forever and keeps the service worker,
// the manifest and other unhashed files revalidated.
func cacheControl(name string) string {
	switch {
	case strings.HasPrefix(name, "assets/"):
		return "public, max-age=31536000, immutable"
	case name == "sw.js", strings.HasSuffix(name, ".webmanifest"), strings.HasPrefix(name, "workbox-"):
		return "no-cache"
	default:
		return "public, max-age=3600"
	}
}
