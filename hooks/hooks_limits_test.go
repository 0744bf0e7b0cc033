package hooks_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/security"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// defaultLimit is the request budget of the default rule labelled label.
func defaultLimit(t *testing.T, label string) int {
	t.Helper()
	for _, r := range security.DefaultRateLimits() {
		if r.Label == label {
			return r.MaxRequests
		}
	}
	t.Fatalf("no default rate limit %q", label)
	return 0
}

// expectTooMany fails t unless the answer is PocketBase's JSON 429.
func expectTooMany(t *testing.T, what string, status int, data []byte) {
	t.Helper()
	var e struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}
	if status != http.StatusTooManyRequests || json.Unmarshal(data, &e) != nil || e.Status != http.StatusTooManyRequests || e.Message == "" {
		t.Errorf("%s: want a JSON 429, got %d %s", what, status, truncate(data))
	}
}

// TestRateLimits proves the limits are on by default: from one address, each limited
// route answers its budget of requests and then a JSON 429, while other routes (another
// bucket) keep answering. Our own routes under /api/auth/* are covered, not only
// PocketBase's.
func TestRateLimits(t *testing.T) {
	cases := []struct {
		name, label, method, path, body string
		signedIn                        bool
	}{
		{"sign-in", "POST /api/auth/login", "POST", "/api/auth/login", `{"email":"someone@example.com","password":"wrong password"}`, false},
		{"sign-up", "POST /api/auth/signup", "POST", "/api/auth/signup", `{"email":"not an address"}`, false},
		{"password change", "POST /api/auth/user/password", "POST", "/api/auth/user/password", `{}`, true},
		{"photo upload", "POST /api/user/avatar", "POST", "/api/user/avatar", `{}`, true},
		{"two-factor codes", "POST /api/user/2fa/", "POST", "/api/user/2fa/enable", `{"code":"000000"}`, true},
		{"account deletion", "DELETE /api/user", "DELETE", "/api/user", `{"password":"not the password"}`, true},
		{"email change", "POST /api/user/email", "POST", "/api/user/email", `{"email":"x@example.com","password":"not the password"}`, true},
		{"password reset", "*:requestPasswordReset", "POST", "/api/collections/users/request-password-reset", `{"email":"someone@example.com"}`, false},
		{"PocketBase sign-in", "*:auth", "POST", "/api/collections/users/auth-with-password", `{"identity":"someone@example.com","password":"wrong password"}`, false},
		{"title search", "GET /api/movies/search", "GET", "/api/movies/search?q=matrix", "", false},
		{"member search", "GET /api/users/suggestions", "GET", "/api/users/suggestions?q=an", "", true},
		{"fediverse lookup", "GET /api/federation/lookup", "GET", "/api/federation/lookup?acct=x", "", true},
		{"writes", "POST /api/", "POST", "/api/follow", `{}`, true},
		{"calendar feed", "GET /api/calendar/", "GET", "/api/calendar/nosuchtoken.ics", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := testutil.NewTestApp(t)
			cookie := ""
			if c.signedIn {
				cookie = testutil.SessionCookie(t, testutil.CreateUser(t, app, "Ana"))
			}
			srv, _ := serve(t, app)
			limit := defaultLimit(t, c.label)
			for i := range limit {
				if status, data := send(t, srv, c.method, c.path, c.body, cookie); status == http.StatusTooManyRequests || status >= 500 {
					t.Fatalf("request %d of %d: %d %s", i+1, limit, status, truncate(data))
				}
			}
			status, data := send(t, srv, c.method, c.path, c.body, cookie)
			expectTooMany(t, c.name+" over its limit", status, data)
			if status, data := send(t, srv, "GET", "/api/catalog/info", "", cookie); status != http.StatusOK {
				t.Errorf("another route after the %s limit: %d %s", c.name, status, truncate(data))
			}
		})
	}
}

// TestRateLimitScaleAndAdminSettings: the scale env var multiplies the defaults, and
// limits an admin configured are kept as they are.
func TestRateLimitScaleAndAdminSettings(t *testing.T) {
	t.Run("scaled", func(t *testing.T) {
		t.Setenv(security.EnvRateLimitScale, "2")
		app := testutil.NewTestApp(t)
		srv, _ := serve(t, app)
		limit := 2 * defaultLimit(t, "POST /api/auth/login")
		for i := range limit {
			if status, _ := send(t, srv, "POST", "/api/auth/login", `{"email":"a@example.com","password":"x"}`, ""); status == http.StatusTooManyRequests {
				t.Fatalf("429 at request %d of a scaled budget of %d", i+1, limit)
			}
		}
		status, data := send(t, srv, "POST", "/api/auth/login", `{"email":"a@example.com","password":"x"}`, "")
		expectTooMany(t, "sign-in over the scaled limit", status, data)
	})
	t.Run("admin's own", func(t *testing.T) {
		app := testutil.NewTestApp(t)
		app.Settings().RateLimits.Enabled = false
		app.Settings().RateLimits.Rules = []core.RateLimitRule{{Label: "/api/", MaxRequests: 1000, Duration: 1}}
		serve(t, app)
		rl := app.Settings().RateLimits
		if rl.Enabled || len(rl.Rules) != 1 || rl.Rules[0].MaxRequests != 1000 {
			t.Errorf("the admin's rate limits were replaced: %+v", rl)
		}
	})
	t.Run("defaults are valid settings", func(t *testing.T) {
		app := testutil.NewTestApp(t)
		serve(t, app)
		if !app.Settings().RateLimits.Enabled {
			t.Fatal("rate limits are off by default")
		}
		if err := app.Settings().RateLimits.Validate(); err != nil {
			t.Fatalf("the default rules do not pass PocketBase's validation: %v", err)
		}
	})
}

// TestBodyLimits: a JSON route refuses a body over security.JSONBodyLimit with a JSON 413,
// whether the client announced its length or streamed it, while the import upload takes
// a file many times that size.
func TestBodyLimits(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	cookie := testutil.SessionCookie(t, testutil.CreateUser(t, app, "Ana"))
	srv, _ := serve(t, app)
	big := `{"userId":"` + strings.Repeat("x", int(security.JSONBodyLimit)) + `"}`
	for _, streamed := range []bool{false, true} {
		var body io.Reader = strings.NewReader(big)
		if streamed {
			body = io.MultiReader(body) // no length: sent chunked
		}
		req, _ := http.NewRequest("POST", srv.URL+"/api/follow", body)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var e struct{ Status int }
		if res.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(data, &e) != nil || e.Status != 413 {
			t.Errorf("a %d KB body (streamed %v): want a JSON 413, got %d %s", len(big)>>10, streamed, res.StatusCode, truncate(data))
		}
	}

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "ratings.csv")
	_, _ = fw.Write([]byte("Date,Name,Year,Letterboxd URI,Rating\n"))
	_, _ = fw.Write(bytes.Repeat([]byte("2024-01-01,A Film Nobody Made,2001,https://boxd.it/x,4\n"), 4<<20/56))
	_ = mw.Close()
	req, _ := http.NewRequest("POST", srv.URL+"/api/import/letterboxd", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Cookie", cookie)
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode == http.StatusRequestEntityTooLarge || res.StatusCode >= 500 {
		t.Errorf("a 4 MB import upload: %d %s", res.StatusCode, truncate(data))
	}
}
