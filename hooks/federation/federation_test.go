package federation_test

import (
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const (
	base = "https://films.example"
	host = "films.example"
)

// community: Ana is public and federated, with two reviews (and one a moderator hid);
// Pub is public but stays local; Non opted in but is not public (set behind the
// settings route's back: the server must still refuse); Sus is public and federated but
// suspended; Mem is any member.
func community(t testing.TB, app *tests.TestApp) map[string]*core.Record {
	mk := func(name, handle string, public, federated bool) *core.Record {
		u := testutil.CreateUser(t, app, name)
		u.Set("handle", handle)
		u.Set("public", public)
		u.Set("federated", federated)
		u.Set("bio", "Films & <b>friends</b>.\n\nSecond paragraph.")
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	m := map[string]*core.Record{
		"ana": mk("Ana", "ana", true, true), "pub": mk("Pub", "pub", true, false),
		"non": mk("Non", "non", false, true), "sus": mk("Sus", "sus", true, true),
		"mem": mk("Mem", "mem", false, false),
	}
	m["sus"].Set("suspended", true)
	if err := app.Save(m["sus"]); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	for _, who := range []string{"ana", "pub", "non", "sus"} {
		testutil.CreateActivity(t, app, who+"review000001", m[who].Id, "movie_review", now.Add(-2*time.Hour), map[string]any{
			"movieId": 603, "movieTitle": "The Matrix", "movieYear": 1999, "moviePoster": "/matrix.jpg", "rating": 8.5,
			"review": "Whoa <script>alert(1)</script>"})
	}
	testutil.CreateActivity(t, app, "anarating000001", m["ana"].Id, "movie_rating", now.Add(-time.Hour), map[string]any{
		"movieId": 550, "movieTitle": "Fight Club", "movieYear": 1999, "rating": 7})
	hidden := testutil.CreateActivity(t, app, "anahidden000001", m["ana"].Id, "movie_review", now, map[string]any{
		"movieId": 680, "movieTitle": "Pulp Fiction", "review": "A review the moderators hid."})
	hidden.Set("hidden", true)
	if err := app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	return m
}

// get asks srv for path with accept, not following redirects.
func get(t testing.TB, srv string, path, accept string) (int, http.Header, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(body)
}

const ap = `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`

// federationRoutes are every route a member's visibility decides, for handle h.
func federationRoutes(h string) map[string]string {
	return map[string]string{
		"webfinger":      "/.well-known/webfinger?resource=" + url.QueryEscape("acct:"+h+"@"+host),
		"webfinger url":  "/.well-known/webfinger?resource=" + url.QueryEscape(base+"/ap/users/"+h),
		"actor":          "/ap/users/" + h,
		"outbox":         "/ap/users/" + h + "/outbox",
		"outbox page":    "/ap/users/" + h + "/outbox?page=1",
		"followers":      "/ap/users/" + h + "/followers",
		"following":      "/ap/users/" + h + "/following",
		"note":           "/ap/users/" + h + "/posts/" + h + "review000001",
		"actor, browser": "/ap/users/" + h,
	}
}

// TestOnlyFederatedMembersExist is the role table: with federation on, every route
// answers for Ana alone; the member who stays local, the one who is not public, the
// suspended one and a handle that does not exist all get the same 404; with federation
// off for the community, Ana does too, and so does discovery.
func TestOnlyFederatedMembersExist(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{true, false} {
		app := testutil.NewTestApp(t)
		community(t, app)
		if on {
			if err := federation.Enable(app, base); err != nil {
				t.Fatal(err)
			}
		}
		srv := testutil.Serve(t, app).URL
		for _, who := range []string{"ana", "pub", "non", "sus", "mem", "nobody"} {
			for name, path := range federationRoutes(who) {
				accept := ap
				if strings.HasSuffix(name, "browser") {
					accept = "text/html"
				}
				status, _, body := get(t, srv, path, accept)
				want := http.StatusNotFound
				if on && who == "ana" {
					want = map[bool]int{true: http.StatusFound, false: http.StatusOK}[accept == "text/html"]
				}
				if status != want {
					t.Errorf("federation on=%v, %s %s: %d, want %d: %.200s", on, who, name, status, want, body)
				}
				if status == http.StatusNotFound && !strings.Contains(body, "Nothing to see here.") {
					t.Errorf("federation on=%v, %s %s: a 404 that differs from an unknown handle's: %.200s", on, who, name, body)
				}
			}
		}
		for _, path := range []string{"/.well-known/nodeinfo", "/nodeinfo/2.1", "/.well-known/host-meta"} {
			status, _, _ := get(t, srv, path, "")
			if want := map[bool]int{true: 200, false: 404}[on]; status != want {
				t.Errorf("federation on=%v, %s: %d, want %d", on, path, status, want)
			}
		}
	}
}

// TestActorDocument checks what Mastodon reads of Ana's actor: her handle, name, bio as
// escaped HTML, her profile page, the collections, the shared inbox and a public key
// that parses, and nothing of her email.
func TestActorDocument(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	if err := federation.Enable(app, base+"/"); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app).URL
	status, hdr, body := get(t, srv, "/ap/users/ANA", "application/activity+json")
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/activity+json") || hdr.Get("Vary") != "Accept" {
		t.Fatalf("actor: %d %v %s", status, hdr, body)
	}
	if strings.Contains(body, m["ana"].Email()) {
		t.Error("the actor carries the member's email")
	}
	var p federation.Person
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	id := base + "/ap/users/ana"
	for got, want := range map[string]string{
		p.ID: id, p.Type: "Person", p.PreferredUsername: "ana", p.Name: "Ana", p.URL: base + "/u/ana",
		p.Inbox: id + "/inbox", p.Outbox: id + "/outbox", p.Followers: id + "/followers", p.Following: id + "/following",
		p.Endpoints.SharedInbox: base + "/ap/inbox", p.PublicKey.ID: id + "#main-key", p.PublicKey.Owner: id,
		p.Summary: "<p>Films &amp; &lt;b&gt;friends&lt;/b&gt;.</p><p>Second paragraph.</p>",
	} {
		if got != want {
			t.Errorf("actor: %q, want %q", got, want)
		}
	}
	block, _ := pem.Decode([]byte(p.PublicKey.PublicKeyPem))
	if block == nil {
		t.Fatalf("public key is not PEM: %q", p.PublicKey.PublicKeyPem)
	}
	if _, err := x509.ParsePKIXPublicKey(block.Bytes); err != nil {
		t.Fatalf("public key does not parse: %v", err)
	}
	// the key is stable: generated once, stored
	_, _, again := get(t, srv, "/ap/users/ana", "application/activity+json")
	if !strings.Contains(again, strings.ReplaceAll(strings.TrimSpace(p.PublicKey.PublicKeyPem), "\n", `\n`)) {
		t.Error("a second read of the actor gave another key")
	}
	// browsers get the public profile page
	status, hdr, _ = get(t, srv, "/ap/users/ana", "text/html,application/xhtml+xml")
	if status != http.StatusFound || hdr.Get("Location") != "/u/ana" {
		t.Errorf("browser: %d to %q, want 302 to /u/ana", status, hdr.Get("Location"))
	}
}

// TestDiscovery checks WebFinger's JRD, NodeInfo's counts (federated members only) and
// host-meta's pointer.
func TestDiscovery(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app).URL
	status, hdr, body := get(t, srv, "/.well-known/webfinger?resource=acct:Ana@FILMS.example", "")
	var jrd federation.JRD
	if err := json.Unmarshal([]byte(body), &jrd); status != 200 || err != nil {
		t.Fatalf("webfinger: %d %s", status, body)
	}
	if !strings.HasPrefix(hdr.Get("Content-Type"), "application/jrd+json") || hdr.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("webfinger headers: %v", hdr)
	}
	if jrd.Subject != "acct:ana@"+host || len(jrd.Links) < 2 || jrd.Links[0].Rel != "self" ||
		jrd.Links[0].Type != "application/activity+json" || jrd.Links[0].Href != base+"/ap/users/ana" ||
		jrd.Links[1].Href != base+"/u/ana" {
		t.Errorf("webfinger JRD: %+v", jrd)
	}
	for resource, want := range map[string]int{
		"": 400, "ana": 400, "acct:ana": 400, "acct:@" + host: 400, "acct:ana@": 400, "acct:ana@" + host + "@evil.example": 400,
		"acct:ana@" + host + "/x": 400, strings.Repeat("a", 400) + "@" + host: 400,
		"acct:ana@other.example": 404, "https://other.example/ap/users/ana": 404, base + "/ap/users/ana/outbox": 404,
		"@ana@" + host: 200, base + "/u/ana": 200, "acct:nobody@" + host: 404,
	} {
		status, _, body := get(t, srv, "/.well-known/webfinger?resource="+url.QueryEscape(resource), "")
		if status != want {
			t.Errorf("webfinger %q: %d, want %d: %.200s", resource, status, want, body)
		}
		if status == 400 && !strings.Contains(body, `"resource"`) {
			t.Errorf("webfinger %q: a 400 that does not name resource: %s", resource, body)
		}
	}

	_, _, body = get(t, srv, "/.well-known/nodeinfo", "")
	if !strings.Contains(body, `"href":"`+base+`/nodeinfo/2.1"`) || !strings.Contains(body, "ns/schema/2.1") {
		t.Errorf("nodeinfo links: %s", body)
	}
	_, _, body = get(t, srv, "/nodeinfo/2.1", "")
	var ni federation.NodeInfo
	if err := json.Unmarshal([]byte(body), &ni); err != nil {
		t.Fatal(err)
	}
	// Ana alone is federated (Non is not public, Sus suspended): her two visible reviews.
	if ni.Version != "2.1" || ni.Software.Name != "cinecircle" || ni.Protocols[0] != "activitypub" ||
		ni.Usage.Users.Total != 1 || ni.Usage.Users.ActiveMonth != 1 || ni.Usage.LocalPosts != 2 {
		t.Errorf("nodeinfo: %+v", ni)
	}

	status, hdr, body = get(t, srv, "/.well-known/host-meta", "")
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/xrd+xml") ||
		!strings.Contains(body, `template="`+base+`/.well-known/webfinger?resource={uri}"`) || !strings.Contains(body, `rel="lrdd"`) {
		t.Errorf("host-meta: %d %s", status, body)
	}
}

// TestOutbox checks Ana's outbox: what her public profile shows (never the hidden
// review) as Creates of Notes Mastodon renders, newest first, paged with next links.
func TestOutbox(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	for i := 0; i < 21; i++ {
		testutil.CreateActivity(t, app, fmt.Sprintf("anaold%09d", i), m["ana"].Id, "movie_rating", time.Now().AddDate(0, 0, -10-i),
			map[string]any{"movieId": 13, "movieTitle": "Forrest Gump", "rating": 6})
	}
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app).URL
	_, _, body := get(t, srv, "/ap/users/ana/outbox", ap)
	var root federation.Collection
	if err := json.Unmarshal([]byte(body), &root); err != nil || root.TotalItems == nil || *root.TotalItems != 23 || root.First != base+"/ap/users/ana/outbox?page=1" {
		t.Fatalf("outbox: %s", body)
	}
	var page struct {
		federation.Collection
		OrderedItems []federation.Create `json:"orderedItems"`
	}
	_, _, body = get(t, srv, "/ap/users/ana/outbox?page=1", ap)
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		t.Fatal(err)
	}
	if len(page.OrderedItems) != 20 || page.Next != base+"/ap/users/ana/outbox?page=2" || page.Type != "OrderedCollectionPage" {
		t.Fatalf("page 1: %d items, next %q", len(page.OrderedItems), page.Next)
	}
	if strings.Contains(body, "Pulp Fiction") || strings.Contains(body, "moderators hid") {
		t.Error("the outbox shows a review a moderator hid")
	}
	first := page.OrderedItems[0]
	if first.Type != "Create" || first.Object.Type != "Note" || first.Actor != base+"/ap/users/ana" ||
		first.Object.ID != base+"/ap/users/ana/posts/anarating000001" || first.ID != first.Object.ID+"/activity" ||
		first.Object.URL != base+"/u/ana/review/anarating000001" || first.To[0] != "https://www.w3.org/ns/activitystreams#Public" ||
		first.Cc[0] != base+"/ap/users/ana/followers" {
		t.Errorf("newest Create: %+v", first)
	}
	if want := `<p>Rated <a href="` + base + `/u/ana/review/anarating000001">Fight Club (1999)</a> ★★★½ 7/10</p>`; first.Object.Content != want {
		t.Errorf("rating note: %q, want %q", first.Object.Content, want)
	}
	review := page.OrderedItems[1].Object
	if !strings.Contains(review.Content, "★★★★½ 8.5/10") || !strings.Contains(review.Content, "<p>Whoa &lt;script&gt;alert(1)&lt;/script&gt;</p>") ||
		len(review.Attachment) != 1 || review.Attachment[0].URL != base+"/img/w500/matrix.jpg" {
		t.Errorf("review note: %+v", review)
	}
	_, _, body = get(t, srv, "/ap/users/ana/outbox?page=2", ap)
	page.Next, page.OrderedItems = "", nil
	if err := json.Unmarshal([]byte(body), &page); err != nil || len(page.OrderedItems) != 3 || page.Next != "" || page.Prev != base+"/ap/users/ana/outbox?page=1" {
		t.Errorf("page 2: %s", body)
	}
	for _, path := range []string{"/ap/users/ana/outbox?page=0", "/ap/users/ana/outbox?page=x"} {
		if status, _, body := get(t, srv, path, ap); status != 400 || !strings.Contains(body, `"page"`) {
			t.Errorf("%s: %d %s", path, status, body)
		}
	}
	// one post, fetched by its id; another member's post under Ana's name is not hers
	if status, _, body := get(t, srv, "/ap/users/ana/posts/anareview000001", ap); status != 200 || !strings.Contains(body, `"type":"Note"`) {
		t.Errorf("note: %d %s", status, body)
	}
	for _, id := range []string{"anahidden000001", "pubreview000001", "nosuchpost00000"} {
		if status, _, _ := get(t, srv, "/ap/users/ana/posts/"+id, ap); status != 404 {
			t.Errorf("note %s: %d, want 404", id, status)
		}
	}
	if status, hdr, _ := get(t, srv, "/ap/users/ana/posts/anareview000001", "text/html"); status != 302 || hdr.Get("Location") != "/u/ana/review/anareview000001" {
		t.Errorf("note for a browser: %d %q", status, hdr.Get("Location"))
	}
}

// TestStars checks the stars a rating shows as.
func TestStars(t *testing.T) {
	t.Parallel()
	for rating, want := range map[float64]string{0: "", 0.4: "", 1: "½", 2: "★", 7: "★★★½", 8.5: "★★★★½", 9.4: "★★★★½", 10: "★★★★★", 12: "★★★★★", -1: ""} {
		if got := federation.Stars(rating); got != want {
			t.Errorf("Stars(%v) = %q, want %q", rating, got, want)
		}
	}
}
