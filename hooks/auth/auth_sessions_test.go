package auth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/cron"
)

// browser is a client with its own cookie jar and user agent, signed in as email.
type browser struct {
	t   testing.TB
	srv *httptest.Server
	c   *http.Client
	ua  string
}

func signInBrowser(t testing.TB, srv *httptest.Server, email, ua string) *browser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, srv: srv, c: &http.Client{Jar: jar}, ua: ua}
	if status, body := b.do("POST", "/api/auth/login", `{"email":"`+email+`","password":"password123"}`); status != 200 {
		t.Fatalf("sign-in: %d %s", status, body)
	}
	return b
}

// servedWithAna is a test app with one member, Ana, served over HTTP without rate limits.
func servedWithAna(t *testing.T) (*tests.TestApp, *core.Record, *httptest.Server) {
	t.Helper()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false
	return app, ana, srv
}

func (b *browser) do(method, path, body string) (int, string) {
	b.t.Helper()
	req, _ := http.NewRequest(method, b.srv.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", b.ua)
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

func (b *browser) sessions() []auth.Session {
	b.t.Helper()
	status, body := b.do("GET", "/api/user/sessions", "")
	var out []auth.Session
	if status != 200 || json.Unmarshal([]byte(body), &out) != nil {
		b.t.Fatalf("sessions: %d %s", status, body)
	}
	return out
}

const (
	firefoxLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
	safariIPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	chromeMac    = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
)

// TestSessions: each sign-in is a listed device (browser and OS named, this one marked);
// ending one signs that browser out on its next request, and nobody else's can be ended;
// 'everywhere else' keeps only this one; signing out removes the row.
func TestSessions(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false

	laptop := signInBrowser(t, srv, ana.Email(), firefoxLinux)
	phone := signInBrowser(t, srv, ana.Email(), safariIPhone)
	mac := signInBrowser(t, srv, ana.Email(), chromeMac)
	beas := signInBrowser(t, srv, bea.Email(), chromeMac)

	list := laptop.sessions()
	if len(list) != 3 || !list[0].Current || list[0].Browser != "Firefox" || list[0].OS != "Linux" {
		t.Fatalf("the laptop's list: %+v", list)
	}
	var phoneID, macID string
	for _, s := range list[1:] {
		if s.Current {
			t.Errorf("only one session is this one: %+v", s)
		}
		switch {
		case s.Browser == "Safari" && s.OS == "iOS":
			phoneID = s.ID
		case s.Browser == "Chrome" && s.OS == "MacOS":
			macID = s.ID
		}
	}
	if phoneID == "" || macID == "" || list[1].LastSeenAt == "" || list[1].CreatedAt == "" {
		t.Fatalf("want the phone and the Mac named: %+v", list)
	}
	if status, _ := beas.do("DELETE", "/api/user/sessions/"+phoneID, ""); status != 404 {
		t.Errorf("Bea ended Ana's session: %d", status)
	}
	if status, body := laptop.do("DELETE", "/api/user/sessions/"+phoneID, ""); status != 204 {
		t.Fatalf("end the phone: %d %s", status, body)
	}
	if status, _ := phone.do("GET", "/api/auth/user", ""); status != 401 {
		t.Errorf("the phone is still signed in: %d", status)
	}
	if status, _ := mac.do("GET", "/api/auth/user", ""); status != 200 {
		t.Errorf("the Mac was signed out too: %d", status)
	}
	if status, body := laptop.do("DELETE", "/api/user/sessions", ""); status != 200 || !strings.Contains(body, `"ended":1`) {
		t.Fatalf("everywhere else: %d %s", status, body)
	}
	if status, _ := mac.do("GET", "/api/auth/user", ""); status != 401 {
		t.Errorf("the Mac is still signed in: %d", status)
	}
	if status, _ := laptop.do("GET", "/api/auth/user", ""); status != 200 {
		t.Errorf("this browser must stay signed in: %d", status)
	}
	if status, _ := beas.do("GET", "/api/auth/user", ""); status != 200 {
		t.Errorf("another member was signed out: %d", status)
	}
	if got := laptop.sessions(); len(got) != 1 || !got[0].Current {
		t.Errorf("after everywhere else: %+v", got)
	}
	laptop.do("POST", "/api/auth/logout", "")
	if n, _ := app.CountRecords(auth.SessionsCollection); n != 1 { // Bea's
		t.Errorf("signing out leaves %d sessions, want Bea's only", n)
	}
}

// TestSessionKeptWhenTheDatabaseFails: when the database cannot answer the session check
// (here: its table is briefly out of reach), the member gets a 503 to try again and keeps
// their session cookie, instead of being signed out; once it answers, they are signed in.
func TestSessionKeptWhenTheDatabaseFails(t *testing.T) {
	t.Parallel()
	app, ana, srv := servedWithAna(t)
	laptop := signInBrowser(t, srv, ana.Email(), firefoxLinux)

	if _, err := app.DB().NewQuery("ALTER TABLE sessions RENAME TO sessions_away").Execute(); err != nil {
		t.Fatal(err)
	}
	status, body := laptop.do("GET", "/api/auth/user", "")
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "try again") {
		t.Errorf("while the database fails: %d %s, want 503", status, body)
	}
	if _, err := app.DB().NewQuery("ALTER TABLE sessions_away RENAME TO sessions").Execute(); err != nil {
		t.Fatal(err)
	}
	if status, body := laptop.do("GET", "/api/auth/user", ""); status != http.StatusOK {
		t.Errorf("the session cookie was lost: %d %s", status, body)
	}
}

// TestLastSeenWrittenTogether: a request notes its session's last-seen time without
// writing it (no commit of the one writer per member a minute); the minute's job writes
// every noted time, and the sessions list shows them at once.
func TestLastSeenWrittenTogether(t *testing.T) {
	t.Parallel()
	app, ana, srv := servedWithAna(t)
	laptop := signInBrowser(t, srv, ana.Email(), firefoxLinux)
	phone := signInBrowser(t, srv, ana.Email(), safariIPhone)
	mac := signInBrowser(t, srv, ana.Email(), chromeMac)
	const long = "2020-01-01 00:00:00.000Z"
	if _, err := app.DB().NewQuery("UPDATE sessions SET lastSeen = {:t}").Bind(dbx.Params{"t": long}).Execute(); err != nil {
		t.Fatal(err)
	}
	lastSeen := func(ua string) string {
		t.Helper()
		var at string
		if err := app.DB().NewQuery("SELECT lastSeen FROM sessions WHERE userAgent = {:ua}").Bind(dbx.Params{"ua": ua}).Row(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	for _, b := range []*browser{phone, mac} {
		if status, _ := b.do("GET", "/api/auth/user", ""); status != 200 {
			t.Fatalf("signed in: %d", status)
		}
	}
	if got := lastSeen(safariIPhone); got != long {
		t.Fatalf("the request wrote the phone's last-seen time at once (%s)", got)
	}
	var job *cron.Job
	for _, j := range app.Cron().Jobs() {
		if j.Id() == auth.JobLastSeen {
			job = j
		}
	}
	if job == nil || job.Expression() != "* * * * *" {
		t.Fatalf("the last-seen job is not scheduled every minute: %+v", job)
	}
	job.Run()
	for _, ua := range []string{safariIPhone, chromeMac} {
		if got := lastSeen(ua); got == long || !strings.HasPrefix(got, time.Now().UTC().Format("2006-01-02")) {
			t.Errorf("after the job, %q was last seen %s", ua, got)
		}
	}
	if got := lastSeen(firefoxLinux); got != long {
		t.Errorf("the laptop, not used since, was last seen %s", got)
	}

	// The list writes what is noted before it reads: the laptop's own request is there.
	if _, err := app.DB().NewQuery("UPDATE sessions SET lastSeen = {:t}").Bind(dbx.Params{"t": long}).Execute(); err != nil {
		t.Fatal(err)
	}
	list := laptop.sessions()
	if len(list) != 3 || !list[0].Current || strings.HasPrefix(list[0].LastSeenAt, "2020") {
		t.Fatalf("the laptop's own session, just used, in its list: %+v", list)
	}
}

// TestLateAnswerKeepsAChangedPasswordsSession: a browser that changes its password gets a
// new cookie for the same session, while requests it sent with the old one may still be
// answered (the event stream reconnects the moment the change closes it). Those late
// answers must not clear the cookie, or the member is signed out right after the change.
// Another browser's old cookie, whose session the change ended, is cleared as before.
func TestLateAnswerKeepsAChangedPasswordsSession(t *testing.T) {
	t.Parallel()
	_, ana, srv := servedWithAna(t)
	here := signInBrowser(t, srv, ana.Email(), firefoxLinux)
	elsewhere := signInBrowser(t, srv, ana.Email(), safariIPhone)
	cookie := func(b *browser) string {
		u, _ := url.Parse(srv.URL)
		for _, c := range b.c.Jar.Cookies(u) {
			if c.Name == auth.CookieName {
				return c.Value
			}
		}
		t.Fatal("no session cookie")
		return ""
	}
	oldHere, oldElsewhere := cookie(here), cookie(elsewhere)
	if status, body := here.do("POST", "/api/auth/user/password",
		`{"currentPassword":"password123","password":"newpassword1","passwordConfirm":"newpassword1"}`); status != 200 {
		t.Fatalf("password change: %d %s", status, body)
	}
	late := func(token string) (int, *http.Cookie) {
		req, _ := http.NewRequest("GET", srv.URL+"/api/auth/user", nil)
		req.AddCookie(&http.Cookie{Name: auth.CookieName, Value: token})
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode, sessionCookieFrom(res)
	}
	if status, set := late(oldHere); status != 401 || set != nil {
		t.Errorf("a late answer to the old cookie of the browser that changed the password: %d, sets %v; want 401 and the cookie left alone", status, set)
	}
	if status, set := late(oldElsewhere); status != 401 || set == nil || set.MaxAge >= 0 {
		t.Errorf("the other browser's old cookie: %d, sets %v; want 401 and the cookie cleared", status, set)
	}
	if status, body := here.do("GET", "/api/auth/user", ""); status != 200 {
		t.Errorf("the new cookie: %d %s", status, body)
	}
}
