package auth_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

const jsonHeader = "application/json"

// sessionCookieFrom returns the session cookie a response sets, or nil.
func sessionCookieFrom(res *http.Response) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == auth.CookieName {
			return c
		}
	}
	return nil
}

func expectSession(t testing.TB, res *http.Response) {
	t.Helper()
	c := sessionCookieFrom(res)
	if c == nil || c.Value == "" {
		t.Fatalf("expected a session cookie, got %v", res.Header.Values("Set-Cookie"))
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
		t.Fatalf("session cookie must be HttpOnly, SameSite=Lax, Path=/: %+v", c)
	}
}

func expectNoSession(t testing.TB, res *http.Response) {
	t.Helper()
	if c := sessionCookieFrom(res); c != nil && c.Value != "" {
		t.Fatalf("expected no session cookie, got %+v", c)
	}
}

func TestSignup(t *testing.T) {
	t.Parallel()
	withMember := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		u := testutil.CreateUser(t, app, "Ana")
		u.SetEmail("taken@example.com")
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	})
	scenarios := []tests.ApiScenario{
		{
			Name:           "creates the member and sets the session cookie",
			Method:         http.MethodPost,
			URL:            "/api/auth/signup",
			Body:           strings.NewReader(`{"email":" new@example.com ","password":"password123","passwordConfirm":"password123","firstName":" Zoë ","lastName":"Ng"}`),
			Headers:        map[string]string{"Content-Type": jsonHeader},
			TestAppFactory: withMember,
			ExpectedStatus: http.StatusOK,
			ExpectedContent: []string{
				`"email":"new@example.com"`, `"firstName":"Zoë"`, `"lastName":"Ng"`,
				`"nickname":null`, `"displayPreference":"fullname"`, `"profileCompleted":false`,
			},
			NotExpectedContent: []string{`"password"`, `"token"`},
			ExpectedEvents:     map[string]int{"OnRecordCreate": 2}, // the member and their browser session,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectSession(t, res)
			},
		},
		{
			Name:           "names every invalid field",
			Method:         http.MethodPost,
			URL:            "/api/auth/signup",
			Body:           strings.NewReader(`{"email":"not-an-email","password":"short","passwordConfirm":"other"}`),
			Headers:        map[string]string{"Content-Type": jsonHeader},
			TestAppFactory: withMember,
			ExpectedStatus: http.StatusBadRequest,
			ExpectedContent: []string{
				`"email":{"code":"validation_is_email"`,
				`"password":{"code":"validation_length_out_of_range"`,
				`"passwordConfirm":{"code":"validation_in_invalid"`,
			},
			ExpectedEvents: map[string]int{"OnRecordCreate": 0},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectNoSession(t, res)
			},
		},
		{
			Name:            "refuses an email that already has an account",
			Method:          http.MethodPost,
			URL:             "/api/auth/signup",
			Body:            strings.NewReader(`{"email":"TAKEN@example.com","password":"password123","passwordConfirm":"password123"}`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`"email":{"code":"validation_not_unique"`},
			ExpectedEvents:  map[string]int{"OnRecordCreate": 0},
		},
		{
			Name:            "refuses a body that is not JSON",
			Method:          http.MethodPost,
			URL:             "/api/auth/signup",
			Body:            strings.NewReader(`{"email":`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`"status":400`},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestLogin(t *testing.T) {
	t.Parallel()
	withMember := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		u := testutil.CreateUser(t, app, "Ana")
		u.SetEmail("ana@example.com")
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	})
	scenarios := []tests.ApiScenario{
		{
			Name:            "right password signs in",
			Method:          http.MethodPost,
			URL:             "/api/auth/login",
			Body:            strings.NewReader(`{"email":"ana@example.com","password":"password123"}`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusOK,
			ExpectedContent: []string{`"firstName":"Ana"`, `"email":"ana@example.com"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectSession(t, res)
			},
		},
		{
			Name:            "wrong password is refused without a cookie",
			Method:          http.MethodPost,
			URL:             "/api/auth/login",
			Body:            strings.NewReader(`{"email":"ana@example.com","password":"wrong-password"}`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`"message":"Invalid email or password."`, `"password":{"code":"invalid_credentials"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectNoSession(t, res)
			},
		},
		{
			Name:            "unknown email gets the same answer",
			Method:          http.MethodPost,
			URL:             "/api/auth/login",
			Body:            strings.NewReader(`{"email":"nobody@example.com","password":"password123"}`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`"message":"Invalid email or password."`},
		},
		{
			Name:            "missing fields are named",
			Method:          http.MethodPost,
			URL:             "/api/auth/login",
			Body:            strings.NewReader(`{}`),
			Headers:         map[string]string{"Content-Type": jsonHeader},
			TestAppFactory:  withMember,
			ExpectedStatus:  http.StatusBadRequest,
			ExpectedContent: []string{`"email":{"code":"validation_required"`, `"password":{"code":"validation_required"`},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestLoginLogoutRedirects(t *testing.T) {
	t.Parallel()
	scenarios := []tests.ApiScenario{
		{
			Name:           "GET /api/login goes to the sign-in page",
			Method:         http.MethodGet,
			URL:            "/api/login",
			TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: http.StatusFound,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if loc := res.Header.Get("Location"); loc != "/login" {
					t.Fatalf("Location = %q", loc)
				}
			},
		},
		{
			Name:           "a local return path is kept",
			Method:         http.MethodGet,
			URL:            "/api/login?next=/friends%3Ftab%3Dfollowers",
			TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: http.StatusFound,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if loc := res.Header.Get("Location"); loc != "/login?next=%2Ffriends%3Ftab%3Dfollowers" {
					t.Fatalf("Location = %q", loc)
				}
			},
		},
		{
			Name:           "an off-site return path is dropped",
			Method:         http.MethodGet,
			URL:            "/api/login?next=//evil.example/x",
			TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: http.StatusFound,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if loc := res.Header.Get("Location"); loc != "/login" {
					t.Fatalf("Location = %q", loc)
				}
			},
		},
		{
			Name:           "GET /api/logout clears the cookie and goes home",
			Method:         http.MethodGet,
			URL:            "/api/logout",
			TestAppFactory: testutil.Factory(nil),
			ExpectedStatus: http.StatusFound,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				c := sessionCookieFrom(res)
				if res.Header.Get("Location") != "/" || c == nil || c.MaxAge >= 0 {
					t.Fatalf("Location %q, cookie %+v", res.Header.Get("Location"), c)
				}
			},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestSecureCookieOverHTTPS(t *testing.T) {
	t.Parallel()
	(&tests.ApiScenario{
		Name:   "behind an https proxy the cookie is Secure",
		Method: http.MethodPost, URL: "/api/auth/signup",
		Body:           strings.NewReader(`{"email":"tls@example.com","password":"password123","passwordConfirm":"password123"}`),
		Headers:        map[string]string{"X-Forwarded-Proto": "https"},
		TestAppFactory: testutil.Factory(nil),
		ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"email":"tls@example.com"`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if c := sessionCookieFrom(res); c == nil || !c.Secure {
				t.Fatalf("expected a Secure cookie, got %+v", c)
			}
		},
	}).Test(t)
}

func TestPasswordResetLinkOpensOurPage(t *testing.T) {
	t.Parallel()
	(&tests.ApiScenario{
		Name:   "the reset email links to /reset-password/{token}",
		Method: http.MethodPost, URL: "/api/collections/users/request-password-reset",
		Body: strings.NewReader(`{"email":"ana@example.com"}`),
		TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			u := testutil.CreateUser(t, app, "Ana")
			u.SetEmail("ana@example.com")
			if err := app.Save(u); err != nil {
				t.Fatal(err)
			}
		}),
		ExpectedStatus: http.StatusNoContent,
		Delay:          100 * time.Millisecond, // PocketBase sends the email in the background
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if app.TestMailer.TotalSend() != 1 {
				t.Fatalf("expected one email, got %d", app.TestMailer.TotalSend())
			}
			body := app.TestMailer.LastMessage().HTML
			if !strings.Contains(body, "/reset-password/") || strings.Contains(body, "/_/#/auth/") {
				t.Fatalf("the link must open our page: %s", body)
			}
		},
	}).Test(t)
}
