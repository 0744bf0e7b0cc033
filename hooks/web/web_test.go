package web_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

func TestSPAAndAPI404(t *testing.T) {
	t.Parallel()
	header := func(name, want string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if got := res.Header.Get(name); got != want {
				t.Fatalf("%s = %q, want %q", name, got, want)
			}
		}
	}
	scenarios := []tests.ApiScenario{
		{
			Name: "an unknown API path is a JSON 404", Method: http.MethodGet, URL: "/api/no-such-route",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 404,
			ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"cinecircle-test-ui"},
			AfterTestFunc: header("Content-Type", "application/json"),
		},
		{
			Name: "an unknown API path with another method is a JSON 404", Method: http.MethodPost, URL: "/api/no-such-route",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 404,
			ExpectedContent: []string{`"status":404`},
		},
		{
			Name: "a client route serves the SPA", Method: http.MethodGet, URL: "/friends?tab=followers",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
			ExpectedContent: []string{"cinecircle-test-ui"},
			AfterTestFunc:   header("Cache-Control", "no-cache"),
		},
		{
			Name: "an unknown page serves the SPA, which shows its not-found page", Method: http.MethodGet, URL: "/no/such/page",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
			ExpectedContent: []string{"cinecircle-test-ui"},
		},
		{
			Name: "hashed assets are cached for good", Method: http.MethodGet, URL: "/assets/app-1.js",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
			ExpectedContent: []string{"console.log(1)"},
			AfterTestFunc:   header("Cache-Control", "public, max-age=31536000, immutable"),
		},
		{
			Name: "the service worker is always revalidated", Method: http.MethodGet, URL: "/sw.js",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200,
			ExpectedContent: []string{"addEventListener"},
			AfterTestFunc:   header("Cache-Control", "no-cache"),
		},
		{
			Name: "a missing file is a 404, not the SPA", Method: http.MethodGet, URL: "/assets/missing.js",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 404,
			NotExpectedContent: []string{"cinecircle-test-ui"},
		},
		{
			Name: "an unknown federation path is a JSON 404, not the app", Method: http.MethodGet, URL: "/ap/users/nobody/likes",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 404,
			ExpectedContent: []string{`"status":404`}, NotExpectedContent: []string{"cinecircle-test-ui"},
			AfterTestFunc: header("Content-Type", "application/json"),
		},
		{
			Name: "API answers are private", Method: http.MethodGet, URL: "/api/auth/user",
			TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401,
			ExpectedContent: []string{`"status":401`},
			AfterTestFunc:   header("Cache-Control", "private, no-cache"),
		},
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	(&tests.ApiScenario{
		Name: "the app carries a CSP that allows index.html's own inline script by hash", Method: http.MethodGet, URL: "/",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 200, ExpectedContent: []string{"cinecircle-test-ui"},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			csp := res.Header.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "script-src 'self' 'sha256-", "object-src 'none'", "frame-ancestors 'self'"} {
				if !strings.Contains(csp, want) {
					t.Fatalf("CSP %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
				t.Fatalf("scripts must not be inline-or-eval allowed: %q", csp)
			}
			if res.Header.Get("Referrer-Policy") == "" || res.Header.Get("Permissions-Policy") == "" {
				t.Fatal("missing headers")
			}
		},
	}).Test(t)
	(&tests.ApiScenario{
		Name: "API answers carry it too", Method: http.MethodGet, URL: "/api/auth/user",
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if res.Header.Get("Content-Security-Policy") == "" {
				t.Fatal("no CSP on the API")
			}
		},
	}).Test(t)
}
