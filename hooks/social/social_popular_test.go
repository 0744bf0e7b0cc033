package social_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestPopularRankingIsKeptAndFilteredEachTime: with no friends of friends to suggest,
// Ana is suggested the members with the most followers, then the newest members. The
// ranking is kept between requests, yet every request leaves out who was suspended,
// blocked or followed since, and a member who signs up since is suggested at once,
// after the members with followers.
func TestPopularRankingIsKeptAndFilteredEachTime(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	for i, n := range []string{"Bea", "Cal", "Dee", "Eve", "Fay", "Gus"} {
		u := testutil.CreateUser(t, app, n)
		created := time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC).Format("2006-01-02 15:04:05.000Z")
		if _, err := app.DB().Update("users", dbx.Params{"created": created}, dbx.HashExp{"id": u.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range [][2]string{{"Cal", "Bea"}, {"Dee", "Bea"}, {"Eve", "Bea"}, {"Dee", "Cal"}, {"Eve", "Cal"}, {"Eve", "Dee"}} {
		if err := social.Follow(app, testutil.UserID(f[0]), testutil.UserID(f[1])); err != nil {
			t.Fatal(err)
		}
	}
	suggested := func() []string {
		t.Helper()
		list, err := social.Suggestions(app, ana.Id, 10)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{}
		for _, s := range list {
			out = append(out, s.FirstName)
		}
		return out
	}
	if got, want := suggested(), []string{"Bea", "Cal", "Dee", "Gus", "Fay", "Eve"}; !slices.Equal(got, want) {
		t.Fatalf("by followers, then newest: %v, want %v", got, want)
	}

	cal, err := app.FindRecordById("users", testutil.UserID("Cal"))
	if err != nil {
		t.Fatal(err)
	}
	cal.Set("suspended", true)
	if err := app.Save(cal); err != nil {
		t.Fatal(err)
	}
	if err := moderation.Block(app, ana.Id, testutil.UserID("Dee")); err != nil {
		t.Fatal(err)
	}
	if err := social.Follow(app, ana.Id, testutil.UserID("Gus")); err != nil {
		t.Fatal(err)
	}
	testutil.CreateUser(t, app, "Ivy")
	if got, want := suggested(), []string{"Bea", "Ivy", "Fay", "Eve"}; !slices.Equal(got, want) {
		t.Fatalf("after Cal's suspension, Ana's block of Dee, her follow of Gus and Ivy's sign-up: %v, want %v", got, want)
	}
}

// TestFriendsOfFriendsTieGoesToTheLatestFollow: Bea, whom Ana follows, follows Dee and
// then Eve; each has one follow in common with Ana, so the one Bea followed last comes
// first.
func TestFriendsOfFriendsTieGoesToTheLatestFollow(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	for _, n := range []string{"Bea", "Dee", "Eve"} {
		testutil.CreateUser(t, app, n)
	}
	for _, f := range [][2]string{{"Ana", "Bea"}, {"Bea", "Dee"}, {"Bea", "Eve"}} {
		if err := social.Follow(app, testutil.UserID(f[0]), testutil.UserID(f[1])); err != nil {
			t.Fatal(err)
		}
	}
	list, err := social.Suggestions(app, ana.Id, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].FirstName != "Eve" || list[1].FirstName != "Dee" || list[0].MutualCount != 1 {
		t.Fatalf("suggestions %+v, want Eve then Dee, one in common each", list)
	}
}

// TestFriendsOfFriendsKeptUntilMyFollowsChange: Ana's friends of friends are kept
// between requests, yet Dee's suspension takes him out at once, and Ana's own new follow
// (of Cal, who follows Eve) brings Eve in at once.
func TestFriendsOfFriendsKeptUntilMyFollowsChange(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	for _, n := range []string{"Bea", "Cal", "Dee", "Eve"} {
		testutil.CreateUser(t, app, n)
	}
	follow := func(a, b string) {
		t.Helper()
		if err := social.Follow(app, testutil.UserID(a), testutil.UserID(b)); err != nil {
			t.Fatal(err)
		}
	}
	follow("Ana", "Bea")
	follow("Bea", "Dee")
	follow("Cal", "Eve")
	first := func() (string, int) {
		t.Helper()
		list, err := social.Suggestions(app, ana.Id, 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("suggestions: %+v %v", list, err)
		}
		return list[0].FirstName, list[0].MutualCount
	}
	if name, mutual := first(); name != "Dee" || mutual != 1 {
		t.Fatalf("first %s (%d in common), want Dee (1)", name, mutual)
	}
	dee, err := app.FindRecordById("users", testutil.UserID("Dee"))
	if err != nil {
		t.Fatal(err)
	}
	dee.Set("suspended", true)
	if err := app.Save(dee); err != nil {
		t.Fatal(err)
	}
	if name, mutual := first(); name == "Dee" || mutual != 0 {
		t.Fatalf("after Dee's suspension: %s (%d in common)", name, mutual)
	}
	follow("Ana", "Cal")
	if name, mutual := first(); name != "Eve" || mutual != 1 {
		t.Fatalf("after Ana follows Cal: %s (%d in common), want Eve (1)", name, mutual)
	}
}

// TestFollowersBeyondSQLitesLimit: a member followed by more members than one query may
// bind values (32,766) still gets their whole followers list, in name order.
func TestFollowersBeyondSQLitesLimit(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	const n = 33000
	for _, q := range []string{
		`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {:n})
		INSERT INTO users (id, email, password, tokenKey, firstName) SELECT printf('fan%012d', i), printf('fan%d@example.com', i), 'x', printf('fan%012d', i), printf('Fan %05d', i) FROM s`,
		`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {:n})
		INSERT INTO follows (id, follower, following) SELECT printf('f%014d', i), printf('fan%012d', i), {:ana} FROM s`,
	} {
		if _, err := app.DB().NewQuery(q).Bind(dbx.Params{"n": n, "ana": ana.Id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	srv := testutil.Serve(t, app)
	req, _ := http.NewRequest("GET", srv.URL+"/api/user/followers", nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, ana))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []struct {
		FirstName string `json:"firstName"`
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /api/user/followers: %d %v", res.StatusCode, err)
	}
	if len(list) != n || list[0].FirstName != "Fan 00001" || list[n-1].FirstName != "Fan 33000" {
		t.Fatalf("%d followers, first %v, want %d from Fan 00001 to Fan 33000", len(list), list[:min(1, len(list))], n)
	}
}
