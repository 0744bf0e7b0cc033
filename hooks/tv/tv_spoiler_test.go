package tv_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
)

// TestSpoilerGuard: Ana reviews Severance S2E3; each follower sees it guarded or plainly
// by where they are in the show, in the feed, on Ana's profile and as a single post, and
// is notified by whether they watched that episode.
func TestSpoilerGuard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sev := fmt.Sprintf("/api/tv-shows/%d", severance)
	viewers := []struct {
		name    string
		setup   func(who string)
		youreOn *tv.Ep // nil: reads it plainly
	}{
		{"Bea", func(who string) { // tracks it, on S2E1
			w.ok(t, who, "POST", sev+"/episodes/watched", `{"season":1}`, nil)
		}, &tv.Ep{Season: 2, Episode: 1}},
		{"Cal", func(string) {}, nil}, // doesn't track it
		{"Dee", func(who string) { // watched the episode
			w.ok(t, who, "POST", sev+"/episodes/watched", `{"upTo":{"season":2,"episode":3}}`, nil)
		}, nil},
		{"Eve", func(who string) { // on the watchlist, not started
			w.ok(t, who, "POST", "/api/user/tv-shows", fmt.Sprintf(`{"tvShowId":%d,"status":"plan_to_watch"}`, severance), nil)
		}, &tv.Ep{Season: 1, Episode: 1}},
		{"Fay", func(who string) { // dropped it after S1E2
			w.ok(t, who, "POST", sev+"/episodes/watched", `{"upTo":{"season":1,"episode":2}}`, nil)
			w.ok(t, who, "POST", "/api/user/tv-shows", fmt.Sprintf(`{"tvShowId":%d,"status":"dropped"}`, severance), nil)
		}, nil},
		{"Gus", func(who string) { // logged the show as watched without episodes
			w.ok(t, who, "POST", "/api/user/tv-shows", fmt.Sprintf(`{"tvShowId":%d,"status":"watched","rating":8}`, severance), nil)
		}, nil},
	}
	for _, v := range viewers {
		if v.name != "Bea" {
			w.member(t, v.name)
		}
		if err := social.Follow(w.app, w.cookieUser(t, v.name), w.ana.Id); err != nil && v.name != "Bea" {
			t.Fatal(err)
		}
		v.setup(v.name)
	}
	w.ok(t, "Dee", "PATCH", "/api/user/notification-settings", `{"newPosts":false}`, nil)
	notify.Drain()
	var review struct{ ID string }
	w.ok(t, "Ana", "POST", sev+"/episode-reviews", `{"seasonNumber":2,"episodeNumber":3,"rating":9,"review":"The twist!"}`, &review)
	post, err := w.app.FindFirstRecordByFilter("activities", "type = 'episode_review'")
	if err != nil {
		t.Fatal(err)
	}
	notify.Drain()
	for _, v := range append(viewers, struct {
		name    string
		setup   func(string)
		youreOn *tv.Ep
	}{"Ana", nil, nil}) {
		for _, where := range []string{"/api/feed", "/api/users/" + w.ana.Id + "/activities", "/api/activities/" + post.Id} {
			status, data := w.call(t, v.name, "GET", where, "")
			if status != 200 {
				t.Fatalf("%s %s: %d %s", v.name, where, status, data)
			}
			got := spoilerIn(t, data, post.Id)
			switch {
			case v.youreOn == nil && got != nil:
				t.Errorf("%s on %s: guarded (%+v), want plain", v.name, where, got)
			case v.youreOn != nil && (got == nil || got.YoureOn == nil || *got.YoureOn != *v.youreOn || got.Season != 2 || got.Episode != 3):
				t.Errorf("%s on %s: %+v, want a spoiler for S2E3, you're on %v", v.name, where, got, v.youreOn)
			}
		}
	}
	// Dee watched S2E3: told so even with new posts muted. Cal gets the general notice.
	dee := w.notifications(t, "Dee")
	if len(dee) != 1 || !strings.Contains(dee[0], "reviewed S2E3 of Severance, an episode you've watched") {
		t.Errorf("Dee's notifications: %q", dee)
	}
	if cal := w.notifications(t, "Cal"); len(cal) != 1 || strings.Contains(cal[0], "S2E3") {
		t.Errorf("Cal's notifications name no episode: %q", cal)
	}
	// Muting episode reviews leaves Dee with nothing (she muted new posts too).
	w.ok(t, "Dee", "PATCH", "/api/user/notification-settings", `{"episodeReviews":false}`, nil)
	w.ok(t, "Ana", "POST", sev+"/episode-reviews", `{"seasonNumber":2,"episodeNumber":3,"rating":7}`, nil)
	notify.Drain()
	if dee := w.notifications(t, "Dee"); len(dee) != 1 {
		t.Errorf("after muting episode reviews: %q", dee)
	}
}

// spoilerIn finds the activity id in a feed-shaped answer (a list or one activity) and
// returns its spoiler, nil when it has none; it fails when the activity is missing.
func spoilerIn(t *testing.T, data []byte, id string) *tv.Spoiler {
	t.Helper()
	type item struct {
		ID   string `json:"id"`
		Data struct {
			Spoiler *tv.Spoiler `json:"spoiler"`
		} `json:"data"`
	}
	var list []item
	if err := json.Unmarshal(data, &list); err != nil {
		var one item
		if err := json.Unmarshal(data, &one); err != nil {
			t.Fatal(err)
		}
		list = []item{one}
	}
	for _, it := range list {
		if it.ID == id {
			return it.Data.Spoiler
		}
	}
	t.Fatalf("activity %s not in %s", id, data)
	return nil
}

// cookieUser is the id of the named member.
func (w *world) cookieUser(t *testing.T, first string) string {
	t.Helper()
	u, err := w.app.FindFirstRecordByFilter("users", "firstName = {:f}", dbx.Params{"f": first})
	if err != nil {
		t.Fatal(err)
	}
	return u.Id
}

// notifications lists the messages of the named member's post notices ("review" and
// "new_post"), as their notifications list shows them.
func (w *world) notifications(t *testing.T, first string) []string {
	t.Helper()
	status, data := w.call(t, first, "GET", "/api/notifications", "")
	if status != 200 {
		t.Fatalf("%s's notifications: %d %s", first, status, data)
	}
	var all []struct{ Type, Message string }
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range all {
		if n.Type == "review" || n.Type == "new_post" {
			out = append(out, n.Message)
		}
	}
	return out
}
