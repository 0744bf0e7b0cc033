package bench

import (
	"fmt"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The list workloads (issue #20): the first page of 100 of BigList (1,000 titles) read by
// the viewers, moving one of its items by its owner, and a title page with and without
// 'In N lists by friends' for titles that are in lists of members the viewer follows, so
// the count has lists to find and check. The count comes with the title's community
// rating, so "without" is the same two requests by a member who follows nobody (the
// count finds nothing at once), signed up by the runner.

// Names of the list workloads, as RESULTS.md lists them and its targets find them.
const (
	wlListPage    = "list page (first 100 of a 1,000-item list)"
	wlMoveItem    = "move one item (1,000-item list, its owner)"
	wlTitleBase   = "title page for lists (details + community rating), a member who follows nobody"
	wlTitleLists  = "title page for lists (details + community rating with 'In N lists by friends')"
	wlFriendsOnly = "'In N lists by friends' alone (GET …/lists/count)"
	wlListCreate  = "create a list (and its post)"
	wlListPrivate = "make a list private (its post follows)"
	wlListDelete  = "delete a list (its post and its links go)"
)

// listTitlesPerViewer is how many titles of friends' lists each viewer's title pages visit.
const listTitlesPerViewer = 50

// checkBigList fails early when the data set lacks BigList with its BigListItems titles
// (a seed made before lists: remove its .seeded stamp and seed again).
func checkBigList(app core.App) error {
	var n int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM list_items WHERE list = {:l}").Bind(dbx.Params{"l": BigList}).Row(&n); err != nil {
		return err
	}
	if n != BigListItems {
		return fmt.Errorf("the data set's list %s holds %d titles, want %d: seed again (cinecircle bench seed) for the list workloads", BigList, n, BigListItems)
	}
	return nil
}

// listWorkloads measures the list workloads; n is the serial request count.
func (f *fixture) listWorkloads(app core.App, n int, password string, progress func(Stat)) ([]Stat, error) {
	var out []Stat
	add := func(s Stat) { out = append(out, s); progress(s) }
	if err := checkBigList(app); err != nil {
		return nil, err
	}
	owner, err := f.c.login(fmt.Sprintf("member%d@bench.example.com", BigListOwner), password)
	if err != nil {
		return nil, err
	}
	// Per viewer, the titles most often in lists of members they follow.
	titles := make([][]int, len(f.viewers))
	least, most := -1, 0
	for k, v := range f.viewers {
		var rows []struct {
			TMDB int `db:"tmdbId"`
			N    int `db:"n"`
		}
		// CROSS JOINs: from the viewer's follows to their lists and items (on sampled
		// statistics the planner started from every movie and indexed the items per query)
		err := app.DB().NewQuery(`SELECT m.tmdbId, COUNT(*) AS n FROM follows f CROSS JOIN lists l ON l.owner = f.following
			CROSS JOIN list_items i ON i.list = l.id CROSS JOIN movies m ON m.id = i.movie
			WHERE f.follower = {:v} AND l.visibility != 'private' GROUP BY m.tmdbId ORDER BY n DESC, m.tmdbId LIMIT {:k}`).
			Bind(dbx.Params{"v": v.ID, "k": listTitlesPerViewer}).All(&rows)
		if err != nil || len(rows) == 0 {
			return nil, fmt.Errorf("titles in lists of %s's friends: %v (%d found)", v.Email, err, len(rows))
		}
		for _, r := range rows {
			titles[k] = append(titles[k], r.TMDB)
		}
		if last := rows[len(rows)-1].N; least < 0 || last < least {
			least = last
		}
		most = max(most, rows[0].N)
	}
	v := func(w int) member { return f.viewers[w%len(f.viewers)] }
	titleOf := func(w, i int) int { t := titles[w%len(titles)]; return t[i%len(t)] }

	page := func(w, i int) error {
		return f.c.do(v(w), http.MethodGet, "/api/lists/"+BigList+"?limit=100", nil, nil)
	}
	add(f.measure(wlListPage, 1, n, page))
	add(f.measure(wlListPage, 8, 4*n, page))
	move := func(w, i int) error {
		item := id('i', (i*379)%BigListItems)
		return f.c.do(owner, http.MethodPatch, "/api/lists/"+BigList+"/items/"+item, map[string]any{"position": 1 + (i*631)%BigListItems}, nil)
	}
	s := f.measure(wlMoveItem, 1, n, move)
	s.Note = "serial; each request moves an item to another position (one rank written, renumbering when a gap runs out)"
	add(s)
	for _, st := range f.listLife(owner, n) {
		add(st)
	}

	loner, err := f.c.signupOrLogin("follows-nobody@bench.example.com", password)
	if err != nil {
		return nil, err
	}
	// A title page's per-viewer reads: the details and the community rating, which carries
	// the count (the lists themselves load when the member opens it).
	titlePage := func(m func(w int) member) func(w, i int) error {
		return func(w, i int) error {
			t := titleOf(w, i)
			if err := f.c.do(m(w), http.MethodGet, fmt.Sprintf("/api/movies/%d", t), nil, nil); err != nil {
				return err
			}
			var rating struct {
				FriendsLists *int `json:"friendsLists"`
			}
			if err := f.c.do(m(w), http.MethodGet, fmt.Sprintf("/api/movies/%d/ratings", t), nil, &rating); err != nil {
				return err
			}
			if rating.FriendsLists == nil {
				return fmt.Errorf("the community rating of movie %d has no friendsLists", t)
			}
			return nil
		}
	}
	friends := func(w, i int) error {
		return f.c.do(v(w), http.MethodGet, fmt.Sprintf("/api/movies/%d/lists/count", titleOf(w, i)), nil, nil)
	}
	note := fmt.Sprintf("serial; titles in %d–%d lists of members the viewer follows", least, most)
	for _, st := range []Stat{
		f.measure(wlTitleBase, 1, n, titlePage(func(int) member { return loner })),
		f.measure(wlTitleLists, 1, n, titlePage(v)),
		f.measure(wlFriendsOnly, 1, n, friends),
	} {
		st.Note = note
		add(st)
	}
	return out, nil
}

// listLife times a list's own writes by BigList's owner: n lists made, made private, then
// deleted. Making a list private finds its posts by the list (idx_activities_list), and
// deleting it makes PocketBase look up every row naming the list or its post (the
// indexes of migration 1795630004): at 100k members both read all 10M posts before.
func (f *fixture) listLife(owner member, n int) []Stat {
	ids := make([]string, n)
	create := f.measure(wlListCreate, 1, n, func(_, i int) error {
		var list struct {
			ID string `json:"id"`
		}
		err := f.c.do(owner, http.MethodPost, "/api/lists", map[string]any{"name": fmt.Sprintf("Bench list %d", i), "visibility": "public"}, &list)
		ids[i] = list.ID
		return err
	})
	private := f.measure(wlListPrivate, 1, n, func(_, i int) error {
		return f.c.do(owner, http.MethodPatch, "/api/lists/"+ids[i], map[string]any{"visibility": "private"}, nil)
	})
	del := f.measure(wlListDelete, 1, n, func(_, i int) error {
		return f.c.do(owner, http.MethodDelete, "/api/lists/"+ids[i], nil, nil)
	})
	return []Stat{create, private, del}
}
