package catalog

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// External ids are the other databases' names for a title: IMDb's (tt0133093) for films
// and shows, TheTVDB's (81189) for shows. Media servers and other trackers' exports carry
// them; our titles are keyed by TMDB id, and TMDB's /find answers which title an external
// id names. Without TMDB (the embedded catalog has no external ids) nothing resolves and
// callers fall back to title and year.

// imdbPattern is an IMDb id's own shape.
var imdbPattern = regexp.MustCompile(`^tt\d{5,10}$`)

// ExternalIDs are a title's ids in other databases; the zero value names nothing.
type ExternalIDs struct {
	IMDb string // tt and digits
	TVDB int    // a show's (or one of its episodes')
}

// tmdbFind is TMDB's answer to /find/{external_id}.
type tmdbFind struct {
	MovieResults     []tmdbItem `json:"movie_results"`
	TVResults        []tmdbItem `json:"tv_results"`
	TVEpisodeResults []struct {
		ShowID int `json:"show_id"`
	} `json:"tv_episode_results"`
}

// Resolve returns the public id of the title of kind that ids name, asking TMDB's /find
// (IMDb first, then TVDB) and caching the answer and the title's listing. It returns
// ErrNotFound when nothing resolves, TMDB is not configured, or it cannot answer.
func Resolve(ctx context.Context, app core.App, kind Kind, ids ExternalIDs) (int, error) {
	s := from(app)
	if s == nil || s.remote() == nil {
		return 0, ErrNotFound
	}
	var tries [][2]string
	if imdbPattern.MatchString(ids.IMDb) {
		tries = append(tries, [2]string{ids.IMDb, "imdb_id"})
	}
	if ids.TVDB > 0 {
		tries = append(tries, [2]string{strconv.Itoa(ids.TVDB), "tvdb_id"})
	}
	for _, t := range tries {
		id, err := s.find(ctx, app, kind, t[0], t[1])
		if err == nil {
			return id, nil
		}
		if !errors.Is(err, ErrNotFound) {
			app.Logger().Warn("catalog: TMDB find failed", "source", t[1], "error", err.Error())
		}
	}
	return 0, ErrNotFound
}

// find asks TMDB which title of kind the external id names (a cached answer first).
func (s *service) find(ctx context.Context, app core.App, kind Kind, id, source string) (int, error) {
	key := "find|" + string(kind) + "|" + source + "|" + id
	if v, ok := s.answers.get(key); ok {
		if n := v.(int); n > 0 {
			return n, nil
		}
		return 0, ErrNotFound
	}
	var ans tmdbFind
	if err := s.remote().get(ctx, "/find/"+url.PathEscape(id), url.Values{"external_source": {source}}, &ans); err != nil {
		return 0, err
	}
	results := ans.MovieResults
	if kind == TV {
		results = ans.TVResults
	}
	found := 0
	if len(results) > 0 {
		t := results[0].toTitle(kind)
		if err := s.cacheListing(app, []Title{t}); err != nil {
			return 0, err
		}
		found = t.ID
	} else if kind == TV && len(ans.TVEpisodeResults) > 0 { // an episode's id names its show
		found = ans.TVEpisodeResults[0].ShowID
	}
	s.answers.set(key, found, DetailsTTL)
	if found == 0 {
		return 0, ErrNotFound
	}
	return found, nil
}
