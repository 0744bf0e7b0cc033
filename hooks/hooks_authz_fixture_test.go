package hooks_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/federation"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/scrobble"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The authorization matrix's three roles. The other member follows the owner, so what
// a follower may see is allowed to them and only the owner's own powers are not.
const (
	roleVisitor = "visitor"
	roleOther   = "other member"
	roleOwner   = "owner"
)

var roles = []string{roleVisitor, roleOther, roleOwner}

// authzWorld is a served app where Ana (the owner) has something of every kind: posts,
// comments, an episode review, a diary entry, a recommendation and a notification for her,
// an import, a push subscription, a joined challenge, and an invitation to a collaboration
// from Cal. Bea (the other member) follows Ana and has liked her post.
type authzWorld struct {
	app     *tests.TestApp
	srv     *httptest.Server
	cookies map[string]string // role → Cookie header ("" for the visitor)
	ids     map[string]string // fixture name → id, for {placeholders} in paths and bodies
	routes  servedRoutes
	// calCookie signs in Cal, a third member who follows the owner
	calCookie string
}

func newAuthzWorld(t *testing.T) *authzWorld {
	images := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write([]byte("\x89PNG\r\n\x1a\n"))
	}))
	t.Cleanup(images.Close)
	t.Setenv(catalog.EnvImageBase, images.URL) // the poster host, faked at the network edge
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	cal := testutil.CreateUser(t, app, "Cal")
	dee := testutil.CreateUser(t, app, "Dee") // reported and blocked by the moderation routes only
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136, "Action")
	testutil.CreateMovie(t, app, 550, "Fight Club", 1999, 139, "Drama")
	testutil.CreateMovie(t, app, 680, "Pulp Fiction", 1994, 154, "Crime")
	testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
	// federation on (#23), so its member routes answer as they do in use (nobody here is
	// federated: the fediverse routes still answer 404)
	if err := federation.Enable(app, "https://films.example"); err != nil {
		t.Fatal(err)
	}
	for _, f := range [][2]string{{bea.Id, ana.Id}, {cal.Id, ana.Id}, {ana.Id, cal.Id}} {
		if err := social.Follow(app, f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	review := map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 8, "review": "Whoa", "status": "watched"}
	testutil.CreateActivity(t, app, "anapost00000001", ana.Id, "movie_review", time.Now().Add(-2*time.Hour), review)
	testutil.CreateActivity(t, app, "anapost00000002", ana.Id, "movie_review", time.Now().Add(-time.Hour), review)
	if _, _, err := diary.SaveEntry(context.Background(), app, ana, diary.EntryInput{
		Kind: catalog.Movie, TitleID: 603, Status: diary.StatusWatched, Rating: 8, Review: "Mine", WatchedAt: time.Now().UTC(),
	}); err != nil {
		t.Fatal(err)
	}
	// Cal watched three titles with Ana: one she declines, two she rates and then edits
	var collab *core.Record
	for _, in := range []diary.EntryInput{{Kind: catalog.Movie, TitleID: 550}, {Kind: catalog.Movie, TitleID: 680}, {Kind: catalog.TV, TitleID: 1396}} {
		in.Status, in.Rating, in.Review, in.WatchedWith, in.WatchedAt = diary.StatusWatched, 7, "Together", []string{ana.Id}, time.Now().UTC()
		_, activity, err := diary.SaveEntry(context.Background(), app, cal, in)
		if err != nil {
			t.Fatal(err)
		}
		if collab == nil {
			collab = activity
		}
	}
	imp := core.NewRecord(mustCollection(t, app, "imports"))
	imp.Load(map[string]any{"user": ana.Id, "source": "letterboxd", "status": "done"})
	if err := app.Save(imp); err != nil {
		t.Fatal(err)
	}

	w := &authzWorld{app: app, ids: map[string]string{
		"owner": ana.Id, "other": bea.Id, "cal": cal.Id, "dee": dee.Id, "post": "anapost00000001", "post2": "anapost00000002",
		"collab": collab.Id, "import": imp.Id,
	}}
	w.srv, w.routes = serve(t, app)
	unthrottled(app)
	w.cookies = map[string]string{roleVisitor: "", roleOther: testutil.SessionCookie(t, bea), roleOwner: testutil.SessionCookie(t, ana)}
	calCookie := testutil.SessionCookie(t, cal)
	w.calCookie = calCookie

	// the rest through the API, as the members would
	w.ids["comment"] = w.create(t, "POST", "/api/activities/anapost00000001/comments", `{"content":"First!"}`, w.cookies[roleOwner])
	w.ids["comment2"] = w.create(t, "POST", "/api/activities/anapost00000001/comments", `{"content":"Second"}`, w.cookies[roleOwner])
	w.ids["episodeReview"] = w.create(t, "POST", "/api/tv-shows/1396/episode-reviews", `{"seasonNumber":1,"episodeNumber":1,"rating":9,"review":"Pilot"}`, w.cookies[roleOwner])
	w.create(t, "POST", "/api/recommendations", `{"movieId":603,"userIds":["`+ana.Id+`"],"message":"Watch it"}`, calCookie)
	w.create(t, "POST", "/api/push/subscribe", `{"endpoint":"https://push.example.com/ana","keys":{"p256dh":"BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM","auth":"tBHItJI5svbpez7KI4CCXg"}}`, w.cookies[roleOwner])
	w.create(t, "POST", "/api/tv-shows/1396/episodes/watched", `{"season":1,"episode":2}`, w.cookies[roleOwner])
	feed, err := tv.RotateFeed(app, ana.Id)
	if err != nil {
		t.Fatal(err)
	}
	w.ids["calendarToken"] = feed.GetString("token")
	if w.ids["scrobbleToken"], err = scrobble.TokenFor(app, ana.Id); err != nil {
		t.Fatal(err)
	}
	w.create(t, "POST", "/api/activities/anapost00000001/like", ``, w.cookies[roleOther])
	w.create(t, "POST", "/api/comments/"+w.ids["comment"]+"/like", ``, w.cookies[roleOther])
	notify.Drain()
	challenge, err := app.FindFirstRecordByFilter("challenges", "id != ''")
	if err != nil {
		t.Fatal("no challenge to join:", err)
	}
	w.ids["challenge"] = challenge.Id
	w.create(t, "POST", "/api/challenges/"+challenge.Id+"/join", ``, w.cookies[roleOwner])
	w.ids["list"] = w.create(t, "POST", "/api/lists", `{"name":"Ana's favourites","ranked":true}`, w.cookies[roleOwner])
	w.ids["list2"] = w.create(t, "POST", "/api/lists", `{"name":"Ana's other list"}`, w.cookies[roleOwner])
	w.ids["listItem"] = w.create(t, "POST", "/api/lists/"+w.ids["list"]+"/items", `{"movieId":603}`, w.cookies[roleOwner])
	w.ids["listItem2"] = w.create(t, "POST", "/api/lists/"+w.ids["list"]+"/items", `{"tvShowId":1396}`, w.cookies[roleOwner])
	w.ids["recommendation"] = mustFirst(t, app, "recommendations", "to = {:u}", ana.Id).Id
	w.ids["notification"] = mustFirst(t, app, "notifications", "user = {:u}", ana.Id).Id
	// two follows from the fediverse waiting for Ana's answer (one to accept, one to decline)
	for _, name := range []string{"followRequest", "followRequest2"} {
		followers, err := app.FindCollectionByNameOrId("federation_followers")
		if err != nil {
			t.Fatal(err)
		}
		r := core.NewRecord(followers)
		actor := "https://social.example/users/" + name
		r.Load(map[string]any{"user": ana.Id, "actor": actor, "inbox": actor + "/inbox", "host": "social.example", "follow": actor + "#follow", "pending": true})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		w.ids[name] = r.Id
	}
	return w
}

// create sends a setup request that must succeed and returns the answer's id, if any.
func (w *authzWorld) create(t *testing.T, method, path, body, cookie string) string {
	t.Helper()
	status, data := send(t, w.srv, method, path, body, cookie)
	if status >= 300 {
		t.Fatalf("setup %s %s: %d %s", method, path, status, truncate(data))
	}
	var out struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(data, &out)
	return out.ID
}

func mustCollection(t *testing.T, app core.App, name string) *core.Collection {
	t.Helper()
	c, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustFirst(t *testing.T, app core.App, collection, filter, user string) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByFilter(collection, filter, map[string]any{"u": user})
	if err != nil {
		t.Fatalf("setup: no %s record for %s: %v", collection, user, err)
	}
	return r
}
