package catalog

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
)

// Search and list limits (SPEC §9: the header shows 3 per kind, the add dialog 5, the
// trending column 6).
const (
	SearchLimit       = 20
	SearchLimitMax    = 50
	TrendingLimit     = 6
	TrendingLimitMax  = 20
	minQueryRunes     = 2
	maxQueryRunes     = 200
	publicCacheHeader = "public, max-age=300"
)

// bindRoutes registers the catalog's routes on the serve router.
func (s *service) bindRoutes(se *core.ServeEvent) {
	se.Router.GET("/api/movies/search", s.handleSearch(Movie))
	se.Router.GET("/api/tv-shows/search", s.handleSearch(TV))
	se.Router.GET("/api/movies/{id}", s.handleDetails(Movie))
	se.Router.GET("/api/tv-shows/{id}", s.handleDetails(TV))
	se.Router.GET("/api/tv-shows/{id}/seasons/{n}", s.handleSeason)
	se.Router.GET("/api/tmdb/{kind}/{id}/details", s.handleTMDBDetails)
	se.Router.GET("/api/trending-movies", s.handleTrending(Movie))
	se.Router.GET("/api/trending-tv-shows", s.handleTrending(TV))
	se.Router.GET("/img/{size}/{file...}", s.handleImage)
	se.Router.GET("/api/catalog/info", s.handleInfo)
}

// CatalogInfo is the body of GET /api/catalog/info: which provider answers catalog
// calls, so the About page shows TMDB's attribution exactly when TMDB is used.
type CatalogInfo struct {
	Provider string `json:"provider"` // "tmdb" or "embedded"
}

// handleInfo answers GET /api/catalog/info.
func (s *service) handleInfo(e *core.RequestEvent) error {
	info := CatalogInfo{Provider: "embedded"}
	if s.remote() != nil {
		info.Provider = "tmdb"
	}
	return e.JSON(http.StatusOK, info)
}

// SearchAnswer is the body of GET /api/movies/search and /api/tv-shows/search.
type SearchAnswer struct {
	Results []any `json:"results"`
	Total   int   `json:"total"`
}

// handleSearch answers the header search (?q=) and the add dialog (?query=). A query
// under 2 characters answers nothing, as the UI would not have sent it (SPEC §5).
func (s *service) handleSearch(kind Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		params := e.Request.URL.Query()
		q := strings.TrimSpace(params.Get("q"))
		if q == "" {
			q = strings.TrimSpace(params.Get("query"))
		}
		page, err := security.ReadPage(e, security.PageRules{DefaultLimit: SearchLimit, MaxLimit: SearchLimitMax})
		if err != nil {
			return err
		}
		limit := page.Limit
		if utf8.RuneCountInString(q) > maxQueryRunes {
			return e.BadRequestError("The search text is too long.", nil)
		}
		answer := SearchAnswer{Results: []any{}}
		if utf8.RuneCountInString(q) >= minQueryRunes {
			titles, total, err := s.search(e.Request.Context(), e.App, kind, q, limit)
			if err != nil {
				return catalogError(e, kind, err)
			}
			for i := range titles {
				answer.Results = append(answer.Results, titles[i].searchJSON())
			}
			answer.Total = max(total, len(titles))
		}
		return publicJSON(e, answer)
	}
}

// handleDetails answers a movie or TV page (GET /api/movies/{id}, /api/tv-shows/{id}).
func (s *service) handleDetails(kind Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id, err := parseID(e.Request.PathValue("id"))
		if err != nil {
			return e.BadRequestError(err.Error(), nil)
		}
		t, err := s.details(e.Request.Context(), e.App, kind, id)
		if err != nil {
			return catalogError(e, kind, err)
		}
		return publicJSON(e, t.detailsJSON())
	}
}

// handleTMDBDetails answers GET /api/tmdb/{movie|tv}/{id}/details, which the watchlist
// cards read the overview from. It is the page object under TMDB's path, and works
// without TMDB from the local catalog.
func (s *service) handleTMDBDetails(e *core.RequestEvent) error {
	kind, err := ParseKind(e.Request.PathValue("kind"))
	if err != nil {
		return e.BadRequestError("The kind must be movie or tv.", nil)
	}
	return s.handleDetails(kind)(e)
}

// handleSeason answers GET /api/tv-shows/{id}/seasons/{n} with the season's episodes.
func (s *service) handleSeason(e *core.RequestEvent) error {
	id, err := parseID(e.Request.PathValue("id"))
	if err != nil {
		return e.BadRequestError(err.Error(), nil)
	}
	n, err := strconv.Atoi(e.Request.PathValue("n"))
	if err != nil || n < 0 || n > 1000 {
		return e.BadRequestError("The season must be a number (0 for specials).", nil)
	}
	season, err := s.season(e.Request.Context(), e.App, id, n)
	if err != nil {
		if errors.Is(err, errNoSeason) {
			return e.NotFoundError("We couldn't find that season.", nil)
		}
		return catalogError(e, TV, err)
	}
	episodes := season.Episodes
	if episodes == nil {
		episodes = []Episode{}
	}
	return publicJSON(e, SeasonJSON{ShowID: id, SeasonNumber: season.SeasonNumber, Name: season.Name,
		AirDate: season.AirDate, Overview: season.Overview, EpisodeCount: max(season.EpisodeCount, len(episodes)),
		Episodes: episodes})
}

// handleTrending answers GET /api/trending-movies and /api/trending-tv-shows.
func (s *service) handleTrending(kind Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		page, err := security.ReadPage(e, security.PageRules{DefaultLimit: TrendingLimit, MaxLimit: TrendingLimitMax})
		if err != nil {
			return err
		}
		limit := page.Limit
		titles, err := s.trending(e.Request.Context(), e.App, kind, limit)
		if err != nil {
			return catalogError(e, kind, err)
		}
		out := make([]any, 0, len(titles))
		for i := range titles {
			out = append(out, titles[i].trendingJSON())
		}
		return publicJSON(e, out)
	}
}

// RecentLogsFunc lists the public ids of the titles of a kind an
// instance logged most since a time, most logged first. It must be safe for concurrent use.
type RecentLogsFunc func(app core.App, kind Kind, since time.Time, limit int) ([]int, error)

// recentLogsKey is the app-store key of the app's RecentLogsFunc.
const recentLogsKey = "cinecircle.catalog.recentLogs"

// SetRecentLogs tells app's catalog what members logged lately: the diary domain sets it
// at registration; until then trending is the curated embedded list. It is kept per app
// (not in a package variable) so test apps and domains don't overwrite each other's.
func SetRecentLogs(app core.App, fn RecentLogsFunc) {
	app.Store().Set(recentLogsKey, fn)
}

// recentLogsOf returns the RecentLogsFunc set for app, or nil.
func recentLogsOf(app core.App) RecentLogsFunc {
	fn, _ := app.Store().Get(recentLogsKey).(RecentLogsFunc)
	return fn
}

// publicJSON answers shareable catalog data: public for 5 minutes (SPEC §7), replacing
// the private default the web middleware puts on /api answers.
func publicJSON(e *core.RequestEvent, v any) error {
	e.Response.Header().Set("Cache-Control", publicCacheHeader)
	return e.JSON(http.StatusOK, v)
}

// catalogError turns a provider error into the JSON error answer.
func catalogError(e *core.RequestEvent, kind Kind, err error) error {
	status, msg := errMessage(kind, err)
	if status == http.StatusInternalServerError {
		return err
	}
	return e.Error(status, msg, nil)
}

// parseID reads a public title id.
func parseID(s string) (int, error) {
	id, err := strconv.Atoi(s)
	if err != nil || id < 1 {
		return 0, errBadID
	}
	return id, nil
}

type badInput string

func (b badInput) Error() string { return string(b) }

const errBadID badInput = "The id must be a positive number."
