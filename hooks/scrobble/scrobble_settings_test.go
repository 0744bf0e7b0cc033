package scrobble_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/scrobble"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/logger"
)

// TestSettingsRoles: the owner reads and changes her settings and address; another member
// has an address of his own; a visitor has none; a suspended owner's address is dead.
func TestSettingsRoles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if status, _ := w.call(t, "", http.MethodGet, "/api/user/scrobble", ""); status != http.StatusUnauthorized {
		t.Errorf("visitor: %d, want 401", status)
	}
	ana, bea := w.settings(t, "Ana"), w.settings(t, "Bea")
	if !strings.HasSuffix(ana.URL, ana.Path) || len(ana.Path) != len("/api/scrobble/")+scrobble.TokenLength || ana.Path == bea.Path {
		t.Fatalf("addresses: %+v %+v", ana, bea)
	}
	if !ana.Enabled || !ana.PostToFeed || ana.Threshold != 85 || ana.NowWatching {
		t.Errorf("defaults: %+v", ana)
	}
	if again := w.settings(t, "Ana"); again.Path != ana.Path {
		t.Errorf("the address changed on a second look: %s → %s", ana.Path, again.Path)
	}
	// the token is stored only as a hash
	r, _ := w.app.FindFirstRecordByFilter("scrobble_settings", "user = {:u}", dbx.Params{"u": w.ana.Id})
	token := strings.TrimPrefix(ana.Path, "/api/scrobble/")
	if b, _ := json.Marshal(r); strings.Contains(string(b), token) {
		t.Errorf("the settings record holds the token: %s", b)
	}
	for _, c := range []struct{ body, field string }{
		{`{"threshold":49}`, "threshold"}, {`{"threshold":101}`, "threshold"}, {`{"threshold":85.5}`, "threshold"},
		{`{"threshold":"90"}`, "threshold"}, {`{"enabled":"yes"}`, "enabled"}, {`{"postToFeed":null}`, "postToFeed"},
	} {
		status, data := w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", c.body)
		if status != 400 || !strings.Contains(string(data), `"`+c.field+`"`) {
			t.Errorf("PATCH %s: %d %s", c.body, status, data)
		}
	}
	status, data := w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"threshold":95,"postToFeed":false}`)
	var got scrobble.SettingsJSON
	if status != 200 || json.Unmarshal(data, &got) != nil || got.Threshold != 95 || got.PostToFeed || !got.Enabled || got.Path != ana.Path {
		t.Fatalf("PATCH: %d %s", status, data)
	}
	// rotate: the old address dies at once, the new one works
	status, data = w.call(t, "Ana", http.MethodPost, "/api/user/scrobble/rotate", "")
	var rotated scrobble.SettingsJSON
	if status != 200 || json.Unmarshal(data, &rotated) != nil || rotated.Path == ana.Path || rotated.Threshold != 95 {
		t.Fatalf("rotate: %d %s", status, data)
	}
	f := "generic_movie_scrobble.json"
	if status, _ := w.post(t, token, f, fixture(t, f)); status != 404 {
		t.Errorf("the rotated address: %d, want 404", status)
	}
	newToken := strings.TrimPrefix(rotated.Path, "/api/scrobble/")
	if status, data := w.post(t, newToken, f, fixture(t, f)); status != 202 {
		t.Errorf("the new address: %d %s", status, data)
	}
	if w.state(t).Posts != 0 {
		t.Errorf("postToFeed is off, yet the play posted")
	}
	// switched off: 404; on again: works
	w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"enabled":false}`)
	if status, _ := w.post(t, newToken, "jellyfin_episode_stop.json", fixture(t, "jellyfin_episode_stop.json")); status != 404 {
		t.Errorf("a switched-off address: %d, want 404", status)
	}
	w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"enabled":true}`)
	// suspended: the address is dead while suspended
	w.ana.Set("suspended", true)
	if err := w.app.Save(w.ana); err != nil {
		t.Fatal(err)
	}
	if status, _ := w.post(t, newToken, "jellyfin_episode_stop.json", fixture(t, "jellyfin_episode_stop.json")); status != 404 {
		t.Errorf("a suspended member's address: %d, want 404", status)
	}
	if got := w.state(t); got.Episodes != 0 {
		t.Errorf("a suspended member's play was recorded: %+v", got)
	}
}

// TestThresholdPerMember: a play stopped at 97% logs for the default 85% and not for a
// member who asks for 100%.
func TestThresholdPerMember(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	token := w.token(t)
	w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"threshold":100}`)
	f := "plex_movie_stop.json" // 8,100,000 of 8,160,000 ms: 99%
	if status, data := w.post(t, token, f, fixture(t, f)); status != 204 {
		t.Errorf("99%% with a threshold of 100: %d %s, want 204", status, data)
	}
	w.call(t, "Ana", http.MethodPatch, "/api/user/scrobble", `{"threshold":95}`)
	if status, data := w.post(t, token, f, fixture(t, f)); status != 202 {
		t.Errorf("99%% with a threshold of 95: %d %s, want 202", status, data)
	}
}

// TestTokenNotInLogs: PocketBase's request log (the _logs table the dashboard shows)
// records webhook requests without their token, whatever the answer.
func TestTokenNotInLogs(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.app.Settings().Logs.MaxDays = 1 // the test app keeps no logs unless asked
	token := w.token(t)
	w.post(t, token, "jellyfin_movie_stop.json", fixture(t, "jellyfin_movie_stop.json"))
	w.post(t, token, "x", []byte(`{"nope":1}`))                    // 400
	w.post(t, token+"?token="+token, "x", []byte(`{"event":"x"}`)) // the token in the query too
	wrong := strings.Repeat("B", scrobble.TokenLength)
	w.post(t, wrong, "x", []byte(`{}`)) // 404
	var logs []struct {
		Message string `db:"message"`
		Data    string `db:"data"`
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(logs) < 4 && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond) // requests are logged after they are answered
		_ = w.app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true))
		logs = nil
		if err := w.app.LogQuery().AndWhere(dbx.NewExp("message LIKE '%/api/scrobble/%'")).All(&logs); err != nil {
			t.Fatal(err)
		}
	}
	if len(logs) < 4 {
		t.Fatalf("the request log has %d webhook requests, want 4", len(logs))
	}
	for _, l := range logs {
		if strings.Contains(l.Message+l.Data, token) || strings.Contains(l.Message+l.Data, wrong) {
			t.Errorf("a token in the log: %s %s", l.Message, l.Data)
		}
		if !strings.Contains(l.Message, "/api/scrobble/{token}") {
			t.Errorf("log message %q", l.Message)
		}
	}
}

// TestRateLimitPerToken: past RatePerToken requests in a window, an address answers 429
// (another member's address is not affected).
func TestRateLimitPerToken(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	token := w.token(t)
	f := "plex_library_new.json"
	for i := range scrobble.RatePerToken {
		if status, data := w.post(t, token, f, fixture(t, f)); status != 204 {
			t.Fatalf("request %d: %d %s", i+1, status, data)
		}
	}
	if status, _ := w.post(t, token, f, fixture(t, f)); status != http.StatusTooManyRequests {
		t.Errorf("past the limit: %d, want 429", status)
	}
	beaToken, _ := scrobble.TokenFor(w.app, w.bea.Id)
	if status, _ := w.post(t, beaToken, f, fixture(t, f)); status != 204 {
		t.Errorf("another address: %d, want 204", status)
	}
}
