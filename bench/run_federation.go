package bench

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The federation phase (issue #23): reviews by a member with thousands of remote
// followers on hundreds of servers. The runner plays the servers: loopback listeners, each
// its own host (a port), whose followers share the server's inbox, so a review is one
// signed delivery per server. The member is one with the median number of local
// followers (the busiest members' own logging has a longer tail of its own: the target is
// what the remote followers add). Before our server starts, they get a public profile
// and the remote followers on the bench copy; the server runs with federation on and
// its outgoing requests allowed to reach loopback.

// Federation sizes and pace unless RunOptions say otherwise: #23's target is a member
// with 5,000 remote followers on 500 servers. The member writes one review a second.
const (
	DefaultFediServers   = 500
	DefaultFediFollowers = 5000
	DefaultFediReviews   = 30
	defaultFediPace      = time.Second
	fediWait             = 3 * time.Minute // for the last delivery, after the last review
)

// fediPublicURL is the origin the bench's server names its actors by.
const fediPublicURL = "https://bench.cinecircle.example"

// fediEnv is what the server needs for the phase.
var fediEnv = []string{"CINECIRCLE_FEDERATION=1", "CINECIRCLE_PUBLIC_URL=" + fediPublicURL, "CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK=1"}

// Federation is what the phase measured.
type Federation struct {
	Servers    int           `json:"servers"`
	Followers  int           `json:"followers"`
	Reviews    int           `json:"reviews"`
	Request    Stat          `json:"request"`       // POST /api/user/movies of each review
	DoneP50    time.Duration `json:"doneP50"`       // a review's request to its last server's delivery
	DoneMax    time.Duration `json:"doneMax"`       //
	Undone     int           `json:"undone"`        // reviews some server never got within fediWait
	Deliveries int64         `json:"deliveries"`    // received by the servers
	Unsigned   int64         `json:"unsigned"`      // deliveries without a signature or with a digest that does not match
	RSSBefore  int64         `json:"rssBefore"`     // the server's, before the first review
	RSSPeak    int64         `json:"rssPeak"`       // while the queue delivered
	RSSAfter   int64         `json:"rssAfter"`      // once every delivery was made
	Note       string        `json:"note,omitzero"` //
	FirstErr   string        `json:"firstError,omitzero"`
}

// receivers are the remote servers: n loopback listeners counting, by the object each
// delivery carries, how many servers got it and when the last one did.
type receivers struct {
	n         int
	servers   []*http.Server
	inboxes   []string // each server's shared inbox
	total     atomic.Int64
	unsigned  atomic.Int64
	mu        sync.Mutex
	got       map[string]int
	completed map[string]time.Time
}

// startReceivers starts n servers.
func startReceivers(n int) (*receivers, error) {
	r := &receivers{n: n, got: map[string]int{}, completed: map[string]time.Time{}}
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			r.close()
			return nil, err
		}
		srv := &http.Server{Handler: http.HandlerFunc(r.inbox), ReadHeaderTimeout: 10 * time.Second}
		go func() { _ = srv.Serve(l) }()
		r.servers = append(r.servers, srv)
		r.inboxes = append(r.inboxes, "http://"+l.Addr().String()+"/inbox")
	}
	return r, nil
}

// close stops every server.
func (r *receivers) close() {
	for _, s := range r.servers {
		_ = s.Close()
	}
}

// inbox takes a delivery as a server would: it must be signed and its Digest must match
// the body; the object's id is counted.
func (r *receivers) inbox(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	r.total.Add(1)
	sum := sha256.Sum256(body)
	if req.Header.Get("Signature") == "" || req.Header.Get("Digest") != "SHA-256="+base64.StdEncoding.EncodeToString(sum[:]) {
		r.unsigned.Add(1)
	}
	var act struct {
		Object json.RawMessage `json:"object"`
	}
	_ = json.Unmarshal(body, &act)
	id := ""
	if err := json.Unmarshal(act.Object, &id); err != nil {
		var obj struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(act.Object, &obj)
		id = obj.ID
	}
	r.mu.Lock()
	r.got[id]++
	if r.got[id] == r.n {
		r.completed[id] = time.Now()
	}
	r.mu.Unlock()
	w.WriteHeader(http.StatusAccepted)
}

// completedAt returns when the last server got the post with activity id, or false.
func (r *receivers) completedAt(activityID string) (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, at := range r.completed {
		if strings.HasSuffix(id, "/posts/"+activityID) {
			return at, true
		}
	}
	return time.Time{}, false
}

// fediHandle is the federated member's handle.
const fediHandle = "bench_fedi"

// prepareFederation picks the member (the median of local followers), gives them a public
// profile and, on the bench copy in dir, remote followers spread evenly over the
// receivers' servers (each follower with an inbox of its own, all sharing their
// server's). It returns the member's email. The member opts in when the phase starts
// (optIn): until then nothing they post goes out, so the earlier phases are not disturbed.
func prepareFederation(dir string, inboxes []string, followers int) (string, error) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return "", err
	}
	defer app.ClearBootstrap()
	var email string
	return email, app.RunInTransaction(func(tx core.App) error {
		var owner string
		err := tx.DB().NewQuery(`SELECT following FROM follows GROUP BY following ORDER BY COUNT(*), following
			LIMIT 1 OFFSET (SELECT COUNT(DISTINCT following) FROM follows) / 2`).Row(&owner)
		if err != nil {
			return err
		}
		if err := tx.DB().NewQuery(`UPDATE users SET public = TRUE, handle = {:handle} WHERE id = {:id} RETURNING email`).
			Bind(dbx.Params{"handle": fediHandle, "id": owner}).Row(&email); err != nil {
			return err
		}
		insert := tx.DB().NewQuery(`INSERT INTO federation_followers (id, user, actor, follow, inbox, sharedInbox, host, pending, created)
			VALUES ({:id}, {:user}, {:actor}, '', {:inbox}, {:shared}, {:host}, FALSE, {:now})`).Prepare()
		defer insert.Close()
		now := time.Now().UTC().Format("2006-01-02 15:04:05.000Z")
		for i := range followers {
			shared := inboxes[i%len(inboxes)]
			origin := strings.TrimSuffix(shared, "/inbox")
			actor := fmt.Sprintf("%s/users/f%d", origin, i)
			if _, err := insert.Bind(dbx.Params{"id": id('r', i), "user": owner, "actor": actor, "inbox": actor + "/inbox",
				"shared": shared, "host": strings.TrimPrefix(origin, "http://"), "now": now}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}

// federationPhase has the member opt in to federation and write reviews at pace, and
// measures each request, how long its deliveries to every server took, and the server's
// memory. dir is the served copy, read for films the member has not logged yet (earlier
// phases log some); email is the member's, as prepareFederation chose them.
func (f *fixture) federationPhase(dir, email string, srv *server, rc *receivers, o RunOptions) (*Federation, error) {
	res := &Federation{Servers: rc.n, Followers: o.fediFollowers(), Reviews: o.fediReviews()}
	author, err := f.c.login(email, o.Password)
	if err != nil {
		return nil, err
	}
	if err := optIn(dir, author.ID); err != nil {
		return nil, fmt.Errorf("opting in: %w", err)
	}
	films, err := unloggedFilms(dir, author.ID, res.Reviews)
	if err != nil || len(films) < res.Reviews {
		return nil, fmt.Errorf("%d films the author has not logged: %v (%d found)", res.Reviews, err, len(films))
	}

	ctx, stopSampling := context.WithCancel(context.Background())
	var peak atomic.Int64
	sampled := make(chan struct{})
	res.RSSBefore = srv.rssBytes()
	go func() {
		defer close(sampled)
		for ctx.Err() == nil {
			peak.Store(max(peak.Load(), srv.rssBytes()))
			time.Sleep(100 * time.Millisecond)
		}
	}()

	started := map[string]time.Time{}
	samples := make([]time.Duration, 0, len(films))
	first := time.Now()
	for i, film := range films {
		t := time.Now()
		var ans struct {
			ActivityID string `json:"activityId"`
		}
		err := f.c.do(author, http.MethodPost, "/api/user/movies", map[string]any{"movieId": film, "status": "watched", "rating": 7.5,
			"review": fmt.Sprintf("Review %d for the fediverse: the bench's federated member on a film they had not logged.", i+1)}, &ans)
		samples = append(samples, time.Since(t))
		if err != nil || ans.ActivityID == "" {
			res.Request.Errors++
			if res.FirstErr == "" {
				res.FirstErr = fmt.Sprintf("review %d: %v (activity %q)", i+1, err, ans.ActivityID)
			}
			continue
		}
		started[ans.ActivityID] = t
		time.Sleep(time.Until(t.Add(o.fediPace())))
	}
	res.Request.Name, res.Request.Conc, res.Request.N = "review by a member with remote followers (request)", 1, len(films)
	summarize(&res.Request, samples, time.Since(first))

	var done []time.Duration
	deadline := time.Now().Add(fediWait)
	for len(done) < len(started) && time.Now().Before(deadline) {
		done = done[:0]
		for id, at := range started {
			if end, ok := rc.completedAt(id); ok {
				done = append(done, end.Sub(at))
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopSampling()
	<-sampled
	res.RSSPeak, res.RSSAfter = peak.Load(), srv.rssBytes()
	res.Undone = len(started) - len(done)
	slices.Sort(done)
	if len(done) > 0 {
		res.DoneP50, res.DoneMax = percentile(done, 0.5), done[len(done)-1]
	}
	res.Deliveries, res.Unsigned = rc.total.Load(), rc.unsigned.Load()
	res.Note = fmt.Sprintf("one review every %v; %d deliveries in %v from the first review", o.fediPace(), res.Deliveries, time.Since(first).Round(time.Second))
	return res, nil
}

func (o RunOptions) fediServers() int   { return cmpOr(o.FediServers, DefaultFediServers) }
func (o RunOptions) fediFollowers() int { return cmpOr(o.FediFollowers, DefaultFediFollowers) }
func (o RunOptions) fediReviews() int   { return cmpOr(o.FediReviews, DefaultFediReviews) }
func (o RunOptions) fediPace() time.Duration {
	if o.FediPace > 0 {
		return o.FediPace
	}
	return defaultFediPace
}

// cmpOr is v, or def when v is not positive.
func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// optIn turns federation on for member in the served copy in dir, from beside the
// server as the dashboard would (the seed writes members in bulk, without the token key
// the settings route needs to save one). Their key pair is made on their first delivery.
func optIn(dir, member string) error {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Exec(`UPDATE users SET federated = TRUE WHERE id = ?`, member)
	return err
}

// unloggedFilms reads, from the served copy in dir (read-only, beside the server), n films
// member has no diary entry for.
func unloggedFilms(dir, member string, n int) ([]int, error) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.Query(`SELECT tmdbId FROM movies WHERE id NOT IN (SELECT movie FROM watch_entries WHERE user = ? AND movie != '')
		ORDER BY tmdbId LIMIT ?`, member, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
