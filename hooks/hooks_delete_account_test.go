package hooks_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestDeleteAccount: DELETE /api/user takes the password, then removes everything of the
// member's (a table of what remains, counted straight from the database), recounts the
// counters on others' posts, takes their post out of a follower's feed, keeps the other
// member's data, and frees the address for a new sign-up. A moderator deleting the
// record in the dashboard takes the same path (the delete is the users record's).
func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	for _, f := range [][2]string{{ana.Id, bea.Id}, {bea.Id, ana.Id}} {
		if err := social.Follow(app, f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	beaPost := testutil.CreateActivity(t, app, "beapost00000001", bea.Id, "movie_review", time.Now().Add(-time.Hour), map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "Good", "status": "watched"})
	srv, _ := serve(t, app)
	unthrottled(app)
	anaCookie, beaCookie := testutil.SessionCookie(t, ana), testutil.SessionCookie(t, bea)
	must := func(what string, status int, data []byte, want int) {
		t.Helper()
		if status != want {
			t.Fatalf("%s: %d %s", what, status, truncate(data))
		}
	}
	status, data := send(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":9,"review":"Whoa"}`, anaCookie)
	must("Ana logs a film", status, data, 200)
	var logged struct{ ActivityID string }
	json.Unmarshal(data, &logged)
	status, data = send(t, srv, "POST", "/api/activities/"+beaPost.Id+"/like", "", anaCookie)
	must("Ana likes Bea's post", status, data, 200)
	status, data = send(t, srv, "POST", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Agreed"}`, anaCookie)
	must("Ana comments", status, data, 200)
	status, data = send(t, srv, "GET", "/api/feed", "", beaCookie)
	if !strings.Contains(string(data), logged.ActivityID) || logged.ActivityID == "" {
		t.Fatalf("Bea's feed should show Ana's post first: %d %s", status, truncate(data))
	}
	// Each is told of the other's post when they open their notifications (Ana's cursor
	// of what she was told is hers, and goes with her).
	status, data = send(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":6}`, beaCookie)
	must("Bea logs a film", status, data, 200)
	for _, c := range []struct{ cookie, want string }{{beaCookie, "Ana reviewed The Matrix"}, {anaCookie, "Bea rated The Matrix"}} {
		status, data = send(t, srv, "GET", "/api/notifications", "", c.cookie)
		if !strings.Contains(string(data), c.want) {
			t.Fatalf("notifications should say %q: %d %s", c.want, status, truncate(data))
		}
	}

	status, data = send(t, srv, "DELETE", "/api/user", `{"password":"wrong password"}`, anaCookie)
	if status != 400 || !strings.Contains(string(data), `"password":{`) {
		t.Fatalf("a wrong password: %d %s", status, truncate(data))
	}
	status, data = send(t, srv, "DELETE", "/api/user", `{"password":"password123"}`, anaCookie)
	must("delete", status, data, 204)

	remaining := []struct{ collection, filter string }{
		{"users", "id = {:u}"}, {"watch_entries", "user = {:u}"}, {"diary", "user = {:u}"},
		{"activities", "user = {:u}"}, {"activity_likes", "user = {:u}"}, {"comments", "user = {:u}"},
		{"follows", "follower = {:u} || following = {:u}"}, {"notifications", "user = {:u} || actor = {:u}"},
		{"sessions", "user = {:u}"}, {"push_subscriptions", "user = {:u}"}, {"imports", "user = {:u}"},
		{"achievements", "user = {:u}"}, {"user_challenges", "user = {:u}"}, {"notice_cursors", "user = {:u}"},
	}
	for _, r := range remaining {
		n, err := app.CountRecords(r.collection, dbx.NewExp(strings.ReplaceAll(r.filter, "||", "OR"), dbx.Params{"u": ana.Id}))
		if err != nil || n != 0 {
			t.Errorf("%s of the deleted member: %d left (%v)", r.collection, n, err)
		}
	}
	post, err := app.FindRecordById("activities", beaPost.Id)
	if err != nil {
		t.Fatal("Bea's post went with Ana's account")
	}
	if post.GetInt("likeCount") != 0 || post.GetInt("commentCount") != 0 {
		t.Errorf("Bea's post counters not recounted: %d likes, %d comments", post.GetInt("likeCount"), post.GetInt("commentCount"))
	}
	status, data = send(t, srv, "GET", "/api/feed", "", beaCookie)
	if status != 200 || strings.Contains(string(data), logged.ActivityID) {
		t.Errorf("Bea's feed still shows the deleted member's post: %d %s", status, truncate(data))
	}
	status, _ = send(t, srv, "DELETE", "/api/user", `{"password":"password123"}`, anaCookie)
	if status != http.StatusUnauthorized {
		t.Errorf("a retry: %d, want 401 (nothing left)", status)
	}
	status, data = send(t, srv, "POST", "/api/auth/signup", `{"email":"`+ana.Email()+`","password":"a new password","passwordConfirm":"a new password","firstName":"Ana"}`, "")
	if status != 200 || strings.Contains(string(data), ana.Id) {
		t.Errorf("the address should sign up again as a new member: %d %s", status, truncate(data))
	}
}
