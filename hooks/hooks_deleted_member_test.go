package hooks_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestDeletedMemberLeavesOthersContributions: Zed deletes his account, himself or through a
// moderator deleting his record in the dashboard (the same path), and what others made
// under his name stays: Bea's reply under his comment keeps its place under a 'Deleted
// member' placeholder with no text, and the watch together Zed started stays for Bea and
// Cal without Zed's rating, revealed once Cal rates; Bea's own watch together, which
// waited on Zed alone, is revealed at once. Nothing of Zed is readable by anyone after:
// the table reads every route touched as each role.
func TestDeletedMemberLeavesOthersContributions(t *testing.T) {
	t.Parallel()
	for _, by := range []string{"himself", "a moderator"} {
		t.Run(by, func(t *testing.T) {
			t.Parallel()
			w := newLeavingWorld(t)
			if by == "himself" {
				w.must("Zed deletes his account", "DELETE", "/api/user", `{"password":"password123"}`, "Zed", 204)
			} else {
				req, _ := http.NewRequest("DELETE", w.srv.URL+"/api/collections/users/records/"+w.zed, nil)
				req.Header.Set("Authorization", testutil.SuperuserAuth(t, w.app))
				res, err := w.srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != 204 {
					t.Fatalf("the moderator's delete: %d %s", res.StatusCode, body)
				}
			}
			w.check(t)
		})
	}
}

// newLeavingWorld makes Zed (who leaves), his friends Bea and Cal, who follow him and whom
// he follows, and Dee, who follows nobody, with the threads and watches together
// TestDeletedMemberLeavesOthersContributions reads.
func newLeavingWorld(t *testing.T) *worldOfLeaving {
	t.Helper()
	app := testutil.NewTestApp(t)
	w := &worldOfLeaving{t: t, app: app, cookies: map[string]string{}, ids: map[string]string{}}
	members := map[string]string{}
	for _, name := range []string{"Zed", "Bea", "Cal", "Dee"} {
		u := testutil.CreateUser(t, app, name)
		members[name] = u.Id
		w.cookies[name] = testutil.SessionCookie(t, u)
	}
	w.zed = members["Zed"]
	for _, f := range [][2]string{{"Zed", "Bea"}, {"Bea", "Zed"}, {"Zed", "Cal"}, {"Cal", "Zed"}, {"Bea", "Cal"}, {"Cal", "Bea"}} {
		if err := social.Follow(app, members[f[0]], members[f[1]]); err != nil {
			t.Fatal(err)
		}
	}
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	testutil.CreateMovie(t, app, 604, "The Matrix Reloaded", 2003, 138)
	beaPost := testutil.CreateActivity(t, app, "beapost00000001", members["Bea"], "movie_review", time.Now().Add(-time.Hour),
		map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "Good", "status": "watched"})
	w.ids["beaPost"] = beaPost.Id
	w.srv, _ = serve(t, app)
	unthrottled(app)

	w.ids["zedComment"] = w.post("Zed comments", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Zed's secret words"}`, "Zed")
	w.ids["beaReply"] = w.post("Bea replies", "/api/activities/"+beaPost.Id+"/comments",
		`{"content":"Bea's reply stays","parentCommentId":"`+w.ids["zedComment"]+`"}`, "Bea")
	w.post("Zed answers", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Zed answers again","parentCommentId":"`+w.ids["beaReply"]+`"}`, "Zed")
	w.post("Zed comments alone", "/api/activities/"+beaPost.Id+"/comments", `{"content":"Zed alone"}`, "Zed")
	w.must("Cal likes Zed's comment", "POST", "/api/comments/"+w.ids["zedComment"]+"/like", "", "Cal", 200)
	w.must("Zed likes Bea's reply", "POST", "/api/comments/"+w.ids["beaReply"]+"/like", "", "Zed", 200)

	w.ids["zedTogether"] = w.post("Zed watches with Bea and Cal", "/api/user/movies",
		`{"movieId":603,"status":"watched","rating":9,"review":"Zed's own review","watchedWith":["`+members["Bea"]+`","`+members["Cal"]+`"]}`, "Zed")
	w.must("Bea rates Zed's watch together", "POST", "/api/user-movies", `{"tmdbId":603,"rating":7,"review":"Bea's rating stays"}`, "Bea", 200)
	w.ids["beaTogether"] = w.post("Bea watches with Zed", "/api/user/movies",
		`{"movieId":604,"status":"watched","rating":6,"review":"Bea's second","watchedWith":["`+members["Zed"]+`"]}`, "Bea")
	return w
}

// worldOfLeaving is the fixture's state.
type worldOfLeaving struct {
	t       *testing.T
	app     core.App
	srv     *httptest.Server
	cookies map[string]string
	zed     string
	ids     map[string]string
}

// must makes one request as who and fails the test unless it answers want.
func (w *worldOfLeaving) must(what, method, path, body, who string, want int) []byte {
	w.t.Helper()
	status, data := send(w.t, w.srv, method, path, body, w.cookies[who])
	if status != want {
		w.t.Fatalf("%s: %d %s", what, status, truncate(data))
	}
	return data
}

// post makes a write that answers the record it made and returns its id (an activity's
// answer names it activityId).
func (w *worldOfLeaving) post(what, path, body, who string) string {
	w.t.Helper()
	var made struct{ ID, ActivityID string }
	json.Unmarshal(w.must(what, "POST", path, body, who, 200), &made)
	if made.ActivityID != "" {
		return made.ActivityID
	}
	if made.ID == "" {
		w.t.Fatalf("%s: no id in the answer", what)
	}
	return made.ID
}

// check reads, as each role, what Zed's deletion left.
func (w *worldOfLeaving) check(t *testing.T) {
	zedWords := []string{w.zed, "Zed", "secret words", "Zed answers again", "Zed alone", "Zed's own review", `"rating":9`}
	thread := "/api/activities/" + w.ids["beaPost"] + "/comments"
	steps := []struct {
		name, who, path string
		status          int
		has, hasNot     []string
	}{
		{"the thread, to the replier", "Bea", thread, 200,
			[]string{"Bea's reply stays", `"id":"` + w.ids["zedComment"] + `"`, `"parentCommentId":"` + w.ids["zedComment"] + `"`, `"user":{"id":""`}, zedWords},
		{"the thread, to a friend who liked the comment", "Cal", thread, 200, []string{"Bea's reply stays", `"user":{"id":""`}, zedWords},
		{"the thread, to a stranger", "Dee", thread, 200, []string{"Bea's reply stays"}, zedWords},
		{"the thread, to a visitor", "", thread, 401, nil, zedWords},
		{"the kept watch together in a friend's feed", "Bea", "/api/feed", 200,
			[]string{w.ids["zedTogether"], `"userId":""`, `"isCollaborationPending":true`}, zedWords},
		{"the kept watch together, to the friend yet to rate", "Cal", "/api/activities/" + w.ids["zedTogether"], 200,
			[]string{`"currentUserCanRate":true`, `"userId":""`}, zedWords},
		{"a stranger's feed", "Dee", "/api/feed", 200, nil, append([]string{w.ids["zedTogether"]}, zedWords...)},
		{"Bea's watch together, revealed without Zed", "Bea", "/api/activities/" + w.ids["beaTogether"], 200,
			[]string{`"isCollaborationPending":false`, "Bea's second", `"watchedWith":[{"displayPreference":"","firstName":"","id":"","lastName":""`}, zedWords},
		{"Bea's watch entry, which no longer names Zed", "Bea", "/api/user/movies", 200,
			[]string{"Bea's second", `"watchedWith":[]`}, zedWords},
		{"Bea's post after the likes went", "Bea", "/api/activities/" + w.ids["beaPost"], 200, []string{`"commentCount":2`}, zedWords},
	}
	for _, s := range steps {
		status, data := send(t, w.srv, "GET", s.path, "", w.cookies[s.who])
		body := string(data)
		if status != s.status {
			t.Errorf("%s: %d, want %d: %s", s.name, status, s.status, truncate(data))
			continue
		}
		for _, h := range s.has {
			if !strings.Contains(body, h) {
				t.Errorf("%s: lacks %q: %s", s.name, h, body)
			}
		}
		for _, h := range s.hasNot {
			if strings.Contains(body, h) {
				t.Errorf("%s: still shows %q of the deleted member: %s", s.name, h, body)
			}
		}
	}
	// Erasure: no friend's watch entry keeps Zed's id (their export would show it), and
	// the companions table forgot Zed.
	var named int
	if err := w.app.DB().NewQuery(`SELECT (SELECT COUNT(*) FROM watch_entries WHERE instr(watchedWith, {:z}) > 0)
		+ (SELECT COUNT(*) FROM watch_companions WHERE member = {:z})`).Bind(dbx.Params{"z": w.zed}).Row(&named); err != nil || named != 0 {
		t.Errorf("Zed is still named %d times among the watched-with lists (%v)", named, err)
	}
	var comments []struct {
		ID        string
		LikeCount int
		IsLiked   bool
	}
	json.Unmarshal(w.must("the thread", "GET", thread, "", "Bea", 200), &comments)
	for _, c := range comments {
		if c.LikeCount != 0 {
			t.Errorf("comment %s still counts %d likes: the placeholder's and Zed's own likes went", c.ID, c.LikeCount)
		}
	}
	if len(comments) != 2 {
		t.Errorf("the thread holds %d comments, want the placeholder and Bea's reply", len(comments))
	}

	// Cal rates: the watch together is revealed with the two friends' ratings alone.
	data := w.must("Cal rates", "POST", "/api/user-movies", `{"tmdbId":603,"rating":8}`, "Cal", 200)
	var post struct {
		UserID string
		Data   struct {
			IsCollaborationPending bool
			AllParticipantRatings  []struct{ UserID string }
		}
	}
	json.Unmarshal(data, &post)
	if post.UserID != "" || post.Data.IsCollaborationPending || len(post.Data.AllParticipantRatings) != 2 {
		t.Errorf("after Cal's rating: %s", truncate(data))
	}
	for _, r := range post.Data.AllParticipantRatings {
		if r.UserID == w.zed {
			t.Errorf("Zed's rating is still revealed: %s", data)
		}
	}

	// Deleting Bea's reply leaves the placeholder with nothing under it: it goes too.
	w.must("Bea deletes her reply", "DELETE", "/api/comments/"+w.ids["beaReply"], "", "Bea", 204)
	if n, _ := w.app.CountRecords("comments", dbx.HashExp{"activity": w.ids["beaPost"]}); n != 0 {
		t.Errorf("%d comments left under Bea's post once her reply went", n)
	}
	data = w.must("Bea's post", "GET", "/api/activities/"+w.ids["beaPost"], "", "Bea", 200)
	if !strings.Contains(string(data), `"commentCount":0`) {
		t.Errorf("Bea's post still counts comments: %s", truncate(data))
	}
}
