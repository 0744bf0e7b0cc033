package federation_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// noteURL is the Note id our outbox gives a post of Ana's.
func noteURL(handle, postID string) string { return base + "/ap/users/" + handle + "/posts/" + postID }

// likeOf is a Like as Mastodon's LikeSerializer writes it: {actor}#likes/{n}.
func likeOf(f *fakeServer, n, object string) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams",
		"id": f.actor() + "#likes/" + n, "type": "Like", "actor": f.actor(), "object": object})
	return b
}

// announceOf is a boost as Mastodon sends it: the reblog status's URI + /activity,
// public, cc the booster's followers and the post's author, the object by its id.
func announceOf(f *fakeServer, n, object string) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams",
		"id": f.actor() + "/statuses/" + n + "/activity", "type": "Announce", "actor": f.actor(),
		"published": time.Now().UTC().Format(time.RFC3339), "to": []string{"https://www.w3.org/ns/activitystreams#Public"},
		"cc": []string{base + "/ap/users/ana", f.actor() + "/followers"}, "object": object})
	return b
}

// undoEmbedding is Mastodon's Undo of an activity, the activity embedded.
func undoEmbedding(f *fakeServer, activity []byte) []byte {
	var inner map[string]any
	_ = json.Unmarshal(activity, &inner)
	delete(inner, "@context")
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams",
		"id": inner["id"].(string) + "/undo", "type": "Undo", "actor": f.actor(), "object": inner})
	return b
}

// counts reads a post's likeCount and shareCount as its author's profile shows them.
func counts(t testing.TB, srv string, member *core.Record, postID string) (likes, shares float64) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+"/api/users/me/activities", nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, member))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var posts []map[string]any
	if err := json.NewDecoder(res.Body).Decode(&posts); err != nil {
		t.Fatal(err)
	}
	for _, p := range posts {
		if p["id"] == postID {
			likes, _ = p["likeCount"].(float64)
			shares, _ = p["shareCount"].(float64)
			return likes, shares
		}
	}
	t.Fatalf("post %s not on its author's profile", postID)
	return 0, 0
}

func notices(t testing.TB, app core.App, member *core.Record) []string {
	t.Helper()
	rows, err := app.FindAllRecords("notifications", dbx.HashExp{"user": member.Id})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.GetString("message"))
	}
	return out
}

func reactionCount(t testing.TB, app core.App) int {
	t.Helper()
	n, err := app.CountRecords("federation_reactions")
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestInboxLikeAndAnnounce: alice on Mastodon likes and boosts Ana's review. The like
// counts with Mem's like in the count Ana's posts show, the boost in its share count;
// a repeat (the same activity, or a new id for the same object) changes nothing; Ana is
// told once each, with alice's name. Undo (embedded, or by id alone) takes them back.
func TestInboxLikeAndAnnounce(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	post, note := "anareview000001", noteURL("ana", "anareview000001")
	if status, out := asMember(t, srv, "POST", "/api/activities/"+post+"/like", "", m["mem"]); status != 200 {
		t.Fatalf("Mem likes: %d %v", status, out)
	}
	for _, body := range [][]byte{likeOf(f, "1", note), likeOf(f, "1", note), likeOf(f, "2", note), announceOf(f, "9", note), announceOf(f, "9", note)} {
		if status, out := send(t, f.signed(srv+"/ap/inbox", body, time.Now(), nil)); status != 202 {
			t.Fatalf("%s: %d %s", body, status, out)
		}
	}
	if likes, shares := counts(t, srv, m["ana"], post); likes != 2 || shares != 1 {
		t.Errorf("after a remote like and boost: %v likes, %v shares; want 2 (Mem's and alice's) and 1", likes, shares)
	}
	who := "Alice (@alice@" + hostOf(f) + ")"
	got := strings.Join(notices(t, app, m["ana"]), "\n")
	for _, want := range []string{who + " liked your review", who + " shared your review"} {
		if strings.Count(got, want) != 1 {
			t.Errorf("Ana's notifications %q, want %q once", got, want)
		}
	}
	if status, out := send(t, f.signed(srv+"/ap/users/ana/inbox", undoEmbedding(f, likeOf(f, "1", note)), time.Now(), nil)); status != 202 {
		t.Fatalf("Undo Like: %d %s", status, out)
	}
	undoByID, _ := json.Marshal(map[string]any{"id": f.actor() + "#undo-9", "type": "Undo", "actor": f.actor(),
		"object": f.actor() + "/statuses/9/activity"})
	if status, out := send(t, f.signed(srv+"/ap/inbox", undoByID, time.Now(), nil)); status != 202 {
		t.Fatalf("Undo Announce by id: %d %s", status, out)
	}
	if likes, shares := counts(t, srv, m["ana"], post); likes != 1 || shares != 0 {
		t.Errorf("after the Undos: %v likes, %v shares; want 1 (Mem's) and 0", likes, shares)
	}
	// Mem's unlike leaves alice's like counted: the sum is recounted, not decremented
	send(t, f.signed(srv+"/ap/inbox", likeOf(f, "3", note), time.Now(), nil))
	if status, _ := asMember(t, srv, "DELETE", "/api/activities/"+post+"/like", "", m["mem"]); status != 200 {
		t.Fatal("Mem unlikes")
	}
	if likes, _ := counts(t, srv, m["ana"], post); likes != 1 {
		t.Errorf("after Mem's unlike: %v likes, want alice's 1", likes)
	}
	// a deleted account's likes go with it
	del, _ := json.Marshal(map[string]any{"id": f.actor() + "#delete", "type": "Delete", "actor": f.actor(), "object": f.actor()})
	send(t, f.signed(srv+"/ap/inbox", del, time.Now(), nil))
	if likes, _ := counts(t, srv, m["ana"], post); likes != 0 || reactionCount(t, app) != 0 {
		t.Errorf("after alice's account was deleted: %v likes, %d reactions stored", likes, reactionCount(t, app))
	}
}

// TestInboxReactionsHostile: likes that must change nothing: of a post the fediverse may
// not see (hidden by a moderator, by a member who stays local, one that does not exist),
// unsigned, from a blocked or silenced server, and an Undo of someone else's like.
// Another server's object is not ours: 202, nothing stored.
func TestInboxReactionsHostile(t *testing.T) {
	t.Parallel()
	note := noteURL("ana", "anareview000001")
	cases := []struct {
		name  string
		block map[string]any
		req   func(f *fakeServer, srv string) *http.Request
		want  int
	}{
		{"hidden post", nil, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", likeOf(f, "h", noteURL("ana", "anahidden000001")), time.Now(), nil)
		}, 404},
		{"a local member's post", nil, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", likeOf(f, "p", noteURL("pub", "pubreview000001")), time.Now(), nil)
		}, 404},
		{"no such post", nil, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", announceOf(f, "n", noteURL("ana", "nosuchpost00001")), time.Now(), nil)
		}, 404},
		{"another server's object", nil, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", likeOf(f, "o", "https://elsewhere.example/notes/1"), time.Now(), nil)
		}, 202},
		{"unsigned", nil, func(f *fakeServer, srv string) *http.Request {
			r, _ := http.NewRequest("POST", srv+"/ap/inbox", strings.NewReader(string(likeOf(f, "u", note))))
			return r
		}, 401},
		{"silenced server", map[string]any{"domain": "", "severity": "silence"}, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", announceOf(f, "s", note), time.Now(), nil)
		}, 202},
		{"blocked server", map[string]any{"domain": "", "severity": "block"}, func(f *fakeServer, srv string) *http.Request {
			return f.signed(srv+"/ap/inbox", likeOf(f, "b", note), time.Now(), nil)
		}, 404},
	}
	// one world, the blocks last (silence, then block): each case must leave it as it was
	app, srv, f, m := inboxWorld(t, true)
	for _, tc := range cases {
		if tc.block != nil {
			tc.block["domain"] = hostOf(f)
			if _, err := app.DB().NewQuery("DELETE FROM federation_blocks").Execute(); err != nil {
				t.Fatal(err)
			}
			addBlock(t, app, srv, tc.block)
		}
		if status, body := send(t, tc.req(f, srv)); status != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.want)
		}
		if n := reactionCount(t, app); n != 0 {
			t.Errorf("%s: %d reactions stored", tc.name, n)
		}
		if got := notices(t, app, m["ana"]); len(got) != 0 {
			t.Errorf("%s: Ana was told: %v", tc.name, got)
		}
	}
	t.Run("undo of another actor's like", func(t *testing.T) {
		t.Parallel()
		app, srv, f, _ := inboxWorld(t, true)
		send(t, f.signed(srv+"/ap/inbox", likeOf(f, "1", note), time.Now(), nil))
		var like map[string]any
		_ = json.Unmarshal(likeOf(f, "1", note), &like)
		like["actor"] = f.srv.URL + "/users/mallory"
		forged, _ := json.Marshal(map[string]any{"id": f.actor() + "#x", "type": "Undo", "actor": f.actor(), "object": like})
		if status, body := send(t, f.signed(srv+"/ap/inbox", forged, time.Now(), nil)); status != 401 {
			t.Errorf("Undo of mallory's like: %d %s", status, body)
		}
		if n := reactionCount(t, app); n != 1 {
			t.Errorf("%d reactions left, want alice's 1", n)
		}
	})
}

// TestBlockRemovesReactions: blocking an actor, or silencing its server, after it liked
// and boosted removes both and recounts the post.
func TestBlockRemovesReactions(t *testing.T) {
	t.Parallel()
	for _, block := range []map[string]any{{"severity": "block", "actor": ""}, {"severity": "silence", "domain": ""}} {
		app, srv, f, m := inboxWorld(t, true)
		note := noteURL("ana", "anareview000001")
		send(t, f.signed(srv+"/ap/inbox", likeOf(f, "1", note), time.Now(), nil))
		send(t, f.signed(srv+"/ap/inbox", announceOf(f, "1", note), time.Now(), nil))
		if likes, shares := counts(t, srv, m["ana"], "anareview000001"); likes != 1 || shares != 1 {
			t.Fatalf("before the block: %v likes, %v shares", likes, shares)
		}
		if _, ok := block["actor"]; ok {
			block["actor"] = f.actor()
		} else {
			block["domain"] = hostOf(f)
		}
		addBlock(t, app, srv, block)
		if likes, shares := counts(t, srv, m["ana"], "anareview000001"); likes != 0 || shares != 0 || reactionCount(t, app) != 0 {
			t.Errorf("%v: %v likes, %v shares left", block, likes, shares)
		}
	}
}
