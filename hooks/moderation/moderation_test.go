package moderation_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/comments"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

var ana, bea, cal, dee = testutil.UserID("Ana"), testutil.UserID("Bea"), testutil.UserID("Cal"), testutil.UserID("Dee")

// Post and comment ids of the world.
const (
	heat  = "heatpost0000001" // Ana's review, hidden by a moderator
	ronin = "roninpost000001" // Ana's other post, with the conversation
)

// world is a served community: Ana posts, Bea and Cal follow her and talk under Ronin,
// Dee is a stranger. cookies and auth (a moderator's token) sign requests in.
type world struct {
	app      *tests.TestApp
	base     string
	cookies  map[string]string
	moderate string
	ids      map[string]string // comment names → ids
}

func newWorld(t *testing.T) *world {
	t.Helper()
	app := testutil.NewTestApp(t)
	w := &world{app: app, cookies: map[string]string{}, ids: map[string]string{}}
	for _, n := range []string{"Ana", "Bea", "Cal", "Dee"} {
		w.cookies[n] = testutil.SessionCookie(t, testutil.CreateUser(t, app, n))
	}
	for _, f := range []string{bea, cal} {
		if err := social.Follow(app, f, ana); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	testutil.CreateActivity(t, app, heat, ana, "movie_review", now.Add(-time.Hour), map[string]any{"movieTitle": "Heat", "review": "Shoot-out of the decade."})
	post := testutil.CreateActivity(t, app, ronin, ana, "movie_rating", now, map[string]any{"movieTitle": "Ronin"})
	say := func(name, who, parent, text string) {
		c, err := comments.Create(app, post, testutil.UserID(who), comments.Input{Content: text, ParentID: w.ids[parent]})
		if err != nil {
			t.Fatal(err)
		}
		w.ids[name] = c.Id
	}
	say("rude", "Bea", "", "Rude remark")
	say("reply", "Dee", "rude", "Reply under the rude remark")
	say("calsays", "Cal", "", "Cal liked the car chase")
	w.moderate = testutil.SuperuserAuth(t, app)
	w.base = testutil.Serve(t, app).URL
	return w
}

// call sends a request as who ("" for a visitor, "mod" for the moderator's dashboard
// token) and returns the status and body.
func (w *world) call(t *testing.T, who, method, path, body string) (int, string) {
	t.Helper()
	for name, id := range w.ids {
		path = strings.ReplaceAll(path, "{"+name+"}", id)
		body = strings.ReplaceAll(body, "{"+name+"}", id)
	}
	req, _ := http.NewRequest(method, w.base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", w.base)
	switch who {
	case "":
	case "mod":
		req.Header.Set("Authorization", w.moderate)
	default:
		req.Header.Set("Cookie", w.cookies[who])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// step is one request and what the member should notice in the answer.
type step struct {
	name         string
	who          string
	method, path string
	body         string
	status       int
	has, hasNot  []string
}

func (w *world) run(t *testing.T, steps []step) {
	t.Helper()
	for _, s := range steps {
		status, body := w.call(t, s.who, s.method, s.path, s.body)
		if status != s.status {
			t.Fatalf("%s: %s %s as %q answered %d, want %d: %s", s.name, s.method, s.path, s.who, status, s.status, body)
		}
		for _, want := range s.has {
			if !strings.Contains(body, want) {
				t.Fatalf("%s: the answer lacks %q: %s", s.name, want, body)
			}
		}
		for _, not := range s.hasNot {
			if strings.Contains(body, not) {
				t.Fatalf("%s: the answer shows %q: %s", s.name, not, body)
			}
		}
		t.Logf("ok  %-58s %s %s as %s → %d", s.name, s.method, s.path, s.who, status)
	}
}

// TestReports covers POST /api/reports: what can be reported, one open report per member
// and target, field errors, and that only superusers read reports.
func TestReports(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.run(t, []step{
		{"a visitor cannot report", "", "POST", "/api/reports", `{"entityType":"activity","entityId":"` + heat + `","reason":"spam"}`, 401, nil, nil},
		{"Bea reports Ana's post", "Bea", "POST", "/api/reports", `{"entityType":"activity","entityId":"` + heat + `","reason":" spam "}`, 201, []string{`"status":"open"`}, nil},
		{"reporting it again answers the open report", "Bea", "POST", "/api/reports", `{"entityType":"activity","entityId":"` + heat + `","reason":"still spam"}`, 200, []string{`"status":"open"`}, nil},
		{"Dee reports Bea's comment", "Dee", "POST", "/api/reports", `{"entityType":"comment","entityId":"{rude}","reason":"rude"}`, 201, nil, nil},
		{"Dee reports Cal", "Dee", "POST", "/api/reports", `{"entityType":"user","entityId":"` + cal + `","reason":"troll"}`, 201, nil, nil},
		{"an unknown kind names entityType", "Bea", "POST", "/api/reports", `{"entityType":"movie","entityId":"x","reason":"r"}`, 400, []string{`"entityType"`}, nil},
		{"a missing reason names reason", "Bea", "POST", "/api/reports", `{"entityType":"user","entityId":"` + cal + `","reason":"  "}`, 400, []string{`"reason"`}, nil},
		{"an overlong reason names reason", "Bea", "POST", "/api/reports", `{"entityType":"user","entityId":"` + cal + `","reason":"` + strings.Repeat("x", 1001) + `"}`, 400, []string{`"reason"`}, nil},
		{"a wrongly typed body names a field", "Bea", "POST", "/api/reports", `{"entityType":7}`, 400, []string{`"entityType"`}, nil},
		{"an unknown id names entityId", "Bea", "POST", "/api/reports", `{"entityType":"comment","entityId":"nope","reason":"r"}`, 404, []string{`"entityId"`}, nil},
		{"nobody reports themself", "Ana", "POST", "/api/reports", `{"entityType":"activity","entityId":"` + heat + `","reason":"r"}`, 400, []string{`"entityId"`}, nil},
		{"members cannot list reports", "Bea", "GET", "/api/collections/reports/records", "", 403, nil, nil},
		{"the moderator lists them with their targets", "mod", "GET", "/api/collections/reports/records?sort=created", "", 200,
			[]string{`"totalItems":3`, `Post by Ana: Shoot-out of the decade.`, `Comment by Bea: Rude remark`, `"targetUser":"` + ana}, nil},
	})
}

// TestHiddenContent: a post or comment a moderator hides is gone for everyone but its
// author, everywhere it is read; a dashboard delete keeps the count exact.
func TestHiddenContent(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if _, err := social.Like(w.app, heat, bea); err != nil { // a notification about Heat for Ana
		t.Fatal(err)
	}
	w.run(t, []step{
		{"before: Bea's feed shows Heat", "Bea", "GET", "/api/feed", "", 200, []string{heat}, nil},
		{"the moderator hides Heat", "mod", "PATCH", "/api/collections/activities/records/" + heat, `{"hidden":true}`, 200, nil, nil},
		{"Bea's feed no longer shows it", "Bea", "GET", "/api/feed", "", 200, []string{ronin}, []string{heat}},
		{"Ana still sees it, marked hidden", "Ana", "GET", "/api/feed", "", 200, []string{heat, `"hidden":true`}, nil},
		{"it is not on Ana's profile for Bea", "Bea", "GET", "/api/users/" + ana + "/activities", "", 200, []string{ronin}, []string{heat}},
		{"its page is missing for Bea", "Bea", "GET", "/api/activities/" + heat, "", 404, nil, nil},
		{"Bea cannot like it", "Bea", "POST", "/api/activities/" + heat + "/like", "", 404, nil, nil},
		{"nor comment on it", "Bea", "POST", "/api/activities/" + heat + "/comments", `{"content":"hi"}`, 404, nil, nil},
		{"Ana opens it with its notice", "Ana", "GET", "/api/activities/" + heat, "", 200, []string{`"hidden":true`}, nil},
		{"the moderator hides Bea's rude comment", "mod", "PATCH", "/api/collections/comments/records/{rude}", `{"hidden":true}`, 200, nil, nil},
		{"the card counts only what readers can open", "Cal", "GET", "/api/activities/" + ronin, "", 200, []string{`"commentCount":1`}, nil},
		{"Cal sees neither it nor the reply under it", "Cal", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Cal liked the car chase"}, []string{"Rude remark", "Reply under"}},
		{"Bea still sees her comment, marked hidden", "Bea", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Rude remark", `"hidden":true`}, nil},
		{"nobody else can like it", "Cal", "POST", "/api/comments/{rude}/like", "", 404, nil, nil},
		{"nor reply to it", "Cal", "POST", "/api/activities/" + ronin + "/comments", `{"content":"me too","parentCommentId":"{rude}"}`, 400, []string{`"parentCommentId"`}, nil},
		{"the moderator deletes Cal's comment", "mod", "DELETE", "/api/collections/comments/records/{calsays}", "", 204, nil, nil},
		{"the post's count follows the delete", "Ana", "GET", "/api/activities/" + ronin, "", 200, []string{`"commentCount":0`}, nil},
	})
}

// TestSuspension: a suspended member cannot sign in or write, and their content is hidden
// while suspended; lifting the suspension brings it back.
func TestSuspension(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cal, _ := w.app.FindRecordById("users", cal)
	w.run(t, []step{
		{"before: Cal's comment is in the thread", "Ana", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Cal liked the car chase"}, nil},
		{"the moderator suspends Cal", "mod", "PATCH", "/api/collections/users/records/" + cal.Id, `{"suspended":true}`, 200, nil, nil},
		{"Cal's session no longer reads", "Cal", "GET", "/api/feed", "", 401, nil, nil},
		{"nor writes", "Cal", "POST", "/api/activities/" + ronin + "/like", "", 401, nil, nil},
		{"signing in says why", "", "POST", "/api/auth/login", `{"email":"` + cal.Email() + `","password":"password123"}`, 403, []string{"This account is suspended."}, nil},
		{"PocketBase's own sign-in refuses too", "", "POST", "/api/collections/users/auth-with-password", `{"identity":"` + cal.Email() + `","password":"password123"}`, 403, nil, nil},
		{"a wrong password still says only that", "", "POST", "/api/auth/login", `{"email":"` + cal.Email() + `","password":"nope-nope"}`, 400, []string{"Invalid email or password."}, []string{"suspended"}},
		{"Cal's comment is gone from the thread", "Ana", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Rude remark"}, []string{"Cal liked the car chase"}},
		{"Cal's profile is gone", "Ana", "GET", "/api/users/" + cal.Id + "/profile", "", 404, nil, nil},
		{"nobody is suggested Cal", "Dee", "GET", "/api/users/suggestions", "", 200, []string{ana}, []string{cal.Id}},
		{"nobody can follow Cal", "Dee", "POST", "/api/follow", `{"userId":"` + cal.Id + `"}`, 404, nil, nil},
		{"the moderator lifts the suspension", "mod", "PATCH", "/api/collections/users/records/" + cal.Id, `{"suspended":false}`, 200, nil, nil},
		{"Cal signs in again", "", "POST", "/api/auth/login", `{"email":"` + cal.Email() + `","password":"password123"}`, 200, nil, nil},
		{"and his comment is back", "Ana", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Cal liked the car chase"}, nil},
	})
}

// TestBlocking: a blocked member cannot follow you, like, comment on or see your posts;
// you no longer see theirs; unblocking lifts it.
func TestBlocking(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.run(t, []step{
		{"Ana blocks Bea", "Ana", "POST", "/api/users/" + bea + "/block", "", 200, []string{`"blocked":true`}, nil},
		{"blocking twice is fine", "Ana", "POST", "/api/users/" + bea + "/block", "", 200, nil, nil},
		{"nobody blocks themself", "Ana", "POST", "/api/users/" + ana + "/block", "", 400, []string{`"id"`}, nil},
		{"Ana's settings list Bea", "Ana", "GET", "/api/user/blocks", "", 200, []string{bea}, nil},
		{"Bea's follow of Ana ended", "Bea", "GET", "/api/user/following", "", 200, nil, []string{ana}},
		{"Bea's feed has no Ana", "Bea", "GET", "/api/feed", "", 200, nil, []string{ronin, heat}},
		{"Bea cannot follow Ana again", "Bea", "POST", "/api/follow", `{"userId":"` + ana + `"}`, 403, []string{`"userId"`}, nil},
		{"nor open Ana's post", "Bea", "GET", "/api/activities/" + ronin, "", 404, nil, nil},
		{"nor like it", "Bea", "POST", "/api/activities/" + ronin + "/like", "", 404, nil, nil},
		{"nor comment on it", "Bea", "POST", "/api/activities/" + ronin + "/comments", `{"content":"hey"}`, 404, nil, nil},
		{"nor see Ana's profile", "Bea", "GET", "/api/users/" + ana + "/profile", "", 404, nil, nil},
		{"Ana no longer sees Bea's comment", "Ana", "GET", "/api/activities/" + ronin + "/comments", "", 200, []string{"Cal liked"}, []string{"Rude remark", "Reply under"}},
		{"Ana is not suggested Bea", "Ana", "GET", "/api/users/suggestions", "", 200, nil, []string{bea}},
		{"Ana unblocks Bea", "Ana", "DELETE", "/api/users/" + bea + "/block", "", 200, []string{`"blocked":false`}, nil},
		{"Bea may follow Ana again", "Bea", "POST", "/api/follow", `{"userId":"` + ana + `"}`, 200, nil, nil},
		{"and sees her posts", "Bea", "GET", "/api/feed", "", 200, []string{ronin}, nil},
		{"members cannot read blocks through the records API", "Ana", "GET", "/api/collections/blocks/records", "", 403, nil, nil},
	})
}

// TestBlockedActorsNotify: nothing a blocked member did reaches you as a notification.
func TestBlockedActorsNotify(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if _, err := social.Like(w.app, ronin, dee); err != nil {
		t.Fatal(err)
	}
	w.run(t, []step{
		{"Ana is told of Dee's like", "Ana", "GET", "/api/notifications", "", 200, []string{dee}, nil},
		{"Ana blocks Dee", "Ana", "POST", "/api/users/" + dee + "/block", "", 200, nil, nil},
		{"the notification is gone", "Ana", "GET", "/api/notifications", "", 200, nil, []string{dee}},
	})
}

// TestVisibleCommentsAnyOrder: a reply under a hidden comment is left out even when it
// comes first (comments made in the same millisecond sort by their random ids).
func TestVisibleCommentsAnyOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	records, err := w.app.FindRecordsByIds("comments", []string{w.ids["reply"], w.ids["rude"], w.ids["calsays"]})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*core.Record{}
	for _, r := range records {
		byID[r.Id] = r
	}
	byID[w.ids["rude"]].Set("hidden", true)
	ordered := []*core.Record{byID[w.ids["reply"]], byID[w.ids["rude"]], byID[w.ids["calsays"]]} // reply first
	got, err := moderation.VisibleComments(w.app, cal, ordered)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Id != w.ids["calsays"] {
		t.Fatalf("Cal should see only his own comment, got %d comments", len(got))
	}
	if got, _ := moderation.VisibleComments(w.app, bea, ordered); len(got) != 3 {
		t.Fatalf("Bea should see her hidden comment and the reply under it, got %d", len(got))
	}
}
