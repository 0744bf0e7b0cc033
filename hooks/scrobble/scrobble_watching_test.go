package scrobble_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/testutil"
)

// TestWatchingNow: off by default; once Ana turns it on, a play start shows 'watching
// now' on her profile and to Bea, who follows her, until the play stops; a member on
// either side of a block, and everyone while Ana is suspended, sees nothing.
func TestWatchingNow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cy := testutil.CreateUser(t, w.app, "Cy")
	w.cookies["Cy"] = testutil.SessionCookie(t, cy)
	token := w.token(t)
	watching := func(who string) (int, string) {
		status, data := w.call(t, who, http.MethodGet, "/api/users/"+w.ana.Id+"/watching", "")
		return status, string(data)
	}
	start := "plex_movie_play.json"
	if status, _ := w.post(t, token, start, fixture(t, start)); status != 204 {
		t.Fatalf("a play start with 'watching now' off: %d, want 204", status)
	}
	if _, body := watching("Bea"); !strings.Contains(body, `"watching":null`) {
		t.Fatalf("off by default, yet: %s", body)
	}
	w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"nowWatching":true}`)
	if status, data := w.post(t, token, start, fixture(t, start)); status != 202 {
		t.Fatalf("a play start: %d %s", status, data)
	}
	for _, who := range []string{"Ana", "Bea", "Cy"} {
		if status, body := watching(who); status != 200 || !strings.Contains(body, `"title":"The Matrix"`) || !strings.Contains(body, `"id":603`) {
			t.Errorf("%s sees: %d %s", who, status, body)
		}
	}
	status, data := w.call(t, "Bea", http.MethodGet, "/api/user/watching-now", "")
	var list []struct {
		User     struct{ ID string }
		Watching struct{ Title string }
	}
	if status != 200 || json.Unmarshal(data, &list) != nil || len(list) != 1 || list[0].User.ID != w.ana.Id {
		t.Errorf("Bea's friends watching now: %d %s", status, data)
	}
	if _, data := w.call(t, "Cy", http.MethodGet, "/api/user/watching-now", ""); string(data) != "[]" {
		t.Errorf("Cy follows nobody, yet: %s", data)
	}
	// a block hides it both ways
	if err := moderation.Block(w.app, w.ana.Id, w.bea.Id); err != nil {
		t.Fatal(err)
	}
	if status, _ := watching("Bea"); status != 404 {
		t.Errorf("a blocked member sees Ana's 'watching now': %d", status)
	}
	if _, data := w.call(t, "Bea", http.MethodGet, "/api/user/watching-now", ""); string(data) != "[]" {
		t.Errorf("a blocked member's list: %s", data)
	}
	// a stop ends it
	stop := "plex_movie_partial_stop.json"
	w.post(t, token, stop, fixture(t, stop))
	if _, body := watching("Cy"); !strings.Contains(body, `"watching":null`) {
		t.Errorf("after the stop: %s", body)
	}
	// suspended: nobody sees it
	w.post(t, token, start, fixture(t, start))
	w.ana.Set("suspended", true)
	if err := w.app.Save(w.ana); err != nil {
		t.Fatal(err)
	}
	if status, _ := watching("Cy"); status != 404 {
		t.Errorf("a suspended member's 'watching now': %d", status)
	}
}
