package catalog

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// LocalIDFloor is where ids minted by CineCircle start: TMDB's ids are far below it, so
// embedded (1.0e9+), imported movies (1.1e9+) and imported TV (1.2e9+) never collide.
const LocalIDFloor = 1_000_000_000

// ID is a title's public id as a request body gives it: a positive whole JSON number,
// or a string of digits (clients send either). Anything else fails to decode, so a
// body's security.Field[ID] records it as invalid.
type ID int

// errNotAnID is why a body's title id did not decode.
var errNotAnID = errors.New("a title id is a positive whole number")

// UnmarshalJSON reads a number or a string of digits.
func (id *ID) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return errNotAnID
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			return errNotAnID
		}
		*id = ID(n)
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil || f < 1 || f > math.MaxInt32*4 || f != math.Trunc(f) {
		return errNotAnID
	}
	*id = ID(f)
	return nil
}

// Sources of a title, stored in the `source` select field.
const (
	SourceEmbedded = "embedded"
	SourceTMDB     = "tmdb"
	SourceImport   = "import"
)

// Title is one movie or TV show as every provider returns it and the store keeps it.
// For TV, Title/OriginalTitle hold name/originalName, Date the first-air date and
// Runtime the episode runtime.
type Title struct {
	Kind            Kind
	ID              int // the public id (tmdbId column)
	Title           string
	OriginalTitle   string
	Overview        string
	PosterPath      string
	BackdropPath    string
	Date            string // YYYY-MM-DD or YYYY
	EndDate         string // TV: last air date
	Status          string // TV: TMDB's status (Returning Series, Ended, Canceled, …); "" unknown
	Year            int
	Runtime         int // minutes; 0 = unknown
	NumberOfSeasons int
	Seasons         []Season
	Genres          []string
	VoteAverage     float64
	VoteCount       int
	Popularity      float64
	Country         string
	Language        string
	Source          string
	FetchedAt       time.Time // when full details came from the provider; zero = listing only
}

// Season is one season of a show, as kept in the tv_shows.seasons JSON.
type Season struct {
	SeasonNumber      int       `json:"seasonNumber"`
	EpisodeCount      int       `json:"episodeCount"`
	Name              string    `json:"name"`
	AirDate           string    `json:"airDate"`
	Overview          string    `json:"overview,omitempty"`
	PosterPath        string    `json:"posterPath,omitempty"`
	Episodes          []Episode `json:"episodes,omitempty"`
	EpisodesFetchedAt string    `json:"episodesFetchedAt,omitempty"`
}

// Episode is one episode of a season.
type Episode struct {
	EpisodeNumber int     `json:"episodeNumber"`
	Name          string  `json:"name"`
	Runtime       *int    `json:"runtime"`
	AirDate       string  `json:"airDate"`
	Overview      string  `json:"overview"`
	StillPath     *string `json:"stillPath"`
	VoteAverage   float64 `json:"voteAverage"`
}

// yearOf reads the year from a YYYY or YYYY-MM-DD date.
func yearOf(date string) int {
	if len(date) < 4 {
		return 0
	}
	y, err := strconv.Atoi(date[:4])
	if err != nil {
		return 0
	}
	return y
}

// nullable turns "unknown" zero values into JSON null, as TMDB does for paths.
func nullable[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// MovieJSON is the movie object of GET /api/movies/{id}. Dates, poster and vote come in
// both spellings SPEC §3 lets the UI read (camelCase and TMDB's snake_case).
type MovieJSON struct {
	ID            int      `json:"id"`
	Title         string   `json:"title"`
	OriginalTitle string   `json:"originalTitle"`
	Overview      string   `json:"overview"`
	PosterPath    *string  `json:"posterPath"`
	PosterPath2   *string  `json:"poster_path"`
	BackdropPath  *string  `json:"backdropPath"`
	ReleaseDate   string   `json:"releaseDate"`
	ReleaseDate2  string   `json:"release_date"`
	Year          *int     `json:"year"`
	Runtime       *int     `json:"runtime"`
	Genres        []string `json:"genres"`
	VoteAverage   float64  `json:"voteAverage"`
	VoteAverage2  float64  `json:"vote_average"`
	VoteCount     int      `json:"voteCount"`
	Popularity    float64  `json:"popularity"`
	Country       string   `json:"country"`
	Language      string   `json:"language"`
	Source        string   `json:"source"`
}

// SeasonSummaryJSON is one entry of a show's seasons list.
type SeasonSummaryJSON struct {
	SeasonNumber int    `json:"seasonNumber"`
	EpisodeCount *int   `json:"episodeCount"`
	Name         string `json:"name"`
	AirDate      string `json:"airDate"`
}

// TVJSON is the show object of GET /api/tv-shows/{id}.
type TVJSON struct {
	ID              int                 `json:"id"`
	Name            string              `json:"name"`
	OriginalName    string              `json:"originalName"`
	Overview        string              `json:"overview"`
	PosterPath      *string             `json:"posterPath"`
	PosterPath2     *string             `json:"poster_path"`
	BackdropPath    *string             `json:"backdropPath"`
	FirstAirDate    string              `json:"firstAirDate"`
	FirstAirDate2   string              `json:"first_air_date"`
	LastAirDate     string              `json:"lastAirDate"`
	Year            *int                `json:"year"`
	EpisodeRuntime  *int                `json:"episodeRuntime"`
	NumberOfSeasons *int                `json:"numberOfSeasons"`
	Seasons         []SeasonSummaryJSON `json:"seasons"`
	Genres          []string            `json:"genres"`
	VoteAverage     float64             `json:"voteAverage"`
	VoteAverage2    float64             `json:"vote_average"`
	VoteCount       int                 `json:"voteCount"`
	Popularity      float64             `json:"popularity"`
	Country         string              `json:"country"`
	Language        string              `json:"language"`
	Source          string              `json:"source"`
}

// detailsJSON renders a title as its page object.
func (t *Title) detailsJSON() any {
	genres := t.Genres
	if genres == nil {
		genres = []string{}
	}
	poster := nullable(t.PosterPath)
	if t.Kind == TV {
		seasons := make([]SeasonSummaryJSON, 0, len(t.Seasons))
		for _, s := range t.Seasons {
			seasons = append(seasons, SeasonSummaryJSON{s.SeasonNumber, nullable(s.EpisodeCount), s.Name, s.AirDate})
		}
		return TVJSON{
			ID: t.ID, Name: t.Title, OriginalName: t.OriginalTitle, Overview: t.Overview,
			PosterPath: poster, PosterPath2: poster, BackdropPath: nullable(t.BackdropPath),
			FirstAirDate: t.Date, FirstAirDate2: t.Date, LastAirDate: t.EndDate, Year: nullable(t.Year),
			EpisodeRuntime: nullable(t.Runtime), NumberOfSeasons: nullable(t.NumberOfSeasons), Seasons: seasons,
			Genres: genres, VoteAverage: t.VoteAverage, VoteAverage2: t.VoteAverage, VoteCount: t.VoteCount,
			Popularity: t.Popularity, Country: t.Country, Language: t.Language, Source: t.Source,
		}
	}
	return MovieJSON{
		ID: t.ID, Title: t.Title, OriginalTitle: t.OriginalTitle, Overview: t.Overview,
		PosterPath: poster, PosterPath2: poster, BackdropPath: nullable(t.BackdropPath),
		ReleaseDate: t.Date, ReleaseDate2: t.Date, Year: nullable(t.Year), Runtime: nullable(t.Runtime),
		Genres: genres, VoteAverage: t.VoteAverage, VoteAverage2: t.VoteAverage, VoteCount: t.VoteCount,
		Popularity: t.Popularity, Country: t.Country, Language: t.Language, Source: t.Source,
	}
}

// MovieResult is one movie of a search answer (SPEC §3).
type MovieResult struct {
	ID          int     `json:"id"`
	Title       string  `json:"title"`
	PosterPath  *string `json:"poster_path"`
	ReleaseDate string  `json:"release_date"`
	VoteAverage float64 `json:"vote_average"`
	Overview    string  `json:"overview"`
}

// TVResult is one show of a search answer (SPEC §3).
type TVResult struct {
	ID           int     `json:"id"`
	Name         string  `json:"name"`
	PosterPath   *string `json:"poster_path"`
	FirstAirDate string  `json:"first_air_date"`
	VoteAverage  float64 `json:"vote_average"`
	Overview     string  `json:"overview"`
}

// searchJSON renders a title as a search result.
func (t *Title) searchJSON() any {
	if t.Kind == TV {
		return TVResult{t.ID, t.Title, nullable(t.PosterPath), t.Date, t.VoteAverage, t.Overview}
	}
	return MovieResult{t.ID, t.Title, nullable(t.PosterPath), t.Date, t.VoteAverage, t.Overview}
}

// TrendingMovie is one entry of GET /api/trending-movies (SPEC §3, both spellings).
type TrendingMovie struct {
	ID           int     `json:"id"`
	Title        string  `json:"title"`
	PosterPath   *string `json:"posterPath"`
	PosterPath2  *string `json:"poster_path"`
	VoteAverage  float64 `json:"voteAverage"`
	VoteAverage2 float64 `json:"vote_average"`
	ReleaseDate  string  `json:"releaseDate"`
	ReleaseDate2 string  `json:"release_date"`
	Runtime      *int    `json:"runtime"`
}

// TrendingTV is one entry of GET /api/trending-tv-shows (SPEC §3, both spellings).
type TrendingTV struct {
	ID              int     `json:"id"`
	Name            string  `json:"name"`
	PosterPath      *string `json:"posterPath"`
	PosterPath2     *string `json:"poster_path"`
	VoteAverage     float64 `json:"voteAverage"`
	VoteAverage2    float64 `json:"vote_average"`
	FirstAirDate    string  `json:"firstAirDate"`
	FirstAirDate2   string  `json:"first_air_date"`
	NumberOfSeasons *int    `json:"numberOfSeasons"`
}

// trendingJSON renders a title as a trending entry.
func (t *Title) trendingJSON() any {
	p := nullable(t.PosterPath)
	if t.Kind == TV {
		return TrendingTV{t.ID, t.Title, p, p, t.VoteAverage, t.VoteAverage, t.Date, t.Date, nullable(t.NumberOfSeasons)}
	}
	return TrendingMovie{t.ID, t.Title, p, p, t.VoteAverage, t.VoteAverage, t.Date, t.Date, nullable(t.Runtime)}
}

// SeasonJSON is GET /api/tv-shows/{id}/seasons/{n}.
type SeasonJSON struct {
	ShowID       int       `json:"showId"`
	SeasonNumber int       `json:"seasonNumber"`
	Name         string    `json:"name"`
	AirDate      string    `json:"airDate"`
	Overview     string    `json:"overview"`
	EpisodeCount int       `json:"episodeCount"`
	Episodes     []Episode `json:"episodes"`
}

// seasonName is TMDB's naming: season 0 holds the specials.
func seasonName(n int) string {
	if n == 0 {
		return "Specials"
	}
	return "Season " + strconv.Itoa(n)
}
