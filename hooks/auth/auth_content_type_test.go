package auth_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
)

// TestCookieWritesTakeOnlyJSON: a write authenticated by the session cookie must send its
// body as JSON (multipart to the import upload), else a 415 naming the type it sent and
// what the route takes; bodyless writes and token-authenticated scripts are unaffected.
func TestCookieWritesTakeOnlyJSON(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	cookie := testutil.SessionCookie(t, ana)
	token, err := ana.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	srv := testutil.Serve(t, app)
	upload := func() (string, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		w, _ := mw.CreateFormFile("file", "ratings.csv")
		_, _ = io.WriteString(w, "not,an,export\n")
		_ = mw.Close()
		return buf.String(), mw.FormDataContentType()
	}
	form, formType := upload()
	const name = `{"firstName":"Ana"}`
	type tc struct {
		name, method, path, contentType, body string
		chunked, withToken                    bool
		status                                int
		contains                              []string
	}
	cases := []tc{
		{"JSON", "PATCH", "/api/auth/user/name", "application/json", name, false, false, 200, []string{`"firstName":"Ana"`}},
		{"JSON with a charset", "PATCH", "/api/auth/user/name", "application/json; charset=utf-8", name, false, false, 200, nil},
		{"JSON in capitals", "PATCH", "/api/auth/user/name", "Application/JSON;charset=UTF-8", name, false, false, 200, nil},
		{"JSON sent chunked", "PATCH", "/api/auth/user/name", "application/json", name, true, false, 200, nil},
		{"text/plain (what a cross-site form can send)", "PATCH", "/api/auth/user/name", "text/plain", name, false, false, 415,
			[]string{`"status":415`, `Unsupported Content-Type \"text/plain\": this route accepts application/json.`, `"Content-Type":{"code":"validation_unsupported_media_type"`}},
		{"text/plain with a charset", "POST", "/api/follow", "text/plain;charset=UTF-8", `{"userId":"x"}`, false, false, 415, []string{`\"text/plain;charset=UTF-8\"`}},
		{"text/plain sent chunked", "POST", "/api/follow", "text/plain", `{"userId":"x"}`, true, false, 415, []string{`"status":415`}},
		{"form-encoded", "PATCH", "/api/auth/user/name", "application/x-www-form-urlencoded", "firstName=Eve", false, false, 415,
			[]string{`\"application/x-www-form-urlencoded\": this route accepts application/json.`}},
		{"multipart to a JSON route", "POST", "/api/user/movies", formType, form, false, false, 415, []string{`this route accepts application/json.`}},
		{"no content type", "POST", "/api/reports", "", `{"reason":"spam"}`, false, false, 415,
			[]string{`The request body has no Content-Type: this route accepts application/json.`}},
		{"JSON in another charset", "PATCH", "/api/auth/user/name", "application/json; charset=iso-8859-1", name, false, false, 415, nil},
		{"a JSON look-alike", "PATCH", "/api/auth/user/name", "application/json-patch+json", name, false, false, 415, nil},
		{"DELETE with a text body", "DELETE", "/api/push/unsubscribe", "text/plain", `{"endpoint":"x"}`, false, false, 415, nil},
		{"the import upload takes multipart", "POST", "/api/import/imdb", formType, form, false, false, 400, []string{`"file"`}},
		{"the import upload refuses text/plain", "POST", "/api/import/imdb", "text/plain", form, false, false, 415,
			[]string{`this route accepts multipart/form-data or application/json.`}},
		{"the photo upload takes multipart", "POST", "/api/user/avatar", formType, form, false, false, 400, []string{`"avatar":{"code"`}},
		{"the photo upload refuses text/plain", "POST", "/api/user/avatar", "text/plain", form, false, false, 415, nil},
		{"multipart to the settings", "PATCH", "/api/user/settings", formType, form, false, false, 415, nil},
		{"multipart elsewhere under import", "POST", "/api/imports/x/match", formType, form, false, false, 415, nil},
		{"bodyless POST (test push)", "POST", "/api/push/test", "", "", false, false, 200, []string{`{"sent":0}`}},
		{"bodyless POST with a form type", "POST", "/api/push/test", "application/x-www-form-urlencoded", "", false, false, 200, nil},
		{"bodyless DELETE", "DELETE", "/api/follow/nobody00000000", "", "", false, false, 200, []string{`"following":false`}},
		{"bodyless PATCH (mark all read)", "PATCH", "/api/notifications/mark-all-read", "", "", false, false, 200, []string{`"count":0`}},
		{"bodyless sign-out", "POST", "/api/auth/logout", "", "", false, false, 204, nil},
		// the handler answers (its decoder reads forms by their form tags): no 415
		{"a script with a token may send a form", "PATCH", "/api/auth/user/name", "application/x-www-form-urlencoded", "firstName=Ana", false, true, 400,
			[]string{`"firstName":{"code":"validation_required"`}},
	}
	for _, c := range cases {
		var body io.Reader = strings.NewReader(c.body)
		if c.chunked {
			body = io.MultiReader(body) // unknown length: sent chunked
		}
		req, _ := http.NewRequest(c.method, srv.URL+c.path, body)
		if c.body == "" {
			req.Body, req.ContentLength = http.NoBody, 0
		}
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		if c.withToken {
			req.Header.Set("Authorization", token)
		} else {
			req.Header.Set("Cookie", cookie)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, res.StatusCode, got, c.status)
			continue
		}
		for _, s := range c.contains {
			if !strings.Contains(string(got), s) {
				t.Errorf("%s: %s lacks %s", c.name, got, s)
			}
		}
	}
}
