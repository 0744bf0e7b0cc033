package catalog

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// ErrNotFound is returned for a title no provider knows.
var ErrNotFound = errors.New("title not found")

// The catalog collections are written with SQL upserts keyed by the unique tmdbId index
// rather than record saves: one prepared statement per batch keeps the 1,300-title sync
// and bulk imports in milliseconds, and catalog rows have no record hooks to run.

// columns maps the shared Title fields to each kind's column names.
type columns struct {
	title, original, date, runtime string
}

// cols returns the kind's column names.
func (k Kind) cols() columns {
	if k == TV {
		return columns{"name", "originalName", "firstAirDate", "episodeRuntime"}
	}
	return columns{"title", "originalTitle", "releaseDate", "runtime"}
}

// upsertMode says what an upsert may overwrite on an existing row.
type upsertMode int

const (
	// upsertReplace writes every column (provider details, imports).
	upsertReplace upsertMode = iota
	// upsertMerge writes only the values the new data knows (non-empty), so a poster a
	// superuser added in the dashboard survives a re-sync of the embedded catalog.
	upsertMerge
	// upsertListing writes only what a search or trending listing carries and never
	// marks the row as having fresh details.
	upsertListing
)

// rowValues returns the column → value map of t for an insert.
func (t *Title) rowValues() (dbx.Params, error) {
	c := t.Kind.cols()
	genres := t.Genres
	if genres == nil {
		genres = []string{}
	}
	g, err := json.Marshal(genres)
	if err != nil {
		return nil, err
	}
	fetched := ""
	if !t.FetchedAt.IsZero() {
		fetched = t.FetchedAt.UTC().Format(types.DefaultDateLayout)
	}
	p := dbx.Params{
		"tmdbId": t.ID, c.title: t.Title, c.original: t.OriginalTitle, "overview": t.Overview,
		"posterPath": t.PosterPath, "backdropPath": t.BackdropPath, c.date: t.Date, "year": t.Year,
		c.runtime: t.Runtime, "genres": string(g), "voteAverage": t.VoteAverage, "voteCount": t.VoteCount,
		"popularity": t.Popularity, "country": t.Country, "language": t.Language, "source": t.Source,
		"fetchedAt": fetched, "searchText": SearchText(t.Title, t.OriginalTitle),
	}
	if t.Kind == TV {
		seasons := t.Seasons
		if seasons == nil {
			seasons = []Season{}
		}
		s, err := json.Marshal(seasons)
		if err != nil {
			return nil, err
		}
		p["lastAirDate"] = t.EndDate
		p["status"] = t.Status
		p["numberOfSeasons"] = t.NumberOfSeasons
		p["seasons"] = string(s)
	}
	return p, nil
}

// upsertSQL builds the statement for kind and mode over the given columns.
func upsertSQL(kind Kind, names []string, mode upsertMode) string {
	c := kind.cols()
	listing := map[string]bool{c.title: true, c.original: true, "overview": true, "posterPath": true,
		"backdropPath": true, c.date: true, "year": true, "genres": true, "voteAverage": true,
		"voteCount": true, "popularity": true, "language": true, "searchText": true}
	var cols, vals, sets []string
	for _, n := range names {
		cols = append(cols, "[["+n+"]]")
		vals = append(vals, "{:"+n+"}")
		switch {
		case n == "tmdbId" || n == "id":
		case mode == upsertReplace:
			sets = append(sets, fmt.Sprintf("[[%s]] = excluded.[[%s]]", n, n))
		case mode == upsertListing && !listing[n]:
		case n == "source" || n == "searchText":
			sets = append(sets, fmt.Sprintf("[[%s]] = excluded.[[%s]]", n, n))
		default:
			sets = append(sets, fmt.Sprintf("[[%[1]s]] = CASE WHEN excluded.[[%[1]s]] IN ('', 0, '[]') THEN [[%[1]s]] ELSE excluded.[[%[1]s]] END", n))
		}
	}
	return fmt.Sprintf("INSERT INTO {{%s}} (%s) VALUES (%s) ON CONFLICT ([[tmdbId]]) DO UPDATE SET %s",
		kind.Collection(), strings.Join(cols, ", "), strings.Join(vals, ", "), strings.Join(sets, ", "))
}

// upsertTitles writes titles (all of one kind) with one prepared statement: about
// 20 µs a row, so the 2,800-title embedded sync takes some 50 ms. Call it inside a
// transaction for batches; the caller's app may already be one.
func upsertTitles(app core.App, titles []Title, mode upsertMode) error {
	if len(titles) == 0 {
		return nil
	}
	first, err := titles[0].rowValues()
	if err != nil {
		return err
	}
	names := []string{"id"}
	for n := range first {
		names = append(names, n)
	}
	q := app.NonconcurrentDB().NewQuery(upsertSQL(titles[0].Kind, names, mode)).Prepare()
	defer q.Close()
	for i := range titles {
		t := &titles[i]
		if t.Kind != titles[0].Kind {
			return fmt.Errorf("upsertTitles: mixed kinds %s and %s", t.Kind, titles[0].Kind)
		}
		p, err := t.rowValues()
		if err != nil {
			return err
		}
		p["id"] = core.GenerateDefaultRandomId() // kept on conflict: a row's id never changes
		if _, err := q.Bind(p).Execute(); err != nil {
			return fmt.Errorf("upsert %s %d: %w", t.Kind, t.ID, err)
		}
	}
	return nil
}

// titleRow is a catalog row as selectTitles reads it, with the kinds' columns unified.
type titleRow struct {
	ID              int            `db:"tmdbId"`
	Title           string         `db:"title"`
	OriginalTitle   string         `db:"originalTitle"`
	Overview        string         `db:"overview"`
	PosterPath      string         `db:"posterPath"`
	BackdropPath    string         `db:"backdropPath"`
	Date            string         `db:"date"`
	EndDate         string         `db:"endDate"`
	Status          string         `db:"status"`
	Year            int            `db:"year"`
	Runtime         int            `db:"runtime"`
	NumberOfSeasons int            `db:"numberOfSeasons"`
	Seasons         types.JSONRaw  `db:"seasons"`
	Genres          types.JSONRaw  `db:"genres"`
	VoteAverage     float64        `db:"voteAverage"`
	VoteCount       int            `db:"voteCount"`
	Popularity      float64        `db:"popularity"`
	Country         string         `db:"country"`
	Language        string         `db:"language"`
	Source          string         `db:"source"`
	FetchedAt       types.DateTime `db:"fetchedAt"`
}

// selectColumns lists a kind's columns under titleRow's names.
func selectColumns(kind Kind) string {
	common := "[[tmdbId]], [[overview]], [[posterPath]], [[backdropPath]], [[year]], [[genres]], [[voteAverage]], " +
		"[[voteCount]], [[popularity]], [[country]], [[language]], [[source]], [[fetchedAt]], "
	if kind == TV {
		return common + "[[name]] AS [[title]], [[originalName]] AS [[originalTitle]], [[firstAirDate]] AS [[date]], " +
			"[[lastAirDate]] AS [[endDate]], [[status]], [[episodeRuntime]] AS [[runtime]], [[numberOfSeasons]], [[seasons]]"
	}
	return common + "[[title]], [[originalTitle]], [[releaseDate]] AS [[date]], '' AS [[endDate]], '' AS [[status]], [[runtime]], " +
		"0 AS [[numberOfSeasons]], '[]' AS [[seasons]]"
}

// toTitle converts a row of the given kind.
func (r *titleRow) toTitle(kind Kind) Title {
	t := Title{
		Kind: kind, ID: r.ID, Title: r.Title, OriginalTitle: r.OriginalTitle, Overview: r.Overview,
		PosterPath: r.PosterPath, BackdropPath: r.BackdropPath, Date: r.Date, EndDate: r.EndDate, Status: r.Status,
		Year: r.Year, Runtime: r.Runtime, NumberOfSeasons: r.NumberOfSeasons, VoteAverage: r.VoteAverage,
		VoteCount: r.VoteCount, Popularity: r.Popularity, Country: r.Country, Language: r.Language,
		Source: r.Source, FetchedAt: r.FetchedAt.Time(),
	}
	_ = json.Unmarshal(r.Genres, &t.Genres)
	if kind == TV {
		_ = json.Unmarshal(r.Seasons, &t.Seasons)
	}
	return t
}

// findTitle loads one title by its public id, or ErrNotFound.
func findTitle(app core.App, kind Kind, id int) (*Title, error) {
	var row titleRow
	err := app.DB().NewQuery(fmt.Sprintf("SELECT %s FROM {{%s}} WHERE [[tmdbId]] = {:id} LIMIT 1",
		selectColumns(kind), kind.Collection())).Bind(dbx.Params{"id": id}).One(&row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	t := row.toTitle(kind)
	return &t, nil
}

// findTitles loads the titles with the given ids, in the order of ids (missing ones are
// left out).
func findTitles(app core.App, kind Kind, ids []int) ([]Title, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	in := make([]any, len(ids))
	for i, id := range ids {
		in[i] = id
	}
	var rows []titleRow
	err := app.DB().Select(selectColumns(kind)).From(kind.Collection()).
		Where(dbx.In("tmdbId", in...)).All(&rows)
	if err != nil {
		return nil, err
	}
	byID := make(map[int]Title, len(rows))
	for i := range rows {
		byID[rows[i].ID] = rows[i].toTitle(kind)
	}
	out := make([]Title, 0, len(ids))
	for _, id := range ids {
		if t, ok := byID[id]; ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// searchLocal ranks the collection's titles against a search key (see SearchKey): exact
// match, exact but for spaces ('spiderman' → 'Spider-Man'), prefix, word prefix,
// substring, and a spaces-ignored substring; ties go
// to the more popular, better rated, newer title. The ranking pass reads only the
// covering idx_<collection>_search index; full rows are loaded for the page alone.
func searchLocal(app core.App, kind Kind, key string, limit int) ([]Title, int, error) {
	compact := strings.ReplaceAll(key, " ", "")
	var hits []struct {
		ID    int `db:"tmdbId"`
		Total int `db:"total"`
	}
	err := app.DB().NewQuery(fmt.Sprintf(`SELECT [[tmdbId]], COUNT(*) OVER () AS [[total]] FROM {{%s}}
		WHERE instr([[searchText]], {:q}) > 0 OR instr(replace([[searchText]], ' ', ''), {:compact}) > 0
		ORDER BY CASE
			WHEN instr([[searchText]], {:exact}) > 0 THEN 0
			WHEN instr(replace([[searchText]], ' ', ''), {:compactExact}) > 0 THEN 1
			WHEN instr([[searchText]], {:prefix}) > 0 THEN 2
			WHEN instr([[searchText]], {:word}) > 0 THEN 3
			WHEN instr([[searchText]], {:q}) > 0 THEN 4
			ELSE 5 END, [[popularity]] DESC, [[voteAverage]] DESC, [[year]] DESC, [[tmdbId]]
		LIMIT {:limit}`, kind.Collection())).Bind(dbx.Params{
		"q": key, "compact": compact, "compactExact": "|" + compact + "|", "exact": "|" + key + "|",
		"prefix": "|" + key, "word": " " + key, "limit": limit,
	}).All(&hits)
	if err != nil || len(hits) == 0 {
		return nil, 0, err
	}
	ids := make([]int, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	titles, err := findTitles(app, kind, ids)
	return titles, hits[0].Total, err
}

// popularTitles returns the most popular titles of a source (all sources when source is
// empty), newest first among equals, skipping the given ids. For the embedded movies,
// whose popularity ranks a title within its year, that is each recent year's best known.
func popularTitles(app core.App, kind Kind, source string, limit int, skip map[int]bool) ([]Title, error) {
	q := app.DB().Select(selectColumns(kind)).From(kind.Collection()).
		OrderBy("popularity DESC", "year DESC", "tmdbId ASC").Limit(int64(limit + len(skip)))
	if source != "" {
		q = q.Where(dbx.HashExp{"source": source})
	}
	var rows []titleRow
	if err := q.All(&rows); err != nil {
		return nil, err
	}
	var out []Title
	for i := range rows {
		if len(out) < limit && !skip[rows[i].ID] {
			out = append(out, rows[i].toTitle(kind))
		}
	}
	return out, nil
}

// isFresh reports whether details fetched at t are still within DetailsTTL.
func isFresh(t time.Time, now time.Time) bool {
	return !t.IsZero() && now.Sub(t) < DetailsTTL
}
