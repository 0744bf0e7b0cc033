package auth_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
)

// TestEmailChangeWithoutMail: the password is the proof and the address changes at once;
// sign-in takes the new address, not the old one.
func TestEmailChangeWithoutMail(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	old := ana.Email()
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false
	cookie := testutil.SessionCookie(t, ana)
	for _, c := range []struct{ body, field string }{
		{`{"email":"ana.new@example.com","password":"wrong"}`, `"password":{`},
		{`{"email":"not an address","password":"password123"}`, `"email":{`},
		{`{"email":"` + strings.ToUpper(old) + `","password":"password123"}`, `"email":{"code":"validation_same_email"`},
		{`{"email":"` + bea.Email() + `","password":"password123"}`, `"email":{"code":"validation_not_unique"`},
	} {
		if status, body := call(t, srv, "POST", "/api/user/email", c.body, cookie); status != 400 || !strings.Contains(body, c.field) {
			t.Errorf("%s: %d %s", c.body, status, body)
		}
	}
	status, body := call(t, srv, "POST", "/api/user/email", `{"email":" ana.new@example.com ","password":"password123"}`, cookie)
	if status != 200 || !strings.Contains(body, `"email":"ana.new@example.com"`) {
		t.Fatalf("change: %d %s", status, body)
	}
	if status, _ := call(t, srv, "POST", "/api/auth/login", `{"email":"`+old+`","password":"password123"}`, ""); status != 400 {
		t.Errorf("the old address still signs in: %d", status)
	}
	if status, body := call(t, srv, "POST", "/api/auth/login", `{"email":"ana.new@example.com","password":"password123"}`, ""); status != 200 {
		t.Errorf("the new address does not sign in: %d %s", status, body)
	}
}

// TestEmailChangeWithMail: the answer is the same 202 whether the new address is free or
// taken; a free one gets a link that makes the change, the old address a notice, a
// taken one nothing; sign-in then uses the new address.
func TestEmailChangeWithMail(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	app.Settings().SMTP.Enabled = true
	app.Settings().Meta.AppURL = "https://cine.example"
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	old := ana.Email()
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false
	cookie := testutil.SessionCookie(t, ana)

	status, taken := call(t, srv, "POST", "/api/user/email", `{"email":"`+bea.Email()+`","password":"password123"}`, cookie)
	if status != 202 {
		t.Fatalf("a taken address: %d %s", status, taken)
	}
	for _, m := range app.TestMailer.Messages() {
		if m.To[0].Address == bea.Email() {
			t.Error("the owner of a taken address was mailed a link")
		}
	}
	app.TestMailer.Reset()
	status, free := call(t, srv, "POST", "/api/user/email", `{"email":"ana.new@example.com","password":"password123"}`, cookie)
	if status != 202 || strings.ReplaceAll(free, "ana.new@example.com", bea.Email()) != taken {
		t.Fatalf("a free address must get the same answer: %d %s vs %s", status, free, taken)
	}
	var link string
	notified := false
	for _, m := range app.TestMailer.Messages() {
		switch m.To[0].Address {
		case "ana.new@example.com":
			link = regexp.MustCompile(`confirm-email-change\?token=([^"&]+)`).FindStringSubmatch(m.HTML)[1]
		case old:
			notified = true
		}
	}
	if link == "" || !notified {
		t.Fatalf("want a link to the new address and a notice to the old one: %d mails", app.TestMailer.TotalSend())
	}
	if stored, _ := app.FindRecordById("users", ana.Id); stored.Email() != old {
		t.Fatal("the address changed before the link was opened")
	}
	body, _ := json.Marshal(map[string]string{"token": link})
	if status, resp := call(t, srv, "POST", "/api/auth/confirm-email-change", string(body), ""); status != 200 || !strings.Contains(resp, "ana.new@example.com") {
		t.Fatalf("confirm: %d %s", status, resp)
	}
	if status, _ := call(t, srv, "POST", "/api/auth/confirm-email-change", `{"token":"forged"}`, ""); status != 400 {
		t.Errorf("a forged link: %d", status)
	}
	if status, _ := call(t, srv, "POST", "/api/auth/login", `{"email":"ana.new@example.com","password":"password123"}`, ""); status != 200 {
		t.Errorf("sign-in with the new address: %d", status)
	}
}
