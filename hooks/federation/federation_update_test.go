package federation_test

import (
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
)

// TestDeliveryOfEdits: alice follows Ana. Ana's review goes out as Create; her edit of
// it (PATCH /api/activities/{id}, the posting seam's edit path) as Update of the same
// Note, with its new text and rating and an updated time, to the same inbox; a save that
// changes nothing she wrote sends nothing. A moderator hiding it sends Delete of the
// Note; un-hiding it sends Create again.
func TestDeliveryOfEdits(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-e"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	if status, out := asMember(t, srv, "POST", "/api/user/movies", `{"movieId":603,"status":"watched","rating":7.5,"review":"Still bends my mind."}`, m["ana"]); status >= 300 {
		t.Fatalf("Ana logs a review: %d %v", status, out)
	}
	waitFor(t, "the Create", func() bool { return len(byType(f.deliveries(), "Create")) == 1 })
	created := byType(f.deliveries(), "Create")[0]
	noteID := created.Body["object"].(map[string]any)["id"].(string)
	postID := noteID[strings.LastIndex(noteID, "/")+1:]

	if status, out := asMember(t, srv, "PATCH", "/api/activities/"+postID, `{"rating":9,"review":"Even better the second time."}`, m["ana"]); status != 200 {
		t.Fatalf("Ana edits: %d %v", status, out)
	}
	waitFor(t, "the Update", func() bool { return len(byType(f.deliveries(), "Update")) == 1 })
	u := byType(f.deliveries(), "Update")[0]
	obj, _ := u.Body["object"].(map[string]any)
	content, _ := obj["content"].(string)
	if u.Path != created.Path || obj["id"] != noteID || obj["type"] != "Note" || u.Body["actor"] != base+"/ap/users/ana" ||
		!strings.Contains(content, "Even better the second time.") || !strings.Contains(content, "9/10") ||
		strings.Contains(content, "Still bends") || obj["updated"] == nil || !strings.HasPrefix(u.Body["id"].(string), noteID+"#updates/") {
		t.Errorf("the Update: %s %v", u.Path, u.Body)
	}

	post, err := app.FindRecordById("activities", postID)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Save(post); err != nil { // nothing she wrote changed
		t.Fatal(err)
	}
	if post, err = app.FindRecordById("activities", postID); err != nil {
		t.Fatal(err)
	}
	post.Set("hidden", true) // a moderator hides it
	if err := app.Save(post); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the Delete", func() bool { return len(byType(f.deliveries(), "Delete")) == 1 })
	if d := byType(f.deliveries(), "Delete")[0]; d.Body["object"].(map[string]any)["id"] != noteID {
		t.Errorf("the Delete: %v", d.Body)
	}
	if post, err = app.FindRecordById("activities", postID); err != nil { // the moderator un-hides it later
		t.Fatal(err)
	}
	post.Set("hidden", false)
	if err := app.Save(post); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the second Create", func() bool { return len(byType(f.deliveries(), "Create")) == 2 })
	time.Sleep(300 * time.Millisecond)
	if n := len(byType(f.deliveries(), "Update")); n != 1 {
		t.Errorf("%d Updates delivered, want 1 (the save without a change sends none)", n)
	}
}
