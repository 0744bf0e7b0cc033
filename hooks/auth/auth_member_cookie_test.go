package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

// memberCookieFrom returns the MemberCookie hint a response sets (or expires), or nil.
func memberCookieFrom(res *http.Response) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == auth.MemberCookie {
			return c
		}
	}
	return nil
}

// expectMemberHint: the response sets the hint a page's startup script can read ("1", not
// HttpOnly) for as long as the session, or expires it.
func expectMemberHint(t testing.TB, res *http.Response, set bool) {
	t.Helper()
	c := memberCookieFrom(res)
	switch {
	case c == nil:
		t.Fatalf("expected the %s cookie to be %s, got %v", auth.MemberCookie, map[bool]string{true: "set", false: "expired"}[set], res.Header.Values("Set-Cookie"))
	case set && (c.Value != "1" || c.HttpOnly || c.Path != "/" || c.MaxAge <= 0 || c.SameSite != http.SameSiteLaxMode):
		t.Fatalf("the hint must be a readable 1 on / for the session's lifetime: %+v", c)
	case set && sessionCookieFrom(res) != nil && sessionCookieFrom(res).MaxAge != c.MaxAge:
		t.Fatalf("the hint lives %d s, the session %d s", c.MaxAge, sessionCookieFrom(res).MaxAge)
	case !set && c.MaxAge >= 0:
		t.Fatalf("expected the hint expired, got %+v", c)
	}
}

// TestMemberCookie: index.html starts the member's app or shows the pre-rendered landing
// from the MemberCookie hint, so it must follow the HttpOnly session exactly: set at
// sign-in, on a session from before the hint, and gone with the session.
func TestMemberCookie(t *testing.T) {
	t.Parallel()
	withMember := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		u := testutil.CreateUser(t, app, "Ana")
		u.SetEmail("ana@example.com")
		u.SetPassword("password123")
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	})
	signedIn := map[string]string{}
	scenarios := []tests.ApiScenario{
		{
			Name:   "sign-in sets the hint beside the session",
			Method: http.MethodPost, URL: "/api/auth/login",
			Body:           strings.NewReader(`{"email":"ana@example.com","password":"password123"}`),
			Headers:        map[string]string{"Content-Type": jsonHeader},
			TestAppFactory: withMember, ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"firstName":"Ana"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectSession(t, res)
				expectMemberHint(t, res, true)
			},
		},
		{
			Name:   "a wrong password sets no hint",
			Method: http.MethodPost, URL: "/api/auth/login",
			Body:           strings.NewReader(`{"email":"ana@example.com","password":"wrong-password"}`),
			Headers:        map[string]string{"Content-Type": jsonHeader},
			TestAppFactory: withMember, ExpectedStatus: http.StatusBadRequest, ExpectedContent: []string{`"invalid_credentials"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if c := memberCookieFrom(res); c != nil {
					t.Fatalf("no hint without a session, got %+v", c)
				}
			},
		},
		{
			Name:   "a session from before the hint gets it on its next request",
			Method: http.MethodGet, URL: "/api/auth/user",
			Headers:        signedIn,
			TestAppFactory: testutil.SignedIn(signedIn, "Ana", nil),
			ExpectedStatus: http.StatusOK, ExpectedContent: []string{`"firstName":"Ana"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectMemberHint(t, res, true)
			},
		},
		{
			Name:   "sign-out expires the hint with the session",
			Method: http.MethodGet, URL: "/api/logout",
			Headers:        map[string]string{"Cookie": auth.MemberCookie + "=1"},
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: http.StatusFound,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectMemberHint(t, res, false)
			},
		},
		{
			Name:   "a hint whose session is gone is expired",
			Method: http.MethodGet, URL: "/api/auth/user",
			Headers:        map[string]string{"Cookie": auth.MemberCookie + "=1"},
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: http.StatusUnauthorized, ExpectedContent: []string{`"status":401`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectMemberHint(t, res, false)
			},
		},
		{
			Name:   "a revoked session expires both",
			Method: http.MethodGet, URL: "/api/auth/user",
			Headers:        map[string]string{"Cookie": auth.CookieName + "=not-a-token; " + auth.MemberCookie + "=1"},
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: http.StatusUnauthorized, ExpectedContent: []string{`"status":401`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				expectMemberHint(t, res, false)
				if c := sessionCookieFrom(res); c == nil || c.MaxAge >= 0 {
					t.Fatalf("expected the session expired, got %+v", c)
				}
			},
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}
