package comments_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"cinecircle/hooks/comments"
	"cinecircle/hooks/gifs"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const post = "anapost00000001"

// withPost signs Bea in; Ana owns the post `post`; Cal is a third member. The local GIF
// library holds the demo reactions.
func withPost(h map[string]string, setup func(t testing.TB, app *tests.TestApp, bea *core.Record)) func(testing.TB) *tests.TestApp {
	return testutil.SignedIn(h, "Bea", func(t testing.TB, app *tests.TestApp, bea *core.Record) {
		ana := testutil.CreateUser(t, app, "Ana")
		testutil.CreateUser(t, app, "Cal")
		col, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			t.Fatal(err)
		}
		a := core.NewRecord(col)
		a.Id = post
		a.Load(map[string]any{"user": ana.Id, "type": "movie_review", "data": map[string]any{"movieTitle": "Heat"}})
		if err := app.Save(a); err != nil {
			t.Fatal(err)
		}
		if err := gifs.SeedDemo(app); err != nil {
			t.Fatal(err)
		}
		if setup != nil {
			setup(t, app, bea)
		}
	})
}

// reply creates a comment by author directly through the domain call.
func reply(t testing.TB, app core.App, id, author, parent, text string) {
	t.Helper()
	activity, err := app.FindRecordById("activities", post)
	if err != nil {
		t.Fatal(err)
	}
	c, err := comments.Create(app, activity, testutil.UserID(author), comments.Input{Content: text, ParentID: parent})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("UPDATE comments SET id = {:new} WHERE id = {:old}").Bind(dbx.Params{"new": id, "old": c.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// chain makes a thread c0 → c1 → c2 → c3 (depths 0 to 3) by Ana.
func chain(t testing.TB, app *tests.TestApp, bea *core.Record) {
	reply(t, app, "comment00000000", "Ana", "", "depth 0")
	reply(t, app, "comment00000001", "Ana", "comment00000000", "depth 1")
	reply(t, app, "comment00000002", "Ana", "comment00000001", "depth 2")
	reply(t, app, "comment00000003", "Ana", "comment00000002", "depth 3")
}

func counts(t testing.TB, app core.App) (commentCount, rows int) {
	t.Helper()
	if err := app.DB().NewQuery("SELECT commentCount FROM activities WHERE id = {:id}").Bind(dbx.Params{"id": post}).Row(&commentCount); err != nil {
		t.Fatal(err)
	}
	n, _ := app.CountRecords("comments")
	return commentCount, int(n)
}

func expectCount(want int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if c, rows := counts(t, app); c != want || rows != want {
			t.Fatalf("commentCount %d, rows %d, want %d", c, rows, want)
		}
	}
}

func libraryURL(t testing.TB, app core.App) string {
	t.Helper()
	r, err := app.FindFirstRecordByData("gifs", "title", "Slow clap")
	if err != nil {
		t.Fatal(err)
	}
	return gifs.FileURL(r)
}

func TestCreateComment(t *testing.T) {
	t.Parallel()
	url := "/api/activities/" + post + "/comments"
	type tc struct {
		name, body string
		setup      func(t testing.TB, app *tests.TestApp, bea *core.Record)
		status     int
		contains   []string
		want       int
	}
	cases := []tc{
		{name: "a text comment, trimmed, counted on the post", body: `{"content":"  Loved it  "}`, status: 200,
			contains: []string{`"content":"Loved it"`, `"comment":"Loved it"`, `"commentType":"text"`, `"depth":0`, `"firstName":"Bea"`, `"parentCommentId":null`}, want: 1},
		{name: "the text may come as comment", body: `{"comment":"Same here"}`, status: 200, contains: []string{`"content":"Same here"`}, want: 1},
		{name: "the server decides the type, whatever the client says", body: `{"content":"hi","commentType":"gif"}`, status: 200,
			contains: []string{`"commentType":"text"`}, want: 1},
		{name: "empty text and no GIF is refused", body: `{"content":"   ","gifUrl":""}`, status: 400,
			contains: []string{`"content":{"code":"validation_required"`}, want: 0},
		{name: "2,001 characters is refused", body: `{"content":"` + strings.Repeat("é", 2001) + `"}`, status: 400,
			contains: []string{`"content":{"code":"validation_length_too_long"`}, want: 0},
		{name: "a GIF from elsewhere is refused", body: `{"gifUrl":"https://evil.example/x.gif"}`, status: 400,
			contains: []string{`"gifUrl":{"code":"validation_gif_source"`}, want: 0},
		{name: "wrong types are named", body: `{"content":5,"parentCommentId":[]}`, status: 400,
			contains: []string{`"content":{"code":"validation_not_a_string"`, `"parentCommentId":{"code":"validation_not_a_string"`}, want: 0},
		{name: "a reply to depth 2 is depth 3", body: `{"content":"deep","parentCommentId":"comment00000002"}`, setup: chain, status: 200,
			contains: []string{`"depth":3`, `"parentCommentId":"comment00000002"`}, want: 5},
		{name: "a reply to depth 3 is refused", body: `{"content":"deeper","parentCommentId":"comment00000003"}`, setup: chain, status: 400,
			contains: []string{`"parentCommentId":{"code":"validation_too_deep"`}, want: 4},
		{name: "a parent under another post is refused", body: `{"content":"x","parentCommentId":"nosuchcomment00"}`, status: 400,
			contains: []string{`"parentCommentId":{"code":"validation_unknown_parent"`}, want: 0},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: "POST", URL: url, Body: strings.NewReader(c.body), Headers: h,
			TestAppFactory: withPost(h, c.setup), ExpectedStatus: c.status, ExpectedContent: c.contains,
			AfterTestFunc: expectCount(c.want),
		}).Test(t)
	}

	// A GIF from our library, alone and with text.
	for _, withText := range []bool{false, true} {
		h := map[string]string{}
		s := &tests.ApiScenario{Name: "a library GIF comment", Method: "POST", URL: url, Headers: h, ExpectedStatus: 200,
			AfterTestFunc: expectCount(1)}
		s.ExpectedContent = []string{`"commentType":"gif"`, `"gifUrl":"/api/files/`}
		if withText {
			s.Name += " with text"
			s.ExpectedContent = []string{`"commentType":"text_with_gif"`}
		}
		s.TestAppFactory = withPost(h, func(t testing.TB, app *tests.TestApp, bea *core.Record) {
			body := map[string]any{"gifUrl": libraryURL(t, app), "gifId": "local-x"}
			if withText {
				body["content"] = "ha"
			}
			b, _ := json.Marshal(body)
			s.Body = strings.NewReader(string(b))
		})
		s.Test(t)
	}
	(&tests.ApiScenario{
		Name: "a visitor cannot comment", Method: "POST", URL: url,
		Body: strings.NewReader(`{"content":"x"}`), TestAppFactory: testutil.Factory(nil),
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}).Test(t)
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "comments on a missing post are a 404", Method: "POST", URL: "/api/activities/nopost/comments",
		Body: strings.NewReader(`{"content":"x"}`), Headers: h, TestAppFactory: withPost(h, nil),
		ExpectedStatus: 404, ExpectedContent: []string{`"status":404`},
	}).Test(t)
}

func TestListAndDelete(t *testing.T) {
	t.Parallel()
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "the thread, oldest first, with depth and isLiked", Method: "GET", URL: "/api/activities/" + post + "/comments",
		Headers: h, TestAppFactory: withPost(h, func(t testing.TB, app *tests.TestApp, bea *core.Record) {
			chain(t, app, bea)
			if _, err := comments.ToggleLike(app, "comment00000001", bea.Id); err != nil {
				t.Fatal(err)
			}
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`"content":"depth 3"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			var list []comments.Comment
			if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
				t.Fatal(err)
			}
			if len(list) != 4 || list[0].Content != "depth 0" || list[3].Depth != 3 || !list[1].IsLiked || list[1].LikeCount != 1 || list[0].IsLiked {
				t.Fatalf("%+v", list)
			}
			if list[0].User.Email != "" {
				t.Fatal("another member's email leaked")
			}
		},
	}).Test(t)

	type tc struct {
		name, signedIn, target string
		status, want           int
	}
	cases := []tc{
		{"the author deletes a comment and its replies", "Bea", "comment00000001", 204, 1},
		{"the post's owner deletes anyone's comment", "Ana", "comment00000000", 204, 0},
		{"someone else cannot", "Cal", "comment00000000", 403, 4},
		{"a missing comment is a 404", "Bea", "nosuchcomment00", 404, 4},
	}
	for _, c := range cases {
		h := map[string]string{}
		signedIn := c.signedIn
		(&tests.ApiScenario{
			Name: c.name, Method: "DELETE", URL: "/api/comments/" + c.target, Headers: h,
			TestAppFactory: withPost(map[string]string{}, func(t testing.TB, app *tests.TestApp, bea *core.Record) {
				reply(t, app, "comment00000000", "Ana", "", "top")
				reply(t, app, "comment00000001", "Bea", "comment00000000", "by Bea")
				reply(t, app, "comment00000002", "Ana", "comment00000001", "under Bea's")
				reply(t, app, "comment00000003", "Cal", "comment00000002", "under that")
				who, err := app.FindRecordById("users", testutil.UserID(signedIn))
				if err != nil {
					t.Fatal(err)
				}
				h["Cookie"] = testutil.SessionCookie(t, who)
			}),
			ExpectedStatus: c.status, AfterTestFunc: expectCount(c.want),
			ExpectedContent: map[bool][]string{true: nil, false: {`"status"`}}[c.status == 204],
		}).Test(t)
	}
}

func TestCommentLikesStayExact(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	col, _ := app.FindCollectionByNameOrId("activities")
	a := core.NewRecord(col)
	a.Load(map[string]any{"user": ana.Id, "type": "movie_watched", "data": map[string]any{}})
	if err := app.Save(a); err != nil {
		t.Fatal(err)
	}
	c, err := comments.Create(app, a, ana.Id, comments.Input{Content: "first"})
	if err != nil {
		t.Fatal(err)
	}
	members := make([]string, 12)
	for i := range members {
		members[i] = testutil.CreateUser(t, app, "Member"+string(rune('a'+i))).Id
	}
	var wg sync.WaitGroup
	for round := 0; round < 3; round++ { // like, unlike, like: everyone ends liked
		for _, m := range members {
			wg.Add(1)
			go func(m string) {
				defer wg.Done()
				if _, err := comments.ToggleLike(app, c.Id, m); err != nil {
					t.Error(err)
				}
			}(m)
		}
		wg.Wait()
	}
	var likeCount int
	_ = app.DB().NewQuery("SELECT likeCount FROM comments WHERE id = {:id}").Bind(dbx.Params{"id": c.Id}).Row(&likeCount)
	rows, _ := app.CountRecords("comment_likes")
	if likeCount != len(members) || int(rows) != len(members) {
		t.Fatalf("likeCount %d, rows %d, want %d", likeCount, rows, len(members))
	}
}
