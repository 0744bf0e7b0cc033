package hooks_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/gifs"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// TestNoAccountEnumeration: a sign-in with an unknown email and one with a known email
// but the wrong password get the same answer, and so does a password reset request for
// an address with and without an account.
func TestNoAccountEnumeration(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	srv, _ := serve(t, app)
	unthrottled(app)
	pairs := []struct{ what, path, known, unknown string }{
		{"sign-in", "/api/auth/login",
			`{"email":"` + ana.Email() + `","password":"not her password"}`,
			`{"email":"nobody-here@example.com","password":"not her password"}`},
		{"password reset", "/api/collections/users/request-password-reset",
			`{"email":"` + ana.Email() + `"}`,
			`{"email":"nobody-here@example.com"}`},
	}
	for _, p := range pairs {
		ks, kb := send(t, srv, "POST", p.path, p.known, "")
		us, ub := send(t, srv, "POST", p.path, p.unknown, "")
		if ks != us || string(kb) != string(ub) {
			t.Errorf("%s tells accounts apart: %d %s for a member, %d %s for an unknown address", p.what, ks, kb, us, ub)
		}
		if p.what == "sign-in" && (ks != http.StatusBadRequest || !strings.Contains(string(kb), "Invalid email or password.")) {
			t.Errorf("sign-in with a wrong password: %d %s", ks, kb)
		}
	}
}

// TestPasswordRules: sign-up and password change take 8 to 71 characters (bcrypt reads no
// further) and a matching confirmation, and say which field is wrong.
func TestPasswordRules(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	srv, _ := serve(t, app)
	unthrottled(app)
	cookie := testutil.SessionCookie(t, ana)
	signup := func(pw, confirm string) string {
		return `{"email":"rules-` + time.Now().Format("150405.000000000") + `@example.com","password":"` + pw + `","passwordConfirm":"` + confirm + `","firstName":"Rule"}`
	}
	change := func(pw, confirm string) string {
		return `{"currentPassword":"password123","password":"` + pw + `","passwordConfirm":"` + confirm + `"}`
	}
	for _, c := range []struct {
		what, path, body, cookie, field string
	}{
		{"sign-up, 7 characters", "/api/auth/signup", signup("1234567", "1234567"), "", "password"},
		{"sign-up, 72 characters", "/api/auth/signup", signup(strings.Repeat("p", 72), strings.Repeat("p", 72)), "", "password"},
		{"sign-up, confirmation differs", "/api/auth/signup", signup("long enough", "long enougH"), "", "passwordConfirm"},
		{"sign-up, 8 characters", "/api/auth/signup", signup("12345678", "12345678"), "", ""},
		{"change, 7 characters", "/api/auth/user/password", change("1234567", "1234567"), cookie, "password"},
		{"change, 72 characters", "/api/auth/user/password", change(strings.Repeat("p", 72), strings.Repeat("p", 72)), cookie, "password"},
		{"change, confirmation differs", "/api/auth/user/password", change("long enough", "long enougH"), cookie, "passwordConfirm"},
	} {
		status, data := send(t, srv, "POST", c.path, c.body, c.cookie)
		if c.field == "" {
			if status != http.StatusOK {
				t.Errorf("%s: want 200, got %d %s", c.what, status, truncate(data))
			}
			continue
		}
		var e struct {
			Data map[string]any `json:"data"`
		}
		_ = json.Unmarshal(data, &e)
		if status != http.StatusBadRequest || e.Data[c.field] == nil {
			t.Errorf("%s: want a 400 naming %s, got %d %s", c.what, c.field, status, truncate(data))
		}
	}
}

// TestGifURLRules: a comment's gifUrl must be a file of our own GIF library or an https
// URL on the configured provider's hosts; anything else is refused, naming gifUrl.
func TestGifURLRules(t *testing.T) {
	t.Setenv(gifs.EnvGiphyKey, "test-key") // GIPHY configured; no request reaches it here
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	testutil.CreateActivity(t, app, "anapost00000001", ana.Id, "movie_review", time.Now().Add(-time.Hour), map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 8, "review": "Whoa", "status": "watched"})
	col, err := app.FindCollectionByNameOrId("gifs")
	if err != nil {
		t.Fatal(err)
	}
	gif := core.NewRecord(col)
	file, err := filesystem.NewFileFromBytes([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "nod.gif")
	if err != nil {
		t.Fatal(err)
	}
	gif.Set("title", "Nod")
	gif.Set("file", file)
	if err := app.Save(gif); err != nil {
		t.Fatal(err)
	}
	own := "/api/files/" + col.Id + "/" + gif.Id + "/" + gif.GetString("file")
	for u, want := range map[string]bool{
		own: true,
		"/api/files/gifs/" + gif.Id + "/" + gif.GetString("file"): true,
		"https://media.giphy.com/media/abc/giphy.gif":             true,
		"https://i.giphy.com/abc.gif":                             true,
		"http://media.giphy.com/media/abc/giphy.gif":              false,
		"//media.giphy.com/media/abc/giphy.gif":                   false,
		"https://giphy.com.evil.example/x.gif":                    false,
		"https://evilgiphy.com/x.gif":                             false,
		"https://user:pass@media.giphy.com/x.gif":                 false,
		"https://media.giphy.com:8443/x.gif":                      false,
		"https://static.klipy.com/x.gif":                          false, // not the configured provider
		"javascript:alert(1)":                                     false,
		"data:image/gif;base64,R0lGODlhAQABAAAAACw=":              false,
		"/api/files/" + col.Id + "/" + gif.Id + "/other.gif":      false,
		"/api/files/users/" + ana.Id + "/avatar.png":              false,
		"/api/files/" + col.Id + "/" + gif.Id + "/../x.gif":       false,
	} {
		if got := gifs.AllowedURL(app, u); got != want {
			t.Errorf("AllowedURL(%q) = %v, want %v", u, got, want)
		}
	}

	srv, _ := serve(t, app)
	unthrottled(app)
	cookie := testutil.SessionCookie(t, ana)
	status, data := send(t, srv, "POST", "/api/activities/anapost00000001/comments", `{"content":"","gifUrl":"http://media.giphy.com/media/abc/giphy.gif","gifId":"abc"}`, cookie)
	if status != http.StatusBadRequest || !strings.Contains(string(data), `"gifUrl"`) {
		t.Errorf("an http GIF: want a 400 naming gifUrl, got %d %s", status, truncate(data))
	}
	status, data = send(t, srv, "POST", "/api/activities/anapost00000001/comments", `{"content":"","gifUrl":"`+own+`","gifId":"`+gif.Id+`"}`, cookie)
	if status != http.StatusOK {
		t.Errorf("a GIF of our own library: want 200, got %d %s", status, truncate(data))
	}
}

// TestAvatarURLRules: a profile's outside avatar (from an OAuth2 provider) is kept only as
// an https URL without credentials; anything else is dropped when stored and never shown.
func TestAvatarURLRules(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct{ in, stored string }{
		{"https://avatars.githubusercontent.com/u/1?v=4", "https://avatars.githubusercontent.com/u/1?v=4"},
		{"http://example.com/me.png", ""},
		{"https://user:pass@example.com/me.png", ""},
	} {
		r := core.NewRecord(users)
		r.SetEmail("avatar" + string(rune('a'+i)) + "@example.com")
		r.SetPassword("password123")
		r.Set("firstName", "Avatar")
		r.Set("avatarUrl", c.in)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		if got := r.GetString("avatarUrl"); got != c.stored {
			t.Errorf("avatarUrl %q stored as %q, want %q", c.in, got, c.stored)
		}
		r.Set("avatarUrl", "http://example.com/changed.png")
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
		if got := r.GetString("avatarUrl"); got != "" {
			t.Errorf("an update to an http avatar was stored as %q", got)
		}
	}
	for _, u := range []string{"javascript:alert(1)", "data:image/png;base64,AAAA", "/relative.png", "http://example.com/a.png"} {
		r := core.NewRecord(users)
		r.Id = "legacyavatar000"
		r.SetRaw("avatarUrl", u) // as an older version might have stored it
		if got := auth.ProfileImageURL(r); got != "" {
			t.Errorf("ProfileImageURL shows the stored avatar %q", u)
		}
	}
}
