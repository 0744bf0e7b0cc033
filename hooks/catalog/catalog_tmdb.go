package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/turns"
)

// DefaultTMDBBase is TMDB's v3 API; TMDB_API_BASE overrides it (tests use a loopback fake).
const DefaultTMDBBase = "https://api.themoviedb.org/3"

// ErrUnavailable is returned when the provider cannot answer now (network, 5xx, rate
// limit after the bounded back-off, rejected key). Callers serve stale data or a 503.
var ErrUnavailable = errors.New("the movie database is not answering")

// TMDB is the v3 client. A key that looks like a JWT (a v4 read access token) goes in the
// Authorization header; any other key is sent as the api_key query parameter.
type TMDB struct {
	base   string
	key    string
	client *http.Client

	// MaxRetries is how many times a 429 answer is retried; MaxWait bounds the total
	// time spent waiting for Retry-After across those retries.
	MaxRetries int
	MaxWait    time.Duration
	// Sleep waits between retries; tests replace it to record the waits.
	Sleep func(ctx context.Context, d time.Duration) error
}

// NewTMDB returns a client for base (DefaultTMDBBase when empty) with key.
func NewTMDB(base, key string, client *http.Client) *TMDB {
	if base == "" {
		base = DefaultTMDBBase
	}
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second, Transport: turns.Transport(nil)}
	}
	return &TMDB{base: strings.TrimRight(base, "/"), key: key, client: client,
		MaxRetries: 2, MaxWait: 2 * time.Second, Sleep: sleepCtx}
}

// sleepCtx waits d, or less when ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// isBearerToken reports whether key is a v4 read access token (a JWT: eyJ….….…).
func isBearerToken(key string) bool {
	return strings.HasPrefix(key, "eyJ") && strings.Count(key, ".") == 2
}

// get fetches path with query into dst, retrying a 429 after its Retry-After (bounded by
// MaxRetries and MaxWait; without the header it waits 0.5 s, then 1 s).
func (c *TMDB) get(ctx context.Context, path string, query url.Values, dst any) error {
	if query == nil {
		query = url.Values{}
	}
	header := http.Header{"Accept": {"application/json"}}
	if isBearerToken(c.key) {
		header.Set("Authorization", "Bearer "+c.key)
	} else {
		query.Set("api_key", c.key)
	}
	u := c.base + path + "?" + query.Encode()
	var waited time.Duration
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		req.Header = header.Clone()
		res, err := c.client.Do(req)
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrUnavailable, path, redactKey(err, c.key))
		}
		switch {
		case res.StatusCode == http.StatusOK:
			defer res.Body.Close()
			if err := json.NewDecoder(io.LimitReader(res.Body, 8<<20)).Decode(dst); err != nil {
				return fmt.Errorf("%w: %s: bad JSON: %v", ErrUnavailable, path, err)
			}
			return nil
		case res.StatusCode == http.StatusNotFound:
			drain(res)
			return ErrNotFound
		case res.StatusCode == http.StatusTooManyRequests:
			wait := retryAfter(res.Header.Get("Retry-After"), attempt)
			drain(res)
			if attempt >= c.MaxRetries || waited+wait > c.MaxWait {
				return fmt.Errorf("%w: %s: rate limited", ErrUnavailable, path)
			}
			if err := c.Sleep(ctx, wait); err != nil {
				return fmt.Errorf("%w: %v", ErrUnavailable, err)
			}
			waited += wait
		default:
			drain(res)
			return fmt.Errorf("%w: %s: HTTP %d", ErrUnavailable, path, res.StatusCode)
		}
	}
}

// retryAfter reads a Retry-After header (seconds or an HTTP date).
func retryAfter(v string, attempt int) time.Duration {
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return time.Duration(attempt+1) * 500 * time.Millisecond
}

// drain reads what is left of an unwanted answer (a little) so the connection can be
// reused, and closes it.
func drain(res *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
}

// redactKey keeps the api_key out of error messages (url.Error quotes the whole URL).
func redactKey(err error, key string) string {
	if key == "" {
		return err.Error()
	}
	return strings.ReplaceAll(err.Error(), url.QueryEscape(key), "REDACTED")
}

// tmdbItem is a movie or show as TMDB's lists (search, trending) carry it.
type tmdbItem struct {
	ID               int      `json:"id"`
	Title            string   `json:"title"`
	OriginalTitle    string   `json:"original_title"`
	Name             string   `json:"name"`
	OriginalName     string   `json:"original_name"`
	Overview         string   `json:"overview"`
	PosterPath       string   `json:"poster_path"`
	BackdropPath     string   `json:"backdrop_path"`
	ReleaseDate      string   `json:"release_date"`
	FirstAirDate     string   `json:"first_air_date"`
	VoteAverage      float64  `json:"vote_average"`
	VoteCount        int      `json:"vote_count"`
	Popularity       float64  `json:"popularity"`
	GenreIDs         []int    `json:"genre_ids"`
	OriginalLanguage string   `json:"original_language"`
	OriginCountry    []string `json:"origin_country"`
}

// tmdbPage is a page of a TMDB list (search, trending).
type tmdbPage struct {
	Page         int        `json:"page"`
	Results      []tmdbItem `json:"results"`
	TotalPages   int        `json:"total_pages"`
	TotalResults int        `json:"total_results"`
}

// toTitle converts a list item (listing data only: no runtime, no seasons).
func (it *tmdbItem) toTitle(kind Kind) Title {
	t := Title{Kind: kind, ID: it.ID, Title: it.Title, OriginalTitle: it.OriginalTitle, Overview: it.Overview,
		PosterPath: it.PosterPath, BackdropPath: it.BackdropPath, Date: it.ReleaseDate, VoteAverage: it.VoteAverage,
		VoteCount: it.VoteCount, Popularity: it.Popularity, Language: it.OriginalLanguage, Source: SourceTMDB,
		Genres: genreNames(kind, it.GenreIDs)}
	if kind == TV {
		t.Title, t.OriginalTitle, t.Date = it.Name, it.OriginalName, it.FirstAirDate
	}
	if len(it.OriginCountry) > 0 {
		t.Country = it.OriginCountry[0]
	}
	t.Year = yearOf(t.Date)
	return t
}

// Search returns up to limit titles matching query, reading as many 20-title pages as
// limit needs (at most 3), and TMDB's total.
func (c *TMDB) Search(ctx context.Context, kind Kind, query string, limit int) ([]Title, int, error) {
	var out []Title
	total := 0
	for page := 1; len(out) < limit && page <= 3; page++ {
		var p tmdbPage
		q := url.Values{"query": {query}, "page": {strconv.Itoa(page)}, "include_adult": {"false"}}
		if err := c.get(ctx, "/search/"+string(kind), q, &p); err != nil {
			return nil, 0, err
		}
		total = p.TotalResults
		for i := range p.Results {
			if len(out) < limit {
				out = append(out, p.Results[i].toTitle(kind))
			}
		}
		if page >= p.TotalPages {
			break
		}
	}
	return out, total, nil
}

// Trending returns this week's trending titles.
func (c *TMDB) Trending(ctx context.Context, kind Kind, limit int) ([]Title, error) {
	var p tmdbPage
	if err := c.get(ctx, "/trending/"+string(kind)+"/week", nil, &p); err != nil {
		return nil, err
	}
	out := make([]Title, 0, limit)
	for i := range p.Results {
		if len(out) < limit {
			out = append(out, p.Results[i].toTitle(kind))
		}
	}
	return out, nil
}
