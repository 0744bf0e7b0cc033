package hooks_test

import (
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
)

// listRoutes are the routes that page through a list: each reads ?limit, ?page and
// ?before through security.ReadPage, with its own documented default and cap.
var listRoutes = []string{
	"/api/feed", "/api/users/me/activities", "/api/users/me/diary", "/api/users/suggestions",
	"/api/user/movies", "/api/user/tv-shows", "/api/movies/search?q=matrix", "/api/tv-shows/search?q=bad",
	"/api/trending-movies", "/api/trending-tv-shows", "/api/users/me/lists",
}

// TestListRoutesPageAlike: every list route answers a bad limit or page with the same
// 400 naming the parameter, and a good one with its list.
func TestListRoutesPageAlike(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	srv, _ := serve(t, app)
	unthrottled(app)
	cookie := testutil.SessionCookie(t, ana)
	join := func(route, query string) string {
		if strings.Contains(route, "?") {
			return route + "&" + query
		}
		return route + "?" + query
	}
	for _, route := range listRoutes {
		if status, body := send(t, srv, "GET", join(route, "limit=5&page=1"), "", cookie); status != 200 {
			t.Errorf("%s with a good limit and page: %d %s", route, status, truncate(body))
		}
		for query, param := range map[string]string{"limit=0": "limit", "limit=ten": "limit", "page=-1": "page", "page=2.5": "page"} {
			status, body := send(t, srv, "GET", join(route, query), "", cookie)
			want := `"` + param + `":{"code":"validation_invalid_number","message":"The ` + param + ` must be a positive number."}`
			if status != 400 || !strings.Contains(string(body), want) {
				t.Errorf("%s?%s: %d %s, want a 400 naming %s", route, query, status, truncate(body), param)
			}
		}
	}
}
