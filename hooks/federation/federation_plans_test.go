package federation_test

import (
	"encoding/json"
	"maps"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
)

// TestInboxReadsNoLargeTable: what the inbox does with a followed actor's review (its
// Create, Update and Delete), the actor's Update of themself and their account's Delete,
// planned with the statistics of the 10x data set (10M posts), searches indexes: at that
// size a read of every post took 28 s, longer than a remote server waits.
func TestInboxReadsNoLargeTable(t *testing.T) {
	app, srv, f, _ := reviewsWorld(t)
	note := cineCircleNote(f, "p1", "https://www.themoviedb.org/movie/603", 8, "Worth it.")
	noteID := note["id"].(string)
	edited := cineCircleNote(f, "p1", "https://www.themoviedb.org/movie/603", 9, "Even better.")
	update, _ := json.Marshal(map[string]any{"id": noteID + "#updates/1", "type": "Update", "actor": f.actor(), "object": edited})
	self, _ := json.Marshal(map[string]any{"id": f.actor() + "#updates/2", "type": "Update", "actor": f.actor(), "object": f.actorDoc()})
	del, _ := json.Marshal(map[string]any{"id": noteID + "#delete", "type": "Delete", "actor": f.actor(), "object": noteID})
	gone, _ := json.Marshal(map[string]any{"id": f.actor() + "#delete", "type": "Delete", "actor": f.actor(), "object": f.actor()})
	inbox := func(steps ...[]byte) {
		for _, body := range steps {
			if status, out := send(t, f.signed(srv+"/ap/inbox", body, time.Now(), nil)); status != 202 {
				t.Fatalf("%s: %d %s", body, status, out)
			}
		}
	}
	statements := testutil.Statements(func() { inbox(createOf(f.actor(), note), update, self) })
	if remotePost(t, app, noteID) == nil {
		t.Fatal("the review was not kept")
	}
	maps.Copy(statements, testutil.Statements(func() { inbox(del, gone) }))
	if remotePost(t, app, noteID) != nil {
		t.Fatal("the review was not deleted")
	}
	scans, explained := testutil.LargeTableScans(t, app, statements, nil)
	for _, s := range scans {
		t.Errorf("a statement of the inbox %s", s)
	}
	if explained < 20 {
		t.Fatalf("explained %d statements", explained)
	}
}
