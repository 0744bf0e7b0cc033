package portability

import (
	"archive/zip"
	"encoding/csv"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// exportHandler answers GET /api/export: a ZIP with Letterboxd-compatible diary.csv and
// watchlist.csv (movies: Letterboxd has no TV), and cinecircle.json with all the member's
// own data: entries, diary, episode reviews, comments, follows, challenges.
func exportHandler(e *core.RequestEvent) error {
	me := e.Auth.Id
	data := map[string]any{
		"exportedAt": time.Now().UTC().Format(time.RFC3339),
		"user":       auth.SelfUser(e.Auth),
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
	titles := titleIndex(e.App)
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

	e.Response.Header().Set("Content-Type", "application/zip")
	e.Response.Header().Set("Content-Disposition", `attachment; filename="cinecircle-export-`+time.Now().UTC().Format("2006-01-02")+`.zip"`)
	e.Response.WriteHeader(http.StatusOK)
	zw := zip.NewWriter(e.Response)
	if err := writeLetterboxd(zw, e.App, me, titles); err != nil {
		return err
	}
	w, err := zw.Create("cinecircle.json")
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

// titles resolves title record ids to names and years for the export.
type titles struct{ movies, shows map[string][2]string }

func titleIndex(app core.App) titles {
	t := titles{movies: map[string][2]string{}, shows: map[string][2]string{}}
	type row struct {
		ID    string `db:"id"`
		Title string `db:"t"`
		Year  int    `db:"year"`
		TMDB  int    `db:"tmdbId"`
	}
	for table, m := range map[string]map[string][2]string{"movies": t.movies, "tv_shows": t.shows} {
		col := "title"
		if table == "tv_shows" {
			col = "name"
		}
		var rows []row
		_ = app.DB().NewQuery(`SELECT t.id, t.` + col + ` AS t, t.year, t.tmdbId FROM ` + table + ` t
			WHERE t.id IN (SELECT movie FROM watch_entries UNION SELECT tvShow FROM watch_entries UNION SELECT tvShow FROM episode_reviews)`).All(&rows)
		for _, r := range rows {
			m[r.ID] = [2]string{r.Title, strconv.Itoa(r.Year)}
		}
	}
	return t
}

// annotate adds readable title names next to relation ids in an exported row.
func (t titles) annotate(row map[string]any) {
	if id, _ := row["movie"].(string); id != "" {
		row["movieTitle"], row["movieYear"] = t.movies[id][0], t.movies[id][1]
	}
	if id, _ := row["tvShow"].(string); id != "" {
		row["tvShowName"], row["tvShowYear"] = t.shows[id][0], t.shows[id][1]
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
	rows, err := app.FindRecordsByFilter("diary", "user = {:me} && movie != ''", "watchedAt", 0, 0, dbx.Params{"me": me})
	if err != nil {
		return err
	}
	for _, r := range rows {
		name := t.movies[r.GetString("movie")]
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
	plans, err := app.FindRecordsByFilter("watch_entries", "user = {:me} && movie != '' && status = 'plan_to_watch'", "created", 0, 0, dbx.Params{"me": me})
	if err != nil {
		return err
	}
	for _, r := range plans {
		name := t.movies[r.GetString("movie")]
		_ = cw.Write([]string{r.GetDateTime("created").Time().Format("2006-01-02"), name[0], name[1], ""})
	}
	cw.Flush()
	return cw.Error()
}
