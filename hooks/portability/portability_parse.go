package portability

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
)

// maxFileSize caps one file inside an upload (a decade of diary is well under it).
const maxFileSize = 32 << 20

// file is one named file of an upload (the upload itself, or a member of its ZIP).
type file struct {
	name string
	data []byte
}

// unpack returns the files of an upload: the ZIP's members, or the upload alone.
func unpack(name string, data []byte) ([]file, error) {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return []file{{strings.ToLower(path.Base(name)), data}}, nil
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("the ZIP file cannot be read: %w", err)
	}
	var out []file
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || f.UncompressedSize64 > maxFileSize {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(io.LimitReader(rc, maxFileSize))
		rc.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, file{strings.ToLower(path.Base(f.Name)), b})
	}
	return out, nil
}

// readCSV returns the rows of a CSV file as maps by header name (a BOM is ignored).
func readCSV(data []byte) ([]map[string]string, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows, err := r.ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	header := rows[0]
	out := make([]map[string]string, 0, len(rows)-1)
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, h := range header {
			if i < len(row) {
				m[strings.TrimSpace(h)] = row[i]
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// ParseLetterboxd reads a Letterboxd export (the ZIP or any of its CSVs). Dated watches come
// from diary.csv (and reviews.csv, whose reviews attach to the watch of the same day);
// ratings.csv and watched.csv add a watch only for films the diary doesn't have;
// watchlist.csv adds plans. Ratings are 0.5–5 stars, doubled to our scale.
func ParseLetterboxd(name string, data []byte) ([]Item, error) {
	files, err := unpack(name, data)
	if err != nil {
		return nil, err
	}
	byName := map[string][]map[string]string{}
	var listItems []Item
	for _, f := range files {
		if isLetterboxdList(f.data) {
			items, err := parseLetterboxdList(f.name, f.data)
			if err != nil {
				return nil, err
			}
			listItems = append(listItems, items...)
			continue
		}
		switch f.name {
		case "diary.csv", "reviews.csv", "ratings.csv", "watched.csv", "watchlist.csv":
			rows, err := readCSV(f.data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.name, err)
			}
			byName[f.name] = rows
		}
	}
	if len(byName) == 0 && len(listItems) == 0 {
		return nil, errors.New("no Letterboxd files found: upload the export ZIP or one of its CSV files")
	}
	item := func(row map[string]string, src string) Item {
		it := Item{Kind: catalog.Movie, Title: strings.TrimSpace(row["Name"]), Year: atoi(row["Year"]), Status: diary.StatusWatched,
			Rating: atof(row["Rating"]) * 2, Review: strings.TrimSpace(row["Review"]), Rewatch: strings.EqualFold(row["Rewatch"], "yes"), Source: src}
		when := row["Watched Date"]
		if when == "" {
			when = row["Date"]
		}
		it.WatchedAt, _ = parseDate(when)
		return it
	}
	var out []Item
	dated := map[string]bool{}
	watchIndex := map[string]int{} // key|day → index in out
	for _, row := range byName["diary.csv"] {
		it := item(row, "diary.csv")
		dated[it.key()] = true
		watchIndex[it.key()+"|"+it.WatchedAt.Format("2006-01-02")] = len(out)
		out = append(out, it)
	}
	for _, row := range byName["reviews.csv"] {
		it := item(row, "reviews.csv")
		if i, ok := watchIndex[it.key()+"|"+it.WatchedAt.Format("2006-01-02")]; ok {
			out[i].Review = it.Review
			if it.Rating > 0 {
				out[i].Rating = it.Rating
			}
			continue
		}
		dated[it.key()] = true
		out = append(out, it)
	}
	for _, src := range []string{"ratings.csv", "watched.csv"} {
		for _, row := range byName[src] {
			it := item(row, src)
			if !dated[it.key()] {
				dated[it.key()] = true
				out = append(out, it)
			}
		}
	}
	for _, row := range byName["watchlist.csv"] {
		it := item(row, "watchlist.csv")
		it.Status, it.Rating, it.WatchedAt = diary.StatusPlanned, 0, time.Time{}
		out = append(out, it)
	}
	return append(out, listItems...), nil
}

// ParseIMDb reads IMDb's ratings CSV (Const, Your Rating, Date Rated, Title, Title Type,
// Year, …) and watchlist CSV. Episodes, games and other kinds of title are skipped.
func ParseIMDb(name string, data []byte) ([]Item, error) {
	files, err := unpack(name, data)
	if err != nil {
		return nil, err
	}
	var out []Item
	for _, f := range files {
		if !strings.HasSuffix(f.name, ".csv") {
			continue
		}
		rows, err := readCSV(f.data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		for _, row := range rows {
			kind, ok := imdbKind(row["Title Type"])
			if !ok || strings.TrimSpace(row["Title"]) == "" {
				continue
			}
			it := Item{Kind: kind, Title: strings.TrimSpace(row["Title"]), Year: atoi(row["Year"]), IMDbID: strings.TrimSpace(row["Const"]), Source: f.name}
			if _, rated := row["Your Rating"]; rated {
				it.Status, it.Rating = diary.StatusWatched, atof(row["Your Rating"])
				it.WatchedAt, _ = parseDate(row["Date Rated"])
			} else {
				it.Status = diary.StatusPlanned
			}
			out = append(out, it)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no IMDb ratings or watchlist rows found: upload ratings.csv or watchlist.csv")
	}
	return out, nil
}

func imdbKind(t string) (catalog.Kind, bool) {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "movie", "tvmovie", "tv movie", "short", "video", "documentary":
		return catalog.Movie, true
	case "tvseries", "tv series", "tvminiseries", "tv mini series":
		return catalog.TV, true
	}
	return "", false
}

// traktTitle is a movie or show in Trakt's JSON.
type traktTitle struct {
	Title string `json:"title"`
	Year  int    `json:"year"`
	IDs   struct {
		TMDB int    `json:"tmdb"`
		IMDB string `json:"imdb"`
		TVDB int    `json:"tvdb"`
	} `json:"ids"`
}

// traktRow is one record of watched-history, ratings-* or lists-watchlist files.
type traktRow struct {
	WatchedAt string      `json:"watched_at"`
	RatedAt   string      `json:"rated_at"`
	ListedAt  string      `json:"listed_at"`
	Type      string      `json:"type"`
	Rating    float64     `json:"rating"`
	Movie     *traktTitle `json:"movie"`
	Show      *traktTitle `json:"show"`
	Episode   *struct {
		Season int `json:"season"`
		Number int `json:"number"`
	} `json:"episode"`
}

// ParseTrakt reads a Trakt export ZIP (or one of its JSON files): watched-history*.json
// (movies as dated watches; episodes as dated episode watches, one per play),
// ratings-movies/shows.json (a rating on the last watch, or a watch of its own) and
// lists-watchlist.json. TMDB ids are kept for matching when TMDB powers the catalog.
func ParseTrakt(name string, data []byte) ([]Item, error) {
	files, err := unpack(name, data)
	if err != nil {
		return nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	var out []Item
	latest := map[string]int{}
	seen := false
	for _, f := range files {
		role := ""
		switch {
		case strings.HasPrefix(f.name, "watched-history") && strings.HasSuffix(f.name, ".json"):
			role = "history"
		case f.name == "ratings-movies.json" || f.name == "ratings-shows.json":
			role = "ratings"
		case f.name == "lists-watchlist.json" || f.name == "watchlist.json":
			role = "watchlist"
		default:
			continue
		}
		seen = true
		var rows []traktRow
		if err := json.Unmarshal(f.data, &rows); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		for _, r := range rows {
			it, ok := traktItem(r, f.name)
			if !ok {
				continue
			}
			switch role {
			case "history":
				it.WatchedAt, _ = parseDate(r.WatchedAt)
				if r.Type == "episode" {
					if r.Episode == nil || r.Episode.Number < 1 || r.Episode.Season < 0 {
						continue
					}
					it.Season, it.Episode = r.Episode.Season, r.Episode.Number
				}
			case "ratings":
				it.Rating = r.Rating
				it.WatchedAt, _ = parseDate(r.RatedAt)
				if i, ok := latest[it.key()]; ok && out[i].Status == diary.StatusWatched {
					out[i].Rating = r.Rating
					continue
				}
			case "watchlist":
				it.Status = diary.StatusPlanned
			}
			if it.Status == diary.StatusWatched {
				latest[it.key()] = len(out)
			}
			out = append(out, it)
		}
	}
	if !seen {
		return nil, errors.New("no Trakt files found: upload the export ZIP (watched-history, ratings, watchlist)")
	}
	return out, nil
}

func traktItem(r traktRow, src string) (Item, bool) {
	t, kind := r.Movie, catalog.Movie
	if t == nil {
		t, kind = r.Show, catalog.TV
	}
	if t == nil || strings.TrimSpace(t.Title) == "" {
		return Item{}, false
	}
	return Item{Kind: kind, Title: strings.TrimSpace(t.Title), Year: t.Year, TMDBID: t.IDs.TMDB, IMDbID: t.IDs.IMDB, TVDBID: t.IDs.TVDB, Status: diary.StatusWatched, Source: src}, true
}
