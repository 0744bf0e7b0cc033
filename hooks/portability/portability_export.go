package portability

import (
	"archive/zip"
	"encoding/csv"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// exportHandler answers GET /api/export: a ZIP with Letterboxd-compatible diary.csv and
// watchlist.csv (movies: Letterboxd has no TV), episodes.csv (episode watches in the same
// style), and cinecircle.json with all the member's own data: entries, diary, episode
// watches and reviews, comments, follows, challenges.
func exportHandler(e *core.RequestEvent) error {
	me := e.Auth.Id
	data := map[string]any{
		"exportedAt": time.Now().UTC().Format(time.RFC3339),
		"user":       auth.SelfUser(e.Auth),
		"settings":   auth.SettingsOf(e.Auth),
	}
	// Rows come in insertion order (@rowid): every collection has it, whatever its fields.
	tables := []struct{ key, collection, filter string }{
		{"entries", "watch_entries", "user = {:me}"},
		{"diary", "diary", "user = {:me}"},
		{"episodeReviews", "episode_reviews", "user = {:me}"},
		{"comments", "comments", "user = {:me}"},
		{"following", "follows", "follower = {:me}"},
		{"followers", "follows", "following = {:me}"},
		{"challenges", "user_challenges", "user = {:me}"},
		{"achievements", "achievements", "user = {:me}"},
		{"recommendationsReceived", "recommendations", "to = {:me}"},
	}
	titles, err := titleIndex(e.App, me)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if _, err := e.App.FindCachedCollectionByNameOrId(t.collection); err != nil {
			continue // a domain this instance doesn't have yet
		}
		recs, err := e.App.FindRecordsByFilter(t.collection, t.filter, "@rowid", 0, 0, dbx.Params{"me": me})
		if err != nil {
			return err
		}
		rows := make([]map[string]any, 0, len(recs))
		for _, r := range recs {
			row := r.PublicExport()
			titles.annotate(row)
			rows = append(rows, row)
		}
		data[t.key] = rows
	}

	watches, err := tv.ExportWatches(e.App, me)
	if err != nil {
		return err
	}
	data["episodeWatches"] = watches

	e.Response.Header().Set("Content-Type", "application/zip")
	e.Response.Header().Set("Content-Disposition", `attachment; filename="cinecircle-export-`+time.Now().UTC().Format("2006-01-02")+`.zip"`)
	e.Response.WriteHeader(http.StatusOK)
	zw := zip.NewWriter(e.Response)
	if err := writeLetterboxd(zw, e.App, me, titles); err != nil {
		return err
	}
	if err := WriteLetterboxdLists(zw, e.App, me, e.App.Settings().Meta.AppURL); err != nil {
		return err
	}
	w, err := zw.Create("episodes.csv")
	if err != nil {
		return err
	}
	if err := writeEpisodesCSV(csv.NewWriter(w), watches); err != nil {
		return err
	}
	w, err = zw.Create("cinecircle.json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(data); err != nil {
		return err
	}
	return zw.Close()
}

// titles resolves title record ids to names and years for the export, by kind.
type titles map[catalog.Kind]map[string][2]string

// exportNameKey is the detail an exported row names its title under, next to the
// relation id: movieTitle for a movie, tvShowName for a show (as episode-review posts do).
var exportNameKey = map[catalog.Kind]string{catalog.Movie: "Title", catalog.TV: "Name"}

// titleIndex reads the names and years of every title the member's exported rows point
// at: their entries, diary, episode reviews and the recommendations they received. Only
// the member's own rows are read (each by its member's index): reading every member's
// entries took 11 s at 100,000 members.
func titleIndex(app core.App, me string) (titles, error) {
	t := titles{}
	type row struct {
		ID    string `db:"id"`
		Title string `db:"t"`
		Year  int    `db:"year"`
	}
	for _, k := range catalog.Kinds {
		var used []string
		for _, src := range titleSources {
			if src.tvOnly && k != catalog.TV {
				continue
			}
			if _, err := app.FindCachedCollectionByNameOrId(src.collection); err == nil {
				used = append(used, "SELECT "+k.RelationField()+" FROM "+src.collection+" WHERE "+src.filter)
			}
		}
		var rows []row
		err := app.DB().NewQuery(`SELECT t.id, t.` + k.NameField() + ` AS t, t.year FROM ` + k.Collection() + ` t
			WHERE t.id IN (` + strings.Join(used, " UNION ") + `)`).Bind(dbx.Params{"me": me}).All(&rows)
		if err != nil {
			return nil, err
		}
		t[k] = make(map[string][2]string, len(rows))
		for _, r := range rows {
			t[k][r.ID] = [2]string{r.Title, strconv.Itoa(r.Year)}
		}
	}
	return t, nil
}

// titleSources are the member's rows that point at titles (tvOnly: at shows only).
var titleSources = []struct {
	collection, filter string
	tvOnly             bool
}{
	{"watch_entries", "user = {:me}", false},
	{"diary", "user = {:me}", false},
	{"recommendations", "[[to]] = {:me}", false},
	{"episode_reviews", "user = {:me}", true},
}

// annotate adds readable title names next to relation ids in an exported row.
func (t titles) annotate(row map[string]any) {
	for _, k := range catalog.Kinds {
		if id, _ := row[k.RelationField()].(string); id != "" {
			row[k.DataKey(exportNameKey[k])], row[k.DataKey("Year")] = t[k][id][0], t[k][id][1]
		}
	}
}

// writeLetterboxd writes diary.csv and watchlist.csv in Letterboxd's import columns;
// ratings go back to 0.5–5 stars (halved, to the nearest half star).
func writeLetterboxd(zw *zip.Writer, app core.App, me string, t titles) error {
	w, err := zw.Create("diary.csv")
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"})
	movie := catalog.Movie.RelationField() // Letterboxd has no TV
	rows, err := app.FindRecordsByFilter("diary", "user = {:me} && "+movie+" != ''", "watchedAt", 0, 0, dbx.Params{"me": me})
	if err != nil {
		return err
	}
	for _, r := range rows {
		name := t[catalog.Movie][r.GetString(movie)]
		rating := ""
		if v := r.GetFloat("rating"); v > 0 {
			rating = strconv.FormatFloat(math.Max(0.5, math.Round(v)/2), 'f', -1, 64)
		}
		rewatch := ""
		if r.GetBool("rewatch") {
			rewatch = "Yes"
		}
		_ = cw.Write([]string{r.GetDateTime("created").Time().Format("2006-01-02"), name[0], name[1], "", rating, rewatch, "",
			r.GetDateTime("watchedAt").Time().Format("2006-01-02")})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	w, err = zw.Create("watchlist.csv")
	if err != nil {
		return err
	}
	cw = csv.NewWriter(w)
	_ = cw.Write([]string{"Date", "Name", "Year", "Letterboxd URI"})
	plans, err := app.FindRecordsByFilter("watch_entries", "user = {:me} && "+movie+" != '' && status = 'plan_to_watch'", "created", 0, 0, dbx.Params{"me": me})
	if err != nil {
		return err
	}
	for _, r := range plans {
		name := t[catalog.Movie][r.GetString(movie)]
		_ = cw.Write([]string{r.GetDateTime("created").Time().Format("2006-01-02"), name[0], name[1], ""})
	}
	cw.Flush()
	return cw.Error()
}
