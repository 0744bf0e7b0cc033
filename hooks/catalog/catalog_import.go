package catalog

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Imported titles get ids of their own range, continuing after the highest one in use.
// ImportMovieFloor, where imported movies start, is also where the embedded ids end.
const (
	ImportMovieFloor = 1_100_000_000
	importTVFloor    = 1_200_000_000
	importTVCeil     = 1_300_000_000
)

// Command is `cinecircle catalog`, with `import FILE...`.
func Command(app core.App) *cobra.Command {
	cmd := &cobra.Command{Use: "catalog", Short: "Manages the movie and TV catalog"}
	cmd.AddCommand(&cobra.Command{
		Use:   "import FILE...",
		Short: "Imports titles from streaming-catalog CSV or wikipedia-movie-data JSON files",
		Long: "Imports titles in bulk. CSV: show_id,type,title,director,cast,country,date_added,release_year," +
			"rating,duration,listed_in,description (type Movie or TV Show). JSON: an array of " +
			"{title, year, cast, genres, href, extract, thumbnail}; the Wikipedia extract is not imported " +
			"(CC BY-SA). Titles already in the catalog (same title and year) are skipped.",
		Args:         cobra.MinimumNArgs(1),
		SilenceUsage: true, // a file that fails to import is not a usage mistake
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			if _, err := SyncEmbedded(app); err != nil {
				return err
			}
			for _, file := range args {
				res, err := ImportFile(app, file)
				if err != nil {
					return fmt.Errorf("%s: %w", file, err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: added %d, skipped %d\n", file, res.Added, res.Skipped)
			}
			return nil
		},
	})
	return cmd
}

// ImportResult counts an import: titles added, and rows skipped (already in the catalog,
// repeated in the file, or without a title).
type ImportResult struct {
	Added, Skipped int
	Took           time.Duration
}

// ImportFile imports one CSV or JSON catalog file in one transaction.
func ImportFile(app core.App, path string) (ImportResult, error) {
	start := time.Now()
	f, err := os.Open(path)
	if err != nil {
		return ImportResult{}, err
	}
	defer f.Close()
	var titles []Title
	var bad int
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		titles, bad, err = readStreamingCSV(f)
	case ".json":
		titles, bad, err = readWikipediaJSON(f)
	default:
		return ImportResult{}, errors.New("unknown format: use a .csv or .json file")
	}
	if err != nil {
		return ImportResult{}, err
	}
	res := ImportResult{Skipped: bad}
	err = app.RunInTransaction(func(tx core.App) error {
		known, err := loadKnownTitles(tx)
		if err != nil {
			return err
		}
		next := map[Kind]int{}
		byKind := map[Kind][]Title{}
		for _, t := range titles {
			if known.has(t) {
				res.Skipped++
				continue
			}
			known.add(t)
			if next[t.Kind] == 0 {
				if next[t.Kind], err = nextImportID(tx, t.Kind); err != nil {
					return err
				}
			}
			t.ID = next[t.Kind]
			next[t.Kind]++
			if t.Kind == Movie && t.ID >= importTVFloor || t.ID >= importTVCeil {
				return fmt.Errorf("no import ids left for %s", t.Kind)
			}
			byKind[t.Kind] = append(byKind[t.Kind], t)
		}
		for _, list := range byKind {
			if err := upsertTitles(tx, list, upsertReplace); err != nil {
				return err
			}
			res.Added += len(list)
		}
		return nil
	})
	res.Took = time.Since(start)
	return res, err
}

// nextImportID is the first free id of a kind's import range.
func nextImportID(app core.App, kind Kind) (int, error) {
	floor, ceil := ImportMovieFloor, importTVFloor
	if kind == TV {
		floor, ceil = importTVFloor, importTVCeil
	}
	var maxID int
	err := app.DB().Select("COALESCE(MAX(tmdbId), 0)").From(kind.Collection()).
		Where(dbx.Between("tmdbId", floor, ceil-1)).Row(&maxID)
	if err != nil {
		return 0, err
	}
	return max(maxID+1, floor+1), nil
}

// knownTitles is the dedupe set of an import: a movie is known by search key and year;
// a show by search key and any year it was on air (catalogs date shows by their
// latest season).
type knownTitles struct {
	movies map[string]bool
	shows  map[string][][2]int
}

// loadKnownTitles reads the titles the catalog holds.
func loadKnownTitles(app core.App) (*knownTitles, error) {
	k := &knownTitles{movies: map[string]bool{}, shows: map[string][][2]int{}}
	var movies []struct {
		Title    string `db:"title"`
		Original string `db:"originalTitle"`
		Year     int    `db:"year"`
	}
	if err := app.DB().Select("title", "originalTitle", "year").From("movies").All(&movies); err != nil {
		return nil, err
	}
	for _, m := range movies {
		k.add(Title{Kind: Movie, Title: m.Title, OriginalTitle: m.Original, Year: m.Year})
	}
	var shows []struct {
		Name     string `db:"name"`
		Original string `db:"originalName"`
		Year     int    `db:"year"`
		Last     string `db:"lastAirDate"`
	}
	if err := app.DB().Select("name", "originalName", "year", "lastAirDate").From("tv_shows").All(&shows); err != nil {
		return nil, err
	}
	for _, s := range shows {
		k.add(Title{Kind: TV, Title: s.Name, OriginalTitle: s.Original, Year: s.Year, EndDate: s.Last})
	}
	return k, nil
}

// add records a title as known.
func (k *knownTitles) add(t Title) {
	for _, name := range []string{t.Title, t.OriginalTitle} {
		key := SearchKey(name)
		if key == "" {
			continue
		}
		if t.Kind == Movie {
			k.movies[key+"|"+strconv.Itoa(t.Year)] = true
			continue
		}
		last := max(yearOf(t.EndDate), t.Year)
		if t.EndDate == "" {
			last = max(last, time.Now().Year()) // still running, or its end is unknown
		}
		k.shows[key] = append(k.shows[key], [2]int{t.Year, last})
	}
}

// has reports whether a title of the import is already known.
func (k *knownTitles) has(t Title) bool {
	key := SearchKey(t.Title)
	if t.Kind == Movie {
		return k.movies[key+"|"+strconv.Itoa(t.Year)]
	}
	for _, r := range k.shows[key] {
		if t.Year >= r[0] && t.Year <= r[1] {
			return true
		}
	}
	return false
}

// The two spellings of the duration column.
var (
	minutes = regexp.MustCompile(`^(\d+)\s*min`)
	seasons = regexp.MustCompile(`^(\d+)\s*Seasons?`)
)

// readStreamingCSV reads the streaming-catalog CSV format (CC0): its description is
// imported as the overview. It returns the titles and the number of unusable rows.
func readStreamingCSV(r io.Reader) ([]Title, int, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err != nil {
		return nil, 0, fmt.Errorf("reading the CSV header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
	}
	for _, need := range []string{"type", "title", "release_year", "duration", "listed_in"} {
		if _, ok := col[need]; !ok {
			return nil, 0, fmt.Errorf("the CSV has no %q column", need)
		}
	}
	get := func(row []string, name string) string {
		if i, ok := col[name]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	var out []Title
	bad := 0
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, err
		}
		t := Title{Title: get(row, "title"), Overview: get(row, "description"), Source: SourceImport}
		t.Year, _ = strconv.Atoi(get(row, "release_year"))
		switch get(row, "type") {
		case "Movie":
			t.Kind = Movie
		case "TV Show":
			t.Kind = TV
		}
		if t.Title == "" || t.Kind == "" {
			bad++
			continue
		}
		if t.Year > 0 {
			t.Date = strconv.Itoa(t.Year)
		}
		duration := get(row, "duration")
		if duration == "" && minutes.MatchString(get(row, "rating")) {
			duration = get(row, "rating") // a known slip of these files: the runtime in the rating column
		}
		if m := minutes.FindStringSubmatch(duration); m != nil && t.Kind == Movie {
			t.Runtime, _ = strconv.Atoi(m[1])
		}
		if m := seasons.FindStringSubmatch(duration); m != nil && t.Kind == TV {
			t.NumberOfSeasons, _ = strconv.Atoi(m[1])
			for i := 1; i <= t.NumberOfSeasons; i++ {
				t.Seasons = append(t.Seasons, Season{SeasonNumber: i, Name: seasonName(i)})
			}
		}
		t.Genres = mapGenres(t.Kind, strings.Split(get(row, "listed_in"), ","))
		country, _, _ := strings.Cut(get(row, "country"), ",")
		t.Country = countryCodes[strings.ToLower(strings.TrimSpace(country))]
		out = append(out, t)
	}
	return out, bad, nil
}

// wikiMovie is one entry of the wikipedia-movie-data JSON.
type wikiMovie struct {
	Title  string   `json:"title"`
	Year   int      `json:"year"`
	Genres []string `json:"genres"`
	// extract (the Wikipedia lead, CC BY-SA) and thumbnail are deliberately not read.
}

// readWikipediaJSON reads the wikipedia-movie-data format: titles, years and genres.
// The overview stays empty: the extract is CC BY-SA text we do not copy.
func readWikipediaJSON(r io.Reader) ([]Title, int, error) {
	var list []wikiMovie
	if err := json.NewDecoder(r).Decode(&list); err != nil {
		return nil, 0, fmt.Errorf("reading the JSON array: %w", err)
	}
	out := make([]Title, 0, len(list))
	bad := 0
	for _, m := range list {
		title := strings.TrimSpace(m.Title)
		if title == "" {
			bad++
			continue
		}
		t := Title{Kind: Movie, Title: title, Year: m.Year, Source: SourceImport, Genres: mapGenres(Movie, m.Genres)}
		if m.Year > 0 {
			t.Date = strconv.Itoa(m.Year)
		}
		out = append(out, t)
	}
	return out, bad, nil
}
