package auth_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// confirmingApp serves an app whose mail is set up (so sign-ups are confirmed by email),
// with Ana's account at taken@example.com.
func confirmingApp(t *testing.T) (*tests.TestApp, string, *core.Record) {
	t.Helper()
	app := testutil.NewTestApp(t)
	app.Settings().SMTP.Enabled = true
	app.Settings().Meta.AppURL = "https://films.example.org/"
	ana := testutil.CreateUser(t, app, "Ana")
	ana.SetEmail("taken@example.com")
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app)
	return app, srv.URL, ana
}

// post sends a JSON body with client and returns the status, the body and the response.
func post(t *testing.T, client *http.Client, url, body string) (int, string, *http.Response) {
	t.Helper()
	res, err := client.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data), res
}

var confirmLink = regexp.MustCompile(`https://films\.example\.org/confirm-email\?token=([A-Za-z0-9_.-]+)`)

// TestConfirmedSignup walks the sign-up a community with mail uses: the answer never says
// whether the address is taken, the link creates the account and signs its owner in once.
func TestConfirmedSignup(t *testing.T) {
	t.Parallel()
	app, url, ana := confirmingApp(t)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	signup := `{"email":"%s","password":"password123","passwordConfirm":"password123","firstName":"<b>Zoë</b>","lastName":"Ng","ref":"` + ana.Id + `"}`

	newStatus, newBody, newRes := post(t, client, url+"/api/auth/signup", strings.Replace(signup, "%s", " New@Example.com ", 1))
	takenStatus, takenBody, takenRes := post(t, client, url+"/api/auth/signup", strings.Replace(signup, "%s", "TAKEN@example.com", 1))
	if newStatus != http.StatusAccepted || takenStatus != http.StatusAccepted {
		t.Fatalf("both sign-ups must answer 202: new %d %s, taken %d %s", newStatus, newBody, takenStatus, takenBody)
	}
	if newBody != strings.Replace(takenBody, "taken@example.com", "new@example.com", 1) || !strings.Contains(newBody, `"status":"confirm_email"`) {
		t.Fatalf("the answers must not tell a new address from a taken one:\n new:   %s\n taken: %s", newBody, takenBody)
	}
	expectNoSession(t, newRes)
	expectNoSession(t, takenRes)
	if n, _ := app.CountRecords(auth.UsersCollection); n != 1 {
		t.Fatalf("nothing may be stored before the link is opened: %d members", n)
	}

	mails := app.TestMailer.Messages()
	if len(mails) != 2 {
		t.Fatalf("expected one email per sign-up, got %d", len(mails))
	}
	confirm, exists := mails[0], mails[1]
	if confirm.To[0].Address != "new@example.com" || !strings.Contains(confirm.HTML, "&lt;b&gt;Zoë&lt;/b&gt;") {
		t.Fatalf("the confirmation goes to the new address with the name as text: to %v\n%s", confirm.To, confirm.HTML)
	}
	if exists.To[0].Address != "taken@example.com" || !strings.Contains(exists.HTML, "already has an account") ||
		!strings.Contains(exists.HTML, "https://films.example.org/login") || confirmLink.MatchString(exists.HTML) {
		t.Fatalf("the owner of the taken address is told how to sign in, with no link that creates anything:\n%s", exists.HTML)
	}
	match := confirmLink.FindStringSubmatch(confirm.HTML)
	if match == nil {
		t.Fatalf("no confirmation link in:\n%s", confirm.HTML)
	}
	token := match[1]

	if status, body, _ := post(t, client, url+"/api/auth/login", `{"email":"new@example.com","password":"password123"}`); status != http.StatusBadRequest {
		t.Fatalf("no account before the link is opened: %d %s", status, body)
	}
	for name, bad := range map[string]string{
		"forged":     token[:len(token)-4] + "AAAA",
		"empty":      "",
		"garbage":    "not.a.token",
		"other type": testutil.SessionCookie(t, ana),
	} {
		status, body, _ := post(t, client, url+"/api/auth/confirm-email", `{"token":"`+bad+`"}`)
		if status != http.StatusBadRequest || !strings.Contains(body, `"token":{"code":"validation_`) {
			t.Errorf("%s token: want a 400 naming the token, got %d %s", name, status, body)
		}
	}

	status, body, res := post(t, client, url+"/api/auth/confirm-email", `{"token":"`+token+`"}`)
	if status != http.StatusOK || !strings.Contains(body, `"email":"new@example.com"`) {
		t.Fatalf("the link creates the account: %d %s", status, body)
	}
	expectSession(t, res)
	member, err := app.FindAuthRecordByEmail(auth.UsersCollection, "new@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if !member.Verified() || !member.ValidatePassword("password123") || member.GetString("invitedBy") != ana.Id || member.GetString("firstName") != "<b>Zoë</b>" {
		t.Fatalf("the member is saved verified, with the password, names and inviter of the sign-up: %v", member.PublicExport())
	}
	if status, body, _ := post(t, client, url+"/api/auth/confirm-email", `{"token":"`+token+`"}`); status != http.StatusBadRequest || !strings.Contains(body, "validation_used_token") {
		t.Fatalf("a link works once: %d %s", status, body)
	}
	if status, body, _ := post(t, &http.Client{}, url+"/api/auth/login", `{"email":"new@example.com","password":"password123"}`); status != http.StatusOK {
		t.Fatalf("the new member signs in with their password: %d %s", status, body)
	}
	if kept := mustFind(t, app, ana.Id); kept.GetString("firstName") != "Ana" || kept.Email() != "taken@example.com" || !kept.ValidatePassword("password123") {
		t.Fatal("a sign-up with a taken address changes nothing of its account")
	}
}

// TestConfirmedSignupMailFailure: when the mail server is down the member is told to try
// again, the same way for a new and a taken address.
func TestConfirmedSignupMailFailure(t *testing.T) {
	t.Parallel()
	app, url, _ := confirmingApp(t)
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error { return io.ErrUnexpectedEOF })
	for _, email := range []string{"new@example.com", "taken@example.com"} {
		status, body, _ := post(t, &http.Client{}, url+"/api/auth/signup", `{"email":"`+email+`","password":"password123","passwordConfirm":"password123"}`)
		if status != http.StatusServiceUnavailable || !strings.Contains(body, "could not send the confirmation email") {
			t.Errorf("%s: want 503 with a retry message, got %d %s", email, status, body)
		}
	}
}

func mustFind(t *testing.T, app core.App, id string) *core.Record {
	t.Helper()
	r, err := app.FindRecordById(auth.UsersCollection, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
