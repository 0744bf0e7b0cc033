package scrobble_test

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"
)

// TestFixtures replays each server's payloads (films and episodes, with and without
// provider ids, partial plays, events that record nothing) against the real webhook, then
// replays each again, sequentially and twice at once: a play counts once however often it
// is reported.
func TestFixtures(t *testing.T) {
	t.Parallel()
	cases := []struct {
		file    string
		status  int
		outcome string
		want    state // Ana's state after the play (and its replays)
	}{
		// Jellyfin Webhook plugin
		{"jellyfin_movie_stop.json", 202, "recorded", state{Matrix: 1, Posts: 1}},
		{"jellyfin_movie_noids_stop.json", 202, "recorded", state{Heat: 1, Posts: 1}},
		{"jellyfin_movie_partial_stop.json", 204, "", state{}},
		{"jellyfin_movie_start.json", 204, "", state{}}, // 'watching now' is off by default
		{"jellyfin_episode_stop.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"jellyfin_episode_noids_stop.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"jellyfin_item_added.json", 204, "", state{}},
		{"jellyfin_unmatched_stop.json", 202, "queued", state{Held: 1}},
		// Plex (multipart, "payload" part)
		{"plex_movie_scrobble.json", 202, "recorded", state{Matrix: 1, Posts: 1}},
		{"plex_movie_stop.json", 202, "recorded", state{Matrix: 1, Posts: 1}},
		{"plex_movie_partial_stop.json", 204, "", state{}},
		{"plex_movie_play.json", 204, "", state{}},
		{"plex_movie_pause.json", 204, "", state{}},
		{"plex_movie_noguid_scrobble.json", 202, "recorded", state{Heat: 1, Posts: 1}},
		{"plex_episode_scrobble.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"plex_episode_stop.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"plex_episode_noguid_scrobble.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"plex_library_new.json", 204, "", state{}},
		{"plex_track_scrobble.json", 204, "", state{}},
		// Emby
		{"emby_movie_stop.json", 202, "recorded", state{Matrix: 1, Posts: 1}},
		{"emby_movie_partial_stop.json", 204, "", state{}},
		{"emby_movie_start.json", 204, "", state{}},
		{"emby_movie_noids_stop.json", 202, "recorded", state{Heat: 1, Posts: 1}},
		{"emby_episode_stop.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"emby_library_new.json", 204, "", state{}},
		// the generic shape (Kodi)
		{"generic_movie_scrobble.json", 202, "recorded", state{Matrix: 1, Posts: 1}},
		{"generic_movie_noids_stop.json", 202, "recorded", state{Heat: 1, Posts: 1}},
		{"generic_episode_stop.json", 202, "recorded", state{Episodes: 1, Posts: 1}},
		{"generic_pause.json", 204, "", state{}},
		{"generic_episode_play.json", 204, "", state{}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			token := w.token(t)
			payload := fixture(t, c.file)
			status, data := w.post(t, token, c.file, payload)
			if status != c.status {
				t.Fatalf("first report: %d %s, want %d", status, data, c.status)
			}
			if c.outcome != "" {
				var out struct{ Outcome string }
				if json.Unmarshal(data, &out); out.Outcome != c.outcome {
					t.Fatalf("first report: outcome %s, want %s", data, c.outcome)
				}
			}
			// the same play again, then twice at once (retries, media.stop after media.scrobble)
			w.post(t, token, c.file, payload)
			var wg sync.WaitGroup
			for range 2 {
				wg.Go(func() {
					if status, data := w.post(t, token, c.file, payload); status >= 300 {
						t.Errorf("a replay: %d %s", status, data)
					}
				})
			}
			wg.Wait()
			if got := w.state(t); got != c.want {
				t.Errorf("after four reports: %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestPlexScrobbleThenStop is the common Plex sequence: media.scrobble at 90%, then
// media.stop at the end of the same film (different payloads, one play).
func TestPlexScrobbleThenStop(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	token := w.token(t)
	for _, f := range []string{"plex_movie_play.json", "plex_movie_scrobble.json", "plex_movie_stop.json",
		"plex_episode_scrobble.json", "plex_episode_stop.json"} {
		if status, data := w.post(t, token, f, fixture(t, f)); status >= 300 && status != 204 {
			t.Fatalf("%s: %d %s", f, status, data)
		}
	}
	if got := w.state(t); got != (state{Matrix: 1, Episodes: 1, Posts: 2}) {
		t.Errorf("after play, scrobble and stop: %+v", got)
	}
	p, err := w.app.FindFirstRecordByFilter("tv_progress", "user = {:u}", dbx.Params{"u": w.ana.Id})
	if err != nil || p.GetInt("watched") != 1 || p.GetInt("nextSeason") != 1 || p.GetInt("nextEpisode") != 3 {
		t.Errorf("Breaking Bad's progress: %v %v", p, err)
	}
	s, _ := w.app.FindFirstRecordByFilter("episode_watches", "user = {:u}", dbx.Params{"u": w.ana.Id})
	if s == nil || s.GetString("source") != "scrobble" || s.GetInt("episode") != 2 {
		t.Errorf("the episode watch: %v", s)
	}
}

// TestUnknownAndMalformed: a wrong token is the same 404 as any unknown address; a
// payload no server sends is a 400 naming what was wrong; nothing is a 5xx.
func TestUnknownAndMalformed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	token := w.token(t)
	wantStatus, wantBody := w.call(t, "", http.MethodPost, "/api/no-such-route", `{}`)
	for _, path := range []string{"/api/scrobble/" + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/api/scrobble/short", "/api/scrobble/" + token + "x"} {
		status, body := w.call(t, "", http.MethodPost, path, string(fixture(t, "jellyfin_movie_stop.json")))
		if status != wantStatus || string(body) != string(wantBody) {
			t.Errorf("%s: %d %s, want the unknown route's %d %s", path, status, body, wantStatus, wantBody)
		}
	}
	cases := []struct{ name, ct, body, field string }{
		{"not JSON", "application/json", `{"NotificationType":`, "body"},
		{"an array", "application/json", `[1,2]`, "body"},
		{"no server's shape", "application/json", `{"hello":"world"}`, "body"},
		{"Jellyfin film without a name", "application/json", `{"NotificationType":"PlaybackStop","ItemType":"Movie","PlayedToCompletion":true}`, "Name"},
		{"Jellyfin episode without numbers", "application/json", `{"NotificationType":"PlaybackStop","ItemType":"Episode","SeriesName":"Breaking Bad","PlayedToCompletion":true}`, "EpisodeNumber"},
		{"Jellyfin season as text", "application/json", `{"NotificationType":"PlaybackStop","ItemType":"Episode","SeriesName":"X","SeasonNumber":"one","EpisodeNumber":1}`, "SeasonNumber"},
		{"Plex episode without grandparentTitle", "application/json", `{"event":"media.scrobble","Metadata":{"type":"episode","parentIndex":1,"index":2}}`, "Metadata.grandparentTitle"},
		{"Plex Guid not a list", "application/json", `{"event":"media.scrobble","Metadata":{"type":"movie","title":"X","Guid":"tmdb://1"}}`, "Metadata.Guid"},
		{"Emby film without a name", "application/json", `{"Event":"playback.stop","Item":{"Type":"Movie"},"PlaybackInfo":{"PlayedToCompletion":true}}`, "Item.Name"},
		{"generic without a type", "application/json", `{"event":"scrobble","title":"Heat"}`, "type"},
		{"a form without payload", "application/x-www-form-urlencoded", `thumb=1`, "payload"},
		{"a payload part that is not JSON", "application/x-www-form-urlencoded", `payload=%7Bnope`, "payload"},
	}
	for _, c := range cases {
		req := request(t, w.srv.URL+"/api/scrobble/"+token, "x", []byte(c.body))
		req.Header.Set("Content-Type", c.ct)
		status, data := w.do(t, req)
		var e struct {
			Data map[string]struct{ Code, Message string }
		}
		_ = json.Unmarshal(data, &e)
		if status != 400 || e.Data[c.field].Message == "" {
			t.Errorf("%s: %d %s, want a 400 naming %s", c.name, status, data, c.field)
		}
	}
	if got := w.state(t); got != (state{}) {
		t.Errorf("malformed payloads changed something: %+v", got)
	}
}
