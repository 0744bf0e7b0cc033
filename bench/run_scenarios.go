package bench

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// fixture is what the workloads act on: signed-in viewers with a typical follow count, an
// author with about 500 followers, titles from the catalog, and posts from the feeds.
type fixture struct {
	c               *client
	viewers         []member
	author          member
	authorFollowers int
	authorFans      []member // followers of the author, signed in, who have not opened their notifications
	titles          []title
	unlogged        []title  // catalog movies the author has no entry for: each log is a new post
	posts           []string // activity ids from the viewers' feeds
	cursor50        []string // per viewer: the `before` cursor that opens page 50 (empty: unsupported)
	viewerFollows   string
}

// title is a catalog movie.
type title struct {
	TMDB  int    `db:"tmdbId"`
	Title string `db:"title"`
}

// searchWord is the first word of a title longer than two letters (what a member types).
func searchWord(t string) string {
	for _, w := range strings.Fields(t) {
		if len([]rune(w)) >= 3 {
			return w
		}
	}
	return "the"
}

// walkToPage50 follows the `before` cursor from page 1 to page 50 for viewer m and checks
// the page it reaches equals ?page=50: the cursor must page exactly like the page numbers.
func (f *fixture) walkToPage50(m member) (string, error) {
	before := ""
	for p := 1; p < 50; p++ {
		q := "limit=20"
		if before != "" {
			q += "&before=" + url.QueryEscape(before)
		}
		items, err := f.c.feed(m, q)
		if err != nil {
			return "", err
		}
		if len(items) < 20 {
			return "", fmt.Errorf("the feed of %s ends at page %d", m.Email, p)
		}
		before = items[len(items)-1].ID
	}
	byCursor, err := f.c.feed(m, "limit=20&before="+url.QueryEscape(before))
	if err != nil {
		return "", err
	}
	byPage, err := f.c.feed(m, "limit=20&page=50")
	if err != nil {
		return "", err
	}
	if len(byCursor) != len(byPage) || len(byPage) == 0 {
		return "", fmt.Errorf("page 50: %d items by cursor, %d by page number", len(byCursor), len(byPage))
	}
	for i := range byPage {
		if byCursor[i].ID != byPage[i].ID {
			return "", fmt.Errorf("page 50 by cursor differs from ?page=50 at item %d", i)
		}
	}
	return before, nil
}

// loadWorkloads measures every API workload; n is the serial request count (concurrent
// runs send 4n).
func (f *fixture) loadWorkloads(n int, progress func(Stat)) []Stat {
	var out []Stat
	add := func(s Stat) { out = append(out, s); progress(s) }
	v := func(w int) member { return f.viewers[w%len(f.viewers)] }
	get := func(path string) func(w, i int) error {
		return func(w, i int) error { return f.c.do(v(w), http.MethodGet, path, nil, nil) }
	}
	// The feed workloads read the viewers' feeds in turn, request i viewer i's (whatever
	// the concurrency), so a serial run reads the very pages the bare SQL rows read in
	// process (bareWorkloads): the ratio of the two compares the same pages.
	reader := func(i int) member { return f.viewers[i%len(f.viewers)] }
	feed := func(query string) func(w, i int) error {
		return func(w, i int) error { return f.c.do(reader(i), http.MethodGet, "/api/feed?"+query, nil, nil) }
	}
	feed1 := feed("limit=20")
	feed50 := feed("limit=20&page=50")
	for _, conc := range []int{1, 8, 32} {
		cnt := n
		if conc > 1 {
			cnt = 4 * n
		}
		add(f.measure("feed page 1", conc, cnt, feed1))
		add(f.measure("feed page 50 (?page=50)", conc, cnt, feed50))
		if len(f.cursor50) > 0 {
			add(f.measure("feed page 50 (?before= cursor)", conc, cnt, func(w, i int) error {
				return f.c.do(reader(i), http.MethodGet, "/api/feed?limit=20&before="+url.QueryEscape(f.cursor50[i%len(f.cursor50)]), nil, nil)
			}))
		}
	}
	titlePage := func(w, i int) error {
		t := f.titles[i%len(f.titles)]
		if err := f.c.do(v(w), http.MethodGet, fmt.Sprintf("/api/movies/%d", t.TMDB), nil, nil); err != nil {
			return err
		}
		return f.c.do(v(w), http.MethodGet, fmt.Sprintf("/api/movies/%d/ratings", t.TMDB), nil, nil)
	}
	search := func(w, i int) error {
		q := searchWord(f.titles[(i*7)%len(f.titles)].Title)
		return f.c.do(v(w), http.MethodGet, "/api/movies/search?q="+url.QueryEscape(q), nil, nil)
	}
	// Signing in finds the member by email whatever its case, then checks the password
	// (bcrypt, most of the time): a few, since each makes a session.
	add(f.measure("sign in (email and password)", 1, max(1, n/10), func(w, i int) error {
		_, err := f.c.login(reader(i).Email, Password)
		return err
	}))
	// Trending (the home page's lists), counted from the week's logs without TMDB.
	add(f.measure("trending movies (home page)", 1, n, get("/api/trending-movies")))
	notifications := get("/api/notifications")
	yearInReview := get(fmt.Sprintf("/api/users/me/year/%d", time.Now().UTC().Year()))
	for _, conc := range []int{1, 8} {
		cnt := n
		if conc > 1 {
			cnt = 4 * n
		}
		add(f.measure("title page (details + community rating)", conc, cnt, titlePage))
		add(f.measure("search", conc, cnt, search))
		add(f.measure("notifications list", conc, cnt, notifications))
		add(f.measure("year in review (own, this year)", conc, cnt, yearInReview))
	}
	// People you may know: a viewer's sidebar (friends of friends), and the sidebar of a
	// member who follows nobody (the most followed members: social_popular.go; its first
	// request ranks them, 21.6 s at 100k members before they were kept in memory).
	add(f.measure("people you may know (sidebar)", 1, n, get("/api/suggested-friends")))
	loner, lonerErr := f.c.signupOrLogin("suggestions-nobody@bench.example.com", Password)
	add(f.measure("people you may know, a member who follows nobody", 1, n, func(w, i int) error {
		if lonerErr != nil {
			return lonerErr
		}
		return f.c.do(loner, http.MethodGet, "/api/suggested-friends", nil, nil)
	}))
	// Likes: each worker likes a post, then takes the like back (a worker's own counter,
	// so the pair stays in order at any concurrency).
	var seq [64]int
	likeToggle := func(w, i int) error {
		k := seq[w%len(seq)]
		seq[w%len(seq)]++
		post := f.posts[(w*131+k/2)%len(f.posts)]
		method := http.MethodPost
		if k%2 == 1 {
			method = http.MethodDelete
		}
		return f.c.do(v(w), method, "/api/activities/"+post+"/like", nil, nil)
	}
	add(f.measure("like / unlike", 1, n, likeToggle))
	add(f.measure("like / unlike", 8, 4*n, likeToggle))
	comment := func(w, i int) error {
		post := f.posts[(i*17)%len(f.posts)]
		return f.c.do(v(w), http.MethodPost, "/api/activities/"+post+"/comments",
			map[string]any{"content": fmt.Sprintf("Bench comment %d", i), "commentType": "text"}, nil)
	}
	add(f.measure("comment", 1, n/2, comment))
	add(f.measure("comment", 8, n, comment))
	// Logging: the author logs a movie they never logged each time (a new entry and a new
	// post, so each one fans out to the followers). Logging a title again only updates
	// its entry and post: a run after the first on the same data dir would time that.
	logs := min(n, len(f.unlogged))
	logMovie := func(w, i int) error {
		t := f.unlogged[i]
		return f.c.do(f.author, http.MethodPost, "/api/user/movies", map[string]any{
			"movieId": t.TMDB, "status": "watched", "rating": 7.5,
			"watchedAt": time.Now().UTC().Format("2006-01-02"),
		}, nil)
	}
	s := f.measure(fmt.Sprintf("log a watched movie (author with %d followers)", f.authorFollowers), 1, logs, logMovie)
	s.Note = "serial; each request posts a new activity; its notices are written at once for the followers with the app open or push, the others' when they look"
	if logs < n { // runs in place have used the catalog up: fewer logs would time nothing comparable
		s.Errors++
		s.FirstErr = fmt.Sprintf("the author has only %d catalog movies left to log, %d wanted: seed again", logs, n)
	}
	add(s)
	f.unlogged = f.unlogged[logs:]
	// Catching up: each of the author's followers opens their notifications once, after
	// those logs: the list writes their notices of the newest 200 posts, then answers.
	if len(f.authorFans) > 0 {
		s = f.measure(fmt.Sprintf("%s on %d new posts (writes up to 200 notices)", wlCatchUpPrefix, logs), 1, len(f.authorFans),
			func(w, i int) error { return f.c.do(f.authorFans[i], http.MethodGet, "/api/notifications", nil, nil) })
		s.Note = "serial; each request is a different follower of the author, opening their notifications for the first time since the logs"
		add(s)
	}
	// Mixed: what members do on an ordinary evening, by weight.
	mixed := func(w, i int) error {
		switch r := (i * 37) % 100; {
		case r < 55:
			return f.c.do(v(w), http.MethodGet, "/api/feed?limit=20", nil, nil)
		case r < 65:
			return f.c.do(v(w), http.MethodGet, "/api/feed?limit=20&page=2", nil, nil)
		case r < 75:
			return titlePage(w, i)
		case r < 82:
			return search(w, i)
		case r < 90:
			return notifications(w, i)
		case r < 96:
			return likeToggle(w, i)
		default:
			return comment(w, i)
		}
	}
	for _, conc := range []int{8, 32} {
		s := f.measure("mixed (55% feed p1, 10% feed p2, 10% title, 7% search, 8% notifications, 6% like, 4% comment)", conc, 4*n, mixed)
		add(s)
	}
	return out
}
