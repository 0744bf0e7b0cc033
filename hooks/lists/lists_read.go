package lists

import (
	"math"
	"slices"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Summary is a list as lists of lists show it: a card with its first posters.
type Summary struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Ranked      bool      `json:"ranked"`
	Visibility  string    `json:"visibility"`
	Owner       auth.User `json:"owner"`
	ItemCount   int       `json:"itemCount"`
	Posters     []string  `json:"posters"`
	UpdatedAt   string    `json:"updatedAt"`
	// Contains says whether the list holds the title the request asked about.
	Contains *bool `json:"contains,omitempty"`
}

// Item is one title of a list at its 1-based position in rank order.
type Item struct {
	ID         string     `json:"id"`
	Position   int        `json:"position"`
	MovieID    int        `json:"movieId,omitzero"`
	TvShowID   int        `json:"tvShowId,omitzero"`
	Title      string     `json:"title"`
	Year       int        `json:"year"`
	PosterPath string     `json:"posterPath"`
	Note       string     `json:"note"`
	AddedBy    *auth.User `json:"addedBy"`
	EditedBy   *auth.User `json:"editedBy,omitempty"`
	Watched    bool       `json:"watched"`
}

// Detail is GET /api/lists/{id}: the list, its editors, a page of items and what the
// viewer may do. Thread is the list's post (its likes and comments), nil while the list
// has never been published.
type Detail struct {
	Summary
	Editors []auth.User      `json:"editors"`
	Items   []Item           `json:"items"`
	Role    Role             `json:"role"`
	CanEdit bool             `json:"canEdit"`
	Seen    int              `json:"seen"`
	Thread  *social.Activity `json:"thread"`
	// Next is the `before` of the next page of items, "" on the last page.
	Next string `json:"next"`
}

// Item paging: the first page of a long list is 100 items.
const (
	DefaultItemPage = 100
	MaxItemPage     = 500
)

// summaries shapes list records as cards.
func summaries(app core.App, lists []*core.Record) ([]Summary, error) {
	return summariesOf(app, people{}, lists)
}

// summariesOf is summaries reading the owners into (and from) known.
func summariesOf(app core.App, known people, lists []*core.Record) ([]Summary, error) {
	ownerIDs := make([]string, 0, len(lists))
	for _, l := range lists {
		ownerIDs = append(ownerIDs, l.GetString("owner"))
	}
	if err := known.read(app, ownerIDs); err != nil {
		return nil, err
	}

	out := make([]Summary, 0, len(lists))
	for _, l := range lists {
		posters, err := firstPosters(app, l.Id, 4)
		if err != nil {
			return nil, err
		}
		owner := known[l.GetString("owner")]
		if owner == nil {
			owner = &auth.User{ID: l.GetString("owner")}
		}
		out = append(out, Summary{ID: l.Id, Name: l.GetString("name"), Description: l.GetString("description"),
			Ranked: l.GetBool("ranked"), Visibility: l.GetString("visibility"), Owner: *owner,
			ItemCount: l.GetInt("itemCount"), Posters: posters,
			UpdatedAt: l.GetDateTime("updated").Time().UTC().Format(time.RFC3339)})
	}
	return out, nil
}

// people is the members one answer names, by id, each read once: a list's page names
// its owner, editors and the members who added its items (a hundred times), mostly the
// same few people, and reads them in one query instead of three.
type people map[string]*auth.User

// read adds the public shapes of the members of ids that known lacks, in one query.
func (known people) read(app core.App, ids []string) error {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	ids = slices.DeleteFunc(ids, func(id string) bool { _, ok := known[id]; return ok || id == "" })
	if len(ids) == 0 {
		return nil
	}
	records, err := app.FindRecordsByIds("users", ids)
	if err != nil {
		return err
	}
	for _, r := range records {
		u := auth.PublicUser(r)
		known[r.Id] = &u
	}
	return nil
}

// itemRow is one item read with its title.
type itemRow struct {
	ID         string `db:"id"`
	Rank       int64  `db:"rank"`
	Note       string `db:"note"`
	AddedBy    string `db:"addedBy"`
	EditedBy   string `db:"editedBy"`
	IsMovie    bool   `db:"isMovie"`
	TmdbID     int    `db:"tmdbId"`
	Title      string `db:"title"`
	Year       int    `db:"year"`
	PosterPath string `db:"posterPath"`
	Watched    bool   `db:"watched"`
}

// watchedSQL is true when the viewer {:viewer} has watched item i's title. Saying again
// that w.movie (w.tvShow) is not empty lets SQLite use the partial unique indexes
// idx_watch_entries_user_movie / _user_tv, one row per check; without it the planner
// searched every member's entries for the title (idx_watch_entries_movie_rating), ~90
// rows per item at the 10k-member scale, which made a 1,000-item list's page slow.
const watchedSQL = `((i.movie != '' AND EXISTS (SELECT 1 FROM watch_entries w WHERE w.user = +{:viewer} AND w.movie = i.movie AND w.movie != '' AND w.status = 'watched'))
	OR (i.tvShow != '' AND EXISTS (SELECT 1 FROM watch_entries w WHERE w.user = +{:viewer} AND w.tvShow = i.tvShow AND w.tvShow != '' AND w.status = 'watched')))`

// itemsSQL reads a page of list {:list}'s items after rank {:after} with their titles
// and the viewer's watched marks, walking idx_list_items_rank (TestQueryPlans holds the
// plan). The connections keep it prepared (hooks/sqlstmt); the bound values' unary plus
// keeps ANALYZE's stat4 samples out of its plan on a connection without that package.
const itemsSQL = `SELECT i.id, i.rank, i.note, i.addedBy, i.editedBy, i.movie != '' AS isMovie,
	COALESCE(m.tmdbId, s.tmdbId, 0) AS tmdbId, COALESCE(m.title, s.name, '') AS title,
	COALESCE(m.year, s.year, 0) AS year, COALESCE(m.posterPath, s.posterPath, '') AS posterPath,
	` + watchedSQL + ` AS watched
	FROM list_items i LEFT JOIN movies m ON m.id = i.movie LEFT JOIN tv_shows s ON s.id = i.tvShow
	WHERE i.list = +{:list} AND i.rank > +{:after} ORDER BY i.rank LIMIT +{:limit}`

// Items returns up to limit of list's items after the item before ("" for the first
// page), in rank order, with their titles, positions and the viewer's watched marks, and
// the cursor of the next page. One query for the page (on idx_list_items_rank), one
// count for the first position, one for the members who added them.
func Items(app core.App, viewerID string, list *core.Record, before string, limit int) ([]Item, string, error) {
	return itemsOf(app, people{}, viewerID, list, before, limit)
}

// itemsOf is Items reading the members who added or edited them into (and from) known.
func itemsOf(app core.App, known people, viewerID string, list *core.Record, before string, limit int) ([]Item, string, error) {
	after := int64(math.MinInt64)
	if before != "" {
		item, err := FindItem(app, list, before)
		if err != nil {
			return nil, "", err
		}
		after = int64(item.GetInt("rank"))
	}
	var rows []itemRow
	err := app.DB().NewQuery(itemsSQL).Bind(dbx.Params{"list": list.Id, "after": after, "limit": limit + 1, "viewer": viewerID}).All(&rows)
	if err != nil || len(rows) == 0 {
		return []Item{}, "", err
	}
	next := ""
	if len(rows) > limit {
		rows, next = rows[:limit], rows[limit-1].ID
	}
	first, err := positionOf(app, list.Id, rows[0].Rank)
	if err != nil {
		return nil, "", err
	}
	ids := []string{}
	for _, r := range rows {
		ids = append(ids, r.AddedBy, r.EditedBy)
	}
	if err := known.read(app, ids); err != nil {
		return nil, "", err
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		it := Item{ID: r.ID, Position: first + i, Title: r.Title, Year: r.Year, PosterPath: r.PosterPath,
			Note: r.Note, AddedBy: known[r.AddedBy], Watched: r.Watched}
		if r.EditedBy != r.AddedBy {
			it.EditedBy = known[r.EditedBy]
		}
		if r.IsMovie {
			it.MovieID = r.TmdbID
		} else {
			it.TvShowID = r.TmdbID
		}
		out[i] = it
	}
	return out, next, nil
}

// seenSQL counts the titles of list {:list} the viewer {:viewer} has watched, starting
// from the viewer's watched entries (idx_watch_entries_user_status) and probing the
// list's (list, title) indexes: a member's diary is usually far shorter than a long list.
// The CROSS JOINs keep that order, which the kept-prepared statement's plain (unary plus)
// values no longer let SQLite's statistics choose.
const seenSQL = `SELECT
	(SELECT COUNT(*) FROM watch_entries w CROSS JOIN list_items i ON i.list = +{:list} AND i.movie = w.movie AND i.movie != ''
		WHERE w.user = +{:viewer} AND w.status = 'watched' AND w.movie != '') +
	(SELECT COUNT(*) FROM watch_entries w CROSS JOIN list_items i ON i.list = +{:list} AND i.tvShow = w.tvShow AND i.tvShow != ''
		WHERE w.user = +{:viewer} AND w.status = 'watched' AND w.tvShow != '')`

// seenCount is how many of list's titles viewerID has watched.
func seenCount(app core.App, viewerID, listID string) (int, error) {
	var n int
	err := app.DB().NewQuery(seenSQL).Bind(dbx.Params{"list": listID, "viewer": viewerID}).Row(&n)
	return n, err
}

// LoadDetail shapes list for viewerID (who may read it as role): a page of items, its
// editors, the viewer's progress and its thread. Public pages (#21) call it with viewer
// "" after Find.
func LoadDetail(app core.App, viewerID string, role Role, list *core.Record, before string, limit int) (Detail, error) {
	known := people{}
	sums, err := summariesOf(app, known, []*core.Record{list})
	if err != nil {
		return Detail{}, err
	}
	d := Detail{Summary: sums[0], Role: role, CanEdit: CanEdit(role), Editors: []auth.User{}}
	if d.Items, d.Next, err = itemsOf(app, known, viewerID, list, before, limit); err != nil {
		return Detail{}, err
	}
	var editorIDs []string
	if err := app.DB().Select("user").From(EditorsCollection).Where(dbx.HashExp{"list": list.Id}).
		OrderBy("created").Column(&editorIDs); err != nil {
		return Detail{}, err
	}
	if err := known.read(app, editorIDs); err != nil {
		return Detail{}, err
	}
	for _, id := range editorIDs {
		if u := known[id]; u != nil {
			d.Editors = append(d.Editors, *u)
		}
	}
	if viewerID != "" {
		if d.Seen, err = seenCount(app, viewerID, list.Id); err != nil {
			return Detail{}, err
		}
	}
	if id := list.GetString("thread"); id != "" {
		if post, err := app.FindRecordById("activities", id); err == nil && (!post.GetBool("hidden") || post.GetString("user") == viewerID) {
			a, err := social.LoadActivity(app, viewerID, post)
			if err != nil {
				return Detail{}, err
			}
			d.Thread = &a
		}
	}
	return d, nil
}

// PlanQueries returns the hand-written queries of a long list's hot paths, by name, for
// the plan test: it explains each against a long list's statistics.
func PlanQueries() map[string]string {
	return map[string]string{
		"items page":                itemsSQL,
		"seen count":                seenSQL,
		"first posters":             firstPostersSQL,
		"role":                      roleSQL,
		"neighbours":                neighboursSQL,
		"in lists by friends":       titleListsSQL("movie"),
		"in lists by friends count": titleCountSQL(catalog.Movie),
	}
}
