package federation_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// followingAlice has member follow alice by address and alice accept it.
func followingAlice(t *testing.T, srv string, f *fakeServer, member *core.Record) {
	t.Helper()
	if status, out := asMember(t, srv, "POST", "/api/follow", `{"acct":"alice@`+f.host()+`"}`, member); status != 200 {
		t.Fatalf("follow alice: %d %v", status, out)
	}
	follow := deliveredOf(t, f, "/users/alice/inbox", "Follow", 1)
	if status, body := send(t, f.signed(srv+"/ap/inbox", acceptOf(f, f.actor(), "Accept", follow), time.Now(), nil)); status != 202 {
		t.Fatalf("alice's Accept: %d %s", status, body)
	}
}

// createOf is a Create of note by actor, as Mastodon and NeoDB wrap a new post.
func createOf(actor string, note map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams", "id": note["id"].(string) + "/activity",
		"type": "Create", "actor": actor, "to": note["to"], "object": note})
	return b
}

// neodbNote is a Note as neodb.social sends a mark (NeoDB's docs/internals/activitypub.md):
// Status, Comment and Rating in relatedWith, withRegardTo NeoDB's item, the item in tag.
func neodbNote(f *fakeServer, id, item, itemType, itemName, comment string, grade int) map[string]any {
	actor := f.actor()
	related := []map[string]any{
		{"id": f.srv.URL + "/p/s" + id, "type": "Status", "status": "complete", "withRegardTo": item, "attributedTo": actor},
		{"id": f.srv.URL + "/p/c" + id, "type": "Comment", "withRegardTo": item, "attributedTo": actor, "content": comment},
	}
	if grade > 0 {
		related = append(related, map[string]any{"id": f.srv.URL + "/p/r" + id, "type": "Rating", "best": 10, "worst": 1, "value": grade,
			"withRegardTo": item, "attributedTo": actor})
	}
	return map[string]any{
		"id": actor + "/posts/" + id, "type": "Note", "attributedTo": actor, "relatedWith": related,
		"content": "<p>Watched <a href=\"" + item + "\">" + itemName + "</a> 🌕🌕🌕🌗🌑<br>" + comment + "</p>",
		"tag": []map[string]any{
			{"type": "Hashtag", "href": f.srv.URL + "/tags/films/", "name": "#films"},
			{"type": itemType, "href": item, "image": f.srv.URL + "/m/item.jpg", "name": itemName},
		},
		"to": []string{"https://www.w3.org/ns/activitystreams#Public"}, "url": f.srv.URL + "/@alice/posts/" + id,
		"published": time.Now().UTC().Format(time.RFC3339),
	}
}

// cineCircleNote is a Note as a CineCircle sends a review: its Rating and Review in
// relatedWith, withRegardTo the title's TMDB URL.
func cineCircleNote(f *fakeServer, id string, tmdb string, rating float64, review string) map[string]any {
	actor := f.actor()
	return map[string]any{
		"id": actor + "/posts/" + id, "type": "Note", "attributedTo": actor,
		"content": "<p>Rated The Matrix " + review + "</p>",
		"relatedWith": []map[string]any{
			{"type": "Rating", "value": rating, "best": 10, "worst": 0, "withRegardTo": tmdb, "attributedTo": actor},
			{"type": "Review", "content": review, "mediaType": "text/markdown", "withRegardTo": tmdb, "attributedTo": actor},
		},
		"to": []string{"https://www.w3.org/ns/activitystreams#Public"}, "url": f.srv.URL + "/@alice/" + id,
	}
}

// remotePost is the post made of note, or nil.
func remotePost(t testing.TB, app core.App, note string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("activities", "remoteObject", note)
	if err != nil {
		return nil
	}
	return r
}

// feedIDs are the posts of member's home feed's first page, by id, with their data.
func feedIDs(t testing.TB, srv string, member *core.Record) map[string]map[string]any {
	t.Helper()
	var page []struct {
		ID   string         `json:"id"`
		Data map[string]any `json:"data"`
	}
	getAs(t, srv, "/api/feed?limit=50", member, &page)
	out := map[string]map[string]any{}
	for _, a := range page {
		out[a.ID] = a.Data
	}
	return out
}

// reviewsWorld serves the role community with a catalog, Ana following alice.
func reviewsWorld(t *testing.T) (*tests.TestApp, string, *fakeServer, map[string]*core.Record) {
	app, srv, f, m := inboxWorld(t, true)
	f.mu.Lock()
	f.avatar = pngPhoto(t, 96, 96)
	f.mu.Unlock()
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	testutil.CreateMovie(t, app, 680, "Pulp Fiction", 1994, 154)
	testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
	followingAlice(t, srv, f, m["ana"])
	return app, srv, f, m
}

// TestRemoteReviews: the Notes alice sends, each from NeoDB's or CineCircle's shapes.
// Those with a rating or review of a title we can match become posts in the feed of Ana,
// who follows alice (with alice's name, avatar through our server, host and link home),
// and of nobody else; a plain note, a title we lack, a book, a followers-only note and a
// Note of someone else's are not kept; script in the text never is.
func TestRemoteReviews(t *testing.T) {
	t.Parallel()
	app, srv, f, m := reviewsWorld(t)
	neodbItem := f.srv.URL + "/movie/7hfF7d0aFMaqHpFjUpq4zR"
	cases := []struct {
		name  string
		note  map[string]any
		kept  bool
		check func(data map[string]any) bool
	}{
		{"a CineCircle review by TMDB id", cineCircleNote(f, "c1", "https://www.themoviedb.org/movie/603", 8.5, "Still <b>holds</b> up.<script>alert(1)</script>"), true,
			func(d map[string]any) bool {
				return d["movieId"] == 603.0 && d["rating"] == 8.5 && d["review"] == "Still holds up." && d["movieTitle"] == "The Matrix"
			}},
		{"a NeoDB mark matched by title", neodbNote(f, "n1", neodbItem, "Movie", "Pulp Fiction", "Broadway cinémathèque, at least I laughed hard.", 7), true,
			func(d map[string]any) bool {
				return d["movieTitle"] == "Pulp Fiction" && d["movieYear"] == 1994.0 && d["rating"] == 7.0 && strings.HasPrefix(d["review"].(string), "Broadway")
			}},
		{"a NeoDB rating of a show with its year", neodbNote(f, "n2", f.srv.URL+"/tv/x", "TVShow", "Breaking Bad (2008)", "", 9), true,
			func(d map[string]any) bool {
				return d["tvShowTitle"] == "Breaking Bad" && d["rating"] == 9.0 && d["review"] == ""
			}},
		{"a title we can't match", neodbNote(f, "n3", f.srv.URL+"/movie/y", "Movie", "A Film Nobody Has", "Fine.", 6), false, nil},
		{"a book", neodbNote(f, "n4", f.srv.URL+"/book/z", "Edition", "The Matrix", "A book.", 8), false, nil},
		{"a bare status", func() map[string]any {
			n := neodbNote(f, "n5", neodbItem, "Movie", "Pulp Fiction", "", 0)
			n["relatedWith"] = n["relatedWith"].([]map[string]any)[:1]
			return n
		}(), false, nil},
		{"a plain note", map[string]any{"id": f.actor() + "/statuses/9", "type": "Note", "attributedTo": f.actor(), "content": "<p>Lunch!</p>",
			"to": []string{"https://www.w3.org/ns/activitystreams#Public"}}, false, nil},
		{"a rating out of range", cineCircleNote(f, "c3", "https://www.themoviedb.org/movie/603", 1e308, ""), false, nil},
		{"relatedWith of the wrong shape", func() map[string]any {
			n := cineCircleNote(f, "c4", "https://www.themoviedb.org/movie/603", 8, "Fine.")
			n["relatedWith"] = map[string]any{"type": "Rating", "value": "8"}
			return n
		}(), false, nil},
		{"a TMDB id we lack, no title", cineCircleNote(f, "c5", "https://www.themoviedb.org/movie/999999999", 8, "Fine."), false, nil},
		{"followers only", func() map[string]any {
			n := cineCircleNote(f, "c2", "https://www.themoviedb.org/movie/603", 6, "Meh.")
			n["to"] = []string{f.actor() + "/followers"}
			return n
		}(), false, nil},
	}
	for _, c := range cases {
		if status, body := send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), c.note), time.Now(), nil)); status != 202 {
			t.Fatalf("%s: %d %s", c.name, status, body)
		}
		post := remotePost(t, app, c.note["id"].(string))
		if (post != nil) != c.kept {
			t.Errorf("%s: kept %v, want %v", c.name, post != nil, c.kept)
			continue
		}
		if post == nil {
			continue
		}
		feed := feedIDs(t, srv, m["ana"])
		data, inFeed := feed[post.Id]
		if !inFeed {
			t.Errorf("%s: not in Ana's feed", c.name)
			continue
		}
		remote, _ := data["remote"].(map[string]any)
		if !c.check(data) || remote["name"] != "Alice" || remote["acct"] != "alice@"+f.host() || remote["host"] != f.host() ||
			remote["url"] != f.srv.URL+"/@alice" || !strings.HasPrefix(remote["avatarUrl"].(string), "/ap/avatars/") {
			t.Errorf("%s: the card's data: %v", c.name, data)
		}
		if _, seen := feedIDs(t, srv, m["mem"])[post.Id]; seen {
			t.Errorf("%s: in the feed of Mem, who follows nobody", c.name)
		}
		if post.GetString("user") != "" {
			t.Errorf("%s: the post names a member: %q", c.name, post.GetString("user"))
		}
	}
	// the same Create again: still one post
	note := cases[0].note
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	if n, _ := app.CountRecords("activities", dbx.HashExp{"remoteObject": note["id"]}); n != 1 {
		t.Errorf("a repeated Create: %d posts", n)
	}
}

// TestRemoteReviewsUpdateDelete: alice's Update of her review changes the post; Bob's
// Update or Delete of it (another actor) changes nothing; her Delete removes it. A Create
// from bob, whom nobody follows, is not kept; a block of alice removes her reviews and
// refuses her next.
func TestRemoteReviewsUpdateDelete(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := reviewsWorld(t)
	note := cineCircleNote(f, "u1", "https://www.themoviedb.org/movie/603", 6, "First take.")
	noteID := note["id"].(string)
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	if remotePost(t, app, noteID) == nil {
		t.Fatal("the review was not kept")
	}
	bob := f.srv.URL + "/users/bob"
	bobNote := cineCircleNote(f, "b1", "https://www.themoviedb.org/movie/603", 9, "Bob's take.")
	bobNote["id"], bobNote["attributedTo"] = bob+"/posts/b1", bob
	if status, body := send(t, f.signedAs(bob+"#main-key", srv+"/ap/inbox", createOf(bob, bobNote), time.Now(), nil)); status != 202 {
		t.Fatalf("bob's Create: %d %s", status, body)
	}
	if remotePost(t, app, bob+"/posts/b1") != nil {
		t.Error("a review by bob, whom nobody follows, was kept")
	}

	edited := cineCircleNote(f, "u1", "https://www.themoviedb.org/movie/603", 9.5, "Second take.")
	update, _ := json.Marshal(map[string]any{"id": noteID + "#updates/1", "type": "Update", "actor": f.actor(), "object": edited})
	if status, body := send(t, f.signed(srv+"/ap/inbox", update, time.Now(), nil)); status != 202 {
		t.Fatalf("Update: %d %s", status, body)
	}
	post := remotePost(t, app, noteID)
	var data map[string]any
	_ = post.UnmarshalJSONField("data", &data)
	if data["rating"] != 9.5 || data["review"] != "Second take." {
		t.Errorf("after the Update: %v", data)
	}
	byBob, _ := json.Marshal(map[string]any{"id": bob + "#delete/1", "type": "Delete", "actor": bob, "object": noteID})
	send(t, f.signedAs(bob+"#main-key", srv+"/ap/inbox", byBob, time.Now(), nil))
	if remotePost(t, app, noteID) == nil {
		t.Error("bob's Delete removed alice's review")
	}
	del, _ := json.Marshal(map[string]any{"id": noteID + "#delete", "type": "Delete", "actor": f.actor(),
		"object": map[string]any{"id": noteID, "type": "Tombstone"}})
	if status, body := send(t, f.signed(srv+"/ap/inbox", del, time.Now(), nil)); status != 202 {
		t.Fatalf("Delete: %d %s", status, body)
	}
	if remotePost(t, app, noteID) != nil {
		t.Error("alice's Delete left her review")
	}

	again := cineCircleNote(f, "u2", "https://www.themoviedb.org/movie/603", 7, "Third take.")
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), again), time.Now(), nil))
	if remotePost(t, app, again["id"].(string)) == nil {
		t.Fatal("the third review was not kept")
	}
	addBlock(t, app, srv, map[string]any{"domain": "127.0.0.1", "severity": "block"})
	if remotePost(t, app, again["id"].(string)) != nil {
		t.Error("a block of alice's server left her review")
	}
	late := cineCircleNote(f, "u3", "https://www.themoviedb.org/movie/603", 7, "Blocked take.")
	if status, _ := send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), late), time.Now(), nil)); status != 404 || remotePost(t, app, late["id"].(string)) != nil {
		t.Errorf("a review from a blocked server: %d", status)
	}
}

// TestTalkback: Ana (federated) likes alice's review in her feed: alice's inbox gets a
// Like of her Note signed by Ana; the unlike sends its Undo. Ana's comment goes as a
// Note in reply to alice's, addressed to her. Mem, who stays local, likes and comments
// here only: nothing more reaches alice.
func TestTalkback(t *testing.T) {
	t.Parallel()
	app, srv, f, m := reviewsWorld(t)
	note := cineCircleNote(f, "t1", "https://www.themoviedb.org/movie/603", 8, "Worth it.")
	noteID := note["id"].(string)
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	post := remotePost(t, app, noteID)
	if post == nil {
		t.Fatal("the review was not kept")
	}
	if status, out := asMember(t, srv, "POST", "/api/activities/"+post.Id+"/like", "", m["ana"]); status != 200 {
		t.Fatalf("like: %d %v", status, out)
	}
	like := deliveredOf(t, f, "/users/alice/inbox", "Like", 1)
	if like["object"] != noteID || like["actor"] != base+"/ap/users/ana" {
		t.Errorf("the Like: %v", like)
	}
	if status, out := asMember(t, srv, "DELETE", "/api/activities/"+post.Id+"/like", "", m["ana"]); status != 200 {
		t.Fatalf("unlike: %d %v", status, out)
	}
	undo := deliveredOf(t, f, "/users/alice/inbox", "Undo", 1)
	if inner, _ := undo["object"].(map[string]any); inner["id"] != like["id"] || inner["type"] != "Like" || inner["object"] != noteID {
		t.Errorf("the Undo: %v", undo)
	}
	if status, out := asMember(t, srv, "POST", "/api/activities/"+post.Id+"/comments", `{"content":"Agreed <3"}`, m["ana"]); status != 200 && status != 201 {
		t.Fatalf("comment: %d %v", status, out)
	}
	create := deliveredOf(t, f, "/users/alice/inbox", "Create", 1)
	reply, _ := create["object"].(map[string]any)
	to, _ := reply["to"].([]any)
	if reply["inReplyTo"] != noteID || reply["attributedTo"] != base+"/ap/users/ana" || len(to) != 1 || to[0] != f.actor() ||
		reply["content"] != "<p>Agreed &lt;3</p>" {
		t.Errorf("the reply: %v", create)
	}

	before := len(f.deliveries())
	asMember(t, srv, "POST", "/api/activities/"+post.Id+"/like", "", m["mem"])
	_, local := asMember(t, srv, "POST", "/api/activities/"+post.Id+"/comments", `{"content":"Local only"}`, m["mem"])
	time.Sleep(500 * time.Millisecond) // the worker runs at once when woken: give it the time a delivery takes
	if after := len(f.deliveries()); after != before {
		t.Errorf("a local member's like and comment reached alice: %v", f.deliveries()[before:])
	}
	servedReply(t, app, srv, reply, local)
}

// servedReply: the id of Ana's reply answers with the Note that went out (a server may
// fetch it), a browser goes to her profile; Mem's local comment under Ana's address and
// Ana's reply once a moderator hid it answer 404.
func servedReply(t *testing.T, app core.App, srv string, reply, local map[string]any) {
	t.Helper()
	get := func(path, accept string) (int, map[string]any, string) {
		req, _ := http.NewRequest("GET", srv+path, nil)
		req.Header.Set("Accept", accept)
		res, err := http.DefaultTransport.RoundTrip(req) // redirects are answers here
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out, res.Header.Get("Location")
	}
	path := strings.TrimPrefix(reply["id"].(string), base)
	status, served, _ := get(path, "application/activity+json")
	if status != 200 || served["id"] != reply["id"] || served["inReplyTo"] != reply["inReplyTo"] || served["content"] != reply["content"] || served["@context"] == nil {
		t.Errorf("GET %s: %d %v, want the reply %v", path, status, served, reply)
	}
	if status, _, to := get(path, "text/html"); status != http.StatusFound || to != "/u/ana" {
		t.Errorf("a browser at %s: %d to %q, want 302 to /u/ana", path, status, to)
	}
	localID, _ := local["id"].(string)
	if status, out, _ := get("/ap/users/ana/comments/"+localID, "application/activity+json"); localID == "" || status != 404 {
		t.Errorf("Mem's comment %q under Ana's address: %d %v", localID, status, out)
	}
	comment, err := app.FindRecordById("comments", strings.TrimPrefix(path, "/ap/users/ana/comments/"))
	if err != nil {
		t.Fatal(err)
	}
	comment.Set("hidden", true)
	if err := app.Save(comment); err != nil {
		t.Fatal(err)
	}
	if status, out, _ := get(path, "application/activity+json"); status != 404 {
		t.Errorf("a hidden reply: %d %v", status, out)
	}
}

// feedEvents opens member's event stream (GET /api/events) and sends the data of each
// feed event that arrives.
func feedEvents(t *testing.T, ctx context.Context, srv string, member *core.Record) <-chan string {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv+"/api/events", nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, member))
	req.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /api/events: %v", err)
	}
	out := make(chan string, 8)
	go func() {
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		name := ""
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "event:"); ok {
				name = strings.TrimSpace(v)
			} else if v, ok := strings.CutPrefix(line, "data:"); ok && name == "feed" {
				out <- v
			}
		}
	}()
	return out
}

// TestRemoteReviewRealtime: alice's new review reaches Ana's open feed at once (the
// feed event the UI's 'new posts' slot reads); Mem, who does not follow her, gets nothing.
func TestRemoteReviewRealtime(t *testing.T) {
	t.Parallel()
	app, srv, f, m := reviewsWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	anas, mems := feedEvents(t, ctx, srv, m["ana"]), feedEvents(t, ctx, srv, m["mem"])
	time.Sleep(100 * time.Millisecond) // the streams register once their answers begin
	note := cineCircleNote(f, "rt1", "https://www.themoviedb.org/movie/603", 7.5, "Live.")
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	post := remotePost(t, app, note["id"].(string))
	if post == nil {
		t.Fatal("the review was not kept")
	}
	select {
	case data := <-anas:
		if !strings.Contains(data, post.Id) || !strings.Contains(data, `"remote"`) {
			t.Errorf("Ana's feed event: %s", data)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no feed event for Ana")
	}
	select {
	case data := <-mems:
		t.Errorf("Mem got a feed event: %s", data)
	case <-time.After(200 * time.Millisecond):
	}
}

// TestOwnNotesRoundTrip: the Note our outbox serves for Ana's review carries it in
// NeoDB's vocabulary (Status, Rating as a whole grade, Comment, the title's TMDB URL and
// its tag), and the same Note, sent by a followed actor, is understood as that review.
func TestOwnNotesRoundTrip(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := reviewsWorld(t)
	_, _, body := get(t, srv, "/ap/users/ana/posts/anareview000001", ap)
	var note map[string]any
	if err := json.Unmarshal([]byte(body), &note); err != nil {
		t.Fatal(err)
	}
	related, _ := note["relatedWith"].([]any)
	types := []string{}
	for _, r := range related {
		item := r.(map[string]any)
		types = append(types, item["type"].(string))
		if item["withRegardTo"] != "https://www.themoviedb.org/movie/603" {
			t.Errorf("%v is not about the title's TMDB URL", item)
		}
		if item["type"] == "Rating" && (item["value"] != 9.0 || item["best"] != 10.0 || item["worst"] != 1.0) {
			t.Errorf("the Rating: %v", item)
		}
	}
	if strings.Join(types, ",") != "Status,Rating,Comment" {
		t.Errorf("relatedWith: %v", types)
	}
	if tags, _ := note["tag"].([]any); len(tags) != 1 || tags[0].(map[string]any)["name"] != "The Matrix (1999)" || tags[0].(map[string]any)["type"] != "Movie" {
		t.Errorf("tag: %v", note["tag"])
	}
	note["id"], note["attributedTo"] = f.actor()+"/posts/roundtrip", f.actor()
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	post := remotePost(t, app, f.actor()+"/posts/roundtrip")
	if post == nil {
		t.Fatal("our own Note, sent by alice, was not understood")
	}
	var data map[string]any
	_ = post.UnmarshalJSONField("data", &data)
	if data["movieId"] != 603.0 || data["rating"] != 9.0 || data["review"] != "Whoa" || post.GetString("type") != "movie_review" {
		t.Errorf("the round trip: %s %v", post.GetString("type"), data)
	}
}

// TestActorUpdate: alice changes her name and avatar and sends an Update of herself; the
// card of her review, as Ana's feed reads it, shows the new name and an avatar address
// that changed (a browser asks again). The Update's embedded profile is not trusted: her
// document is fetched again from her server.
func TestActorUpdate(t *testing.T) {
	t.Parallel()
	app, srv, f, m := reviewsWorld(t)
	note := cineCircleNote(f, "u1", "https://www.themoviedb.org/movie/603", 8, "Worth it.")
	send(t, f.signed(srv+"/ap/inbox", createOf(f.actor(), note), time.Now(), nil))
	post := remotePost(t, app, note["id"].(string))
	if post == nil {
		t.Fatal("the review was not kept")
	}
	author := func() map[string]any {
		t.Helper()
		status, out := asMember(t, srv, "GET", "/api/activities/"+post.Id, "", m["ana"])
		data, _ := out["data"].(map[string]any)
		remote, _ := data["remote"].(map[string]any)
		if status != 200 || remote == nil {
			t.Fatalf("GET the review's card: %d %v", status, out)
		}
		return remote
	}
	before := author()
	if before["name"] != "Alice" || before["avatarUrl"] == "" {
		t.Fatalf("the card's author at first: %v", before)
	}
	f.mu.Lock()
	fetches := f.fetches
	f.renamed, f.newAvatar = "Alice Liddell", true
	f.mu.Unlock()
	embedded := f.actorDoc()
	embedded["name"] = "Mallory" // what the Update says is not what her server serves
	update, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams", "id": f.actor() + "#updates/1",
		"type": "Update", "actor": f.actor(), "object": embedded})
	if status, body := send(t, f.signed(srv+"/ap/inbox", update, time.Now(), nil)); status != 202 {
		t.Fatalf("Update of alice: %d %s", status, body)
	}
	after := author()
	if after["name"] != "Alice Liddell" || after["avatarUrl"] == before["avatarUrl"] || !strings.HasPrefix(after["avatarUrl"].(string), "/ap/avatars/") {
		t.Errorf("the card's author after her Update: %v (before %v)", after, before)
	}
	f.mu.Lock()
	refetched := f.fetches > fetches
	f.mu.Unlock()
	if !refetched {
		t.Error("her document was not fetched again")
	}
}
