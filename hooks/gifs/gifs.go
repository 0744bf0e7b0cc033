// Package gifs serves the GIF picker through our own routes, so no provider key reaches the
// browser: the local `gifs` library (always on) and, when a key is configured, KLIPY's
// Tenor-compatible v2 API or GIPHY. The picker credits whichever provider answered.
package gifs

import (
	"context"
	"errors"
	"net/http"
	"os"
	"strings"
	"time"

	"cinecircle/hooks/turns"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// PageSize is SPEC §9's GIF page size.
const PageSize = 20

// Environment variables that configure the hosted providers.
const (
	EnvKlipyKey  = "KLIPY_API_KEY"
	EnvKlipyBase = "KLIPY_API_BASE"
	EnvGiphyKey  = "GIPHY_API_KEY"
	EnvGiphyBase = "GIPHY_API_BASE"
)

// GIF is one picker result: the full GIF, a small preview and a title.
type GIF struct {
	ID         string `json:"id"`
	URL        string `json:"url"`
	PreviewURL string `json:"previewUrl"`
	Title      string `json:"title"`
}

// Credit names the provider the picker must credit.
type Credit struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Page is the body of GET /api/gifs/featured and /api/gifs/search.
type Page struct {
	Results  []GIF  `json:"results"`
	Next     string `json:"next"`
	Provider Credit `json:"provider"`
}

// ErrProvider is returned when a hosted provider cannot answer.
var ErrProvider = errors.New("the GIF provider is not answering")

// hosted is a GIF service reached over HTTP.
type hosted interface {
	credit() Credit
	featured(ctx context.Context, pos string, limit int) ([]GIF, string, error)
	search(ctx context.Context, q, pos string, limit int) ([]GIF, string, error)
	// owns reports whether a GIF URL was served by this provider.
	owns(url string) bool
}

// client is the HTTP client of the hosted providers: short, so a slow provider turns
// into the picker's error banner instead of a hanging spinner.
var client = &http.Client{Timeout: 8 * time.Second, Transport: turns.Transport(nil)}

// configured returns the hosted provider the environment configures, if any; KLIPY wins
// when both keys are set.
func configured() hosted {
	if key := strings.TrimSpace(os.Getenv(EnvKlipyKey)); key != "" {
		return &tenor{key: key, base: envOr(EnvKlipyBase, "https://api.klipy.com/v2"), name: "KLIPY", site: "https://klipy.com"}
	}
	if key := strings.TrimSpace(os.Getenv(EnvGiphyKey)); key != "" {
		return &giphy{key: key, base: envOr(EnvGiphyBase, "https://api.giphy.com/v1")}
	}
	return nil
}

func envOr(name, fallback string) string {
	if v := strings.TrimRight(strings.TrimSpace(os.Getenv(name)), "/"); v != "" {
		return v
	}
	return fallback
}

// Register binds the GIF routes to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		member := apis.RequireAuth("users")
		se.Router.GET("/api/gifs/featured", featuredHandler).Bind(member)
		se.Router.GET("/api/gifs/search", searchHandler).Bind(member)
		return se.Next()
	})
}

// featuredHandler answers GET /api/gifs/featured?pos=: what the picker shows on open.
func featuredHandler(e *core.RequestEvent) error {
	page, err := Featured(e.Request.Context(), e.App, e.Request.URL.Query().Get("pos"))
	return answer(e, page, err)
}

// searchHandler answers GET /api/gifs/search?q=&pos=; a blank query means featured (SPEC §5).
func searchHandler(e *core.RequestEvent) error {
	q := strings.TrimSpace(e.Request.URL.Query().Get("q"))
	if len([]rune(q)) > 100 {
		return e.BadRequestError("Search for at most 100 characters.", validation.Errors{
			"q": validation.NewError("validation_length_too_long", "Search for at most 100 characters."),
		})
	}
	page, err := Search(e.Request.Context(), e.App, q, e.Request.URL.Query().Get("pos"))
	return answer(e, page, err)
}

func answer(e *core.RequestEvent, page Page, err error) error {
	if errors.Is(err, ErrProvider) {
		e.App.Logger().Warn("gifs: provider failed", "error", err.Error())
		return e.Error(http.StatusBadGateway, "The GIF provider is not answering. Please try again.", nil)
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, page)
}
