package federation_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/comments"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

const public = "https://www.w3.org/ns/activitystreams#Public"

// replyOf is a reply as Mastodon's CreateSerializer and NoteSerializer write it: the
// status embedded, addressed to the public and cc the author's followers and the member
// it mentions, its HTML with an h-card mention.
func replyOf(f *fakeServer, n, inReplyTo, html string, to ...string) []byte {
	if to == nil {
		to = []string{public}
	}
	status := f.actor() + "/statuses/" + n
	note := map[string]any{"id": status, "type": "Note", "summary": nil, "inReplyTo": inReplyTo,
		"published": time.Now().UTC().Format(time.RFC3339), "url": f.srv.URL + "/@alice/" + n, "attributedTo": f.actor(),
		"to": to, "cc": []string{f.actor() + "/followers", base + "/ap/users/ana"}, "sensitive": false,
		"content": html, "tag": []any{map[string]any{"type": "Mention", "href": base + "/ap/users/ana", "name": "@ana@" + host}}}
	b, _ := json.Marshal(map[string]any{"@context": []any{"https://www.w3.org/ns/activitystreams"},
		"id": status + "/activity", "type": "Create", "actor": f.actor(), "published": note["published"],
		"to": to, "cc": note["cc"], "object": note})
	return b
}

// mention is how Mastodon starts a reply to Ana.
const mention = `<p><span class="h-card" translate="no"><a href="https://films.example/u/ana" class="u-url mention">@<span>ana</span></a></span> `

// thread is a post's comments as viewer reads them.
func thread(t testing.TB, srv string, viewer *core.Record, postID string) []comments.Comment {
	t.Helper()
	req, _ := http.NewRequest("GET", srv+"/api/activities/"+postID+"/comments", nil)
	req.Header.Set("Cookie", testutil.SessionCookie(t, viewer))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out []comments.Comment
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 {
		t.Fatalf("the thread: %d %v", res.StatusCode, err)
	}
	return out
}

func commentCount(t testing.TB, app core.App, postID string) int {
	t.Helper()
	r, err := app.FindRecordById("activities", postID)
	if err != nil {
		t.Fatal(err)
	}
	return r.GetInt("commentCount")
}

// TestInboxReplies: alice replies on Mastodon to Ana's review. It is a comment in the
// review's thread with her name, address, profile link and server, its text without the
// HTML (a script in it goes entirely), counted on the post; Ana is told with alice's
// name. A repeat adds nothing; a reply to alice's reply nests under it; alice's Update
// edits it and her Delete removes it; the same from an actor who did not write the Note
// changes nothing.
func TestInboxReplies(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	post, note := "anareview000001", noteURL("ana", "anareview000001")
	first := replyOf(f, "1", note, mention+`Great pick!</p><p>Agreed on the lobby scene<script>alert(1)</script><img src=x onerror="alert(2)"> &amp; more.</p>`)
	for range 2 {
		if status, body := send(t, f.signed(srv+"/ap/inbox", first, time.Now(), nil)); status != 202 {
			t.Fatalf("reply: %d %s", status, body)
		}
	}
	got := thread(t, srv, m["ana"], post)
	if len(got) != 1 || commentCount(t, app, post) != 1 {
		t.Fatalf("the thread after a reply sent twice: %+v (count %d), want one comment", got, commentCount(t, app, post))
	}
	c := got[0]
	if c.Content != "@ana Great pick!\nAgreed on the lobby scene & more." || c.User.ID != "" || c.Remote == nil {
		t.Fatalf("the reply as a comment: %+v", c)
	}
	if r := *c.Remote; r.Name != "Alice" || r.Acct != "@alice@"+hostOf(f) || r.URL != f.srv.URL+"/@alice" || r.Host != hostOf(f) || !strings.HasPrefix(r.AvatarURL, "/ap/avatars/") {
		t.Errorf("its author: %+v", r)
	}
	if got := strings.Join(notices(t, app, m["ana"]), "\n"); got != "Alice (@alice@"+hostOf(f)+") commented on your review" {
		t.Errorf("Ana's notifications: %q", got)
	}

	// a reply to alice's reply nests under it
	if status, body := send(t, f.signed(srv+"/ap/inbox", replyOf(f, "2", f.actor()+"/statuses/1", "<p>Also the score.</p>"), time.Now(), nil)); status != 202 {
		t.Fatalf("reply to the reply: %d %s", status, body)
	}
	got = thread(t, srv, m["ana"], post)
	if len(got) != 2 || got[1].ParentCommentID == nil || *got[1].ParentCommentID != c.ID || got[1].Depth != 1 {
		t.Fatalf("the nested reply: %+v", got)
	}

	// mallory's reply (another actor on alice's server) is not alice's to edit or delete
	mallory := storeReply(t, app, post, f.srv.URL+"/users/mallory", f.srv.URL+"/users/mallory/statuses/7", hostOf(f))
	upd, _ := json.Marshal(map[string]any{"id": f.actor() + "#u", "type": "Update", "actor": f.actor(),
		"object": map[string]any{"id": f.srv.URL + "/users/mallory/statuses/7", "type": "Note", "attributedTo": f.actor(),
			"content": "<p>pwned</p>", "to": []string{public}}})
	del, _ := json.Marshal(map[string]any{"id": f.actor() + "#d", "type": "Delete", "actor": f.actor(),
		"object": map[string]any{"id": f.srv.URL + "/users/mallory/statuses/7", "type": "Tombstone"}})
	for _, b := range [][]byte{upd, del} {
		if status, body := send(t, f.signed(srv+"/ap/inbox", b, time.Now(), nil)); status != 202 {
			t.Fatalf("%s: %d %s", b, status, body)
		}
	}
	if r, err := app.FindRecordById("comments", mallory); err != nil || r.GetString("content") != "mallory's words" {
		t.Errorf("another actor's Update or Delete changed mallory's reply: %v %v", r, err)
	}

	// alice edits her reply, then deletes it (its reply goes with it, as in any thread)
	edit, _ := json.Marshal(map[string]any{"id": f.actor() + "/statuses/1#updates/1", "type": "Update", "actor": f.actor(),
		"object": map[string]any{"id": f.actor() + "/statuses/1", "type": "Note", "attributedTo": f.actor(),
			"inReplyTo": note, "content": mention + "Great pick! (edited)</p>", "to": []string{public}}})
	if status, body := send(t, f.signed(srv+"/ap/inbox", edit, time.Now(), nil)); status != 202 {
		t.Fatalf("Update: %d %s", status, body)
	}
	if got := thread(t, srv, m["ana"], post); got[0].Content != "@ana Great pick! (edited)" {
		t.Errorf("after the Update: %q", got[0].Content)
	}
	gone, _ := json.Marshal(map[string]any{"id": f.actor() + "/statuses/1#delete", "type": "Delete", "actor": f.actor(),
		"object": map[string]any{"id": f.actor() + "/statuses/1", "type": "Tombstone"}})
	if status, body := send(t, f.signed(srv+"/ap/inbox", gone, time.Now(), nil)); status != 202 {
		t.Fatalf("Delete: %d %s", status, body)
	}
	if got := thread(t, srv, m["ana"], post); len(got) != 1 || got[0].ID != mallory || commentCount(t, app, post) != 1 {
		t.Errorf("after alice's Delete: %+v (count %d), want mallory's reply alone", got, commentCount(t, app, post))
	}
}

// storeReply stores a reply from the fediverse by actor as the inbox does.
func storeReply(t testing.TB, app core.App, postID, actor, note, host string) string {
	t.Helper()
	post, err := app.FindRecordById("activities", postID)
	if err != nil {
		t.Fatal(err)
	}
	c, err := comments.CreateRemote(app, post, "", actor, "mallory's words")
	if err != nil {
		t.Fatal(err)
	}
	col, _ := app.FindCollectionByNameOrId("federation_replies")
	r := core.NewRecord(col)
	r.Load(map[string]any{"comment": c.Id, "note": note, "actor": actor, "host": host})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return c.Id
}

// TestInboxRepliesHostile: replies that must not reach a thread: to a post the
// fediverse may not see (hidden, a local member's, a private one, none), addressed to
// Ana alone (a direct message must never become a comment others read), written by
// another actor than the sender, from a blocked or silenced server; a reply to another
// server's post is none of ours. Nothing is stored and Ana is told nothing.
func TestInboxRepliesHostile(t *testing.T) {
	t.Parallel()
	note := noteURL("ana", "anareview000001")
	cases := []struct {
		name  string
		block string
		body  func(f *fakeServer) []byte
		want  int
	}{
		{"hidden post", "", func(f *fakeServer) []byte { return replyOf(f, "1", noteURL("ana", "anahidden000001"), "<p>hi</p>") }, 404},
		{"a local member's post", "", func(f *fakeServer) []byte { return replyOf(f, "1", noteURL("pub", "pubreview000001"), "<p>hi</p>") }, 404},
		{"a private post", "", func(f *fakeServer) []byte { return replyOf(f, "1", noteURL("ana", "anaprivate00001"), "<p>hi</p>") }, 404},
		{"no such post", "", func(f *fakeServer) []byte { return replyOf(f, "1", noteURL("ana", "nosuchpost00001"), "<p>hi</p>") }, 404},
		{"a direct message", "", func(f *fakeServer) []byte { return replyOf(f, "1", note, "<p>psst</p>", base+"/ap/users/ana") }, 202},
		{"followers only", "", func(f *fakeServer) []byte { return replyOf(f, "1", note, "<p>hi</p>", f.actor()+"/followers") }, 202},
		{"another server's post", "", func(f *fakeServer) []byte { return replyOf(f, "1", "https://elsewhere.example/notes/1", "<p>hi</p>") }, 202},
		{"only a script", "", func(f *fakeServer) []byte { return replyOf(f, "1", note, "<script>alert(1)</script>") }, 202},
		{"another actor's note", "", func(f *fakeServer) []byte {
			return []byte(strings.Replace(string(replyOf(f, "1", note, "<p>hi</p>")), `"attributedTo":"`+f.actor(), `"attributedTo":"`+f.srv.URL+"/users/mallory", 1))
		}, 401},
		{"silenced server", "silence", func(f *fakeServer) []byte { return replyOf(f, "1", note, "<p>hi</p>") }, 202},
		{"blocked server", "block", func(f *fakeServer) []byte { return replyOf(f, "1", note, "<p>hi</p>") }, 404},
	}
	// one world, the blocks last (silence, then block): each case must leave it as it was
	app, srv, f, m := inboxWorld(t, true)
	private := testutil.CreateActivity(t, app, "anaprivate00001", m["ana"].Id, "movie_review", time.Now(), map[string]any{
		"movieId": 13, "movieTitle": "Forrest Gump", "review": "Just for me."})
	private.Set("audience", "private")
	if err := app.Save(private); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		if tc.block != "" {
			if _, err := app.DB().NewQuery("DELETE FROM federation_blocks").Execute(); err != nil {
				t.Fatal(err)
			}
			addBlock(t, app, srv, map[string]any{"domain": hostOf(f), "severity": tc.block})
		}
		if status, body := send(t, f.signed(srv+"/ap/inbox", tc.body(f), time.Now(), nil)); status != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, status, body, tc.want)
		}
		if n, _ := app.CountRecords("comments"); n != 0 {
			t.Errorf("%s: %d comments stored", tc.name, n)
		}
		if got := notices(t, app, m["ana"]); len(got) != 0 {
			t.Errorf("%s: Ana was told: %v", tc.name, got)
		}
	}
}

// TestRepliesModeration: a moderator hiding a reply from the fediverse takes it out of
// the thread and the count like any comment; a member's report of one names its author
// for the moderators; Ana (the post's owner) may delete one, Mem may not; blocking its
// author removes the rest.
func TestRepliesModeration(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	post, note := "anareview000001", noteURL("ana", "anareview000001")
	for _, n := range []string{"1", "2", "3"} {
		if status, body := send(t, f.signed(srv+"/ap/inbox", replyOf(f, n, note, "<p>reply "+n+"</p>"), time.Now(), nil)); status != 202 {
			t.Fatalf("reply %s: %d %s", n, status, body)
		}
	}
	got := thread(t, srv, m["mem"], post)
	if len(got) != 3 {
		t.Fatalf("Mem reads %d replies, want 3", len(got))
	}
	hide, err := app.FindRecordById("comments", got[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	hide.Set("hidden", true)
	if err := app.Save(hide); err != nil {
		t.Fatal(err)
	}
	// Mem reports one: the moderators read who wrote it
	if status, out := asMember(t, srv, "POST", "/api/reports", `{"entityType":"comment","entityId":"`+got[2].ID+`","reason":"spam"}`, m["mem"]); status >= 300 {
		t.Fatalf("Mem reports a remote reply: %d %v", status, out)
	}
	if r, err := app.FindFirstRecordByData("reports", "entityId", got[2].ID); err != nil || r.GetString("target") != "Comment by "+f.actor()+" (fediverse): reply 3" {
		t.Errorf("the report: %v %v", r, err)
	}
	if status, out := asMember(t, srv, "DELETE", "/api/comments/"+got[1].ID, "", m["ana"]); status != 204 {
		t.Fatalf("Ana deletes a remote reply: %d %v", status, out)
	}
	if status, _ := asMember(t, srv, "DELETE", "/api/comments/"+got[2].ID, "", m["mem"]); status != 403 {
		t.Errorf("Mem deleted a remote reply under Ana's post: %d", status)
	}
	for _, viewer := range []string{"ana", "mem"} {
		if got := thread(t, srv, m[viewer], post); len(got) != 1 || got[0].Content != "reply 3" {
			t.Errorf("%s reads %+v, want reply 3 alone", viewer, got)
		}
	}
	if n := commentCount(t, app, post); n != 1 {
		t.Errorf("the post counts %d comments, want 1", n)
	}
	addBlock(t, app, srv, map[string]any{"actor": f.actor(), "severity": "block"})
	if got := thread(t, srv, m["ana"], post); len(got) != 0 || commentCount(t, app, post) != 0 {
		t.Errorf("after the block: %+v, count %d", got, commentCount(t, app, post))
	}
}
