package lists_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/lists"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/social"
)

// TestVisibilityByRole reads a public, a followers-only and a private list of Ana as
// every role — owner, editor, follower, stranger, a member Ana blocked, any member once
// Ana is suspended, and a signed-out visitor — through the route, CanView, the feed, the
// profile's posts and Lists tab, and the list's thread.
func TestVisibilityByRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "Eve", "Fay", "Gus")
	// Eve is blocked by Ana (and followed her before: blocking ends that); Fay follows
	// Ana and will see her suspended; Gus edits every list without following Ana.
	for _, f := range [][2]string{{"Eve", "Ana"}, {"Fay", "Ana"}, {"Ana", "Gus"}} {
		if err := social.Follow(w.app, w.ids[f[0]], w.ids[f[1]]); err != nil {
			t.Fatal(err)
		}
	}
	ids := map[string]string{}
	for _, vis := range []string{"public", "followers", "private"} {
		ids[vis] = w.newList(t, "Ana", `{"name":"Ana's `+vis+` list","visibility":"`+vis+`"}`)
		w.must(t, 201, "Ana", "POST", "/api/lists/"+ids[vis]+"/items", `{"movieId":900001}`)
		w.must(t, 200, "Ana", "POST", "/api/lists/"+ids[vis]+"/editors", `{"userId":"`+w.ids["Gus"]+`"}`)
	}
	if err := moderation.Block(w.app, w.ids["Ana"], w.ids["Eve"]); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]bool{ // role → visibility → may read
		"owner":    {"public": true, "followers": true, "private": true},
		"editor":   {"public": true, "followers": true, "private": true},
		"follower": {"public": true, "followers": true, "private": false},
		"stranger": {"public": true, "followers": false, "private": false},
		"blocked":  {"public": false, "followers": false, "private": false},
		"visitor":  {"public": false, "followers": false, "private": false},
	}
	who := map[string]string{"owner": "Ana", "editor": "Gus", "follower": "Bea", "stranger": "Dee", "blocked": "Eve", "visitor": ""}
	check := func(role, member string, may map[string]bool) {
		t.Helper()
		for vis, id := range ids {
			list := record(t, w.app, "lists", id)
			ok, err := lists.CanView(w.app, w.ids[member], list)
			if err != nil || ok != may[vis] {
				t.Errorf("%s, %s list: CanView %v (%v), want %v", role, vis, ok, err, may[vis])
			}
			status, _ := w.call(t, member, "GET", "/api/lists/"+id, "")
			if wantStatus := map[bool]int{true: 200, false: 404}[may[vis]]; member == "" {
				if status != http.StatusUnauthorized {
					t.Errorf("visitor, %s list: route answered %d, want 401", vis, status)
				}
			} else if status != wantStatus {
				t.Errorf("%s, %s list: route answered %d, want %d", role, vis, status, wantStatus)
			}
			thread := list.GetString("thread")
			if vis != "private" && thread == "" {
				t.Fatalf("the %s list has no thread post", vis)
			}
			if thread != "" && member != "" {
				post := record(t, w.app, "activities", thread)
				seen, _ := moderation.CanSeeActivity(w.app, w.ids[member], post)
				if seen != may[vis] {
					t.Errorf("%s, %s list: its post visible %v, want %v", role, vis, seen, may[vis])
				}
			}
		}
		if member == "" {
			return
		}
		// the profile's Lists tab lists what the viewer may read, nothing more
		status, out := w.call(t, member, "GET", "/api/users/"+w.ids["Ana"]+"/lists", "")
		got := map[string]bool{}
		if items, _ := out["items"].([]any); status == 200 {
			for _, it := range items {
				got[it.(map[string]any)["id"].(string)] = true
			}
		}
		for vis, id := range ids {
			if got[id] != may[vis] {
				t.Errorf("%s: Lists tab shows the %s list: %v, want %v (status %d)", role, vis, got[id], may[vis], status)
			}
		}
		// the feed and the profile's posts carry the list posts the viewer may read
		feed, err := social.FeedPage(w.app, w.ids[member], 50, 1)
		if err != nil {
			t.Fatal(err)
		}
		_, profileOut := w.call(t, member, "GET", "/api/users/"+w.ids["Ana"]+"/activities?limit=50", "")
		var profile []social.Activity
		for _, it := range asSlice(profileOut["items"]) {
			profile = append(profile, social.Activity{ID: it["id"].(string)})
		}
		for vis, id := range ids {
			thread := record(t, w.app, "lists", id).GetString("thread")
			if thread == "" {
				continue
			}
			inFeed, onProfile := contains(feed, thread), contains(profile, thread)
			follows := role == "owner" || role == "follower"
			if inFeed != (may[vis] && follows) {
				t.Errorf("%s: the %s list's post in the feed: %v", role, vis, inFeed)
			}
			// posts are their author's: beyond public lists, a profile shows them to followers
			if onProfile != (may[vis] && (vis == "public" || follows)) {
				t.Errorf("%s: the %s list's post on the profile: %v, want %v", role, vis, onProfile, may[vis])
			}
		}
	}
	for role, member := range who {
		check(role, member, want[role])
	}

	// a list made private leaves its follower's feed, and comes back when public again
	w.must(t, 200, "Ana", "PATCH", "/api/lists/"+ids["public"], `{"visibility":"private"}`)
	thread := record(t, w.app, "lists", ids["public"]).GetString("thread")
	if feed, _ := social.FeedPage(w.app, w.ids["Bea"], 50, 1); contains(feed, thread) {
		t.Error("a list made private is still in a follower's feed")
	}
	w.must(t, 404, "Bea", "GET", "/api/activities/"+thread+"/comments", "")
	w.must(t, 200, "Ana", "PATCH", "/api/lists/"+ids["public"], `{"visibility":"public"}`)
	if feed, _ := social.FeedPage(w.app, w.ids["Bea"], 50, 1); !contains(feed, thread) {
		t.Error("a list made public again is not back in a follower's feed")
	}

	// a suspended owner's lists are read by nobody
	ana := record(t, w.app, "users", w.ids["Ana"])
	ana.Set("suspended", true)
	if err := w.app.Save(ana); err != nil {
		t.Fatal(err)
	}
	for vis, id := range ids {
		if ok, _ := lists.CanView(w.app, w.ids["Fay"], record(t, w.app, "lists", id)); ok {
			t.Errorf("suspended owner: a follower still reads the %s list", vis)
		}
		if ok, _ := lists.CanView(w.app, w.ids["Gus"], record(t, w.app, "lists", id)); ok {
			t.Errorf("suspended owner: an editor still reads the %s list", vis)
		}
	}
}

func asSlice(v any) []map[string]any {
	var out []map[string]any
	items, _ := v.([]any)
	for _, it := range items {
		out = append(out, it.(map[string]any))
	}
	return out
}

func contains(items []social.Activity, id string) bool {
	for _, a := range items {
		if a.ID == id {
			return true
		}
	}
	return false
}

// TestHiddenList: a list a moderator hid is read by its owner only.
func TestHiddenList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.newList(t, "Ana", `{"name":"Reported"}`)
	list := record(t, w.app, "lists", id)
	list.Set("hidden", true)
	if err := w.app.Save(list); err != nil {
		t.Fatal(err)
	}
	w.must(t, 404, "Bea", "GET", "/api/lists/"+id, "")
	w.must(t, 200, "Ana", "GET", "/api/lists/"+id, "")
	if got := fmt.Sprint(lists.Allows("public", lists.RoleExcluded)); got != "false" {
		t.Error("an excluded role reads a public list")
	}
}

// TestReportList: a member who can read a list can report it (once while open); one who
// cannot gets a 404, as if it did not exist.
func TestReportList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pub := w.newList(t, "Ana", `{"name":"Spoilers everywhere"}`)
	priv := w.newList(t, "Ana", `{"name":"Mine","visibility":"private"}`)
	w.must(t, 201, "Dee", "POST", "/api/reports", `{"entityType":"list","entityId":"`+pub+`","reason":"spoilers"}`)
	w.must(t, 404, "Dee", "POST", "/api/reports", `{"entityType":"list","entityId":"`+priv+`","reason":"?"}`)
	if n, _ := w.app.CountRecords("reports", dbxEq("entityType", "list", "entityId", pub, "targetUser", w.ids["Ana"])); n != 1 {
		t.Errorf("%d reports of the list naming its owner, want 1", n)
	}
}

// TestFriendsListsByRole: 'In N lists by friends' — the count a title page reads and the
// lists it opens — holds only lists of members the viewer follows that the viewer may
// read: a follower reads the public and followers-only lists, an editor who follows the
// owner the private one too, a stranger none; a hidden list, a block and a suspension take
// them away. Movies and shows alike.
func TestFriendsListsByRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "Eve")
	if err := social.Follow(w.app, w.ids["Eve"], w.ids["Ana"]); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, vis := range []string{"public", "followers", "private"} {
		ids[vis] = w.newList(t, "Ana", `{"name":"Ana's `+vis+` list","visibility":"`+vis+`"}`)
		w.must(t, 201, "Ana", "POST", "/api/lists/"+ids[vis]+"/items", `{"movieId":900001}`)
		w.must(t, 201, "Ana", "POST", "/api/lists/"+ids[vis]+"/items", `{"tvShowId":901001}`)
	}
	w.must(t, 200, "Ana", "POST", "/api/lists/"+ids["private"]+"/editors", `{"userId":"`+w.ids["Cal"]+`"}`)
	// a list of Ana's without the title, and one of Dee's (whom nobody follows) with it
	w.newList(t, "Ana", `{"name":"Empty"}`)
	dee := w.newList(t, "Dee", `{"name":"Dee's list"}`)
	w.must(t, 201, "Dee", "POST", "/api/lists/"+dee+"/items", `{"movieId":900001}`)

	check := func(when string, want map[string][]string) {
		t.Helper()
		for member, names := range want {
			for _, path := range []string{"/api/movies/900001/lists", "/api/tv-shows/901001/lists"} {
				count := w.must(t, 200, member, "GET", path+"/count", "")["count"].(float64)
				// the title page reads the same count from its community rating
				rated := w.must(t, 200, member, "GET", strings.TrimSuffix(path, "/lists")+"/ratings", "")["friendsLists"]
				if rated != count {
					t.Errorf("%s, %s for %s: the community rating says friendsLists %v, the count route %v", when, path, member, rated, count)
				}
				opened := w.must(t, 200, member, "GET", path, "")
				var got []string
				for _, l := range asSlice(opened["lists"]) {
					got = append(got, l["name"].(string))
				}
				slices.Sort(got)
				if int(count) != len(names) || opened["count"].(float64) != count || !slices.Equal(got, names) {
					t.Errorf("%s, %s for %s: count %v, opened %v %v; want %v", when, path, member, count, opened["count"], got, names)
				}
			}
		}
	}
	check("at first", map[string][]string{
		"Ana": nil, // her own lists are not her friends'
		"Bea": {"Ana's followers list", "Ana's public list"},
		"Cal": {"Ana's followers list", "Ana's private list", "Ana's public list"},
		"Dee": nil,
		"Eve": {"Ana's followers list", "Ana's public list"},
	})
	w.must(t, 200, "Bea", "GET", "/api/movies/0/lists/count", "")
	if c := w.must(t, 200, "Bea", "GET", "/api/movies/424242/lists/count", "")["count"].(float64); c != 0 {
		t.Errorf("a title nobody cached is in %v lists", c)
	}

	// the count reads the items' copy of their list's openness: a list made private, and
	// one a moderator hides and shows again, count at once (lists_open.go)
	w.must(t, 200, "Ana", "PATCH", "/api/lists/"+ids["public"], `{"visibility":"private"}`)
	check("public made private", map[string][]string{
		"Bea": {"Ana's followers list"},
		"Cal": {"Ana's followers list", "Ana's private list"},
	})
	w.must(t, 200, "Ana", "PATCH", "/api/lists/"+ids["public"], `{"visibility":"public"}`)
	list := record(t, w.app, "lists", ids["followers"])
	for _, hidden := range []bool{true, false} {
		list.Set("hidden", hidden)
		if err := w.app.Save(list); err != nil {
			t.Fatal(err)
		}
	}
	check("hidden and shown again", map[string][]string{
		"Bea": {"Ana's followers list", "Ana's public list"},
	})
	list.Set("hidden", true)
	if err := w.app.Save(list); err != nil {
		t.Fatal(err)
	}
	if err := moderation.Block(w.app, w.ids["Eve"], w.ids["Ana"]); err != nil {
		t.Fatal(err)
	}
	check("hidden and blocked", map[string][]string{
		"Bea": {"Ana's public list"},
		"Cal": {"Ana's private list", "Ana's public list"},
		"Eve": nil,
	})

	ana := record(t, w.app, "users", w.ids["Ana"])
	ana.Set("suspended", true)
	if err := w.app.Save(ana); err != nil {
		t.Fatal(err)
	}
	check("suspended", map[string][]string{"Bea": nil, "Cal": nil})
}
