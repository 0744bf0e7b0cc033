package reliability

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// ackedWrite is one write the server acknowledged with a 2xx, when it was sent and when
// it was acknowledged: an entry (a is its id), an activity it posted (a), a like (a
// activity, b member), a comment (a) or a follow (a follower, b followed).
type ackedWrite struct {
	kind     string
	a, b     string
	sent, at time.Time
}

// acked records every write the server acknowledged with a 2xx.
type acked struct {
	mu         sync.Mutex
	writes     []ackedWrite
	activities []string // acknowledged activity ids, for likes and comments to pick from
	failures   []string // 5xx answers, which must not happen
	total      atomic.Int64
}

// add records writes sent at sent and acknowledged now.
func (a *acked) add(sent time.Time, ws ...ackedWrite) {
	now := time.Now()
	a.mu.Lock()
	for _, w := range ws {
		w.sent, w.at = sent, now
		a.writes = append(a.writes, w)
		if w.kind == "activity" {
			a.activities = append(a.activities, w.a)
		}
	}
	a.mu.Unlock()
	a.total.Add(1)
}

// before is the writes acknowledged before cutoff.
func (a *acked) before(cutoff time.Time) []ackedWrite {
	return a.where(func(w ackedWrite) bool { return w.at.Before(cutoff) })
}

// sentAfter is the writes sent after t.
func (a *acked) sentAfter(t time.Time) []ackedWrite {
	return a.where(func(w ackedWrite) bool { return w.sent.After(t) })
}

func (a *acked) where(keep func(ackedWrite) bool) []ackedWrite {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []ackedWrite
	for _, w := range a.writes {
		if keep(w) {
			out = append(out, w)
		}
	}
	return out
}

// counts says how many writes of each kind were acknowledged.
func (a *acked) counts() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := map[string]int{}
	for _, w := range a.writes {
		n[w.kind]++
	}
	return n
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

	const writersPerMember = 2
	clients := challengers(t, srv.base, "crash", 6)

	// Kill somewhere between 250 and 450 acknowledged writes, so runs differ in what the
	// kill interrupts.
	var ack acked
	runWritersUntilKill(t, srv, clients, writersPerMember, int64(250+rand.IntN(200)), &ack)

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
	checkAcked(t, db, ack.before(time.Now()))
	checkCounters(t, db)
}

// challengers signs n members up and has each join this month's movie challenge, whose
// progress counter the writes then move.
func challengers(t *testing.T, base, prefix string, n int) []*client {
	t.Helper()
	var clients []*client
	for i := range n {
		clients = append(clients, signUp(t, base, fmt.Sprintf("%s%d@example.com", prefix, i), fmt.Sprintf("%s%d", strings.ToUpper(prefix[:1])+prefix[1:], i)))
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
	return clients
}

// runWritersUntilKill runs writersPerMember concurrent writers per member against srv
// and SIGKILLs it once killAt writes have been acknowledged. It returns the moment of
// the kill.
func runWritersUntilKill(t *testing.T, srv *server, clients []*client, writersPerMember int, killAt int64, ack *acked) time.Time {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for m, c := range clients {
		for w := range writersPerMember {
			wg.Add(1)
			go func() {
				defer wg.Done()
				write(ctx, c, clients, m*writersPerMember+w, ack)
			}()
		}
	}
	var killOnce sync.Once
	var killed time.Time
	kill := func() { killed = time.Now(); srv.kill(t); cancel() }
	go func() {
		for ack.total.Load() < killAt && ctx.Err() == nil {
			time.Sleep(time.Millisecond) // polling the count, not timing anything
		}
		killOnce.Do(kill)
	}()
	wg.Wait()
	killOnce.Do(kill)
	if ack.total.Load() < killAt {
		t.Fatalf("writers stopped after %d acknowledged writes, before the kill at %d:\n%s", ack.total.Load(), killAt, srv.out.String())
	}
	if len(ack.failures) > 0 {
		t.Errorf("%d writes answered 5xx before the kill, first: %s", len(ack.failures), ack.failures[0])
	}
	t.Logf("SIGKILL after %d acknowledged writes: %v", ack.total.Load(), ack.counts())
	return killed
}

// write is one writer's loop until the server goes away: member c logs movies of their
// own slice of the catalog, likes and comments on acknowledged posts, and follows others.
func write(ctx context.Context, c *client, all []*client, writer int, ack *acked) {
	r := rand.New(rand.NewPCG(uint64(writer), 42))
	for i := 0; ctx.Err() == nil; i++ {
		var err error
		sent := time.Now()
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
				ws := []ackedWrite{{kind: "entry", a: out.ID}}
				if out.ActivityID != "" {
					ws = append(ws, ackedWrite{kind: "activity", a: out.ActivityID})
				}
				ack.add(sent, ws...)
			}
		case op == 1:
			a := ack.randomActivity(r)
			if _, err = c.do(ctx, http.MethodPost, "/api/activities/"+a+"/like", nil, nil); err == nil {
				ack.add(sent, ackedWrite{kind: "like", a: a, b: c.ID})
			}
		case op == 2:
			var out struct {
				ID string `json:"id"`
			}
			a := ack.randomActivity(r)
			if _, err = c.do(ctx, http.MethodPost, "/api/activities/"+a+"/comments",
				map[string]any{"content": fmt.Sprintf("Comment %d by writer %d", i, writer)}, &out); err == nil {
				ack.add(sent, ackedWrite{kind: "comment", a: out.ID})
			}
		default:
			other := all[r.IntN(len(all))]
			if other.ID == c.ID {
				continue
			}
			if _, err = c.do(ctx, http.MethodPost, "/api/follow", map[string]any{"userId": other.ID}, nil); err == nil {
				ack.add(sent, ackedWrite{kind: "follow", a: c.ID, b: other.ID})
			}
		}
		if isTransport(err) {
			return // the server is down (killed): this writer is done
		}
		var se *statusError
		if errors.As(err, &se) && se.status == http.StatusServiceUnavailable && strings.Contains(se.body, "restarting") {
			return // the server is shutting down: this writer is done
		}
		if errors.As(err, &se) && se.status >= 500 {
			ack.mu.Lock()
			ack.failures = append(ack.failures, se.Error())
			ack.mu.Unlock()
		}
	}
}

// ackQueries are how each kind of acknowledged write is found in the data dir.
var ackQueries = map[string]string{
	"entry":    "SELECT COUNT(*) FROM watch_entries WHERE id = ? AND ? = ''",
	"activity": "SELECT COUNT(*) FROM activities WHERE id = ? AND ? = ''",
	"comment":  "SELECT COUNT(*) FROM comments WHERE id = ? AND ? = ''",
	"like":     "SELECT COUNT(*) FROM activity_likes WHERE activity = ? AND user = ?",
	"follow":   "SELECT COUNT(*) FROM follows WHERE follower = ? AND following = ?",
}

// checkAcked fails for each acknowledged write missing from db.
func checkAcked(t *testing.T, db *sql.DB, writes []ackedWrite) {
	t.Helper()
	missing := map[string]int{}
	for _, w := range writes {
		if count(t, db, ackQueries[w.kind], w.a, w.b) != 1 {
			missing[w.kind]++
			if missing[w.kind] <= 5 {
				t.Errorf("acknowledged %s %s %s (at %s) is missing", w.kind, w.a, w.b, w.at.Format("15:04:05.000"))
			}
		}
	}
	t.Logf("%d acknowledged writes checked, missing by kind: %v", len(writes), missing)
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
