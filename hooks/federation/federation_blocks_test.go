package federation_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// asModerator sends a records-API request as a superuser (the dashboard).
func asModerator(t testing.TB, app core.App, srv, method, path string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, srv+path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", testutil.SuperuserAuth(t, app))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// addBlock saves a block in the dashboard and fails the test if it is refused.
func addBlock(t testing.TB, app core.App, srv string, block map[string]any) {
	t.Helper()
	if status, out := asModerator(t, app, srv, "POST", "/api/collections/federation_blocks/records", block); status != 200 {
		t.Fatalf("saving the block %v: %d %v", block, status, out)
	}
}

func pendingTo(t testing.TB, app core.App) []string {
	var inboxes []string
	for _, r := range pending(t, app) {
		if r.GetString("state") == "pending" {
			inboxes = append(inboxes, strings.TrimPrefix(r.GetString("inbox"), "http://"))
		}
	}
	slices.Sort(inboxes)
	return inboxes
}

// TestBlocks: alice (Mastodon) follows Ana, and two deliveries to her wait in the queue
// (her server is down): one to her own inbox, one to her server's shared inbox. Then a
// moderator blocks her server, blocks her alone, or silences her server. A block removes
// her follow, withdraws what waits for her (an actor block leaves the shared inbox its
// server's other followers need), refuses her next Follow with the hidden 404 and never
// delivers to her again; a silence changes none of that.
func TestBlocks(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		block      func(f *fakeServer) map[string]any
		wantFollow int
		followers  int
		pending    func(f *fakeServer) []string
	}{
		{"domain block", func(f *fakeServer) map[string]any {
			return map[string]any{"domain": "http://" + hostOf(f) + "/", "severity": "block", "reason": "spam"}
		}, http.StatusNotFound, 0, func(*fakeServer) []string { return nil }},
		{"actor block", func(f *fakeServer) map[string]any {
			return map[string]any{"actor": f.actor() + "#main-key", "severity": "block"}
		}, http.StatusNotFound, 0, func(f *fakeServer) []string { return []string{hostOf(f) + "/inbox"} }},
		{"domain silence", func(f *fakeServer) map[string]any {
			return map[string]any{"domain": hostOf(f), "severity": "silence"}
		}, http.StatusAccepted, 1, func(f *fakeServer) []string {
			return []string{hostOf(f) + "/inbox", hostOf(f) + "/users/alice/inbox"}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app, srv, f, m := inboxWorld(t, true)
			if status, body := send(t, f.signed(srv+"/ap/inbox", followOf(f, "ana", "follow-b"), time.Now(), nil)); status != 202 {
				t.Fatalf("Follow: %d %s", status, body)
			}
			waitFor(t, "the Accept", func() bool { return len(byType(f.deliveries(), "Accept")) == 1 })
			f.mu.Lock()
			f.refuse = 1000 // down: what is queued now waits
			f.mu.Unlock()
			for _, inbox := range []string{f.srv.URL + "/inbox", f.actor() + "/inbox"} {
				if err := federation.Enqueue(app, m["ana"], []string{inbox}, []byte(`{"type":"Create","id":"`+inbox+`#c"}`)); err != nil {
					t.Fatal(err)
				}
			}
			waitFor(t, "two failed attempts", func() bool {
				n := 0
				for _, r := range pending(t, app) {
					n += min(r.GetInt("attempts"), 1)
				}
				return n == 2
			})
			addBlock(t, app, srv, tc.block(f))
			if got, want := pendingTo(t, app), tc.pending(f); !slices.Equal(got, want) {
				t.Errorf("deliveries left: %v, want %v", got, want)
			}
			if n := followerCount(t, app); n != tc.followers {
				t.Errorf("%d followers left, want %d", n, tc.followers)
			}
			status, body := send(t, f.signed(srv+"/ap/users/ana/inbox", followOf(f, "ana", "follow-again"), time.Now(), nil))
			if status != tc.wantFollow {
				t.Errorf("Follow after the block: %d %s, want %d", status, body, tc.wantFollow)
			}
			if n := followerCount(t, app); n != tc.followers {
				t.Errorf("%d followers after the second Follow, want %d", n, tc.followers)
			}
			if tc.wantFollow == http.StatusNotFound && !strings.Contains(body, "Nothing to see here.") {
				t.Errorf("a blocked Follow must get the hidden 404: %s", body)
			}
			if tc.name != "domain block" {
				return
			}
			// the server is back, and something new is queued for it: it is withdrawn, not sent
			f.mu.Lock()
			f.refuse, f.delivered = 0, nil
			f.mu.Unlock()
			if err := federation.Enqueue(app, m["ana"], []string{f.srv.URL + "/inbox"}, []byte(`{"type":"Create","id":"late"}`)); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "an empty queue", func() bool { return len(pending(t, app)) == 0 })
			if d := f.deliveries(); len(d) != 0 {
				t.Errorf("delivered to a blocked server: %v", d)
			}
		})
	}
}

func hostOf(f *fakeServer) string { return strings.TrimPrefix(f.srv.URL, "http://") }

// TestBlockValidation: the dashboard refuses a block that names neither or both of a
// domain and an actor, or a malformed one, with the field named; a pasted URL or
// wildcard is reduced to its domain; members cannot read or write blocks.
func TestBlockValidation(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	srv := testutil.Serve(t, app).URL
	cases := []struct {
		body       map[string]any
		field      string // the field the 400 names, or "" for saved
		wantDomain string
	}{
		{map[string]any{"severity": "block"}, "domain", ""},
		{map[string]any{"domain": "not a domain!", "severity": "block"}, "domain", ""},
		{map[string]any{"domain": "a.example", "actor": "https://a.example/users/x", "severity": "block"}, "actor", ""},
		{map[string]any{"actor": "javascript:alert(1)", "severity": "block"}, "actor", ""},
		{map[string]any{"domain": "spam.example", "severity": "obliterate"}, "severity", ""},
		{map[string]any{"domain": "https://Spam.Example/about", "severity": "silence"}, "", "spam.example"},
		{map[string]any{"domain": "*.bots.example", "severity": "block"}, "", "bots.example"},
	}
	for _, tc := range cases {
		status, out := asModerator(t, app, srv, "POST", "/api/collections/federation_blocks/records", tc.body)
		if tc.field != "" {
			data, _ := out["data"].(map[string]any)
			if status != 400 || data[tc.field] == nil {
				t.Errorf("%v: %d %v, want a 400 naming %s", tc.body, status, out, tc.field)
			}
			continue
		}
		if status != 200 || out["domain"] != tc.wantDomain {
			t.Errorf("%v: %d %v, want saved as %s", tc.body, status, out, tc.wantDomain)
		}
	}
	if status, _ := asMember(t, srv, "POST", "/api/collections/federation_blocks/records", `{"domain":"x.example","severity":"block"}`, m["mem"]); status < 400 {
		t.Errorf("a member saved a block: %d", status)
	}
}

// TestBlockDomains: a domain block covers the host itself, with or without its port,
// and its subdomains; never a host that merely ends with the same letters.
func TestBlockDomains(t *testing.T) {
	t.Parallel()
	cases := map[string][]any{
		"social.spam.example": {"social.spam.example", "spam.example", "example"},
		"SPAM.example:8443":   {"spam.example:8443", "spam.example", "example"},
		"127.0.0.1:4000":      {"127.0.0.1:4000", "127.0.0.1"},
		"notspam.example":     {"notspam.example", "example"},
		"":                    nil,
	}
	for host, want := range cases {
		if got := federation.DomainsOf(host); !slices.Equal(got, want) {
			t.Errorf("DomainsOf(%q) = %v, want %v", host, got, want)
		}
	}
}
