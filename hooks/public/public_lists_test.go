package public_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"
)

// listCommunity is community's members with lists: Ana (public) owns a public, a
// followers-only, a private and a hidden public list; Bea (not public) and Cal (public,
// then suspended) own a public list each. In Ana's public list Bea (not public) and Eve
// (public) each added a title as editors, with notes. Ana has favourites and a diary.
// It returns the list ids by "owner/visibility".
func listCommunity(t *testing.T, app *tests.TestApp, srvURL string) map[string]string {
	t.Helper()
	for i, title := range []string{"The Matrix", "Heat", "Alien", "Arrival", "Dune"} {
		testutil.CreateMovie(t, app, 910001+i, title, 1990+i, 120, "Drama")
	}
	call := func(who, method, path, body string) map[string]any {
		t.Helper()
		u, err := app.FindRecordById("users", testutil.UserID(who))
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest(method, srvURL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", testutil.SessionCookie(t, u))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode >= 300 {
			t.Fatalf("%s %s as %s: %d %s", method, path, who, res.StatusCode, raw)
		}
		out := map[string]any{}
		_ = json.Unmarshal(raw, &out)
		return out
	}
	for _, pair := range [][2]string{{"Ana", "Bea"}, {"Ana", "Eve"}} {
		if err := social.Follow(app, testutil.UserID(pair[0]), testutil.UserID(pair[1])); err != nil {
			t.Fatal(err)
		}
	}
	ids := map[string]string{}
	newList := func(who, vis, name string) string {
		id := call(who, "POST", "/api/lists", `{"name":"`+name+`","description":"`+name+` described.","ranked":true,"visibility":"`+vis+`"}`)["id"].(string)
		call(who, "POST", "/api/lists/"+id+"/items", `{"movieId":910001,"note":"`+name+` note one"}`)
		return id
	}
	for _, vis := range []string{"public", "followers", "private"} {
		ids["ana/"+vis] = newList("Ana", vis, "Ana "+vis)
	}
	ids["ana/hidden"] = newList("Ana", "public", "Ana hidden")
	ids["bea/public"] = newList("Bea", "public", "Bea public")
	ids["cal/public"] = newList("Cal", "public", "Cal public")
	pub := ids["ana/public"]
	for _, who := range []string{"Bea", "Eve"} {
		call("Ana", "POST", "/api/lists/"+pub+"/editors", `{"userId":"`+testutil.UserID(who)+`"}`)
	}
	call("Bea", "POST", "/api/lists/"+pub+"/items", `{"movieId":910002,"note":"Added by Bea, who is not public"}`)
	call("Eve", "POST", "/api/lists/"+pub+"/items", `{"movieId":910003,"note":"Added by Eve"}`)
	call("Ana", "PUT", "/api/user/favorites", `{"movieIds":[910004,910005]}`)
	call("Ana", "POST", "/api/user/movies", `{"movieId":910004,"status":"watched","rating":9,"review":"Arrival, diary review.","watchedAt":"2025-02-01"}`)
	if _, err := app.DB().NewQuery("UPDATE lists SET hidden = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": ids["ana/hidden"]}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("UPDATE users SET suspended = TRUE WHERE id = {:id}").Bind(dbx.Params{"id": testutil.UserID("Cal")}).Execute(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// listServer is a served app with listCommunity and no rate limits.
func listServer(t *testing.T) (*tests.TestApp, string, map[string]string) {
	t.Helper()
	app := testutil.NewTestApp(t)
	app.Settings().RateLimits.Enabled = false
	community(t, app)
	srv := testutil.Serve(t, app)
	// Cal is suspended by community; lift it while Cal makes a list, listCommunity sets it again.
	if _, err := app.DB().NewQuery("UPDATE users SET suspended = FALSE WHERE id = {:id}").Bind(dbx.Params{"id": testutil.UserID("Cal")}).Execute(); err != nil {
		t.Fatal(err)
	}
	return app, srv.URL, listCommunity(t, app, srv.URL)
}

// TestPublicListRoles is the table of roles × list visibility for a list's page, its
// data and its preview image: only the public list of a public, unsuspended owner
// answers, to anyone but a member on either side of a block (the owner and their
// follower see exactly what a visitor sees); everything else is the one 404.
func TestPublicListRoles(t *testing.T) {
	t.Parallel()
	app, base, ids := listServer(t)
	viewers := []struct{ name, who string }{
		{"visitor", ""}, {"member", "Mem"}, {"follower", "Fol"}, {"owner", "Ana"}, {"blocked", "Blo"},
	}
	lists := []struct {
		name, handle, key string
		readable          bool
	}{
		{"public list", "ana", "ana/public", true},
		{"followers-only list", "ana", "ana/followers", false},
		{"private list", "ana", "ana/private", false},
		{"hidden list", "ana", "ana/hidden", false},
		{"public list of a member who is not public", "bea", "bea/public", false},
		{"public list of a suspended member", "cal", "cal/public", false},
		{"public list under another member's handle", "eve", "ana/public", false},
	}
	for _, l := range lists {
		id := ids[l.key]
		for _, v := range viewers {
			want := http.StatusNotFound
			if l.readable && v.who != "Blo" {
				want = http.StatusOK
			}
			for _, p := range []string{"/u/" + l.handle + "/list/" + id, "/api/public/users/" + l.handle + "/lists/" + id, "/og/list/" + id + ".png"} {
				if strings.HasPrefix(p, "/og/") && l.key == "ana/public" && l.handle == "eve" {
					continue // an image is found by the list alone
				}
				status, body := get(t, app, base+p, v.who)
				if status != want {
					t.Errorf("%s, %s, %s: %d, want %d", l.name, v.name, p, status, want)
				}
				for _, leak := range []string{"@example.com", "Ana followers", "Ana private", "Ana hidden", "Bea public", "Cal public", `"firstName":"Bea"`, `"thread"`} {
					if strings.Contains(body, leak) {
						t.Errorf("%s, %s, %s: leaks %q", l.name, v.name, p, leak)
					}
				}
				if want == http.StatusNotFound && strings.HasPrefix(p, "/u/") && !strings.Contains(body, "noindex") {
					t.Errorf("%s, %s, %s: a hidden page is indexable", l.name, v.name, p)
				}
			}
		}
	}
}

// TestPublicListContent: the items in rank order with positions and notes; who added an
// item is named only when public; the head names the list and its owner with Open Graph
// and Twitter tags and the mosaic image, a 1200×630 PNG.
func TestPublicListContent(t *testing.T) {
	t.Parallel()
	app, base, ids := listServer(t)
	id := ids["ana/public"]
	_, body := get(t, app, base+"/api/public/users/ana/lists/"+id, "")
	var out struct {
		Member struct{ Handle string }
		List   struct {
			Name, Description string
			Ranked            bool
			ItemCount         int
			Editors           []map[string]any
			Items             []struct {
				Position int
				MovieID  int
				Title    string
				Note     string
				AddedBy  *struct{ ID, FirstName string }
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err, body)
	}
	l := out.List
	if out.Member.Handle != "ana" || l.Name != "Ana public" || !l.Ranked || l.ItemCount != 3 || len(l.Items) != 3 {
		t.Fatalf("list %+v", out)
	}
	for i, want := range []struct {
		title, note, by string
	}{{"The Matrix", "Ana public note one", "Ana"}, {"Heat", "Added by Bea, who is not public", ""}, {"Alien", "Added by Eve", "Eve"}} {
		it := l.Items[i]
		by := ""
		if it.AddedBy != nil {
			by = it.AddedBy.FirstName
		}
		if it.Position != i+1 || it.Title != want.title || it.Note != want.note || by != want.by {
			t.Errorf("item %d: %+v (added by %q), want %+v", i+1, it, by, want)
		}
	}
	if len(l.Editors) != 1 || l.Editors[0]["handle"] != "eve" {
		t.Errorf("editors named to visitors: %v (only public ones)", l.Editors)
	}

	_, page := get(t, app, base+"/u/ana/list/"+id, "")
	for _, want := range []string{
		`<title>Ana public, a list by Ana · CineCircle</title>`,
		`<meta property="og:title" content="Ana public, a list by Ana · CineCircle" />`,
		`<meta name="description" content="Ana public described." />`,
		`<link rel="canonical" href="` + base + `/u/ana/list/` + id + `" />`,
		`<meta property="og:image" content="` + base + `/og/list/` + id + `.png" />`,
		`<meta name="twitter:image" content="` + base + `/og/list/` + id + `.png" />`,
		`<meta name="twitter:card" content="summary_large_image" />`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("list page lacks %s", want)
		}
	}
	if strings.Contains(page, "noindex") {
		t.Error("a public list's page is noindex")
	}
	status, img := get(t, app, base+"/og/list/"+id+".png", "")
	cfg, err := png.DecodeConfig(bytes.NewReader([]byte(img)))
	if status != 200 || err != nil || cfg.Width != 1200 || cfg.Height != 630 {
		t.Fatalf("og image: %d %v %+v", status, err, cfg)
	}
	if status, _ := get(t, app, base+"/api/public/users/ana/lists/"+id+"?before=nosuchitem0000", ""); status != http.StatusBadRequest {
		t.Errorf("an unknown before: %d, want 400", status)
	}
}

// TestPublicProfileSections: a public profile's data carries favourites, the recent
// diary (dates, titles and ratings; no review text) and the public lists only, the same
// for every viewer who may see it.
func TestPublicProfileSections(t *testing.T) {
	t.Parallel()
	app, base, ids := listServer(t)
	for _, who := range []string{"", "Mem", "Fol", "Ana"} {
		status, body := get(t, app, base+"/api/public/users/ana", who)
		if status != 200 {
			t.Fatalf("viewer %q: %d", who, status)
		}
		var p struct {
			Favorites []struct{ Title string }
			Diary     []struct {
				Rating float64
				Review string
				Title  struct{ Title string }
			}
			Lists []struct{ ID, Name string }
		}
		if err := json.Unmarshal([]byte(body), &p); err != nil {
			t.Fatal(err)
		}
		if len(p.Favorites) != 2 || p.Favorites[0].Title != "Arrival" || p.Favorites[1].Title != "Dune" {
			t.Errorf("viewer %q: favourites %+v", who, p.Favorites)
		}
		if len(p.Diary) != 1 || p.Diary[0].Title.Title != "Arrival" || p.Diary[0].Rating != 9 || p.Diary[0].Review != "" {
			t.Errorf("viewer %q: diary %+v", who, p.Diary)
		}
		if len(p.Lists) != 1 || p.Lists[0].ID != ids["ana/public"] {
			t.Errorf("viewer %q: lists %+v, want only the public one", who, p.Lists)
		}
	}
	if status, _ := get(t, app, base+"/api/public/users/ana", "Blo"); status != 404 {
		t.Errorf("blocked: %d", status)
	}
	// the owner turns private: nothing of theirs, lists included
	ana, _ := app.FindRecordById("users", testutil.UserID("Ana"))
	ana.Set("public", false)
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/api/public/users/ana", "/u/ana/list/" + ids["ana/public"], "/og/list/" + ids["ana/public"] + ".png"} {
		if status, _ := get(t, app, base+p, ""); status != 404 {
			t.Errorf("after turning private, %s: %d", p, status)
		}
	}
}
