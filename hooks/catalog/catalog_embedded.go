package catalog

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// dataFiles is the curated catalog compiled into the binary: movies_*.jsonl and
// tv.jsonl, one title per line, most popular first within each file.
//
//go:embed data/*.jsonl
var dataFiles embed.FS

// embeddedSchema is mixed into the embedded catalog's fingerprint: bump it when the way
// lines become rows changes, so every install re-syncs once.
const embeddedSchema = "catalog-v2" // v2: shows carry a status

// embeddedLine is one JSONL line; movies and shows share it (a show has a name).
type embeddedLine struct {
	ID             int      `json:"id"`
	Title          string   `json:"title"`
	OriginalTitle  string   `json:"originalTitle"`
	Name           string   `json:"name"`
	OriginalName   string   `json:"originalName"`
	Year           int      `json:"year"`
	ReleaseDate    string   `json:"releaseDate"`
	FirstAirYear   int      `json:"firstAirYear"`
	LastAirYear    int      `json:"lastAirYear"`
	FirstAirDate   string   `json:"firstAirDate"`
	Genres         []string `json:"genres"`
	Runtime        int      `json:"runtime"`
	EpisodeRuntime int      `json:"episodeRuntime"`
	Seasons        []int    `json:"seasons"`
	Country        string   `json:"country"`
	Language       string   `json:"language"`
	Overview       string   `json:"overview"`
	PosterPath     string   `json:"posterPath"`
	BackdropPath   string   `json:"backdropPath"`
	VoteAverage    float64  `json:"voteAverage"`
	VoteCount      int      `json:"voteCount"`
	Popularity     *float64 `json:"popularity"`
}

// year is the line's year: the latest any of its year and date fields gives.
func (l *embeddedLine) year() int {
	return max(l.Year, l.FirstAirYear, yearOf(l.ReleaseDate), yearOf(l.FirstAirDate))
}

// toTitle turns a line into a Title. Without an explicit popularity, rank/n (its place
// among its peers, see FilePopularity) is the popularity: first 100, last near 0.
func (l *embeddedLine) toTitle(rank, n int) Title {
	t := Title{
		ID: l.ID, Overview: l.Overview, PosterPath: l.PosterPath, BackdropPath: l.BackdropPath,
		Genres: l.Genres, VoteAverage: l.VoteAverage, VoteCount: l.VoteCount, Country: l.Country,
		Language: l.Language, Source: SourceEmbedded,
		Popularity: float64(int(1000*float64(n-rank)/float64(n))) / 10,
	}
	if l.Popularity != nil {
		t.Popularity = *l.Popularity
	}
	if l.Name != "" && l.Title == "" {
		t.Kind, t.Title, t.OriginalTitle, t.Runtime = TV, l.Name, l.OriginalName, l.EpisodeRuntime
		t.Date, t.Year = l.FirstAirDate, l.FirstAirYear
		if t.Date == "" && t.Year > 0 {
			t.Date = strconv.Itoa(t.Year)
		}
		t.Status = StatusReturning
		if l.LastAirYear > 0 {
			t.EndDate, t.Status = strconv.Itoa(l.LastAirYear), StatusEnded
		}
		t.NumberOfSeasons = len(l.Seasons)
		for i, count := range l.Seasons {
			t.Seasons = append(t.Seasons, Season{SeasonNumber: i + 1, EpisodeCount: count, Name: seasonName(i + 1)})
		}
	} else {
		t.Kind, t.Title, t.OriginalTitle, t.Runtime = Movie, l.Title, l.OriginalTitle, l.Runtime
		t.Date, t.Year = l.ReleaseDate, l.Year
		if t.Date == "" && t.Year > 0 {
			t.Date = strconv.Itoa(t.Year)
		}
	}
	if t.Year == 0 {
		t.Year = yearOf(t.Date)
	}
	return t
}

// EmbeddedSet is a parsed catalog in the embedded format: the one compiled into the
// binary (LoadEmbedded), or any other set of such files (ParseEmbedded).
type EmbeddedSet struct {
	titles map[Kind][]Title // most popular first
	byID   map[Kind]map[int]*Title
	hash   string
}

var (
	embeddedOnce sync.Once
	embeddedData *EmbeddedSet
	embeddedErr  error
)

// LoadEmbedded returns the catalog compiled into the binary, parsed once per process.
func LoadEmbedded() (*EmbeddedSet, error) {
	embeddedOnce.Do(func() { embeddedData, embeddedErr = ParseEmbedded(dataFiles) })
	return embeddedData, embeddedErr
}

// ParseEmbedded reads every data/*.jsonl file of fsys: one title per line, most popular
// first within each file (see FilePopularity). It names the file and line of a line it
// cannot read, and refuses an id below LocalIDFloor or a repeated one.
func ParseEmbedded(fsys fs.FS) (*EmbeddedSet, error) {
	names, err := fs.Glob(fsys, "data/*.jsonl")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	set := &EmbeddedSet{titles: map[Kind][]Title{}, byID: map[Kind]map[int]*Title{Movie: {}, TV: {}}}
	h := sha256.New()
	h.Write([]byte(embeddedSchema))
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		h.Write([]byte(name))
		h.Write(raw)
		var lines []embeddedLine
		sc := bufio.NewScanner(bytes.NewReader(raw))
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for n := 1; sc.Scan(); n++ {
			text := bytes.TrimSpace(sc.Bytes())
			if len(text) == 0 {
				continue
			}
			var l embeddedLine
			if err := json.Unmarshal(text, &l); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path.Base(name), n, err)
			}
			if l.ID < LocalIDFloor || l.Title == "" && l.Name == "" {
				return nil, fmt.Errorf("%s:%d: a title needs an id from %d and a title or name", path.Base(name), n, LocalIDFloor)
			}
			lines = append(lines, l)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		years := make([]int, len(lines))
		for i := range lines {
			years[i] = lines[i].year()
		}
		ranks, peers := FilePopularity(years)
		for i := range lines {
			t := lines[i].toTitle(ranks[i], peers[i])
			if _, dup := set.byID[t.Kind][t.ID]; dup {
				return nil, fmt.Errorf("%s: duplicate %s id %d", path.Base(name), t.Kind, t.ID)
			}
			set.titles[t.Kind] = append(set.titles[t.Kind], t)
			set.byID[t.Kind][t.ID] = nil
		}
	}
	for kind, list := range set.titles {
		slices.SortStableFunc(list, func(a, b Title) int {
			if a.Popularity != b.Popularity {
				if a.Popularity > b.Popularity {
					return -1
				}
				return 1
			}
			return b.Year - a.Year
		})
		for i := range list {
			set.byID[kind][list[i].ID] = &list[i]
		}
	}
	set.hash = hex.EncodeToString(h.Sum(nil))
	return set, nil
}

// FilePopularity reads popularity from a file's order, given the year of each of its
// lines: a file sorted by year (the movie files, give or take a few) lists each year's
// titles most popular first, so a title ranks among its year; any other file (the TV
// file) is most popular first as a whole. It returns each line's rank and the size of
// the group it ranks in.
func FilePopularity(years []int) (ranks, peers []int) {
	descents := 0 // a few titles filed under a neighbouring year don't unsort a file
	for i := 1; i < len(years); i++ {
		if years[i-1] > years[i] {
			descents++
		}
	}
	byYear := len(years) > 1 && years[0] < years[len(years)-1] && descents*20 < len(years)
	ranks, peers = make([]int, len(years)), make([]int, len(years))
	group := func(year int) int {
		if byYear {
			return year
		}
		return 0
	}
	seen, size := map[int]int{}, map[int]int{}
	for _, y := range years {
		size[group(y)]++
	}
	for i, y := range years {
		ranks[i], peers[i] = seen[group(y)], size[group(y)]
		seen[group(y)]++
	}
	return ranks, peers
}

// Titles returns a copy of the set's titles of kind, most popular first.
func (s *EmbeddedSet) Titles(kind Kind) []Title { return slices.Clone(s.titles[kind]) }

// Title returns the set's title of kind with id, and whether it has one.
func (s *EmbeddedSet) Title(kind Kind, id int) (Title, bool) {
	if t := s.byID[kind][id]; t != nil {
		return *t, true
	}
	return Title{}, false
}

// Hash is the set's fingerprint: of its files and of the way lines become titles
// (embeddedSchema). SyncEmbedded stores it, to sync again when it changes.
func (s *EmbeddedSet) Hash() string { return s.hash }

// Embedded is the provider that needs no key and no network: the catalog compiled into
// the binary, synced into the collections, plus whatever else they hold (imported
// titles, titles cached from TMDB). It reads the collections so a superuser's edits and
// imports show; the in-memory copy answers when a title is not synced yet.
type Embedded struct {
	app core.App
}

// NewEmbedded returns the embedded provider reading app's collections.
func NewEmbedded(app core.App) *Embedded {
	return &Embedded{app: app}
}

// Search ranks the local titles against query (see searchLocal).
func (p *Embedded) Search(_ context.Context, kind Kind, query string, limit int) ([]Title, int, error) {
	key := SearchKey(query)
	if key == "" {
		return nil, 0, nil
	}
	return searchLocal(p.app, kind, key, limit)
}

// Details returns a local title.
func (p *Embedded) Details(_ context.Context, kind Kind, id int) (*Title, error) {
	t, err := findTitle(p.app, kind, id)
	if err == ErrNotFound {
		if set, lerr := LoadEmbedded(); lerr == nil && set.byID[kind][id] != nil {
			c := *set.byID[kind][id]
			return &c, nil
		}
	}
	return t, err
}

// Season returns season n of a local show with its episodes: cached ones when a
// provider delivered them, else "Episode 1".."Episode N" from the season's count.
func (p *Embedded) Season(ctx context.Context, showID, n int) (*Season, error) {
	show, err := p.Details(ctx, TV, showID)
	if err != nil {
		return nil, err
	}
	return generatedSeason(show, n)
}

// generatedSeason finds season n of show and fills in numbered episodes when it has
// none.
func generatedSeason(show *Title, n int) (*Season, error) {
	for _, s := range show.Seasons {
		if s.SeasonNumber != n {
			continue
		}
		if len(s.Episodes) == 0 {
			for i := 1; i <= s.EpisodeCount; i++ {
				s.Episodes = append(s.Episodes, Episode{EpisodeNumber: i, Name: "Episode " + strconv.Itoa(i),
					Runtime: nullable(show.Runtime)})
			}
		}
		return &s, nil
	}
	return nil, errNoSeason
}

// errNoSeason is returned for a season number the show does not have.
var errNoSeason = fmt.Errorf("%w: no such season", ErrNotFound)

// Trending lists what this instance logged most in the last 7 days (via SetRecentLogs,
// set by the diary domain), padded with the most popular embedded titles.
func (p *Embedded) Trending(_ context.Context, kind Kind, limit int) ([]Title, error) {
	var out []Title
	seen := map[int]bool{}
	if fn := recentLogsOf(p.app); fn != nil {
		ids, err := fn(p.app, kind, time.Now().Add(-7*24*time.Hour), limit)
		if err != nil { // the curated list still makes a good column
			p.app.Logger().Warn("catalog: recent logs failed", "kind", kind, "error", err.Error())
		}
		logged, err := findTitles(p.app, kind, ids)
		if err != nil {
			return nil, err
		}
		for _, t := range logged {
			if len(out) < limit && !seen[t.ID] {
				out = append(out, t)
				seen[t.ID] = true
			}
		}
	}
	if len(out) < limit {
		pad, err := popularTitles(p.app, kind, SourceEmbedded, limit-len(out), seen)
		if err != nil {
			return nil, err
		}
		for _, t := range pad {
			seen[t.ID] = true
		}
		out = append(out, pad...)
	}
	if set, err := LoadEmbedded(); err == nil && len(out) < limit { // not synced yet
		for _, t := range set.titles[kind] {
			if len(out) < limit && !seen[t.ID] {
				out = append(out, t)
			}
		}
	}
	return out, nil
}
