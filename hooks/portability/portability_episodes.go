package portability

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/pocketbase/core"
)

// Episode watches travel in two forms: cinecircle.json's episodeWatches (every watch with
// its time and source) and episodes.csv, a Letterboxd-style sheet of the same watches by
// day. Importing either back (source "cinecircle") gives the watches an export of them
// shows unchanged; Trakt's watched-history gives episode watches too.

// episodesCSVHeader are episodes.csv's columns, in Letterboxd's spelling where it has one.
var episodesCSVHeader = []string{"Watched Date", "Name", "Year", "Season", "Episode", "Rewatch", "TMDb ID", "Source"}

// writeEpisodesCSV writes the member's episode watches, oldest first; Rewatch says the
// episode had been watched before.
func writeEpisodesCSV(cw *csv.Writer, watches []tv.ExportedWatch) error {
	if err := cw.Write(episodesCSVHeader); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, w := range watches {
		key := fmt.Sprintf("%d|%d|%d", w.TvShowID, w.Season, w.Episode)
		rewatch := ""
		if seen[key] {
			rewatch = "Yes"
		}
		seen[key] = true
		day := w.WatchedAt
		if len(day) >= 10 {
			day = day[:10]
		}
		if err := cw.Write([]string{day, w.TvShowName, strconv.Itoa(w.TvShowYear), strconv.Itoa(w.Season),
			strconv.Itoa(w.Episode), rewatch, strconv.Itoa(w.TvShowID), w.Source}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ParseCineCircle reads a CineCircle export (the ZIP, cinecircle.json or episodes.csv)
// for its episode watches: the JSON's when present (exact times), else the CSV's (by day).
func ParseCineCircle(name string, data []byte) ([]Item, error) {
	files, err := unpack(name, data)
	if err != nil {
		return nil, err
	}
	var csvData []byte
	for _, f := range files {
		switch f.name {
		case "cinecircle.json":
			var export struct {
				EpisodeWatches []tv.ExportedWatch `json:"episodeWatches"`
			}
			if err := json.Unmarshal(f.data, &export); err != nil {
				return nil, fmt.Errorf("cinecircle.json: %w", err)
			}
			out := make([]Item, 0, len(export.EpisodeWatches))
			for _, w := range export.EpisodeWatches {
				at, _ := parseDate(w.WatchedAt)
				out = append(out, episodeItem(w.TvShowName, w.TvShowYear, w.TvShowID, w.Season, w.Episode, at, w.Source, f.name))
			}
			return out, nil
		case "episodes.csv":
			csvData = f.data
		}
	}
	if csvData == nil {
		return nil, errors.New("no CineCircle export files found: upload the export ZIP (cinecircle.json or episodes.csv)")
	}
	rows, err := readCSV(csvData)
	if err != nil {
		return nil, err
	}
	out := make([]Item, 0, len(rows))
	for _, r := range rows {
		at, ok := parseDate(r["Watched Date"])
		if !ok || r["Name"] == "" || atoi(r["Episode"]) < 1 {
			continue
		}
		out = append(out, episodeItem(r["Name"], atoi(r["Year"]), atoi(r["TMDb ID"]), atoi(r["Season"]), atoi(r["Episode"]), at, r["Source"], "episodes.csv"))
	}
	return out, nil
}

// episodeItem is a dated watch of one episode.
func episodeItem(show string, year, tmdbID, season, episode int, at time.Time, source, file string) Item {
	return Item{Kind: catalog.TV, Title: show, Year: year, TMDBID: tmdbID, Status: diary.StatusWatched, WatchedAt: at,
		Season: season, Episode: episode, WatchSource: source, Source: file}
}

// episodeGroup is the episode watches of one show within an import.
type episodeGroup struct {
	first   Item  // the show as the history names it
	indexes []int // positions in the import's items
}

// groupEpisodes gathers the episode items by show, in the order shows first appear.
func groupEpisodes(items []Item) []*episodeGroup {
	var out []*episodeGroup
	byKey := map[string]*episodeGroup{}
	for i, it := range items {
		if !it.isEpisode() {
			continue
		}
		key := it.key() + "|" + strconv.Itoa(it.TMDBID)
		g := byKey[key]
		if g == nil {
			g = &episodeGroup{first: it}
			byKey[key] = g
			out = append(out, g)
		}
		g.indexes = append(g.indexes, i)
	}
	return out
}

// applyEpisodes matches one show and records its watches in one transaction
// (tv.ImportWatches). It returns how many were added, how many were there already, and
// the items left unmatched (the show unknown, or episodes it does not have).
func applyEpisodes(ctx context.Context, app core.App, user *core.Record, items []Item, g *episodeGroup) (int, int, []Unmatched, error) {
	show, err := matchTitle(ctx, app, g.first, 0)
	if errors.Is(err, catalog.ErrNotFound) {
		unmatched := make([]Unmatched, 0, len(g.indexes))
		for _, i := range g.indexes {
			unmatched = append(unmatched, Unmatched{Index: i, Item: items[i]})
		}
		return 0, 0, unmatched, nil
	} else if err != nil {
		return 0, 0, nil, err
	}
	history := make([]tv.Watch, 0, len(g.indexes))
	for _, i := range g.indexes {
		it := items[i]
		history = append(history, tv.Watch{Ep: tv.Ep{Season: it.Season, Episode: it.Episode}, At: it.WatchedAt, Source: it.WatchSource})
	}
	added, unknown, err := tv.ImportWatches(app, user.Id, show, history)
	if err != nil {
		return 0, 0, nil, err
	}
	var unmatched []Unmatched
	for _, u := range unknown {
		for _, i := range g.indexes {
			if items[i].Season == u.Season && items[i].Episode == u.Episode {
				unmatched = append(unmatched, Unmatched{Index: i, Item: items[i]})
				break
			}
		}
	}
	return added, len(history) - added - len(unknown), unmatched, nil
}
