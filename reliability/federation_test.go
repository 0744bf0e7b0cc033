package reliability

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fediServer is one community in the federation test: its server and the environment it
// was started with (to start it again on the same address after a stop).
type fediServer struct {
	*server
	addr, dir string
	env       []string
	host      string // what members' addresses end with: ip:port
}

// startFederated starts a community on ip with federation on, named by its own address
// (plain http: loopback, which CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK lets both sides reach).
func startFederated(t *testing.T, ip string) *fediServer {
	t.Helper()
	addr := freeAddrOn(t, ip)
	dir := t.TempDir()
	createSuperuser(t, dir)
	env := []string{"CINECIRCLE_FEDERATION=1", "CINECIRCLE_PUBLIC_URL=http://" + addr, "CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK=1"}
	return &fediServer{server: startServerAt(t, addr, dir, env...), addr: addr, dir: dir, env: env, host: addr}
}

// restart starts the community again where it was, after stop.
func (f *fediServer) restart(t *testing.T) {
	t.Helper()
	f.server = startServerAt(t, f.addr, f.dir, f.env...)
}

// exec runs one statement on the running server's database from outside, as another
// process would: the tests use it to let time pass (a backoff, a cache's age).
func (f *fediServer) exec(t *testing.T, query string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(f.dir, "data.db")+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

// fediMember signs up on f with a public, federated profile under handle.
func fediMember(t *testing.T, f *fediServer, handle, first string) *client {
	t.Helper()
	c := signUp(t, f.base, handle+"@example.com", first)
	c.must(t, http.MethodPatch, "/api/user/settings", map[string]any{"public": true, "handle": handle}, nil)
	c.must(t, http.MethodPatch, "/api/user/settings", map[string]any{"federated": true}, nil)
	return c
}

// body GETs path as c and returns the answer's text ("" when it fails).
func (c *client) body(path string) string {
	var raw json.RawMessage
	if _, err := c.do(context.Background(), http.MethodGet, path, nil, &raw); err != nil {
		return ""
	}
	return string(raw)
}

// eventually polls cond every 200 ms until it holds or within has passed.
func eventually(t *testing.T, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, within)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// postWith returns the id of the first activity in list (a JSON array of posts) whose
// text contains text, or "".
func postWith(list, text string) string {
	var posts []struct {
		ID   string          `json:"id"`
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal([]byte(list), &posts)
	for _, p := range posts {
		if strings.Contains(string(p.Data), text) {
			return p.ID
		}
	}
	return ""
}

// follows makes from follow acct and waits until the other server accepted.
func follows(t *testing.T, from *client, acct string) {
	t.Helper()
	from.must(t, http.MethodPost, "/api/follow", map[string]any{"acct": acct}, nil)
	eventually(t, "the follow of "+acct+" accepted", 20*time.Second, func() bool {
		return strings.Contains(from.body("/api/federation/following"), `"following":"accepted"`)
	})
}

// TestFederationBetweenTwoServers runs two CineCircle binaries on two loopback addresses
// (two host names to each other) and federates them as members would: Ana on one and
// Bob on the other follow each other by address, their reviews reach each other's home
// feed as review cards, a like and a reply go back to the post's own server, a review
// written while the other server is down arrives after it returns, a review signed
// with a rotated key still verifies, and Ana's account deletion reaches Bob's server.
func TestFederationBetweenTwoServers(t *testing.T) {
	t.Parallel()
	a, b := startFederated(t, "127.0.0.1"), startFederated(t, "127.0.0.2")
	ana, bob := fediMember(t, a, "ana", "Ana"), fediMember(t, b, "bob", "Bob")
	follows(t, ana, "bob@"+b.host)
	follows(t, bob, "ana@"+a.host)

	// Bob's review reaches Ana's feed; her like and reply reach his post on his server.
	bob.must(t, http.MethodPost, "/api/user/movies", map[string]any{
		"movieId": firstMovieID, "status": "watched", "rating": 8.5, "review": "Bob thinks the score carries it.",
	}, nil)
	var remote string
	eventually(t, "Bob's review in Ana's feed", 20*time.Second, func() bool {
		remote = postWith(ana.body("/api/feed"), "Bob thinks the score carries it.")
		return remote != ""
	})
	ana.must(t, http.MethodPost, "/api/activities/"+remote+"/like", nil, nil)
	ana.must(t, http.MethodPost, "/api/activities/"+remote+"/comments", map[string]any{"content": "Ana agrees about the score."}, nil)
	own := postWith(bob.body("/api/users/"+bob.ID+"/activities"), "Bob thinks the score carries it.")
	if own == "" {
		t.Fatalf("Bob's own post is not on his profile: %s", bob.body("/api/users/"+bob.ID+"/activities"))
	}
	eventually(t, "Ana's like counted on Bob's post", 20*time.Second, func() bool {
		return strings.Contains(bob.body("/api/activities/"+own), `"likeCount":1`)
	})
	eventually(t, "Ana's reply under Bob's post", 20*time.Second, func() bool {
		return strings.Contains(bob.body("/api/activities/"+own+"/comments"), "Ana agrees about the score.")
	})

	// Ana's review reaches Bob the same way.
	review := func(id int, text string) {
		ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": id, "status": "watched", "rating": 7, "review": text}, nil)
	}
	inBobsFeed := func(text string) func() bool {
		return func() bool { return postWith(bob.body("/api/feed"), text) != "" }
	}
	review(firstMovieID+1, "Ana liked the ending.")
	eventually(t, "Ana's review in Bob's feed", 20*time.Second, inBobsFeed("Ana liked the ending."))
	remote = postWith(bob.body("/api/feed"), "Ana liked the ending.")
	bob.must(t, http.MethodPost, "/api/activities/"+remote+"/like", nil, nil)
	bob.must(t, http.MethodPost, "/api/activities/"+remote+"/comments", map[string]any{"content": "Bob wants a sequel."}, nil)
	own = postWith(ana.body("/api/users/"+ana.ID+"/activities"), "Ana liked the ending.")
	eventually(t, "Bob's like and reply on Ana's post", 20*time.Second, func() bool {
		return strings.Contains(ana.body("/api/activities/"+own), `"likeCount":1`) &&
			strings.Contains(ana.body("/api/activities/"+own+"/comments"), "Bob wants a sequel.")
	})

	// Bob's server goes down; Ana's next review waits in her server's queue and arrives
	// once it is back (the retry made due now instead of after its 30 s backoff).
	b.stop(t)
	review(firstMovieID+2, "Written while Bob's server was down.")
	queue := openDB(t, a.dir)
	eventually(t, "the failed attempt to reach Bob's server", 20*time.Second, func() bool {
		var attempts int
		_ = queue.QueryRow(`SELECT COALESCE(MAX(attempts), 0) FROM federation_deliveries WHERE state = 'pending'`).Scan(&attempts)
		return attempts >= 1
	})
	b.restart(t)
	a.exec(t, `UPDATE federation_deliveries SET nextAttempt = '2000-01-01 00:00:00.000Z' WHERE state = 'pending'`)
	eventually(t, "the review queued while Bob's server was down", 20*time.Second, inBobsFeed("Written while Bob's server was down."))

	// Ana's key rotates (a superuser removes it; her server makes a new one when it next
	// signs). Bob's server held the old key for more than a minute, so the first
	// signature it cannot verify makes it fetch her actor again.
	su := superuserClient(t, a.base)
	var keys struct {
		Items []struct {
			ID           string `json:"id"`
			PublicKeyPem string `json:"publicKeyPem"`
		} `json:"items"`
	}
	su.must(t, http.MethodGet, fmt.Sprintf("/api/collections/federation_keys/records?filter=(user='%s')", ana.ID), nil, &keys)
	if len(keys.Items) != 1 {
		t.Fatalf("Ana's keys: %+v", keys)
	}
	su.must(t, http.MethodDelete, "/api/collections/federation_keys/records/"+keys.Items[0].ID, nil, nil)
	b.exec(t, `UPDATE federation_actors SET fetched = datetime('now', '-1 hour')`)
	review(firstMovieID+3, "Signed with Ana's new key.")
	eventually(t, "the review signed with the rotated key", 30*time.Second, inBobsFeed("Signed with Ana's new key."))
	var actor struct {
		PublicKey struct {
			PublicKeyPem string `json:"publicKeyPem"`
		} `json:"publicKey"`
	}
	req, _ := http.NewRequest(http.MethodGet, a.base+"/ap/users/ana", nil)
	req.Header.Set("Accept", "application/activity+json")
	res, err := http.DefaultClient.Do(req)
	if err == nil {
		_ = json.NewDecoder(res.Body).Decode(&actor)
		res.Body.Close()
	}
	if actor.PublicKey.PublicKeyPem == "" || actor.PublicKey.PublicKeyPem == keys.Items[0].PublicKeyPem {
		t.Errorf("Ana's actor still shows the old key (or none): the rotation did not happen")
	}

	// Ana deletes her account. Her server tells Bob's, signed with the key she had (gone
	// from her server by then): her reviews leave Bob's feed and his follow of her ends.
	ana.must(t, http.MethodDelete, "/api/user", map[string]any{"password": "reliable-password"}, nil)
	eventually(t, "Ana's reviews gone from Bob's feed and his follow of her", 20*time.Second, func() bool {
		return !strings.Contains(bob.body("/api/feed"), "Ana liked the ending.") && !strings.Contains(bob.body("/api/federation/following"), "ana@")
	})
	if following := bob.body("/api/federation/following"); following != "[]" {
		t.Errorf("Bob's fediverse follows after Ana left: %s", following)
	}
	eventually(t, "no farewell or key of Ana's left on her server once it was delivered", 5*time.Second, func() bool {
		left := -1
		_ = queue.QueryRow(`SELECT (SELECT COUNT(*) FROM federation_farewells) + (SELECT COUNT(*) FROM federation_keys WHERE user = ?)`, ana.ID).Scan(&left)
		return left == 0
	})
}
