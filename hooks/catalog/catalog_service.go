package catalog

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The service answers every catalog question the same way: with TMDB configured it asks
// TMDB and caches the answer (titles in the collections, list answers in memory for
// DetailsTTL); without it, or when TMDB fails, it answers from the collections. Titles
// with local ids (≥ LocalIDFloor) are never sent to TMDB.

// search answers a title search.
func (s *service) search(ctx context.Context, app core.App, kind Kind, query string, limit int) ([]Title, int, error) {
	if tm := s.remote(); tm != nil {
		key := "search|" + string(kind) + "|" + strconv.Itoa(limit) + "|" + Fold(query)
		if v, ok := s.answers.get(key); ok {
			a := v.(listAnswer)
			return a.titles, a.total, nil
		}
		titles, total, err := tm.Search(ctx, kind, query, limit)
		if err == nil {
			if err := s.cacheListing(app, titles); err != nil {
				return nil, 0, err
			}
			s.answers.set(key, listAnswer{titles, total}, DetailsTTL)
			return titles, total, nil
		}
		app.Logger().Warn("catalog: TMDB search failed, searching locally", "error", err.Error())
	}
	return NewEmbedded(app).Search(ctx, kind, query, limit)
}

// listAnswer is a cached search answer.
type listAnswer struct {
	titles []Title
	total  int
}

// cacheListing stores the titles of a TMDB list answer (without marking details fresh).
func (s *service) cacheListing(app core.App, titles []Title) error {
	if len(titles) == 0 {
		return nil
	}
	return app.RunInTransaction(func(tx core.App) error {
		return upsertTitles(tx, titles, upsertListing)
	})
}

// details returns a title's full details: the local row when it is local or fresh, else
// refetched from TMDB; a failed refetch serves the stale row.
func (s *service) details(ctx context.Context, app core.App, kind Kind, id int) (*Title, error) {
	local, err := findTitle(app, kind, id)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	tm := s.remote()
	if tm == nil || id >= LocalIDFloor {
		if local != nil {
			return local, nil
		}
		return NewEmbedded(app).Details(ctx, kind, id)
	}
	if local != nil && isFresh(local.FetchedAt, time.Now()) {
		return local, nil
	}
	fresh, err := tm.Details(ctx, kind, id)
	if err != nil {
		if local == nil {
			return nil, err
		}
		// A stale copy beats an error page, and a title TMDB no longer knows stays
		// readable for the diary entries that point at it.
		app.Logger().Warn("catalog: TMDB details failed, serving the cached copy", "kind", kind, "id", id, "error", err.Error())
		return local, nil
	}
	if local != nil {
		keepEpisodes(fresh, local)
	}
	if err := upsertTitles(app, []Title{*fresh}, upsertReplace); err != nil {
		return nil, err
	}
	return fresh, nil
}

// keepEpisodes carries cached episodes over to a refreshed show, whose seasons list
// comes without them.
func keepEpisodes(fresh, old *Title) {
	byNumber := map[int]Season{}
	for _, s := range old.Seasons {
		byNumber[s.SeasonNumber] = s
	}
	for i, s := range fresh.Seasons {
		if o, ok := byNumber[s.SeasonNumber]; ok && len(o.Episodes) > 0 {
			fresh.Seasons[i].Episodes, fresh.Seasons[i].EpisodesFetchedAt = o.Episodes, o.EpisodesFetchedAt
		}
	}
}

// season returns season n of a show with its episodes: TMDB's (cached in the show's
// seasons JSON for DetailsTTL) or generated ones for local shows.
func (s *service) season(ctx context.Context, app core.App, showID, n int) (*Season, error) {
	show, err := s.details(ctx, app, TV, showID)
	if err != nil {
		return nil, err
	}
	tm := s.remote()
	if tm == nil || showID >= LocalIDFloor {
		return generatedSeason(show, n)
	}
	idx := -1
	for i, se := range show.Seasons {
		if se.SeasonNumber == n {
			idx = i
		}
	}
	if idx < 0 {
		return nil, errNoSeason
	}
	cached := show.Seasons[idx]
	if at, err := time.Parse(time.RFC3339, cached.EpisodesFetchedAt); err == nil && isFresh(at, time.Now()) {
		return &cached, nil
	}
	fresh, err := tm.Season(ctx, showID, n)
	if err != nil {
		if len(cached.Episodes) > 0 {
			return &cached, nil
		}
		if errors.Is(err, ErrNotFound) {
			return nil, errNoSeason
		}
		return generatedSeason(show, n) // numbered episodes beat an error page
	}
	if fresh.Name == "" {
		fresh.Name = cached.Name
	}
	show.Seasons[idx] = *fresh
	if err := saveSeasons(app, show); err != nil {
		return nil, err
	}
	return fresh, nil
}

// saveSeasons writes a show's seasons JSON (with its cached episodes).
func saveSeasons(app core.App, show *Title) error {
	p, err := show.rowValues()
	if err != nil {
		return err
	}
	_, err = app.NonconcurrentDB().NewQuery("UPDATE {{tv_shows}} SET [[seasons]] = {:seasons} WHERE [[tmdbId]] = {:id}").
		Bind(dbx.Params{"seasons": p["seasons"], "id": show.ID}).Execute()
	return err
}

// trending returns the trending list: TMDB's weekly trending (with each entry's details
// fetched once, for the runtime or season count the list lacks), else the local one,
// counted at most every LocalTrendingTTL (localTrending).
func (s *service) trending(ctx context.Context, app core.App, kind Kind, limit int) ([]Title, error) {
	if tm := s.remote(); tm != nil {
		key := "trending|" + string(kind) + "|" + strconv.Itoa(limit)
		if v, ok := s.answers.get(key); ok {
			return v.([]Title), nil
		}
		list, err := tm.Trending(ctx, kind, limit)
		if err == nil {
			list, err = s.completeTrending(ctx, app, kind, list)
		}
		if err == nil {
			s.answers.set(key, list, DetailsTTL)
			return list, nil
		}
		app.Logger().Warn("catalog: TMDB trending failed, using the local list", "error", err.Error())
	}
	return s.local.get(app, kind, limit)
}

// completeTrending caches a trending list and fills in runtime / season counts from
// details (cached ones, or fetched concurrently; a failed fetch leaves the field empty).
func (s *service) completeTrending(ctx context.Context, app core.App, kind Kind, list []Title) ([]Title, error) {
	if err := s.cacheListing(app, list); err != nil {
		return nil, err
	}
	out := make([]Title, len(list))
	var wg sync.WaitGroup
	for i := range list {
		out[i] = list[i]
		wg.Go(func() {
			if d, err := s.details(ctx, app, kind, list[i].ID); err == nil && d != nil {
				out[i].Runtime, out[i].NumberOfSeasons = d.Runtime, d.NumberOfSeasons
			}
		})
	}
	wg.Wait()
	return out, nil
}

// ttlCache is a small in-memory cache of provider list answers.
type ttlCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]ttlEntry
}

type ttlEntry struct {
	value   any
	expires time.Time
}

// newTTLCache returns a cache of at most max answers.
func newTTLCache(max int) *ttlCache {
	return &ttlCache{max: max, entries: map[string]ttlEntry{}}
}

// get returns an unexpired answer.
func (c *ttlCache) get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || time.Now().After(e.expires) {
		return nil, false
	}
	return e.value, true
}

// set stores an answer for ttl, dropping expired ones (or all) when full.
func (c *ttlCache) set(key string, value any, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.max {
		now := time.Now()
		for k, e := range c.entries {
			if now.After(e.expires) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= c.max {
			clear(c.entries)
		}
	}
	c.entries[key] = ttlEntry{value, time.Now().Add(ttl)}
}

// clear forgets every answer (the TMDB key changed).
func (c *ttlCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.entries)
}

// errMessage is the member-facing message for a catalog error.
func errMessage(kind Kind, err error) (int, string) {
	what := "movie"
	if kind == TV {
		what = "TV show"
	}
	switch {
	case errors.Is(err, ErrNotFound):
		return 404, fmt.Sprintf("We couldn't find that %s.", what)
	case errors.Is(err, ErrUnavailable):
		return 503, "The movie database is not answering right now. Please try again in a moment."
	}
	return 500, "Something went wrong while reading the catalog."
}
