package auth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pquerna/otp/totp"
)

// call sends one JSON request (cookie may be empty) and returns the status and body.
func call(t testing.TB, srv *httptest.Server, method, path, body, cookie string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}

func codeAt(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// TestTwoFactorSignIn walks the whole life of a second factor: set up, confirmed by a
// first code, asked for at sign-in, a code used once only, recovery codes used once
// each, PocketBase's own sign-in refused, wrong codes limited per member, turned off.
func TestTwoFactorSignIn(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	cookie := testutil.SessionCookie(t, ana)
	srv := testutil.Serve(t, app)
	app.Settings().RateLimits.Enabled = false // this test is about the per-member code limit
	login := func(password, code string) (int, string) {
		body, _ := json.Marshal(map[string]string{"email": ana.Email(), "password": password, "code": code})
		return call(t, srv, "POST", "/api/auth/login", string(body), "")
	}
	expect := func(what string, status int, body string, wantStatus int, wantIn string) {
		t.Helper()
		if status != wantStatus || !strings.Contains(body, wantIn) {
			t.Fatalf("%s: got %d %s, want %d with %s", what, status, body, wantStatus, wantIn)
		}
	}

	status, body := call(t, srv, "POST", "/api/user/2fa/enable", `{"code":"123456"}`, cookie)
	expect("enable before setup", status, body, 400, `"code":{"code":"validation_no_setup"`)
	status, body = call(t, srv, "POST", "/api/user/2fa/setup", "", cookie)
	var setup auth.TwoFactorSetup
	if err := json.Unmarshal([]byte(body), &setup); err != nil || status != 200 || setup.Secret == "" ||
		!strings.HasPrefix(setup.OtpauthURL, "otpauth://totp/") || !strings.HasPrefix(setup.QRCode, "data:image/png;base64,") {
		t.Fatalf("setup: %d %s", status, body)
	}
	status, body = call(t, srv, "POST", "/api/user/2fa/enable", `{"code":"000000"}`, cookie)
	expect("a wrong first code", status, body, 400, `"validation_invalid_code"`)
	now := time.Now()
	status, body = call(t, srv, "POST", "/api/user/2fa/enable", `{"code":"`+codeAt(t, setup.Secret, now)+`"}`, cookie)
	var enabled struct{ RecoveryCodes []string }
	if json.Unmarshal([]byte(body), &enabled) != nil || status != 200 || len(enabled.RecoveryCodes) != 10 {
		t.Fatalf("enable: %d %s", status, body)
	}
	stored, _ := app.FindRecordById("users", ana.Id)
	if raw := stored.GetString("recoveryCodes"); strings.Contains(raw, enabled.RecoveryCodes[0]) {
		t.Error("recovery codes must be stored hashed")
	}
	_, body = call(t, srv, "GET", "/api/auth/user", "", cookie)
	if strings.Contains(body, setup.Secret) || strings.Contains(body, "recoveryCodes") {
		t.Errorf("the member's own record shows 2FA secrets: %s", body)
	}
	status, body = call(t, srv, "POST", "/api/user/2fa/setup", "", cookie)
	expect("set up again while on", status, body, 409, `"status":409`)

	// Sign-in asks for the code only after the right password.
	status, body = login("wrong password", "")
	expect("wrong password", status, body, 400, "Invalid email or password.")
	status, body = login("wrong password", codeAt(t, setup.Secret, now))
	expect("wrong password with a right code", status, body, 400, "Invalid email or password.")
	status, body = login("password123", "")
	expect("no code", status, body, 401, `"code":{"code":"validation_required"`)
	status, body = login("password123", "000000")
	expect("a wrong code", status, body, 401, `"code":{"code":"validation_invalid_code"`)
	status, body = login("password123", codeAt(t, setup.Secret, now))
	expect("the code already used to enable", status, body, 401, `"validation_invalid_code"`)
	next := codeAt(t, setup.Secret, now.Add(30*time.Second))
	status, body = login("password123", next)
	expect("the next code", status, body, 200, `"firstName":"Ana"`)
	status, body = login("password123", next)
	expect("the same code replayed", status, body, 401, `"validation_invalid_code"`)
	status, body = login("password123", strings.ToUpper(enabled.RecoveryCodes[3]))
	expect("a recovery code (any case)", status, body, 200, `"firstName":"Ana"`)
	status, body = login("password123", enabled.RecoveryCodes[3])
	expect("the same recovery code again", status, body, 401, `"validation_invalid_code"`)

	// PocketBase's own sign-in cannot skip the second factor.
	status, body = call(t, srv, "POST", "/api/collections/users/auth-with-password", `{"identity":"`+ana.Email()+`","password":"password123"}`, "")
	expect("PocketBase's sign-in", status, body, 403, "two-factor")

	// Wrong codes are limited per member: after five wrong ones in ten minutes (the
	// enable attempt, three sign-ins and the spent recovery code) every code is refused.
	status, body = login("password123", enabled.RecoveryCodes[5])
	expect("locked after five wrong codes, even a right one", status, body, 429, `"code":{"code":"validation_too_many_attempts"`)
}

// TestTwoFactorDisable: turning it off takes the password and a code, each named.
func TestTwoFactorDisable(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	cookie := testutil.SessionCookie(t, ana)
	srv := testutil.Serve(t, app)
	status, body := call(t, srv, "POST", "/api/user/2fa/disable", `{"password":"password123","code":"123456"}`, cookie)
	if status != 409 {
		t.Fatalf("disable while off: %d %s", status, body)
	}
	_, body = call(t, srv, "POST", "/api/user/2fa/setup", "", cookie)
	var setup auth.TwoFactorSetup
	json.Unmarshal([]byte(body), &setup)
	now := time.Now()
	if status, body := call(t, srv, "POST", "/api/user/2fa/enable", `{"code":"`+codeAt(t, setup.Secret, now)+`"}`, cookie); status != 200 {
		t.Fatalf("enable: %d %s", status, body)
	}
	for _, c := range []struct{ body, field string }{
		{`{"password":"wrong","code":"` + codeAt(t, setup.Secret, now.Add(30*time.Second)) + `"}`, `"password":{`},
		{`{"password":"password123","code":"000000"}`, `"code":{`},
		{`{"password":"password123"}`, `"code":{`},
	} {
		if status, body := call(t, srv, "POST", "/api/user/2fa/disable", c.body, cookie); status != 400 || !strings.Contains(body, c.field) {
			t.Errorf("disable with %s: %d %s", c.body, status, body)
		}
	}
	status, body = call(t, srv, "POST", "/api/user/2fa/disable", `{"password":"password123","code":"`+codeAt(t, setup.Secret, now.Add(30*time.Second))+`"}`, cookie)
	if status != 204 {
		t.Fatalf("disable: %d %s", status, body)
	}
	stored, _ := app.FindRecordById("users", ana.Id)
	if stored.GetBool("totpEnabled") || stored.GetString("totpSecret") != "" {
		t.Error("the secret must be forgotten")
	}
	body2, _ := json.Marshal(map[string]string{"email": ana.Email(), "password": "password123"})
	if status, body := call(t, srv, "POST", "/api/auth/login", string(body2), ""); status != 200 {
		t.Errorf("sign-in without a code after disabling: %d %s", status, body)
	}
}
