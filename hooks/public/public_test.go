package public_test

import (
	"bytes"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/mmcdole/gofeed"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// community: Ana is public (handle ana) and reviewed The Matrix with Bea (not public) and
// Eve (public); a moderator hid another review of hers. Bea is not public, Cal is public
// but suspended. Fol follows Ana, Blo blocked her, Mem is any member.
func community(t testing.TB, app *tests.TestApp) {
	mk := func(name, handle string, public bool) *core.Record {
		u := testutil.CreateUser(t, app, name)
		u.Set("handle", handle)
		u.Set("public", public)
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	ana, bea, cal := mk("Ana", "ana", true), mk("Bea", "bea", false), mk("Cal", "cal", true)
	eve := mk("Eve", "eve", true)
	fol, blo := mk("Fol", "fol", false), mk("Blo", "blo", false)
	mk("Mem", "mem", false)
	if err := social.Follow(app, fol.Id, ana.Id); err != nil {
		t.Fatal(err)
	}
	if err := moderation.Block(app, blo.Id, ana.Id); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	review := func(id string, user *core.Record, text string, with ...*core.Record) *core.Record {
		ww := []map[string]any{}
		for _, w := range with {
			ww = append(ww, map[string]any{"id": w.Id, "firstName": w.GetString("firstName")})
		}
		return testutil.CreateActivity(t, app, id, user.Id, "movie_review", now.Add(-time.Hour), map[string]any{
			"movieId": 603, "movieTitle": "The Matrix", "movieYear": 1999, "moviePoster": "", "rating": 8.5,
			"review": text, "watchedWith": ww})
	}
	review("anareview000001", ana, "Whoa. Still the best action film.", bea, eve)
	hidden := review("anahidden000001", ana, "A review the moderators hid.")
	hidden.Set("hidden", true)
	if err := app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	review("beareview000001", bea, "Bea's private thoughts.")
	review("calreview000001", cal, "Cal's suspended thoughts.")
	if _, err := app.DB().NewQuery("UPDATE users SET suspended = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": cal.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// TestVisitorRoles is the table: every visitor page, data route, feed and image × author
// (public, not public, suspended) × viewer (visitor, member, follower, blocked). Only the
// public author's pages answer, to anyone but the blocked member, and never with an
// email, the hidden review, or the name of a companion who is not public.
func TestVisitorRoles(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false // 120 requests from one address in a second
	paths := func(h, review string) []string {
		return []string{"/u/" + h, "/u/" + h + "/review/" + review, "/u/" + h + "/year/" + time.Now().Format("2006"),
			"/u/" + h + "/rss", "/api/public/users/" + h, "/api/public/users/" + h + "/reviews/" + review,
			"/api/public/users/" + h + "/year/" + time.Now().Format("2006"), "/og/review/" + review + ".png",
			"/og/u/" + h + ".png", "/og/u/" + h + "/year/" + time.Now().Format("2006") + ".png"}
	}
	authors := []struct {
		name, handle, review string
		public               bool
	}{
		{"public member", "ana", "anareview000001", true},
		{"member who is not public", "bea", "beareview000001", false},
		{"suspended public member", "cal", "calreview000001", false},
	}
	viewers := []struct{ name, who string }{{"visitor", ""}, {"member", "Mem"}, {"follower", "Fol"}, {"blocked", "Blo"}}
	for _, a := range authors {
		for _, v := range viewers {
			for _, p := range paths(a.handle, a.review) {
				status, body := get(t, app, srv.URL+p, v.who)
				want := http.StatusNotFound
				if a.public && v.who != "Blo" {
					want = http.StatusOK
				}
				if status != want {
					t.Errorf("%s, %s, %s: %d, want %d", a.name, v.name, p, status, want)
				}
				for _, leak := range []string{"@example.com", "Bea's private", "Cal's suspended", "moderators hid", `"firstName":"Bea"`, "Bea</"} {
					if strings.Contains(body, leak) {
						t.Errorf("%s, %s, %s: leaks %q", a.name, v.name, p, leak)
					}
				}
			}
		}
	}
	if status, _ := get(t, app, srv.URL+"/u/ana/review/anahidden000001", ""); status != http.StatusNotFound {
		t.Errorf("a hidden review: %d", status)
	}
	if _, body := get(t, app, srv.URL+"/api/public/users/ana/reviews/anareview000001", ""); !strings.Contains(body, `"handle":"eve"`) {
		t.Errorf("a public companion is named: %s", body)
	}
}

// TestPageHeads: the server fills the head for link previews; a hidden page says noindex.
func TestPageHeads(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	srv := testutil.Serve(t, app)
	_, page := get(t, app, srv.URL+"/u/ana/review/anareview000001", "")
	for _, want := range []string{
		`<title>Ana&#39;s review of The Matrix (1999)</title>`,
		`<meta property="og:title" content="Ana&#39;s review of The Matrix (1999)" />`,
		`<meta name="description" content="Rated 8.5/10. Whoa. Still the best action film." />`,
		`<link rel="canonical" href="` + srv.URL + `/u/ana/review/anareview000001" />`,
		`<meta property="og:image" content="` + srv.URL + `/og/review/anareview000001.png" />`,
		`<meta name="twitter:card" content="summary_large_image" />`,
		`<div id="root">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("review page lacks %s", want)
		}
	}
	if strings.Count(page, "<title>") != 1 || strings.Contains(page, "noindex") {
		t.Errorf("review page head:\n%s", page)
	}
	for _, p := range []string{"/u/ana", "/u/ana/year/" + time.Now().Format("2006")} {
		if _, page := get(t, app, srv.URL+p, ""); !strings.Contains(page, `og:image`) {
			t.Errorf("%s has no og:image", p)
		}
	}
	status, page := get(t, app, srv.URL+"/u/bea", "")
	if status != 404 || !strings.Contains(page, `content="noindex, nofollow"`) || strings.Contains(page, "Bea") {
		t.Errorf("a member who is not public: %d\n%s", status, page)
	}
	if _, robots := get(t, app, srv.URL+"/robots.txt", ""); !strings.Contains(robots, "Allow: /u/") || !strings.Contains(robots, "Disallow: /") {
		t.Errorf("robots.txt: %s", robots)
	}
}

// TestPreviewImages: 1200×630 PNGs, cached on disk and drawn again when the review changes.
func TestPreviewImages(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	srv := testutil.Serve(t, app)
	for _, p := range []string{"/og/review/anareview000001.png", "/og/u/ana.png", "/og/u/ana/year/" + time.Now().Format("2006") + ".png"} {
		_, body := get(t, app, srv.URL+p, "")
		cfg, err := png.DecodeConfig(bytes.NewReader([]byte(body)))
		if err != nil || cfg.Width != 1200 || cfg.Height != 630 {
			t.Fatalf("%s: %v %+v", p, err, cfg)
		}
	}
	_, first := get(t, app, srv.URL+"/og/review/anareview000001.png", "")
	post, _ := app.FindRecordById("activities", "anareview000001")
	post.Set("data", map[string]any{"movieId": 603, "movieTitle": "The Matrix", "movieYear": 1999, "rating": 4.0, "review": "Changed my mind."})
	if err := app.Save(post); err != nil {
		t.Fatal(err)
	}
	_, second := get(t, app, srv.URL+"/og/review/anareview000001.png", "")
	if first == second {
		t.Fatal("the card was not drawn again after the review changed")
	}
}

// TestRSS: a public member's feed parses (gofeed) with their reviews; others have none.
func TestRSS(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	srv := testutil.Serve(t, app)
	status, body := get(t, app, srv.URL+"/u/ana/rss", "")
	if status != 200 {
		t.Fatal(status)
	}
	feed, err := gofeed.NewParser().ParseString(body)
	if err != nil {
		t.Fatal(err)
	}
	if feed.FeedType != "rss" || len(feed.Items) != 1 || feed.Items[0].Title != "The Matrix (1999) – 8.5/10" ||
		feed.Items[0].Link != srv.URL+"/u/ana/review/anareview000001" || !strings.Contains(feed.Items[0].Description, "Whoa") {
		t.Fatalf("feed %+v items %+v", feed, feed.Items)
	}
}

func get(t testing.TB, app core.App, url, who string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if who != "" {
		u, err := app.FindRecordById("users", testutil.UserID(who))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Cookie", testutil.SessionCookie(t, u))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
