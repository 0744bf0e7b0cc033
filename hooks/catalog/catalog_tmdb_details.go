package catalog

import (
	"context"
	"strconv"
	"time"
)

// tmdbGenre is a genre of a details answer.
type tmdbGenre struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// tmdbDetails is /movie/{id} and /tv/{id}; fields of the other kind stay empty.
type tmdbDetails struct {
	tmdbItem
	Runtime             int         `json:"runtime"`
	Genres              []tmdbGenre `json:"genres"`
	ProductionCountries []struct {
		ISO string `json:"iso_3166_1"`
	} `json:"production_countries"`
	LastAirDate      string `json:"last_air_date"`
	Status           string `json:"status"`
	EpisodeRunTime   []int  `json:"episode_run_time"`
	NumberOfSeasons  int    `json:"number_of_seasons"`
	LastEpisodeToAir *struct {
		Runtime int `json:"runtime"`
	} `json:"last_episode_to_air"`
	Seasons []struct {
		SeasonNumber int    `json:"season_number"`
		EpisodeCount int    `json:"episode_count"`
		Name         string `json:"name"`
		AirDate      string `json:"air_date"`
		Overview     string `json:"overview"`
		PosterPath   string `json:"poster_path"`
	} `json:"seasons"`
}

// Details returns a movie's or show's full details.
func (c *TMDB) Details(ctx context.Context, kind Kind, id int) (*Title, error) {
	var d tmdbDetails
	if err := c.get(ctx, "/"+string(kind)+"/"+strconv.Itoa(id), nil, &d); err != nil {
		return nil, err
	}
	t := d.toTitle(kind)
	t.Genres = make([]string, 0, len(d.Genres))
	for _, g := range d.Genres {
		t.Genres = append(t.Genres, g.Name)
	}
	if kind == Movie {
		t.Runtime = d.Runtime
		if len(d.ProductionCountries) > 0 {
			t.Country = d.ProductionCountries[0].ISO
		}
	} else {
		t.EndDate, t.Status = d.LastAirDate, d.Status
		t.NumberOfSeasons = d.NumberOfSeasons
		if len(d.EpisodeRunTime) > 0 {
			t.Runtime = d.EpisodeRunTime[0]
		} else if d.LastEpisodeToAir != nil {
			t.Runtime = d.LastEpisodeToAir.Runtime
		}
		t.Seasons = make([]Season, 0, len(d.Seasons))
		for _, s := range d.Seasons {
			t.Seasons = append(t.Seasons, Season{SeasonNumber: s.SeasonNumber, EpisodeCount: s.EpisodeCount,
				Name: s.Name, AirDate: s.AirDate, Overview: s.Overview, PosterPath: s.PosterPath})
		}
	}
	t.FetchedAt = time.Now()
	return &t, nil
}

// tmdbSeason is /tv/{id}/season/{n}.
type tmdbSeason struct {
	SeasonNumber int    `json:"season_number"`
	Name         string `json:"name"`
	AirDate      string `json:"air_date"`
	Overview     string `json:"overview"`
	PosterPath   string `json:"poster_path"`
	Episodes     []struct {
		EpisodeNumber int     `json:"episode_number"`
		Name          string  `json:"name"`
		Runtime       int     `json:"runtime"`
		AirDate       string  `json:"air_date"`
		Overview      string  `json:"overview"`
		StillPath     string  `json:"still_path"`
		VoteAverage   float64 `json:"vote_average"`
	} `json:"episodes"`
}

// Season returns season n of a show with its episodes.
func (c *TMDB) Season(ctx context.Context, showID, n int) (*Season, error) {
	var d tmdbSeason
	if err := c.get(ctx, "/tv/"+strconv.Itoa(showID)+"/season/"+strconv.Itoa(n), nil, &d); err != nil {
		return nil, err
	}
	s := &Season{SeasonNumber: d.SeasonNumber, Name: d.Name, AirDate: d.AirDate, Overview: d.Overview,
		PosterPath: d.PosterPath, EpisodeCount: len(d.Episodes), Episodes: make([]Episode, 0, len(d.Episodes)),
		EpisodesFetchedAt: time.Now().UTC().Format(time.RFC3339)}
	for _, e := range d.Episodes {
		s.Episodes = append(s.Episodes, Episode{EpisodeNumber: e.EpisodeNumber, Name: e.Name,
			Runtime: nullable(e.Runtime), AirDate: e.AirDate, Overview: e.Overview,
			StillPath: nullable(e.StillPath), VoteAverage: e.VoteAverage})
	}
	return s, nil
}

// Provider is what the catalog asks of a source of titles. Embedded and TMDB implement
// it; the service in front of them caches provider answers in the collections.
type Provider interface {
	Search(ctx context.Context, kind Kind, query string, limit int) ([]Title, int, error)
	Details(ctx context.Context, kind Kind, id int) (*Title, error)
	Season(ctx context.Context, showID, n int) (*Season, error)
	Trending(ctx context.Context, kind Kind, limit int) ([]Title, error)
}

var (
	_ Provider = (*TMDB)(nil)
	_ Provider = (*Embedded)(nil)
)

// tmdbGenres are TMDB's genre ids (stable for years), so list results — which carry
// only genre_ids — get names without two extra calls.
var tmdbGenres = map[Kind]map[int]string{
	Movie: {28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary",
		18: "Drama", 10751: "Family", 14: "Fantasy", 36: "History", 27: "Horror", 10402: "Music",
		9648: "Mystery", 10749: "Romance", 878: "Science Fiction", 10770: "TV Movie", 53: "Thriller",
		10752: "War", 37: "Western"},
	TV: {10759: "Action & Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary",
		18: "Drama", 10751: "Family", 10762: "Kids", 9648: "Mystery", 10763: "News", 10764: "Reality",
		10765: "Sci-Fi & Fantasy", 10766: "Soap", 10767: "Talk", 10768: "War & Politics", 37: "Western"},
}

// genreNames names TMDB genre ids, skipping unknown ones.
func genreNames(kind Kind, ids []int) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if n, ok := tmdbGenres[kind][id]; ok {
			out = append(out, n)
		}
	}
	return out
}
