package federation_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// moveOf is Mastodon's Move (MoveSerializer): actor and object the old account, target
// the new one.
func moveOf(f *fakeServer, object, target string) []byte {
	b, _ := json.Marshal(map[string]any{"@context": "https://www.w3.org/ns/activitystreams",
		"id": f.actor() + "#moves/1", "type": "Move", "actor": f.actor(), "object": object, "target": target})
	return b
}

func followerActors(t testing.TB, app core.App) map[string]string {
	t.Helper()
	rows, err := app.FindAllRecords("federation_followers")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rows {
		out[r.GetString("actor")] = r.GetString("inbox")
	}
	return out
}

// TestInboxMove: alice, who follows Ana, moves to bob on the same server. Until bob's
// own actor names alice in alsoKnownAs the Move changes nothing (anyone can claim a
// target); then alice's follow becomes bob's, delivered to bob's inbox. A Move of another
// account than the sender's changes nothing; a move to an account the moderators blocked
// ends the follow instead.
func TestInboxMove(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := inboxWorld(t, true)
	bob := f.srv.URL + "/users/bob"
	if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-m"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	steps := []struct {
		name    string
		aliases []string
		body    []byte
		want    map[string]string
	}{
		{"bob does not name alice", nil, moveOf(f, f.actor(), bob), map[string]string{f.actor(): f.actor() + "/inbox"}},
		{"a move of someone else", []string{f.actor()}, moveOf(f, f.srv.URL+"/users/mallory", bob), map[string]string{f.actor(): f.actor() + "/inbox"}},
		{"bob names alice", []string{f.actor()}, moveOf(f, f.actor(), bob), map[string]string{bob: bob + "/inbox"}},
	}
	for _, s := range steps {
		f.mu.Lock()
		f.bobAliases = s.aliases
		f.mu.Unlock()
		if status, body := send(t, f.signed(srv+"/ap/inbox", s.body, time.Now(), nil)); status != 202 {
			t.Fatalf("%s: %d %s", s.name, status, body)
		}
		if got := followerActors(t, app); len(got) != len(s.want) || got[bob] != s.want[bob] || got[f.actor()] != s.want[f.actor()] {
			t.Errorf("%s: followers %v, want %v", s.name, got, s.want)
		}
	}

	// a move to a blocked account
	app2, srv2, f2, _ := inboxWorld(t, true)
	if status, body := send(t, f2.signed(srv2+"/ap/inbox", followOf(f2, "ana", "follow-m2"), time.Now(), nil)); status != 202 {
		t.Fatalf("Follow: %d %s", status, body)
	}
	addBlock(t, app2, srv2, map[string]any{"actor": f2.srv.URL + "/users/bob", "severity": "block"})
	f2.mu.Lock()
	f2.bobAliases = []string{f2.actor()}
	f2.mu.Unlock()
	if status, body := send(t, f2.signed(srv2+"/ap/inbox", moveOf(f2, f2.actor(), f2.srv.URL+"/users/bob"), time.Now(), nil)); status != 202 {
		t.Fatalf("Move to a blocked account: %d %s", status, body)
	}
	if got := followerActors(t, app2); len(got) != 0 {
		t.Errorf("after a move to a blocked account: %v, want no followers", got)
	}
}
