package social_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

var (
	ana = testutil.UserID("Ana")
	bea = testutil.UserID("Bea")
)

// withMembers signs Ana in, creates the other members and runs the follows "a>b".
func withMembers(h map[string]string, others []string, follows ...string) func(testing.TB) *tests.TestApp {
	return testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
		for _, n := range others {
			testutil.CreateUser(t, app, n)
		}
		for _, f := range follows {
			a, b, _ := strings.Cut(f, ">")
			if err := social.Follow(app, testutil.UserID(a), testutil.UserID(b)); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func expectFollows(want int, pairs ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		n, err := app.CountRecords("follows")
		if err != nil || int(n) != want {
			t.Fatalf("follows = %d (%v), want %d", n, err, want)
		}
		for _, p := range pairs {
			a, b, _ := strings.Cut(p, ">")
			if !social.IsFollowing(app, testutil.UserID(a), testutil.UserID(b)) {
				t.Fatalf("%s should follow %s", a, b)
			}
		}
	}
}

func TestFollowRoutes(t *testing.T) {
	t.Parallel()
	h := func() map[string]string { return map[string]string{} }
	type tc struct {
		name, method, url, body string
		others                  []string
		follows                 []string
		status                  int
		contains                []string
		after                   func(testing.TB, *tests.TestApp, *http.Response)
	}
	cases := []tc{
		{"follows a member", "POST", "/api/follow", `{"userId":"` + bea + `"}`, []string{"Bea"}, nil,
			200, []string{`"following":true`}, expectFollows(1, "Ana>Bea")},
		{"following twice keeps one row", "POST", "/api/follow", `{"userId":"` + bea + `"}`, []string{"Bea"}, []string{"Ana>Bea"},
			200, []string{`"following":true`}, expectFollows(1, "Ana>Bea")},
		{"cannot follow yourself", "POST", "/api/follow", `{"userId":"` + ana + `"}`, nil, nil,
			400, []string{`"userId":{"code":"validation_self_follow"`}, expectFollows(0)},
		{"an unknown member is a 404", "POST", "/api/follow", `{"userId":"nosuchmember000"}`, nil, nil,
			404, []string{`"userId":{"code":"validation_unknown_user"`}, expectFollows(0)},
		{"a missing userId is named", "POST", "/api/follow", `{}`, nil, nil,
			400, []string{`"userId":{"code":"validation_required"`}, expectFollows(0)},
		{"a wrong type is a 400", "POST", "/api/follow", `{"userId":7}`, nil, nil,
			400, []string{`"status":400`}, expectFollows(0)},
		{"unfollows", "DELETE", "/api/follow/" + bea, "", []string{"Bea"}, []string{"Ana>Bea", "Bea>Ana"},
			200, []string{`"following":false`}, expectFollows(1, "Bea>Ana")},
		{"unfollowing someone you don't follow is fine", "DELETE", "/api/follow/" + bea, "", []string{"Bea"}, nil,
			200, []string{`"following":false`}, expectFollows(0)},
	}
	for _, c := range cases {
		headers := h()
		s := tests.ApiScenario{
			Name: c.name, Method: c.method, URL: c.url, Headers: headers,
			TestAppFactory: withMembers(headers, c.others, c.follows...),
			ExpectedStatus: c.status, ExpectedContent: c.contains, AfterTestFunc: c.after,
		}
		if c.body != "" {
			s.Body = strings.NewReader(c.body)
		}
		s.Test(t)
	}
	for _, url := range []string{"/api/user/following", "/api/user/followers", "/api/suggested-friends", "/api/users/suggestions"} {
		(&tests.ApiScenario{
			Name: "a visitor gets 401 from " + url, Method: http.MethodGet, URL: url,
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
		}).Test(t)
	}
	(&tests.ApiScenario{
		Name: "a visitor cannot follow", Method: http.MethodPost, URL: "/api/follow", Body: strings.NewReader(`{"userId":"x"}`),
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}).Test(t)
}

// names decodes a list answer into the members' first names, in order.
func names(t testing.TB, res *http.Response) []string {
	t.Helper()
	var list []struct {
		FirstName   string `json:"firstName"`
		Email       string `json:"email"`
		IsFollowing *bool  `json:"isFollowing"`
		MutualCount int    `json:"mutualCount"`
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(list))
	for i, u := range list {
		if u.Email != "" {
			t.Fatalf("another member's email leaked: %s", u.Email)
		}
		out[i] = u.FirstName
		if u.IsFollowing != nil && *u.IsFollowing {
			out[i] += "*"
		}
	}
	return out
}

func expectNames(want ...string) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		got := names(t, res)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestFollowLists(t *testing.T) {
	t.Parallel()
	others := []string{"Zed", "Bea", "Cal", "Dee", "Eve"}
	graph := []string{"Ana>Zed", "Ana>Bea", "Bea>Ana", "Cal>Ana", "Dee>Eve"}
	type tc struct {
		name, url string
		want      []string
	}
	cases := []tc{
		{"following is sorted by name, without emails", "/api/user/following", []string{"Bea", "Zed"}},
		{"followers say whom you follow back", "/api/user/followers", []string{"Bea*", "Cal"}},
	}
	for _, c := range cases {
		headers := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: c.url, Headers: headers,
			TestAppFactory: withMembers(headers, others, graph...),
			ExpectedStatus: 200, ExpectedContent: []string{`"firstName"`},
			AfterTestFunc: expectNames(c.want...),
		}).Test(t)
	}
}

func TestSuggestions(t *testing.T) {
	t.Parallel()
	// Ana follows Bea and Cal. Bea and Cal both follow Dee; Cal follows Eve; Fay is popular.
	others := []string{"Bea", "Cal", "Dee", "Eve", "Fay", "Gus"}
	graph := []string{"Ana>Bea", "Ana>Cal", "Bea>Dee", "Cal>Dee", "Cal>Eve", "Bea>Ana",
		"Gus>Fay", "Eve>Fay", "Dee>Fay"}
	cases := []struct {
		name, url string
		want      []string
	}{
		{"three people: friends of friends first, by mutual follows", "/api/suggested-friends", []string{"Dee", "Eve", "Fay"}},
		{"Discover pads with popular members, never me or whom I follow", "/api/users/suggestions", []string{"Dee", "Eve", "Fay", "Gus"}},
		{"Discover honours a limit", "/api/users/suggestions?limit=2", []string{"Dee", "Eve"}},
	}
	for _, c := range cases {
		headers := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodGet, URL: c.url, Headers: headers,
			TestAppFactory: withMembers(headers, others, graph...),
			ExpectedStatus: 200, ExpectedContent: []string{`"mutualCount"`},
			AfterTestFunc: expectNames(c.want...),
		}).Test(t)
	}
}
