package federation_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestOptIn walks a member through PATCH /api/user/settings: federation needs a public
// profile (a 400 naming federated), opting in gives them a key pair and an actor,
// and turning the public profile off takes them out of the fediverse too.
func TestOptIn(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	mem, _ := app.FindRecordById("users", testutil.UserID("Mem"))
	cookie := testutil.SessionCookie(t, mem)
	srv := testutil.Serve(t, app)
	patch := func(body string) (int, string) {
		req, _ := http.NewRequest("PATCH", srv.URL+"/api/user/settings", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	keys := func() int {
		var n int
		_ = app.DB().NewQuery("SELECT COUNT(*) FROM federation_keys WHERE user = {:u}").Bind(dbx.Params{"u": mem.Id}).Row(&n)
		return n
	}
	actor := func() int { s, _, _ := get(t, srv.URL, "/ap/users/mem", ap); return s }

	if status, body := patch(`{"federated":true}`); status != 400 || !strings.Contains(body, `"federated"`) || !strings.Contains(body, "Public profile") {
		t.Fatalf("opting in while not public: %d %s", status, body)
	}
	if status, body := patch(`{"public":false,"federated":true}`); status != 400 || !strings.Contains(body, `"federated"`) {
		t.Fatalf("opting in while leaving public: %d %s", status, body)
	}
	if status, body := patch(`{"federated":"yes"}`); status != 400 || !strings.Contains(body, `"federated"`) {
		t.Fatalf("a federated that is not a bool: %d %s", status, body)
	}
	if keys() != 0 || actor() != 404 {
		t.Fatal("a refused opt-in left a key or an actor")
	}
	if status, body := patch(`{"public":true,"federated":true}`); status != 200 || !strings.Contains(body, `"federated":true`) {
		t.Fatalf("opting in: %d %s", status, body)
	}
	if keys() != 1 || actor() != 200 {
		t.Fatalf("after opting in: %d keys, actor %d", keys(), actor())
	}
	if status, body := patch(`{"public":false}`); status != 200 || !strings.Contains(body, `"federated":false`) {
		t.Fatalf("leaving public: %d %s", status, body)
	}
	if actor() != 404 {
		t.Fatal("a member who left public is still an actor")
	}
	if status, body := patch(`{"public":true}`); status != 200 || !strings.Contains(body, `"federated":false`) || actor() != 404 {
		t.Fatalf("coming back public re-federated the member without asking: %d %s", status, body)
	}
}

// TestStatus checks what the settings page learns: off, then on with the host.
func TestStatus(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	mem, _ := app.FindRecordById("users", testutil.UserID("Mem"))
	srv := testutil.Serve(t, app)
	read := func() string {
		req, _ := http.NewRequest("GET", srv.URL+"/api/federation/status", nil)
		req.Header.Set("Cookie", testutil.SessionCookie(t, mem))
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	if got := read(); got != `{"enabled":false,"host":""}` {
		t.Errorf("off: %s", got)
	}
	if err := federation.Enable(app, base); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != `{"enabled":true,"host":"films.example"}` {
		t.Errorf("on: %s", got)
	}
}
