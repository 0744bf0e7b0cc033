package reliability

import (
	"database/sql"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDeletionCutShortIsFinishedAfterARestart: a member whose account deletion was marked
// (the first, short transaction of DELETE /api/user) when the server died, their rows
// still there, is deleted wholly by the job the next start runs, while the member beside
// them keeps everything.
func TestDeletionCutShortIsFinishedAfterARestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	srv := startServer(t, dir)
	ana := signUp(t, srv.base, "ana.leaving@example.com", "Ana")
	bea := signUp(t, srv.base, "bea.staying@example.com", "Bea")
	for i, c := range []*client{ana, ana, ana, bea} {
		c.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": firstMovieID + i, "status": "watched", "rating": 7}, nil)
	}
	var me struct{ ID string }
	ana.must(t, http.MethodGet, "/api/auth/user", nil, &me)
	srv.kill(t)

	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// What the marking transaction commits (auth.markLeaving), as a power cut leaves it.
	if _, err := db.Exec(`UPDATE users SET leftAt = '2026-11-27 10:00:00.000Z', suspended = TRUE, handle = '',
		email = id || '@deleted.invalid' WHERE id = ?`, me.ID); err != nil {
		t.Fatal(err)
	}
	count := func(query string, args ...any) int {
		t.Helper()
		var n int
		if err := db.QueryRow(query, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	const anaRows = `SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) + (SELECT COUNT(*) FROM watch_entries WHERE user = ?1)
		+ (SELECT COUNT(*) FROM activities WHERE user = ?1) + (SELECT COUNT(*) FROM sessions WHERE user = ?1)`
	if n := count(anaRows, me.ID); n < 7 {
		t.Fatalf("Ana should have her record, 3 entries, 3 posts and a session before the restart: %d rows", n)
	}

	srv = startServerAt(t, strings.TrimPrefix(srv.base, "http://"), dir) // Bea's browser comes back to the same address
	eventually(t, "Ana's rows deleted by the job at start-up", 20*time.Second, func() bool { return count(anaRows, me.ID) == 0 })
	var beaEntries entryList
	bea.must(t, http.MethodGet, "/api/user/movies", nil, &beaEntries)
	if len(beaEntries) != 1 {
		t.Errorf("Bea's diary after Ana's deletion: %d entries, want 1", len(beaEntries))
	}
	if n := count(`SELECT COUNT(*) FROM users WHERE leftAt != ''`); n != 0 {
		t.Errorf("%d members still marked leaving", n)
	}
	srv.stop(t)
}
