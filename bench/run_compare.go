package bench

import (
	"fmt"
	"io"
	"net/http"
	"time"

	"cinecircle/hooks/posts"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// StockRule is the back-relation list rule that lets stock PocketBase's records API
// answer "activities of the people I follow". It is set on the bench copy of the data dir
// only: production keeps activities closed to the records API.
const StockRule = "user.follows_via_following.follower ?= @request.auth.id"

// stockQuery is the records API call a developer would make for one feed page.
func stockQuery(page int) string {
	return fmt.Sprintf("/api/collections/activities/records?page=%d&perPage=20&sort=-created,-id&expand=user", page)
}

// openStockRule opens the activities collection of the data dir at dir to the stock list
// rule (before the server starts, so the server reads it).
func openStockRule(dir string) error {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ClearBootstrap()
	col, err := app.FindCollectionByNameOrId(posts.Collection)
	if err != nil {
		return err
	}
	col.ListRule = types.Pointer(StockRule)
	return app.Save(col)
}

// stockWorkloads asks the records API for feed pages as the first viewer, with the
// session token in the Authorization header as the JS SDK sends it. PocketBase stops a
// SELECT after its 30 s query timeout; those answers, and the client's own 40 s limit,
// count as timeouts. A page that timed out is not asked again.
func (f *fixture) stockWorkloads(base string, pages map[int]int) []Stat {
	c := newClient(base, 40*time.Second)
	m := f.viewers[0]
	var out []Stat
	for _, page := range []int{1, 50} {
		s := Stat{Name: fmt.Sprintf("stock records API, feed page %d (back-relation rule)", page), Conc: 1}
		var samples []time.Duration
		start := time.Now()
		for range pages[page] {
			req, _ := http.NewRequest(http.MethodGet, c.base+stockQuery(page), nil)
			req.Header.Set("Authorization", m.Session)
			t := time.Now()
			resp, err := c.http.Do(req)
			d := time.Since(t)
			samples = append(samples, d)
			s.N++
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("status %d", resp.StatusCode)
				}
			}
			if err != nil {
				if isTimeout(err) || d >= 29*time.Second {
					s.Timeouts++
				} else {
					s.Errors++
				}
				if s.FirstErr == "" {
					s.FirstErr = err.Error()
				}
				break
			}
		}
		summarize(&s, samples, time.Since(start))
		out = append(out, s)
	}
	return out
}

// plainFeedSQL is the feed as one query with OFFSET paging: the hand-written route's
// query before keyset paging (the "bare SQL").
const plainFeedSQL = `SELECT a.* FROM activities a WHERE a.id IN (
	SELECT f.id FROM activities f
	WHERE f.user IN (SELECT following FROM follows WHERE follower = {:viewer} UNION ALL SELECT {:viewer})
	ORDER BY f.created DESC, f.id DESC LIMIT 20 OFFSET {:offset})
ORDER BY a.created DESC, a.id DESC`

// bareWorkloads times the feed's SQL inside this process, with no HTTP and no JSON: the
// plain OFFSET query, and the route's own reads (social.FeedRows), on page 1 also shaped.
func (f *fixture) bareWorkloads(app core.App, n int, cursors []string) []Stat {
	var out []Stat
	v := func(i int) string { return f.viewers[i%len(f.viewers)].ID }
	for _, page := range []int{1, 50} {
		out = append(out, measure(fmt.Sprintf("bare SQL, plain OFFSET query, page %d", page), 1, n, func(_, i int) error {
			var rows []dbx.NullStringMap
			return app.DB().NewQuery(plainFeedSQL).Bind(dbx.Params{"viewer": v(i), "offset": (page - 1) * 20}).All(&rows)
		}))
	}
	out = append(out, measure("bare SQL, the route's reads, page 1", 1, n, func(_, i int) error {
		_, err := social.FeedRows(app, v(i), social.FeedCursor{Limit: 20, Page: 1})
		return err
	}))
	// The page read and shaped as the route answers it (its authors, the viewer's likes,
	// the posts' decorations): what the route adds beyond this is HTTP, JSON and gzip.
	out = append(out, measure("in process, page 1 read and shaped (all the route's SQL)", 1, n, func(_, i int) error {
		rows, err := social.FeedRows(app, v(i), social.FeedCursor{Limit: 20, Page: 1})
		if err == nil {
			_, err = social.LoadRows(app, v(i), rows)
		}
		return err
	}))
	if len(cursors) > 0 {
		out = append(out, measure("bare SQL, the route's reads, page 50 by cursor", 1, n, func(_, i int) error {
			_, err := social.FeedRows(app, v(i), social.FeedCursor{Limit: 20, Before: cursors[i%len(cursors)]})
			return err
		}))
	}
	out = append(out, measure("bare SQL, the route's reads, ?page=50", 1, n, func(_, i int) error {
		_, err := social.FeedRows(app, v(i), social.FeedCursor{Limit: 20, Page: 50})
		return err
	}))
	return out
}
