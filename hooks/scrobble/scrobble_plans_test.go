package scrobble_test

import (
	"testing"

	"cinecircle/hooks/testutil"
)

// TestWebhookReadsNoLargeTable: every server's reports (films and episodes, matched by
// provider id or by title, unmatched and held, partial plays and events that record
// nothing), planned with the statistics of the 10x data set, read no large table.
func TestWebhookReadsNoLargeTable(t *testing.T) {
	w := newWorld(t)
	token := w.token(t)
	all := testutil.Statements(func() {
		for _, file := range []string{"jellyfin_movie_stop.json", "jellyfin_movie_noids_stop.json", "jellyfin_episode_stop.json",
			"jellyfin_episode_noids_stop.json", "jellyfin_unmatched_stop.json", "jellyfin_movie_partial_stop.json",
			"plex_movie_scrobble.json", "plex_episode_noguid_scrobble.json", "emby_movie_noids_stop.json", "generic_episode_stop.json"} {
			if status, data := w.post(t, token, file, fixture(t, file)); status >= 300 {
				t.Fatalf("%s: %d %s", file, status, data)
			}
		}
	})
	scans, explained := testutil.LargeTableScans(t, w.app, all, nil)
	for _, s := range scans {
		t.Errorf("a statement of the webhook %s", s)
	}
	if explained < 20 {
		t.Fatalf("explained %d statements", explained)
	}
}
