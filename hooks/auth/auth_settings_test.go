package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// TestSettings: absent members keep their value, null or "" clears, every bad member is
// named, and nothing but an http(s) address without credentials is a website.
func TestSettings(t *testing.T) {
	t.Parallel()
	headers := map[string]string{}
	withBio := func(t testing.TB, app *tests.TestApp, me *core.Record) {
		me.Set("bio", "Horror fan.")
		me.Set("website", "https://ana.example/")
		if err := app.Save(me); err != nil {
			t.Fatal(err)
		}
	}
	stored := func(bio, website string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			me := findAna(t, app)
			if me.GetString("bio") != bio || me.GetString("website") != website {
				t.Errorf("stored bio %q website %q, want %q %q", me.GetString("bio"), me.GetString("website"), bio, website)
			}
		}
	}
	patch := func(name, body string, status int, content []string, after func(testing.TB, *tests.TestApp, *http.Response)) tests.ApiScenario {
		return tests.ApiScenario{
			Name: name, Method: http.MethodPatch, URL: "/api/user/settings", Body: strings.NewReader(body),
			Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", withBio),
			ExpectedStatus: status, ExpectedContent: content, AfterTestFunc: after,
		}
	}
	bad := func(name, body string, fields ...string) tests.ApiScenario {
		content := []string{`"status":400`}
		for _, f := range fields {
			content = append(content, `"`+f+`":{"code"`)
		}
		return patch(name, body, http.StatusBadRequest, content, stored("Horror fan.", "https://ana.example/"))
	}
	scenarios := []tests.ApiScenario{
		{Name: "a visitor gets 401", Method: http.MethodGet, URL: "/api/user/settings", TestAppFactory: testutil.Factory(nil), ExpectedStatus: http.StatusUnauthorized, ExpectedContent: []string{`"status":401`}},
		{Name: "the member reads their settings", Method: http.MethodGet, URL: "/api/user/settings", Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", withBio), ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"bio":"Horror fan."`, `"website":"https://ana.example/"`}},
		patch("an absent member keeps its value", `{"bio":"  Comedy now.  "}`, http.StatusOK, []string{`"bio":"Comedy now."`, `"website":"https://ana.example/"`}, stored("Comedy now.", "https://ana.example/")),
		patch("null and empty clear", `{"bio":null,"website":""}`, http.StatusOK, []string{`"bio":""`, `"website":""`}, stored("", "")),
		patch("markup is kept as text", `{"bio":"<b>bold</b> & line\nbreak"}`, http.StatusOK, []string{`"bio":"<b>bold</b>`}, stored("<b>bold</b> & line\nbreak", "https://ana.example/")),
		patch("300 characters fit", `{"bio":"`+strings.Repeat("é", 300)+`"}`, http.StatusOK, []string{`"bio":"éé`}, stored(strings.Repeat("é", 300), "https://ana.example/")),
		bad("301 characters do not", `{"bio":"`+strings.Repeat("é", 301)+`"}`, "bio"),
		bad("control characters", `{"bio":"a\u0000b"}`, "bio"),
		bad("wrong types name both", `{"bio":5,"website":[]}`, "bio", "website"),
		bad("javascript: is no website", `{"website":"javascript:alert(1)"}`, "website"),
		bad("data: is no website", `{"website":"data:text/html,hi"}`, "website"),
		bad("credentials in a website", `{"website":"https://user:pw@ana.example/"}`, "website"),
		bad("a bare host is no website", `{"website":"ana.example"}`, "website"),
		bad("a website over 200 characters", `{"website":"https://ana.example/`+strings.Repeat("a", 190)+`"}`, "website"),
		patch("http is fine", `{"website":"http://ana.example/films?x=1"}`, http.StatusOK, []string{`"website":"http://ana.example/films?x=1"`}, stored("Horror fan.", "http://ana.example/films?x=1")),
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
