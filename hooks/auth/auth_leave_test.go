package auth_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestLeavingMemberIsGoneAtOnceAndTheJobFinishes: a member whose deletion outlasts the
// request (here a budget of nothing, as for the most active members at 100k) is signed
// out, hidden from a follower's feed and free to sign up again with their address and
// handle the moment DELETE /api/user answers, though their rows are still there; the
// job (JobLeavers) then deletes them all, keeping the reply a friend wrote under their
// comment and recounting the friend's post.
func TestLeavingMemberIsGoneAtOnceAndTheJobFinishes(t *testing.T) {
	t.Parallel()
	app, ana, srv := servedWithAna(t)
	auth.SetLeaveBudget(app, 0)
	bea := testutil.CreateUser(t, app, "Bea")
	ana.Set("handle", "ana_watches")
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	const posts = 45 // more than two of the job's transactions
	for i := range posts {
		testutil.CreateActivity(t, app, fmt.Sprintf("anapost%08d", i), ana.Id, "movie_review", time.Now().Add(-time.Duration(i)*time.Minute),
			map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 8, "review": "Again", "status": "watched"})
	}
	beaPost := testutil.CreateActivity(t, app, "beapost00000001", bea.Id, "movie_review", time.Now().Add(-time.Hour),
		map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "Good", "status": "watched"})
	linkOAuth(t, app, ana)
	cid := testutil.CreateUser(t, app, "Cid") // joined by Ana's invitation
	cid.Set("invitedBy", ana.Id)
	if err := app.Save(cid); err != nil {
		t.Fatal(err)
	}

	anaB := signInBrowser(t, srv, ana.Email(), "Ana's phone")
	beaB := signInBrowser(t, srv, bea.Email(), "Bea's laptop")
	mustDo := func(b *browser, what, method, path, body string, want int) string {
		t.Helper()
		status, data := b.do(method, path, body)
		if status != want {
			t.Fatalf("%s: %d %s", what, status, data)
		}
		return data
	}
	mustDo(beaB, "Bea follows Ana", "POST", "/api/follow", `{"userId":"`+ana.Id+`"}`, 200)
	mustDo(anaB, "Ana likes Bea's post", "POST", "/api/activities/"+beaPost.Id+"/like", "", 200)
	comment := mustDo(anaB, "Ana comments", "POST", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Agreed"}`, 200)
	var made struct{ ID string }
	if err := json.Unmarshal([]byte(comment), &made); err != nil || made.ID == "" {
		t.Fatalf("Ana's comment: %s", comment)
	}
	anaComment := made.ID
	mustDo(beaB, "Bea replies", "POST", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Thanks","parentCommentId":"`+anaComment+`"}`, 200)
	if feed := mustDo(beaB, "Bea's feed", "GET", "/api/feed", "", 200); !strings.Contains(feed, "anapost00000000") {
		t.Fatalf("Bea's feed should show Ana's latest post first: %s", feed)
	}

	mustDo(anaB, "Ana deletes her account", "DELETE", "/api/user", `{"password":"password123"}`, 204)

	// The job has not run: her rows are there, and nothing of them shows.
	if n, _ := app.CountRecords("activities", dbx.HashExp{"user": ana.Id}); n != posts {
		t.Fatalf("with no budget the request should leave her %d posts to the job, left %d", posts, n)
	}
	if feed := mustDo(beaB, "Bea's feed while Ana leaves", "GET", "/api/feed", "", 200); strings.Contains(feed, "anapost") {
		t.Errorf("Bea's feed shows a leaving member's post: %s", feed)
	}
	if status, data := anaB.do("GET", "/api/auth/user", ""); status != http.StatusUnauthorized {
		t.Errorf("Ana's browser after the deletion: %d %s, want 401", status, data)
	}
	if status, _ := anaB.do("POST", "/api/auth/login", `{"email":"`+ana.Email()+`","password":"password123"}`); status == 200 {
		t.Error("a leaving member signed in again")
	}
	if n, _ := app.CountRecords(core.CollectionNameExternalAuths, dbx.HashExp{"recordRef": ana.Id}); n != 0 {
		t.Errorf("%d OAuth links left: a provider could sign her in", n)
	}
	mustDo(beaB, "Bea takes Ana's handle", "PATCH", "/api/user/settings", `{"handle":"ana_watches"}`, 200)
	signup := `{"email":"` + ana.Email() + `","password":"a new password","passwordConfirm":"a new password","firstName":"Ana"}`
	if status, data := anaB.do("POST", "/api/auth/signup", signup); status != 200 || strings.Contains(data, ana.Id) {
		t.Errorf("her address should sign up again as a new member at once: %d %s", status, data)
	}
	// A moderator cannot bring her back half-deleted, nor stop the deletion.
	for field, body := range map[string]string{"suspended": `{"suspended":false}`, "leftAt": `{"leftAt":""}`} {
		if status, data := asModerator(t, app, srv.URL, "PATCH", "/api/collections/users/records/"+ana.Id, body); status != 400 || !strings.Contains(data, `"`+field+`"`) {
			t.Errorf("a moderator changes %s of a leaving member: %d %s, want 400 naming it", field, status, data)
		}
	}

	if err := auth.FinishLeaving(app); err != nil {
		t.Fatal(err)
	}
	remaining := map[string]string{
		"users": "id = {:u}", "activities": "user = {:u}", "activity_likes": "user = {:u}", "comments": "user = {:u}",
		"follows": "follower = {:u} OR following = {:u}", "sessions": "user = {:u}", "notifications": "user = {:u} OR actor = {:u}",
	}
	for collection, filter := range remaining {
		if n, err := app.CountRecords(collection, dbx.NewExp(filter, dbx.Params{"u": ana.Id})); err != nil || n != 0 {
			t.Errorf("%s of the deleted member after the job: %d left (%v)", collection, n, err)
		}
	}
	post, err := app.FindRecordById("activities", beaPost.Id)
	if err != nil {
		t.Fatal("Bea's post went with Ana's account")
	}
	if post.GetInt("likeCount") != 0 || post.GetInt("commentCount") != 2 {
		t.Errorf("Bea's post: %d likes, %d comments; want 0 and 2 (Ana's kept as a placeholder above Bea's reply)", post.GetInt("likeCount"), post.GetInt("commentCount"))
	}
	if n, _ := app.CountRecords("comments", dbx.HashExp{"user": bea.Id, "parent": anaComment}); n != 1 {
		t.Error("Bea's reply under Ana's comment went with her")
	}
	if cid, err := app.FindRecordById("users", cid.Id); err != nil || cid.GetString("invitedBy") != "" {
		t.Errorf("the member Ana invited should stay, no longer naming her: %v %v", err, cid)
	}
	if err := auth.FinishLeaving(app); err != nil {
		t.Errorf("the job with no one leaving: %v", err)
	}
}

// TestModeratorDeleteTakesTheLeavingPath: a moderator deleting a member in the dashboard
// (the records API) goes through the same steps; within the budget the member is gone
// when the answer comes.
func TestModeratorDeleteTakesTheLeavingPath(t *testing.T) {
	t.Parallel()
	app, ana, srv := servedWithAna(t)
	anaB := signInBrowser(t, srv, ana.Email(), "Ana's phone")
	req, _ := http.NewRequest("DELETE", srv.URL+"/api/collections/users/records/"+ana.Id, nil)
	req.Header.Set("Authorization", testutil.SuperuserAuth(t, app))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("the dashboard's delete: %d", res.StatusCode)
	}
	if _, err := app.FindRecordById("users", ana.Id); err == nil {
		t.Error("the member is still there after the dashboard's delete")
	}
	if n, _ := app.CountRecords(auth.SessionsCollection, dbx.HashExp{"user": ana.Id}); n != 0 {
		t.Errorf("%d sessions left", n)
	}
	if status, _ := anaB.do("GET", "/api/auth/user", ""); status != http.StatusUnauthorized {
		t.Errorf("the deleted member's browser: %d, want 401", status)
	}
}

// asModerator sends a request to the records API as a superuser (the dashboard).
func asModerator(t testing.TB, app core.App, srv, method, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, srv+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", testutil.SuperuserAuth(t, app))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

// linkOAuth gives member an OAuth link, as a sign-in with a provider leaves one.
func linkOAuth(t testing.TB, app core.App, member *core.Record) {
	t.Helper()
	ea := core.NewExternalAuth(app)
	ea.SetCollectionRef(member.Collection().Id)
	ea.SetRecordRef(member.Id)
	ea.SetProvider("google")
	ea.SetProviderId("ana-at-google")
	if err := app.Save(ea); err != nil {
		t.Fatal(err)
	}
}
