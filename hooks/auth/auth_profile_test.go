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

func findAna(t testing.TB, app core.App) *core.Record {
	t.Helper()
	r, err := app.FindFirstRecordByData("users", "firstName", "Ana")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCurrentUser(t *testing.T) {
	t.Parallel()
	withCookie := map[string]string{}
	withToken := map[string]string{}
	scenarios := []tests.ApiScenario{
		{
			Name:            "a visitor gets 401",
			Method:          http.MethodGet,
			URL:             "/api/auth/user",
			TestAppFactory:  testutil.Factory(nil),
			ExpectedStatus:  http.StatusUnauthorized,
			ExpectedContent: []string{`"status":401`},
		},
		{
			Name:               "the session cookie signs the member in",
			Method:             http.MethodGet,
			URL:                "/api/auth/user",
			Headers:            withCookie,
			TestAppFactory:     testutil.SignedIn(withCookie, "Ana", nil),
			ExpectedStatus:     http.StatusOK,
			ExpectedContent:    []string{`"firstName":"Ana"`, `"email":"member`, `"profileImageUrl":""`, `"nickname":null`},
			NotExpectedContent: []string{`"tokenKey"`, `"password"`},
		},
		{
			Name:    "an Authorization header works too",
			Method:  http.MethodGet,
			URL:     "/api/auth/user",
			Headers: withToken,
			TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
				token, err := testutil.CreateUser(t, app, "Ana").NewAuthToken()
				if err != nil {
					t.Fatal(err)
				}
				withToken["Authorization"] = token
			}),
			ExpectedStatus:  http.StatusOK,
			ExpectedContent: []string{`"firstName":"Ana"`},
		},
		{
			Name:            "a forged cookie is ignored and cleared",
			Method:          http.MethodGet,
			URL:             "/api/auth/user",
			Headers:         map[string]string{"Cookie": auth.CookieName + "=not-a-token"},
			TestAppFactory:  testutil.Factory(nil),
			ExpectedStatus:  http.StatusUnauthorized,
			ExpectedContent: []string{`"status":401`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if c := sessionCookieFrom(res); c == nil || c.MaxAge >= 0 {
					t.Fatalf("expected the bad cookie to be cleared, got %+v", c)
				}
			},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestCookieCrossOrigin(t *testing.T) {
	t.Parallel()
	sameSite := map[string]string{"Origin": "http://example.com"}
	foreign := map[string]string{"Origin": "https://evil.example"}
	fetchSite := map[string]string{"Sec-Fetch-Site": "cross-site"}
	body := `{"firstName":"Ana"}`
	scenarios := []tests.ApiScenario{
		{
			Name:            "a same-origin write with the cookie is allowed",
			Method:          http.MethodPatch,
			URL:             "/api/auth/user/name",
			Body:            strings.NewReader(body),
			Headers:         sameSite,
			TestAppFactory:  testutil.SignedIn(sameSite, "Ana", nil),
			ExpectedStatus:  http.StatusOK,
			ExpectedContent: []string{`"firstName":"Ana"`},
		},
		{
			Name:            "a write with the cookie from another origin is 403",
			Method:          http.MethodPatch,
			URL:             "/api/auth/user/name",
			Body:            strings.NewReader(body),
			Headers:         foreign,
			TestAppFactory:  testutil.SignedIn(foreign, "Ana", nil),
			ExpectedStatus:  http.StatusForbidden,
			ExpectedContent: []string{`"status":403`},
			ExpectedEvents:  map[string]int{"OnRecordUpdate": 0},
		},
		{
			Name:            "a cross-site fetch with the cookie is 403",
			Method:          http.MethodPatch,
			URL:             "/api/auth/user/name",
			Body:            strings.NewReader(body),
			Headers:         fetchSite,
			TestAppFactory:  testutil.SignedIn(fetchSite, "Ana", nil),
			ExpectedStatus:  http.StatusForbidden,
			ExpectedContent: []string{`"status":403`},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestUpdateName(t *testing.T) {
	t.Parallel()
	type tc struct {
		name     string
		body     string
		status   int
		contains []string
		check    func(t testing.TB, ana *core.Record)
	}
	cases := []tc{
		{
			name: "trims values, stores an empty nickname as null and completes the profile",
			body: `{"firstName":"  Ana ","lastName":" Lima ","nickname":"   ","displayPreference":"fullname"}`, status: 200,
			contains: []string{`"firstName":"Ana"`, `"lastName":"Lima"`, `"nickname":null`, `"profileCompleted":true`},
			check: func(t testing.TB, ana *core.Record) {
				if ana.GetString("nickname") != "" || !ana.GetBool("profileCompleted") {
					t.Fatalf("stored %v", ana.FieldsData())
				}
			},
		},
		{
			name: "keeps a nickname and the nickname preference",
			body: `{"firstName":"Ana","nickname":" anareels ","displayPreference":"nickname"}`, status: 200,
			contains: []string{`"nickname":"anareels"`, `"displayPreference":"nickname"`},
		},
		{
			name: "a blank first name is a 400 naming the field", body: `{"firstName":"   ","lastName":"Lima"}`, status: 400,
			contains: []string{`"firstName":{"code":"validation_required","message":"Please enter your first name."}`},
			check: func(t testing.TB, ana *core.Record) {
				if ana.GetString("lastName") != "" || ana.GetBool("profileCompleted") {
					t.Fatal("a refused form must change nothing")
				}
			},
		},
		{
			name: "the nickname preference needs a nickname", body: `{"firstName":"Ana","nickname":null,"displayPreference":"nickname"}`, status: 400,
			contains: []string{`"displayPreference":{"code":"validation_nickname_required"`},
		},
		{
			name: "an unknown preference is refused", body: `{"firstName":"Ana","displayPreference":"initials"}`, status: 400,
			contains: []string{`"displayPreference":{"code":"validation_in_invalid"`},
		},
		{
			name: "a too long nickname is refused", body: `{"firstName":"Ana","nickname":"` + strings.Repeat("n", 51) + `"}`, status: 400,
			contains: []string{`"nickname":{"code":"validation_length_too_long"`},
		},
		{
			name: "a wrong type is a 400", body: `{"firstName":42}`, status: 400,
			contains: []string{`"status":400`},
		},
	}
	for _, c := range cases {
		h := map[string]string{}
		check := c.check
		(&tests.ApiScenario{
			Name:            c.name,
			Method:          http.MethodPatch,
			URL:             "/api/auth/user/name",
			Body:            strings.NewReader(c.body),
			Headers:         h,
			TestAppFactory:  testutil.SignedIn(h, "Ana", nil),
			ExpectedStatus:  c.status,
			ExpectedContent: c.contains,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if check != nil {
					r, err := app.FindAuthRecordByEmail("users", findEmail(t, app))
					if err != nil {
						t.Fatal(err)
					}
					check(t, r)
				}
			},
		}).Test(t)
	}

	(&tests.ApiScenario{
		Name:            "a visitor cannot save a profile",
		Method:          http.MethodPatch,
		URL:             "/api/auth/user/name",
		Body:            strings.NewReader(`{"firstName":"Ana"}`),
		TestAppFactory:  testutil.Factory(nil),
		ExpectedStatus:  http.StatusUnauthorized,
		ExpectedContent: []string{`"status":401`},
	}).Test(t)
}

// findEmail returns the only member's email (the tests create one).
func findEmail(t testing.TB, app core.App) string {
	t.Helper()
	recs, err := app.FindAllRecords("users")
	if err != nil || len(recs) != 1 {
		t.Fatalf("expected one member: %v %v", len(recs), err)
	}
	return recs[0].Email()
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	type tc struct {
		name     string
		body     string
		status   int
		contains []string
	}
	cases := []tc{
		{"wrong current password", `{"currentPassword":"nope-nope","password":"newpassword1","passwordConfirm":"newpassword1"}`, 400,
			[]string{`"currentPassword":{"code":"invalid_credentials"`}},
		{"too short", `{"currentPassword":"password123","password":"short","passwordConfirm":"short"}`, 400,
			[]string{`"password":{"code":"validation_length_out_of_range"`}},
		{"confirmation differs", `{"currentPassword":"password123","password":"newpassword1","passwordConfirm":"newpassword2"}`, 400,
			[]string{`"passwordConfirm":{"code":"validation_in_invalid"`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/api/auth/user/password",
			Body: strings.NewReader(c.body), Headers: h,
			TestAppFactory: testutil.SignedIn(h, "Ana", nil),
			ExpectedStatus: c.status, ExpectedContent: c.contains,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectNoSession(t, res)
				if !findAna(t, app).ValidatePassword("password123") {
					t.Fatal("a refused change must keep the old password")
				}
			},
		}).Test(t)
	}

	h := map[string]string{}
	(&tests.ApiScenario{
		Name:   "a right change re-issues the cookie and revokes the old one",
		Method: http.MethodPost, URL: "/api/auth/user/password",
		Body:           strings.NewReader(`{"currentPassword":"password123","password":"newpassword1","passwordConfirm":"newpassword1"}`),
		Headers:        h,
		TestAppFactory: testutil.SignedIn(h, "Ana", nil),
		ExpectedStatus: 200, ExpectedContent: []string{`"firstName":"Ana"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			expectSession(t, res)
			ana := findAna(t, app)
			if !ana.ValidatePassword("newpassword1") {
				t.Fatal("the new password was not saved")
			}
			oldToken := strings.TrimPrefix(h["Cookie"], auth.CookieName+"=")
			if _, err := app.FindAuthRecordByToken(oldToken, core.TokenTypeAuth); err == nil {
				t.Fatal("the old session must stop working after a password change")
			}
			if _, err := app.FindAuthRecordByToken(sessionCookieFrom(res).Value, core.TokenTypeAuth); err != nil {
				t.Fatalf("the new cookie must work: %v", err)
			}
		},
	}).Test(t)
}

func TestSessionFromToken(t *testing.T) {
	t.Parallel()
	withToken := map[string]string{}
	withCookie := map[string]string{}
	(&tests.ApiScenario{
		Name: "an OAuth2 token becomes the session cookie", Method: http.MethodPost, URL: "/api/auth/session",
		Headers: withToken,
		TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			token, err := testutil.CreateUser(t, app, "Ana").NewAuthToken()
			if err != nil {
				t.Fatal(err)
			}
			withToken["Authorization"] = token
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`"firstName":"Ana"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) { expectSession(t, res) },
	}).Test(t)
	(&tests.ApiScenario{
		Name: "the cookie alone cannot be exchanged", Method: http.MethodPost, URL: "/api/auth/session",
		Headers: withCookie, TestAppFactory: testutil.SignedIn(withCookie, "Ana", nil),
		ExpectedStatus: 400, ExpectedContent: []string{`"status":400`},
	}).Test(t)
}

func TestOAuthNameSplit(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	r := core.NewRecord(users)
	r.SetEmail("ada@example.com")
	r.SetRandomPassword()
	r.Set("name", "Ada King Lovelace")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	if r.GetString("firstName") != "Ada" || r.GetString("lastName") != "King Lovelace" {
		t.Fatalf("got %q %q", r.GetString("firstName"), r.GetString("lastName"))
	}
}
