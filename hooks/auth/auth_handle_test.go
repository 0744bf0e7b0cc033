package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// TestHandles: the form rules, reserved words, uniqueness regardless of case (old handles
// still redirecting count), the suggestion from the nickname, and the redirect kept after
// a change.
func TestHandles(t *testing.T) {
	t.Parallel()
	headers := map[string]string{}
	setup := func(t testing.TB, app *tests.TestApp, me *core.Record) {
		bea := testutil.CreateUser(t, app, "Bea")
		bea.Set("handle", "BeaFilms")
		if err := app.Save(bea); err != nil {
			t.Fatal(err)
		}
		me.Set("nickname", "Ána Lü")
		if err := app.Save(me); err != nil {
			t.Fatal(err)
		}
	}
	patch := func(name, body string, status int, content ...string) {
		(&tests.ApiScenario{
			Name: name, Method: http.MethodPatch, URL: "/api/user/settings", Body: strings.NewReader(body),
			Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", setup), ExpectedStatus: status, ExpectedContent: content,
		}).Test(t)
	}
	patch("a good handle", `{"handle":"ana_watches"}`, 200, `"handle":"ana_watches"`)
	patch("too short", `{"handle":"an"}`, 400, `"handle":{"code":"validation_invalid_handle"`)
	patch("too long", `{"handle":"`+strings.Repeat("a", 31)+`"}`, 400, `"validation_invalid_handle"`)
	patch("not letters, digits or underscores", `{"handle":"ana.b"}`, 400, `"validation_invalid_handle"`)
	patch("reserved, any case", `{"handle":"Admin"}`, 400, `"validation_reserved_handle"`)
	patch("taken regardless of case", `{"handle":"beafilms"}`, 400, `"validation_handle_taken"`)
	patch("null cannot clear it", `{"handle":null}`, 400, `"validation_invalid_handle"`)
	patch("going public takes the suggested handle", `{"public":true}`, 200, `"public":true`, `"handle":"ana_lu"`)
	patch("public must be a boolean", `{"public":"yes"}`, 400, `"public":{"code":"validation_invalid_type"`)
	(&tests.ApiScenario{
		Name: "the suggestion comes from the nickname", Method: http.MethodGet, URL: "/api/user/settings",
		Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", setup), ExpectedStatus: 200,
		ExpectedContent: []string{`"public":false`, `"handle":""`, `"handleSuggestion":"ana_lu"`},
	}).Test(t)
}

func TestHandleRedirects(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	srv := testutil.Serve(t, app)
	cookie := testutil.SessionCookie(t, ana)
	set := func(h string, want int) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPatch, srv.URL+"/api/user/settings", strings.NewReader(`{"handle":"`+h+`"}`))
		req.Header.Set("Cookie", cookie)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", srv.URL)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("handle %s: %d, want %d", h, res.StatusCode, want)
		}
	}
	set("first_one", 200)
	set("Second_One", 200)
	m, redirected, err := auth.FindByHandle(app, "FIRST_ONE")
	if err != nil || !redirected || m.Id != ana.Id {
		t.Fatalf("old handle: %v %v %v", m, redirected, err)
	}
	if m, redirected, err := auth.FindByHandle(app, "second_one"); err != nil || redirected || m.Id != ana.Id {
		t.Fatalf("new handle, any case: %v %v %v", m, redirected, err)
	}
	bea := testutil.CreateUser(t, app, "Bea")
	if auth.SuggestHandle(app, bea) == "first_one" {
		t.Fatal("a redirecting handle was offered to someone else")
	}
	set("first_one", 200) // taking one's own old handle back
	if _, redirected, _ := auth.FindByHandle(app, "first_one"); redirected {
		t.Fatal("own old handle taken back still redirects")
	}
}

// TestHandleAtProfileCompletion: saving the profile form gives a member the handle
// suggested from the nickname they chose.
func TestHandleAtProfileCompletion(t *testing.T) {
	t.Parallel()
	headers := map[string]string{}
	(&tests.ApiScenario{
		Name: "profile completion takes the suggested handle", Method: http.MethodPatch, URL: "/api/auth/user/name",
		Body:    strings.NewReader(`{"firstName":"Ana","lastName":"Silva","nickname":"Film Nerd","displayPreference":"nickname"}`),
		Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", nil), ExpectedStatus: 200,
		ExpectedContent: []string{`"nickname":"Film Nerd"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			me, _ := app.FindRecordById("users", testutil.UserID("Ana"))
			if me.GetString("handle") != "film_nerd" {
				t.Fatalf("handle %q", me.GetString("handle"))
			}
		},
	}).Test(t)
}
