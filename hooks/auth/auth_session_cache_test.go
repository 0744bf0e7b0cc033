package auth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"
)

// getUser reads /api/auth/user with a session cookie: the status and the first name.
func getUser(t *testing.T, url, cookie string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url+"/api/auth/user", nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	var user struct {
		FirstName string `json:"firstName"`
	}
	_ = json.Unmarshal(data, &user)
	return res.StatusCode, user.FirstName
}

// TestSessionCacheStaysExact: sessions are remembered between requests, yet a rename, a
// password change, a deleted account and an expired token all count on the next request.
func TestSessionCacheStaysExact(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	url := testutil.Serve(t, app).URL
	anaCookie, beaCookie := testutil.SessionCookie(t, ana), testutil.SessionCookie(t, bea)

	for range 3 { // the first request fills the cache, the others read it
		if status, name := getUser(t, url, anaCookie); status != http.StatusOK || name != "Ana" {
			t.Fatalf("signed in: %d %q", status, name)
		}
	}

	ana.Set("firstName", "Anya")
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	if _, name := getUser(t, url, anaCookie); name != "Anya" {
		t.Fatalf("a saved rename shows on the next request, got %q", name)
	}

	ana.SetPassword("a brand new password")
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	if status, _ := getUser(t, url, anaCookie); status != http.StatusUnauthorized {
		t.Fatalf("a password change ends the old session at once, got %d", status)
	}

	if status, _ := getUser(t, url, beaCookie); status != http.StatusOK {
		t.Fatalf("Bea signed in: %d", status)
	}
	if err := app.Delete(bea); err != nil {
		t.Fatal(err)
	}
	if status, _ := getUser(t, url, beaCookie); status != http.StatusUnauthorized {
		t.Fatalf("a deleted account's session ends at once, got %d", status)
	}

	users, err := app.FindCollectionByNameOrId(auth.UsersCollection)
	if err != nil {
		t.Fatal(err)
	}
	users.AuthToken.Duration = 10 // seconds: the shortest PocketBase allows
	if err := app.Save(users); err != nil {
		t.Fatal(err)
	}
	cal := testutil.CreateUser(t, app, "Cal")
	calCookie := testutil.SessionCookie(t, cal)
	if status, _ := getUser(t, url, calCookie); status != http.StatusOK {
		t.Fatalf("Cal signed in: %d", status)
	}
	time.Sleep(11 * time.Second)
	if status, _ := getUser(t, url, calCookie); status != http.StatusUnauthorized {
		t.Fatalf("a remembered session is not used past its token's expiry, got %d", status)
	}
}
