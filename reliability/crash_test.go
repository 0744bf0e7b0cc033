package reliability

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// acked records every write the server acknowledged with a 2xx, by kind.
type acked struct {
	mu         sync.Mutex
	entries    []string    // watch_entries ids
	activities []string    // activities ids (posted by the entries)
	likes      [][2]string // (activity, user)
	comments   []string    // comments ids
	follows    [][2]string // (follower, following)
	failures   []string    // 5xx answers, which must not happen
	total      atomic.Int64
}

func (a *acked) add(fn func()) {
	a.mu.Lock()
	fn()
	a.mu.Unlock()
	a.total.Add(1)
}

// randomActivity picks an acknowledged activity, or "" before the first one.
func (a *acked) randomActivity(r *rand.Rand) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.activities) == 0 {
		return ""
	}
	return a.activities[r.IntN(len(a.activities))]
}

// TestCrashLosesNoAcknowledgedWrite signs members up and has them join this month's
// movie challenge, then runs concurrent writes (diary entries with reviews, likes,
// comments, follows; two writers per member), SIGKILLs the server mid-load, restarts it
// on the same data dir and, after a clean stop, reads the SQLite file: every write that
// was answered 2xx is there, and every counter equals the rows it counts.
func TestCrashLosesNoAcknowledgedWrite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	createSuperuser(t, dir)
	srv := startServer(t, dir)
	disableRateLimits(t, superuserClient(t, srv.base))

	const members, writersPerMember = 6, 2
	var clients []*client
	for i := range members {
		clients = append(clients, signUp(t, srv.base, fmt.Sprintf("crash%d@example.com", i), fmt.Sprintf("Crash%d", i)))
	}
	var available []struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}
	clients[0].must(t, http.MethodGet, "/api/challenges/available", nil, &available)
	challengeID := ""
	for _, c := range available {
		if c.Type == "movie_count" {
			challengeID = c.ID
		}
	}
	if challengeID == "" {
		t.Fatalf("no movie_count challenge this month: %+v", available)
	}
	for _, c := range clients {
		c.must(t, http.MethodPost, "/api/challenges/"+challengeID+"/join", nil, nil)
	}

	// Kill somewhere between 250 and 450 acknowledged writes, so runs differ in what the
	// kill interrupts.
	killAt := int64(250 + rand.IntN(200))
	var ack acked
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for m, c := range clients {
		for w := range writersPerMember {
			wg.Add(1)
			go func() {
				defer wg.Done()
				write(ctx, c, clients, m*writersPerMember+w, &ack)
			}()
		}
	}
	var killOnce sync.Once
	go func() {
		for ack.total.Load() < killAt && ctx.Err() == nil {
			time.Sleep(time.Millisecond) // polling the count, not timing anything
		}
		killOnce.Do(func() { srv.kill(t); cancel() })
	}()
	wg.Wait()
	killOnce.Do(func() { srv.kill(t); cancel() })
	if ack.total.Load() < killAt {
		t.Fatalf("writers stopped after %d acknowledged writes, before the kill at %d:\n%s", ack.total.Load(), killAt, srv.out.String())
	}
	if len(ack.failures) > 0 {
		t.Errorf("%d writes answered 5xx before the kill, first: %s", len(ack.failures), ack.failures[0])
	}
	t.Logf("SIGKILL after %d acknowledged writes: %d entries, %d likes, %d comments, %d follows",
		ack.total.Load(), len(ack.entries), len(ack.likes), len(ack.comments), len(ack.follows))

	// Restart on the same data dir: it must come up and answer.
	again := startServer(t, dir)
	var feed []map[string]any
	clients[0].base = again.base
	clients[0].must(t, http.MethodGet, "/api/feed?limit=20&page=1", nil, &feed)
	if len(feed) == 0 {
		t.Error("the feed is empty after the restart")
	}
	again.stop(t)

	db := openDB(t, dir)
	checkPresent(t, db, "watch_entries", ack.entries)
	checkPresent(t, db, "activities", ack.activities)
	checkPresent(t, db, "comments", ack.comments)
	for _, l := range ack.likes {
		if count(t, db, "SELECT COUNT(*) FROM activity_likes WHERE activity = ? AND user = ?", l[0], l[1]) != 1 {
			t.Errorf("acknowledged like of %s by %s is missing", l[0], l[1])
		}
	}
	for _, f := range ack.follows {
		if count(t, db, "SELECT COUNT(*) FROM follows WHERE follower = ? AND following = ?", f[0], f[1]) != 1 {
			t.Errorf("acknowledged follow %s → %s is missing", f[0], f[1])
		}
	}
	checkCounters(t, db)
}

// write is one writer's loop until the server goes away: member c logs movies of their
// own slice of the catalog, likes and comments on acknowledged posts, and follows others.
func write(ctx context.Context, c *client, all []*client, writer int, ack *acked) {
	r := rand.New(rand.NewPCG(uint64(writer), 42))
	for i := 0; ctx.Err() == nil; i++ {
		var err error
		switch op := i % 5; {
		case op == 0 || op == 3 || ack.randomActivity(r) == "":
			var out struct {
				ID         string `json:"id"`
				ActivityID string `json:"activityId"`
			}
			movie := firstMovieID + writer*200 + i
			_, err = c.do(ctx, http.MethodPost, "/api/user/movies", map[string]any{
				"movieId": movie, "status": "watched", "rating": float64(r.IntN(101)) / 10,
				"review": fmt.Sprintf("Writer %d, take %d.", writer, i),
			}, &out)
			if err == nil {
				ack.add(func() {
					ack.entries = append(ack.entries, out.ID)
					if out.ActivityID != "" {
						ack.activities = append(ack.activities, out.ActivityID)
					}
				})
			}
		case op == 1:
			a := ack.randomActivity(r)
			if _, err = c.do(ctx, http.MethodPost, "/api/activities/"+a+"/like", nil, nil); err == nil {
				ack.add(func() { ack.likes = append(ack.likes, [2]string{a, c.ID}) })
			}
		case op == 2:
			var out struct {
				ID string `json:"id"`
			}
			a := ack.randomActivity(r)
			if _, err = c.do(ctx, http.MethodPost, "/api/activities/"+a+"/comments",
				map[string]any{"content": fmt.Sprintf("Comment %d by writer %d", i, writer)}, &out); err == nil {
				ack.add(func() { ack.comments = append(ack.comments, out.ID) })
			}
		default:
			other := all[r.IntN(len(all))]
			if other.ID == c.ID {
				continue
			}
			if _, err = c.do(ctx, http.MethodPost, "/api/follow", map[string]any{"userId": other.ID}, nil); err == nil {
				ack.add(func() { ack.follows = append(ack.follows, [2]string{c.ID, other.ID}) })
			}
		}
		if isTransport(err) {
			return // the server is down (killed): this writer is done
		}
		var se *statusError
		if errors.As(err, &se) && se.status >= 500 {
			ack.mu.Lock()
			ack.failures = append(ack.failures, se.Error())
			ack.mu.Unlock()
		}
	}
}

// checkPresent fails for each acknowledged id missing from table.
func checkPresent(t *testing.T, db *sql.DB, table string, ids []string) {
	t.Helper()
	missing := 0
	for _, id := range ids {
		if count(t, db, "SELECT COUNT(*) FROM "+table+" WHERE id = ?", id) != 1 {
			missing++
			t.Errorf("acknowledged %s %s is missing", table, id)
		}
	}
	t.Logf("%s: %d acknowledged, %d missing", table, len(ids), missing)
}

// checkCounters compares every stored counter with the rows it counts: likes and
// comments on posts, likes on comments, and each member's progress in the movie
// challenge (distinct movies with a diary watch inside the challenge's window).
func checkCounters(t *testing.T, db *sql.DB) {
	t.Helper()
	checks := []struct{ what, query string }{
		{"activities.likeCount", `SELECT id, likeCount, (SELECT COUNT(*) FROM activity_likes l WHERE l.activity = a.id)
			FROM activities a`},
		{"activities.commentCount", `SELECT id, commentCount, (SELECT COUNT(*) FROM comments c WHERE c.activity = a.id)
			FROM activities a`},
		{"comments.likeCount", `SELECT id, likeCount, (SELECT COUNT(*) FROM comment_likes l WHERE l.comment = c.id)
			FROM comments c`},
		{"user_challenges.progress", `SELECT uc.id, uc.progress, (SELECT COUNT(DISTINCT d.movie) FROM diary d
				WHERE d.user = uc.user AND d.movie != '' AND d.watchedAt >= ch.startsAt AND d.watchedAt < ch.endsAt)
			FROM user_challenges uc JOIN challenges ch ON ch.id = uc.challenge WHERE ch.type = 'movie_count'`},
	}
	for _, c := range checks {
		rows, err := db.Query(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		n := 0
		for rows.Next() {
			var id string
			var stored, counted int
			if err := rows.Scan(&id, &stored, &counted); err != nil {
				t.Fatal(err)
			}
			n++
			if stored != counted {
				t.Errorf("%s of %s is %d but %d rows count toward it", c.what, id, stored, counted)
			}
		}
		rows.Close()
		if n == 0 {
			t.Errorf("%s: no rows to check", c.what)
		}
		t.Logf("%s: %d rows checked", c.what, n)
	}
}
