package scrobble_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"cinecircle/hooks/catalog"
)

// TestIMDbIDMatchesThroughTMDB: a Plex library in Japanese names The Matrix
// 'マトリックス' and gives only its IMDb id. With TMDB configured the id resolves through
// TMDB's /find and the play is a watch of The Matrix; without TMDB (no external ids in the
// embedded catalog) the same play waits in 'Needs matching'.
func TestIMDbIDMatchesThroughTMDB(t *testing.T) {
	const name = "plex_movie_imdbonly_scrobble.json"
	t.Run("with TMDB", func(t *testing.T) {
		var finds atomic.Int32
		tmdb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json;charset=utf-8")
			switch r.URL.Path {
			case "/3/find/tt0133093":
				if r.URL.Query().Get("external_source") != "imdb_id" {
					http.Error(w, `{"status_code":6,"status_message":"Invalid id"}`, http.StatusBadRequest)
					return
				}
				finds.Add(1)
				serveTMDBFixture(t, w, "find_tt0133093_imdb_id")
			case "/3/movie/603":
				serveTMDBFixture(t, w, "movie_603")
			default:
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprint(w, `{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}`)
			}
		}))
		t.Cleanup(tmdb.Close)
		t.Setenv(catalog.EnvTMDBKey, "scrobble-test-key")
		t.Setenv(catalog.EnvTMDBBase, tmdb.URL+"/3")
		w := newWorld(t)
		status, data := w.post(t, w.token(t), name, fixture(t, name))
		if status != http.StatusAccepted || !strings.Contains(string(data), `"recorded"`) {
			t.Fatalf("the play: %d %s", status, data)
		}
		if got := w.state(t); got != (state{Matrix: 1, Posts: 1}) {
			t.Errorf("after the play: %+v, want one watch of The Matrix", got)
		}
		if finds.Load() != 1 {
			t.Errorf("TMDB was asked %d times for the IMDb id, want 1", finds.Load())
		}
	})
	t.Run("without TMDB", func(t *testing.T) {
		t.Setenv(catalog.EnvTMDBKey, "")
		t.Setenv(catalog.EnvTMDBBase, "http://127.0.0.1:1/unused")
		w := newWorld(t)
		status, data := w.post(t, w.token(t), name, fixture(t, name))
		if status != http.StatusAccepted || !strings.Contains(string(data), `"queued"`) {
			t.Fatalf("the play: %d %s", status, data)
		}
		if got := w.state(t); got != (state{Held: 1}) {
			t.Errorf("after the play: %+v, want it held for matching", got)
		}
	})
}

// serveTMDBFixture answers with one of the catalog's recorded TMDB answers.
func serveTMDBFixture(t *testing.T, w http.ResponseWriter, name string) {
	b, err := os.ReadFile(filepath.Join("..", "catalog", "testdata", "tmdb", name+".json"))
	if err != nil {
		t.Error(err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	_, _ = w.Write(b)
}
