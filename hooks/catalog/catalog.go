// Package catalog owns the movie and TV catalog: the providers (a curated catalog
// embedded in the binary, and TMDB when a key is configured), their cache in the movies
// and tv_shows collections, the search, page, season and trending routes, the poster
// image cache at /img/{size}/{file}, and `cinecircle catalog import`.
package catalog

import (
	"context"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"cinecircle/hooks/turns"

	"github.com/pocketbase/pocketbase/core"
)

// DetailsTTL is how long provider details stay fresh before a page refetches them
// (SPEC §9 "Details cache 15 min").
const DetailsTTL = 15 * time.Minute

// Environment variables read when the app registers the catalog.
const (
	EnvTMDBKey   = "TMDB_API_KEY"    // v3 API key or v4 read access token
	EnvTMDBBase  = "TMDB_API_BASE"   // default DefaultTMDBBase
	EnvImageBase = "TMDB_IMAGE_BASE" // default DefaultImageBase
)

const storeKey = "cinecircle.catalog"

// service is the catalog of one app: the embedded provider, the TMDB client when a key
// is configured, and short-lived caches of provider answers.
type service struct {
	app       core.App
	envKey    string
	apiBase   string
	imageBase string
	http      *http.Client
	answers   *ttlCache
	local     *localTrending // trending without TMDB

	mu          sync.Mutex
	settingsKey string
	loaded      bool
	tmdb        *TMDB
}

// Register binds the catalog routes, keeps the embedded catalog synced into the
// collections on serve, and watches the dashboard setting for the TMDB key.
func Register(app core.App) {
	bindJobs(app)
	s := &service{
		app:       app,
		envKey:    strings.TrimSpace(os.Getenv(EnvTMDBKey)),
		apiBase:   strings.TrimSpace(os.Getenv(EnvTMDBBase)),
		imageBase: strings.TrimSpace(os.Getenv(EnvImageBase)),
		http:      &http.Client{Timeout: 10 * time.Second, Transport: turns.Transport(nil)},
		answers:   newTTLCache(512),
		local:     newLocalTrending(),
	}
	if s.imageBase == "" {
		s.imageBase = DefaultImageBase
	}
	app.Store().Set(storeKey, s)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		start := time.Now()
		res, err := SyncEmbedded(se.App)
		if err != nil {
			return err
		}
		if !res.Skipped {
			se.App.Logger().Info("catalog: embedded titles synced", "movies", res.Movies, "tv", res.TV,
				"took", time.Since(start).String())
		}
		s.bindRoutes(se)
		return se.Next()
	})

	app.OnRecordAfterCreateSuccess(SettingsCollection).BindFunc(s.settingsChanged)
	app.OnRecordAfterUpdateSuccess(SettingsCollection).BindFunc(s.settingsChanged)
	app.OnRecordAfterDeleteSuccess(SettingsCollection).BindFunc(s.settingsChanged)

	// A superuser editing a title in the dashboard keeps its search text in step.
	app.OnRecordCreate(Movie.Collection(), TV.Collection()).BindFunc(keepSearchText)
	app.OnRecordUpdate(Movie.Collection(), TV.Collection()).BindFunc(keepSearchText)
}

// keepSearchText recomputes searchText (and a missing year) from the edited record.
func keepSearchText(e *core.RecordEvent) error {
	kind := Movie
	if e.Record.Collection().Name == TV.Collection() {
		kind = TV
	}
	c := kind.cols()
	e.Record.Set("searchText", SearchText(e.Record.GetString(c.title), e.Record.GetString(c.original)))
	if e.Record.GetInt("year") == 0 {
		e.Record.Set("year", yearOf(e.Record.GetString(c.date)))
	}
	return e.Next()
}

// settingsChanged drops the cached dashboard key so the next request reads it again.
func (s *service) settingsChanged(e *core.RecordEvent) error {
	s.mu.Lock()
	s.loaded = false
	s.mu.Unlock()
	s.answers.clear()
	return e.Next()
}

// from returns the catalog service registered on app.
func from(app core.App) *service {
	s, _ := app.Store().Get(storeKey).(*service)
	return s
}

// remote returns the TMDB client when a key is configured (environment first, then the
// catalog_settings record), or nil for the embedded catalog alone.
func (s *service) remote() *TMDB {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded && s.envKey == "" {
		s.settingsKey = ""
		if r, err := s.app.FindRecordById(SettingsCollection, SettingsID); err == nil {
			s.settingsKey = strings.TrimSpace(r.GetString("tmdbApiKey"))
		}
		s.loaded = true
	}
	key := s.envKey
	if key == "" {
		key = s.settingsKey
	}
	if key == "" {
		return nil
	}
	if s.tmdb == nil || s.tmdb.key != key {
		s.tmdb = NewTMDB(s.apiBase, key, s.http)
	}
	return s.tmdb
}

// Find returns the record of a title by kind and public id, for other domains (a diary
// entry relating to its record): the local row when present and fresh, else fetched
// from TMDB (or the embedded catalog) and cached. It returns ErrNotFound for unknown
// ids and ErrUnavailable when TMDB cannot answer and nothing is cached. app may be a
// transaction, but a TMDB fetch then holds the write lock for its round trip (up to a
// few seconds under rate limiting): where a title may need fetching, call Find first.
func Find(ctx context.Context, app core.App, kind Kind, id int) (*core.Record, error) {
	if r, err := app.FindFirstRecordByData(kind.Collection(), "tmdbId", id); err == nil {
		if s := from(app); s == nil || s.remote() == nil || id >= LocalIDFloor {
			return r, nil
		}
	}
	s := from(app)
	if s == nil {
		return nil, ErrNotFound
	}
	t, err := s.details(ctx, app, kind, id)
	if err != nil {
		return nil, err
	}
	if r, err := app.FindFirstRecordByData(kind.Collection(), "tmdbId", id); err == nil {
		return r, nil
	}
	// An embedded title the collections do not hold yet (no serve has synced them).
	if err := upsertTitles(app, []Title{*t}, upsertMerge); err != nil {
		return nil, err
	}
	return app.FindFirstRecordByData(kind.Collection(), "tmdbId", id)
}
