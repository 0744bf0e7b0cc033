package social_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

var cal = testutil.UserID("Cal")

// The feed world's posts, newest first as Ana's feed shows them. Cal's post is the newest
// of all, but Ana doesn't follow Cal (Cal follows her).
const (
	anaPost  = "anapost00000001"
	beaPost  = "beapost00000001"
	beaPost2 = "beapost00000002"
	beaTieA  = "beatie000000001" // beaTieA and beaTieB share a created time: id breaks the tie
	beaTieB  = "beatie000000002"
	calPost  = "calpost00000001"
)

var anaFeed = []string{anaPost, beaPost, beaPost2, beaTieB, beaTieA}

// feedWorld builds Ana's circle: she follows Bea, Cal follows her. Bea has older posts
// when older > 0 (a minute apart, a day back). Likes: Ana likes Bea's post; Bea likes
// her own post and Ana's. The session cookie is signedIn's.
func feedWorld(h map[string]string, signedIn string, older int) func(testing.TB) *tests.TestApp {
	return testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		members := map[string]*core.Record{}
		for _, n := range []string{"Ana", "Bea", "Cal"} {
			members[n] = testutil.CreateUser(t, app, n)
		}
		h["Cookie"] = testutil.SessionCookie(t, members[signedIn])
		for _, f := range [][2]string{{ana, bea}, {cal, ana}} {
			if err := social.Follow(app, f[0], f[1]); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now().UTC().Truncate(time.Second)
		post := func(id, user string, ago time.Duration) {
			testutil.CreateActivity(t, app, id, user, "movie_rating", now.Add(-ago), map[string]any{
				"movieId": 603, "movieTitle": "The Matrix", "status": "watched", "rating": 8.5,
			})
		}
		post(calPost, cal, 10*time.Minute)
		post(anaPost, ana, time.Hour)
		post(beaPost, bea, 2*time.Hour)
		post(beaPost2, bea, 3*time.Hour)
		post(beaTieA, bea, 4*time.Hour)
		post(beaTieB, bea, 4*time.Hour)
		for i := range older {
			post(fmt.Sprintf("beaold%09d", i), bea, 24*time.Hour+time.Duration(i)*time.Minute)
		}
		for _, l := range [][2]string{{beaPost, ana}, {beaPost, bea}, {anaPost, bea}} {
			if _, err := social.Like(app, l[0], l[1]); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// decodeActivities reads a list answer and checks that no other member's email is in it.
func decodeActivities(t testing.TB, res *http.Response, viewer string) []social.Activity {
	t.Helper()
	var list []social.Activity
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	for _, a := range list {
		if a.User.ID != a.UserID {
			t.Fatalf("%s: user.id %q != userId %q", a.ID, a.User.ID, a.UserID)
		}
		if a.UserID != viewer && a.User.Email != "" {
			t.Fatalf("another member's email leaked: %s", a.User.Email)
		}
		if a.UserID == viewer && !strings.HasSuffix(a.User.Email, "@example.com") {
			t.Fatalf("the viewer's own email should be present, got %q", a.User.Email)
		}
		if _, err := time.Parse(time.RFC3339, a.CreatedAt); err != nil {
			t.Fatalf("createdAt %q is not ISO 8601", a.CreatedAt)
		}
	}
	return list
}

// expectIDs checks the answer's activity ids, in order; a trailing "…N" checks only the
// count of what follows the named ids.
func expectIDs(viewer string, want []string, total int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		list := decodeActivities(t, res, viewer)
		if len(list) != total {
			t.Fatalf("got %d activities, want %d", len(list), total)
		}
		for i, id := range want {
			if list[i].ID != id {
				got := make([]string, len(list))
				for j, a := range list {
					got[j] = a.ID
				}
				t.Fatalf("position %d: got %v, want %v first", i, got, want)
			}
		}
	}
}

func TestFeed(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, url string
		older     int
		want      []string
		total     int
	}
	cases := []tc{
		{"own and followed posts, newest first, ties by id", "/api/feed", 0, anaFeed, 5},
		{"page 2 of 2-item pages", "/api/feed?limit=2&page=2", 0, anaFeed[2:4], 2},
		{"past the end is an empty page", "/api/feed?limit=20&page=3", 0, nil, 0},
		{"the default page is 20", "/api/feed", 30, anaFeed, 20},
		{"limit is capped at 50", "/api/feed?limit=500", 60, anaFeed, 50},
		{"page 2 continues where page 1 ended", "/api/feed?limit=20&page=2", 30, []string{"beaold000000015"}, 15},
		{"before= starts right after the named post", "/api/feed?limit=2&before=" + beaPost, 0, anaFeed[2:4], 2},
		{"before= settles a tie by id", "/api/feed?limit=20&before=" + beaTieB, 0, []string{beaTieA}, 1},
		{"before= reaches back past a quiet day", "/api/feed?limit=20&before=" + beaTieA, 30, []string{"beaold000000000", "beaold000000001"}, 20},
		{"before= the last post is an empty page", "/api/feed?before=" + beaTieA, 0, nil, 0},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: c.url, Headers: h,
			TestAppFactory: feedWorld(h, "Ana", c.older),
			ExpectedStatus: 200, ExpectedContent: []string{`[`}, AfterTestFunc: expectIDs(ana, c.want, c.total),
		}).Test(t)
	}
	(&tests.ApiScenario{
		Name: "a visitor gets 401", Method: http.MethodGet, URL: "/api/feed",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}).Test(t)
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "a before= that names no post is a 400 naming the field", Method: http.MethodGet, URL: "/api/feed?before=nosuchpost0000", Headers: h,
		TestAppFactory: feedWorld(h, "Ana", 0), ExpectedStatus: 400, ExpectedContent: []string{`"before"`, `"validation_bad_cursor"`},
	}).Test(t)
	for _, bad := range []struct{ query, param string }{
		{"limit=0", "limit"}, {"limit=abc", "limit"}, {"page=-4", "page"}, {"limit=20&page=x", "page"},
	} {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: "?" + bad.query + " is a 400 naming " + bad.param, Method: http.MethodGet, URL: "/api/feed?" + bad.query, Headers: h,
			TestAppFactory: feedWorld(h, "Ana", 0), ExpectedStatus: 400,
			ExpectedContent: []string{`"` + bad.param + `":{"code":"validation_invalid_number"`, `"message":"The ` + bad.param + ` must be a positive number."`},
		}).Test(t)
	}
	h = map[string]string{}
	(&tests.ApiScenario{
		Name: "a member with nothing to read gets an empty array", Method: http.MethodGet, URL: "/api/feed", Headers: h,
		TestAppFactory: testutil.SignedIn(h, "Zoe", nil), ExpectedStatus: 200, ExpectedContent: []string{`[]`},
	}).Test(t)
}

func TestFeedShape(t *testing.T) {
	t.Parallel()
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "every field of SPEC §3's Activity, isLiked for the viewer", Method: http.MethodGet, URL: "/api/feed", Headers: h,
		TestAppFactory: feedWorld(h, "Ana", 0), ExpectedStatus: 200,
		ExpectedContent: []string{
			`"id":"` + beaPost + `","type":"movie_rating","userId":"` + bea + `","user":{"id":"` + bea +
				`","firstName":"Bea","lastName":"","email":"","nickname":null,"displayPreference":"fullname","profileImageUrl":""},"createdAt":"`,
			`"isLiked":true,"likeCount":2,"commentCount":0,"data":{`,
			`"movieTitle":"The Matrix"`,
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			liked := map[string]bool{}
			for _, a := range decodeActivities(t, res, ana) {
				liked[a.ID] = a.IsLiked
				if a.ID == anaPost && a.LikeCount != 1 {
					t.Fatalf("Ana's post has %d likes, want 1", a.LikeCount)
				}
			}
			if !liked[beaPost] || liked[anaPost] || liked[beaPost2] {
				t.Fatalf("isLiked must be Ana's own likes: %v", liked)
			}
		},
	}).Test(t)
}

func TestActivityRoutes(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, url, viewer string
		status            int
		contains          []string
		want              []string
		total             int
	}
	cases := []tc{
		{"one activity in the feed's shape", "/api/activities/" + beaPost, "Ana", 200,
			[]string{`"id":"` + beaPost + `"`, `"isLiked":true`, `"likeCount":2`, `"email":""`}, nil, 0},
		{"isLiked is the viewer's", "/api/activities/" + anaPost, "Cal", 200,
			[]string{`"id":"` + anaPost + `"`, `"isLiked":false`, `"likeCount":1`, `"email":""`}, nil, 0},
		{"a missing activity is a 404", "/api/activities/nosuchactivity", "Ana", 404, []string{`"status":404`}, nil, 0},
		{"a member's posts, newest first", "/api/users/" + bea + "/activities", "Ana", 200,
			nil, []string{beaPost, beaPost2, beaTieB, beaTieA}, 4},
		{"anyone's posts, followed or not", "/api/users/" + cal + "/activities", "Ana", 200, nil, []string{calPost}, 1},
		{"me is the signed-in member", "/api/users/me/activities", "Ana", 200, nil, []string{anaPost}, 1},
		{"posts page too", "/api/users/" + bea + "/activities?limit=2&page=2", "Ana", 200, nil, []string{beaTieB, beaTieA}, 2},
		{"an unknown member is a 404", "/api/users/nosuchmember000/activities", "Ana", 404, []string{`"status":404`}, nil, 0},
	}
	for _, c := range cases {
		h := map[string]string{}
		s := tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: c.url, Headers: h,
			TestAppFactory: feedWorld(h, c.viewer, 0), ExpectedStatus: c.status, ExpectedContent: c.contains,
		}
		if c.want != nil {
			s.ExpectedContent = []string{`[{"id":`}
			s.AfterTestFunc = expectIDs(testutil.UserID(c.viewer), c.want, c.total)
		}
		s.Test(t)
	}
	for _, url := range []string{"/api/activities/" + beaPost, "/api/users/me/activities"} {
		(&tests.ApiScenario{
			Name: "a visitor gets 401 from " + url, Method: http.MethodGet, URL: url,
			TestAppFactory: feedWorld(map[string]string{}, "Ana", 0), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
		}).Test(t)
	}
}

// TestActivityRules checks that the collections' REST API stays closed: the routes above
// are the API, and they hide emails and add isLiked.
func TestActivityRules(t *testing.T) {
	t.Parallel()
	for _, url := range []string{"/api/collections/activities/records", "/api/collections/activity_likes/records"} {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: "a member cannot list " + url, Method: http.MethodGet, URL: url, Headers: h,
			TestAppFactory: feedWorld(h, "Ana", 0), ExpectedStatus: 403, ExpectedContent: []string{`"status":403`},
		}).Test(t)
	}
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "a member cannot write an activity", Method: http.MethodPost, URL: "/api/collections/activities/records", Headers: h,
		Body:           strings.NewReader(`{"user":"` + ana + `","type":"movie_watched"}`),
		TestAppFactory: feedWorld(h, "Ana", 0), ExpectedStatus: 403, ExpectedContent: []string{`"status":403`},
	}).Test(t)
}
