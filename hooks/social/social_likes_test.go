package social_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// likeRows counts the like rows of an activity, the truth likeCount must equal.
func likeRows(t testing.TB, app core.App, activityID string) int {
	t.Helper()
	var n int
	if err := app.DB().Select("COUNT(*)").From("activity_likes").
		Where(dbx.HashExp{"activity": activityID}).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func storedLikeCount(t testing.TB, app core.App, activityID string) int {
	t.Helper()
	r, err := app.FindRecordById("activities", activityID)
	if err != nil {
		t.Fatal(err)
	}
	return r.GetInt("likeCount")
}

// expectLikes checks the activity's stored count and its like rows.
func expectLikes(activityID string, want int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if rows, count := likeRows(t, app, activityID), storedLikeCount(t, app, activityID); rows != want || count != want {
			t.Fatalf("%s: %d like rows, likeCount %d, want %d", activityID, rows, count, want)
		}
	}
}

func TestLikeRoutes(t *testing.T) {
	t.Parallel()
	// In feedWorld, Bea's post has two likes (Ana's and Bea's), Ana's post one (Bea's).
	type tc struct {
		name, method, url, viewer string
		status                    int
		contains                  []string
		activity                  string
		likes                     int
	}
	cases := []tc{
		{"likes a friend's post", "POST", "/api/activities/" + beaPost2 + "/like", "Ana", 200,
			[]string{`{"isLiked":true,"likeCount":1}`}, beaPost2, 1},
		{"liking twice keeps one like", "POST", "/api/activities/" + beaPost + "/like", "Ana", 200,
			[]string{`{"isLiked":true,"likeCount":2}`}, beaPost, 2},
		{"a member may like their own post", "POST", "/api/activities/" + anaPost + "/like", "Ana", 200,
			[]string{`{"isLiked":true,"likeCount":2}`}, anaPost, 2},
		{"anyone may like a post they can open", "POST", "/api/activities/" + beaPost + "/like", "Cal", 200,
			[]string{`{"isLiked":true,"likeCount":3}`}, beaPost, 3},
		{"unlikes", "DELETE", "/api/activities/" + beaPost + "/like", "Ana", 200,
			[]string{`{"isLiked":false,"likeCount":1}`}, beaPost, 1},
		{"unliking what you don't like changes nothing", "DELETE", "/api/activities/" + beaPost2 + "/like", "Ana", 200,
			[]string{`{"isLiked":false,"likeCount":0}`}, beaPost2, 0},
		{"liking a missing post is a 404", "POST", "/api/activities/nosuchactivity/like", "Ana", 404,
			[]string{`"status":404`}, beaPost, 2},
		{"unliking a missing post is a 404", "DELETE", "/api/activities/nosuchactivity/like", "Ana", 404,
			[]string{`"status":404`}, beaPost, 2},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: feedWorld(h, c.viewer, 0), ExpectedStatus: c.status, ExpectedContent: c.contains,
			AfterTestFunc: expectLikes(c.activity, c.likes),
		}).Test(t)
	}
	for _, method := range []string{http.MethodPost, http.MethodDelete} {
		(&tests.ApiScenario{
			Name: "a visitor cannot " + method + " a like", Method: method, URL: "/api/activities/" + beaPost + "/like",
			TestAppFactory: feedWorld(map[string]string{}, "Ana", 0), ExpectedStatus: 401,
			ExpectedContent: []string{`"status":401`}, AfterTestFunc: expectLikes(beaPost, 2),
		}).Test(t)
	}
}

// TestLikesStayExactUnderConcurrency fires 40 like and unlike calls from 20 members at
// once against one app: the count must end equal to the like rows, each member with at
// most one row. The first ten members like twice (idempotent: they must end liked); the
// others like and unlike at once (either may win).
func TestLikesStayExactUnderConcurrency(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	author := testutil.CreateUser(t, app, "Author")
	post := testutil.CreateActivity(t, app, "racepost0000001", author.Id, "movie_watched", time.Now(), nil)
	members := make([]string, 20)
	for i := range members {
		members[i] = testutil.CreateUser(t, app, fmt.Sprintf("Racer%c", 'a'+i)).Id
	}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	start := make(chan struct{})
	for i, m := range members {
		second := social.Like
		if i >= 10 {
			second = social.Unlike
		}
		for _, call := range []func(core.App, string, string) (social.LikeState, error){social.Like, second} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if _, err := call(app, post.Id, m); err != nil {
					errs <- err
				}
			}()
		}
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a concurrent like failed: %v", err)
	}
	rows, count := likeRows(t, app, post.Id), storedLikeCount(t, app, post.Id)
	if rows != count {
		t.Fatalf("likeCount %d but %d like rows", count, rows)
	}
	if rows < 10 || rows > 20 {
		t.Fatalf("%d like rows, want 10 to 20", rows)
	}
	for i, m := range members {
		var n int
		_ = app.DB().Select("COUNT(*)").From("activity_likes").
			Where(dbx.HashExp{"activity": post.Id, "user": m}).Row(&n)
		if n > 1 || (i < 10 && n != 1) {
			t.Fatalf("member %d has %d like rows", i, n)
		}
	}
}

// TestLikeCountFollowsCascades checks the counter when likes go without the routes: a
// member who liked deletes their account, and a superuser deletes a like row.
func TestLikeCountFollowsCascades(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	author := testutil.CreateUser(t, app, "Author")
	fan := testutil.CreateUser(t, app, "Fan")
	other := testutil.CreateUser(t, app, "Other")
	post := testutil.CreateActivity(t, app, "cascadepost0001", author.Id, "movie_watched", time.Now(), nil)
	for _, u := range []string{author.Id, fan.Id, other.Id} {
		if _, err := social.Like(app, post.Id, u); err != nil {
			t.Fatal(err)
		}
	}
	if err := app.Delete(fan); err != nil {
		t.Fatal(err)
	}
	if got := storedLikeCount(t, app, post.Id); got != 2 || likeRows(t, app, post.Id) != 2 {
		t.Fatalf("after the fan left: likeCount %d, want 2", got)
	}
	like, err := app.FindFirstRecordByFilter("activity_likes", "user = {:u}", dbx.Params{"u": other.Id})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(like); err != nil {
		t.Fatal(err)
	}
	if got := storedLikeCount(t, app, post.Id); got != 1 {
		t.Fatalf("after a superuser removed a like: likeCount %d, want 1", got)
	}
	// Deleting the post takes its likes with it.
	if err := app.Delete(post); err != nil {
		t.Fatal(err)
	}
	if n := likeRows(t, app, post.Id); n != 0 {
		t.Fatalf("%d like rows outlived their post", n)
	}
}
