package lists_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
)

// TestBadInput: every bad body is a 400 naming its field, and nothing changes.
func TestBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.newList(t, "Ana", `{"name":"Best of 2025","ranked":true}`)
	item := w.must(t, 201, "Ana", "POST", "/api/lists/"+id+"/items", `{"movieId":900001,"note":"Whoa"}`)["id"].(string)
	for _, c := range []struct{ name, method, path, body, field string }{
		{"empty name", "POST", "/api/lists", `{"name":"  "}`, "name"},
		{"no name", "POST", "/api/lists", `{}`, "name"},
		{"101-character name", "POST", "/api/lists", `{"name":"` + strings.Repeat("a", 101) + `"}`, "name"},
		{"long description", "POST", "/api/lists", `{"name":"x","description":"` + strings.Repeat("d", 2001) + `"}`, "description"},
		{"unknown visibility", "POST", "/api/lists", `{"name":"x","visibility":"everyone"}`, "visibility"},
		{"ranked not a bool", "PATCH", "/api/lists/" + id, `{"ranked":"yes"}`, "ranked"},
		{"unknown title", "POST", "/api/lists/" + id + "/items", `{"movieId":999999999}`, "movieId"},
		{"no title", "POST", "/api/lists/" + id + "/items", `{"note":"x"}`, "movieId"},
		{"an item twice", "POST", "/api/lists/" + id + "/items", `{"movieId":900001}`, "movieId"},
		{"long note", "POST", "/api/lists/" + id + "/items", `{"movieId":900002,"note":"` + strings.Repeat("n", 1001) + `"}`, "note"},
		{"position 0", "PATCH", "/api/lists/" + id + "/items/" + item, `{"position":0}`, "position"},
		{"position past the end", "PATCH", "/api/lists/" + id + "/items/" + item, `{"position":2}`, "position"},
		{"position not a number", "PATCH", "/api/lists/" + id + "/items/" + item, `{"position":"top"}`, "position"},
		{"editor not followed", "POST", "/api/lists/" + id + "/editors", `{"userId":"` + w.ids["Dee"] + `"}`, "userId"},
		{"five favourites", "PUT", "/api/user/favorites", `{"movieIds":[900001,900002,900003,900004,900005]}`, "movieIds"},
		{"a favourite twice", "PUT", "/api/user/favorites", `{"movieIds":[900001,900001]}`, "movieIds"},
	} {
		status, out := w.call(t, "Ana", c.method, c.path, c.body)
		if status != http.StatusBadRequest || fieldOf(out) != c.field {
			t.Errorf("%s: %d naming %q (%v), want 400 naming %q", c.name, status, fieldOf(out), out, c.field)
		}
	}
	got := w.must(t, 200, "Ana", "GET", "/api/lists/"+id, "")
	if got["itemCount"].(float64) != 1 || got["name"] != "Best of 2025" {
		t.Errorf("bad input changed the list: %v", got)
	}
}

// TestCollaborativeList: the owner invites Cal (whom she follows); Cal adds, annotates,
// moves and removes, each change recorded as his and told to Ana; only Ana renames,
// invites and deletes.
func TestCollaborativeList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.newList(t, "Ana", `{"name":"Movies to watch together","visibility":"followers"}`)
	w.must(t, 201, "Ana", "POST", "/api/lists/"+id+"/items", `{"movieId":900001}`)
	w.must(t, 403, "Cal", "POST", "/api/lists/"+id+"/items", `{"movieId":900002}`) // not yet an editor
	d := w.must(t, 200, "Ana", "POST", "/api/lists/"+id+"/editors", `{"userId":"`+w.ids["Cal"]+`"}`)
	if eds := d["editors"].([]any); len(eds) != 1 || eds[0].(map[string]any)["id"] != w.ids["Cal"] {
		t.Fatalf("editors %v", d["editors"])
	}
	notify.Drain()
	if n, _ := w.app.CountRecords("notifications", dbxEq("user", w.ids["Cal"], "type", "list_editor")); n != 1 {
		t.Errorf("Cal got %d invitation notices, want 1", n)
	}
	added := w.must(t, 201, "Cal", "POST", "/api/lists/"+id+"/items", `{"tvShowId":901001,"note":"For the weekend"}`)
	if added["addedBy"].(map[string]any)["id"] != w.ids["Cal"] || added["tvShowId"].(float64) != 901001 || added["position"].(float64) != 2 {
		t.Fatalf("added item %v", added)
	}
	moved := w.must(t, 200, "Cal", "PATCH", "/api/lists/"+id+"/items/"+added["id"].(string), `{"position":1,"note":"First!"}`)
	if moved["position"].(float64) != 1 || moved["note"] != "First!" {
		t.Fatalf("moved item %v", moved)
	}
	notify.Drain()
	if n, _ := w.app.CountRecords("notifications", dbxEq("user", w.ids["Ana"], "type", "list_update")); n != 1 {
		t.Errorf("Ana got %d change notices, want 1", n)
	}
	for _, c := range []struct{ method, path, body string }{
		{"PATCH", "/api/lists/" + id, `{"name":"Mine now"}`},
		{"POST", "/api/lists/" + id + "/editors", `{"userId":"` + w.ids["Ana"] + `"}`},
		{"DELETE", "/api/lists/" + id, ""},
		{"DELETE", "/api/lists/" + id + "/editors/" + w.ids["Bea"], ""},
	} {
		if status, _ := w.call(t, "Cal", c.method, c.path, c.body); status != http.StatusForbidden {
			t.Errorf("editor %s %s: %d, want 403", c.method, c.path, status)
		}
	}
	// a follower reads it and sees the addition in the feed, on the owner's post
	d = w.must(t, 200, "Bea", "GET", "/api/lists/"+id, "")
	if d["canEdit"] != false || len(d["items"].([]any)) != 2 {
		t.Fatalf("follower's view %v", d)
	}
	feed := w.must(t, 200, "Bea", "GET", "/api/feed", "")
	found := false
	for _, it := range asSlice(feed["items"]) {
		data := it["data"].(map[string]any)
		if it["type"] == "list_updated" && data["listId"] == id && data["actor"].(map[string]any)["id"] == w.ids["Cal"] {
			found = true
		}
	}
	if !found {
		t.Errorf("the follower's feed lacks Cal's addition: %v", feed)
	}
	w.must(t, 204, "Cal", "DELETE", "/api/lists/"+id+"/editors/me", "")
	w.must(t, 403, "Cal", "POST", "/api/lists/"+id+"/items", `{"movieId":900003}`)
	w.must(t, 204, "Ana", "DELETE", "/api/lists/"+id, "")
	w.must(t, 404, "Bea", "GET", "/api/lists/"+id, "")
	if n, _ := w.app.CountRecords("activities", dbxEq("list", id)); n != 0 {
		t.Errorf("%d posts outlive their list", n)
	}
}

// TestPagingAndFriendsCount: items page by `before` with positions running on; a title
// page counts the lists of followed members that hold it and the viewer may read.
func TestPagingAndFriendsCount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.newList(t, "Ana", `{"name":"Five","ranked":true}`)
	for i := range 5 {
		w.must(t, 201, "Ana", "POST", "/api/lists/"+id+"/items", `{"movieId":`+itoa(900001+i)+`}`)
	}
	first := w.must(t, 200, "Bea", "GET", "/api/lists/"+id+"?limit=2", "")
	second := w.must(t, 200, "Bea", "GET", "/api/lists/"+id+"?limit=2&before="+first["next"].(string), "")
	if p := asSlice(second["items"])[0]["position"].(float64); p != 3 {
		t.Errorf("the second page starts at position %v, want 3", p)
	}
	w.must(t, 400, "Bea", "GET", "/api/lists/"+id+"?before=nosuchitem", "")
	w.newList(t, "Ana", `{"name":"Secret","visibility":"private"}`)
	if c := w.must(t, 200, "Bea", "GET", "/api/movies/900001/lists", "")["count"].(float64); c != 1 {
		t.Errorf("Bea sees 900001 in %v lists by friends, want 1", c)
	}
	if c := w.must(t, 200, "Dee", "GET", "/api/movies/900001/lists", "")["count"].(float64); c != 0 {
		t.Errorf("Dee (who follows nobody) sees %v lists by friends", c)
	}
	mine := w.must(t, 200, "Ana", "GET", "/api/user/lists?movieId=900001", "")
	own := asSlice(mine["own"])
	if len(own) != 2 {
		t.Fatalf("own lists %v", own)
	}
	for _, l := range own {
		if (l["id"] == id) != l["contains"].(bool) {
			t.Errorf("list %v contains 900001: %v", l["name"], l["contains"])
		}
	}
	if friends := asSlice(w.must(t, 200, "Bea", "GET", "/api/user/lists", "")["friends"]); len(friends) != 1 {
		t.Errorf("Bea's friends' lists %v, want Ana's one public list", friends)
	}
	// favourites: set in order, shown on the profile
	w.must(t, 200, "Ana", "PUT", "/api/user/favorites", `{"movieIds":[900003,900001]}`)
	favs := asSlice(w.must(t, 200, "Bea", "GET", "/api/users/"+w.ids["Ana"]+"/favorites", "")["items"])
	if len(favs) != 2 || favs[0]["movieId"].(float64) != 900003 {
		t.Errorf("favourites %v", favs)
	}
}
