package bench

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The deletion workloads (issue #26): DELETE /api/user for members of typical activity,
// then for one of the most active while another member logs films beside it. The
// request marks the member leaving and deletes for up to 3 s; the rest goes in the
// background in short transactions (hooks/auth/auth_leave.go), so the logs beside it
// must not wait for it. The phase deletes members: it runs last, on the served copy.

// Names of the deletion workloads, as RESULTS.md lists them.
const (
	wlDeleteTypical = "delete a typical account (DELETE /api/user, members around the middle by activity)"
	wlDeleteActive  = "delete one of the 100 most active accounts: the answer"
	wlBeforeDelete  = "log a film every 0.1 s, before that deletion"
	wlBesideDelete  = "log a film beside that deletion, every 0.1 s until it is gone"
)

// deletionTypical is how many typical accounts the phase deletes; deletionGone bounds the
// wait for the active member's rows to go.
const (
	deletionTypical = 5
	deletionGone    = 10 * time.Minute
)

// deletionPhase serves dir afresh and measures the deletion workloads on it, with the
// fixture's members (their sessions hold).
func deletionPhase(app core.App, f *fixture, o RunOptions, dir string, progress func(Stat)) ([]Stat, error) {
	srv, err := startServer(o.Bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	on := *f
	on.c = newClient(srv.base, 30*time.Second)
	before := o.DeletionBefore
	if before <= 0 {
		before = 20 * time.Second
	}
	return on.deletionWorkloads(app, dir, o.Password, before, progress)
}

// deletionWorkloads measures the deletion workloads on the served data dir dir.
func (f *fixture) deletionWorkloads(app core.App, dir, password string, logFor time.Duration, progress func(Stat)) ([]Stat, error) {
	var out []Stat
	add := func(s Stat) { out = append(out, s); progress(s) }
	var members int
	if err := app.DB().NewQuery("SELECT COUNT(*) FROM users").Row(&members); err != nil {
		return nil, err
	}
	// The seed's members are numbered by activity, the first the most active.
	typical, err := f.existingMembers(app, members/2+7, deletionTypical, password)
	if err != nil {
		return nil, err
	}
	typicalPosts := postsOf(app, typical)
	s := f.measure(wlDeleteTypical, 1, len(typical), func(w, i int) error {
		return f.c.do(typical[i], http.MethodDelete, "/api/user", map[string]string{"password": password}, nil)
	})
	s.Note = fmt.Sprintf("serial, %d members of ~%d posts each", len(typical), typicalPosts)
	add(s)

	active, err := f.existingMembers(app, 100, 1, password)
	if err != nil {
		return nil, err
	}
	activePosts := postsOf(app, active)
	db, err := openQueue(dir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	before, beside, answer, gone, err := f.deleteBeside(db, active[0], password, logFor)
	if err != nil {
		return nil, err
	}
	add(Stat{Name: wlDeleteActive, Conc: 1, N: 1, P50: answer, P95: answer, P99: answer,
		Note: fmt.Sprintf("%s, %d posts; every row gone %.1f s after the answer", active[0].Email, activePosts, gone.Seconds())})
	add(before)
	add(beside)
	return out, nil
}

// existingMembers signs in k seeded members from number from on who still exist (an
// in-place run may have deleted some), leaving out the viewers and the author, whom the
// phase and later runs need.
func (f *fixture) existingMembers(app core.App, from, k int, password string) ([]member, error) {
	keep := map[string]bool{f.author.ID: true}
	for _, v := range f.viewers {
		keep[v.ID] = true
	}
	var out []member
	for n := from; len(out) < k && n < from+1000; n++ {
		email := fmt.Sprintf("member%d@bench.example.com", n)
		var id string
		if err := app.DB().Select("id").From("users").Where(dbx.HashExp{"email": email}).Row(&id); err != nil || keep[id] {
			continue
		}
		m, err := f.c.login(email, password)
		if err != nil {
			continue // deleted by an earlier in-place run after the seed app read it
		}
		out = append(out, m)
	}
	if len(out) < k {
		return nil, fmt.Errorf("found %d of the %d members to delete from member%d on", len(out), k, from)
	}
	return out, nil
}

// postsOf is the mean post count of ms in the seed.
func postsOf(app core.App, ms []member) int {
	total := 0
	for _, m := range ms {
		var n int
		_ = app.DB().Select("COUNT(*)").From("activities").Where(dbx.HashExp{"user": m.ID}).Row(&n)
		total += n
	}
	return total / max(1, len(ms))
}

// logger logs films as one member every 0.1 s, timing each, until stopped.
type logger struct {
	f       *fixture
	writer  member
	mu      sync.Mutex
	samples []time.Duration
	errs    int
	first   string
	stop    chan struct{}
	done    chan struct{}
}

// startLogger starts f's first viewer logging.
func (f *fixture) startLogger() *logger {
	l := &logger{f: f, writer: f.viewers[0], stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-l.stop:
				return
			case <-tick.C:
			}
			t := f.titles[i%len(f.titles)]
			start := time.Now()
			err := f.c.do(l.writer, http.MethodPost, "/api/user/movies", map[string]any{"movieId": t.TMDB, "status": "watched", "rating": 7}, nil)
			l.mu.Lock()
			l.samples = append(l.samples, time.Since(start))
			if err != nil {
				l.errs++
				if l.first == "" {
					l.first = err.Error()
				}
			}
			l.mu.Unlock()
		}
	}()
	return l
}

// cut returns the logs so far as name's Stat and starts afresh.
func (l *logger) cut(name string) Stat {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := Stat{Name: name, Conc: 1, N: len(l.samples), Errors: l.errs, FirstErr: l.first}
	if len(l.samples) > 0 {
		summarize(&s, l.samples, 0)
		s.Note = fmt.Sprintf("%s, max %s ms", l.writer.Email, ms(l.samples[len(l.samples)-1]))
	}
	l.samples, l.errs, l.first = nil, 0, ""
	return s
}

// end stops the logging.
func (l *logger) end() {
	close(l.stop)
	<-l.done
}

// deleteBeside deletes m's account while the first viewer logs a film every 0.1 s, from
// logFor before until m's users row is gone from db; it returns the logs' stats before
// and beside, the deletion's answer time and how long after it the row went.
func (f *fixture) deleteBeside(db *dbx.DB, m member, password string, logFor time.Duration) (Stat, Stat, time.Duration, time.Duration, error) {
	l := f.startLogger()
	defer l.end()
	time.Sleep(logFor)
	before := l.cut(wlBeforeDelete)
	start := time.Now()
	err := f.c.do(m, http.MethodDelete, "/api/user", map[string]string{"password": password}, nil)
	answer := time.Since(start)
	if err != nil {
		return before, Stat{}, 0, 0, fmt.Errorf("deleting %s: %w", m.Email, err)
	}
	for {
		var n int
		if qerr := db.Select("COUNT(*)").From("users").Where(dbx.HashExp{"id": m.ID}).Row(&n); qerr == nil && n == 0 {
			break
		}
		if time.Since(start) > deletionGone {
			return before, Stat{}, 0, 0, fmt.Errorf("%s's rows were not all gone %v after the answer", m.Email, deletionGone)
		}
		time.Sleep(250 * time.Millisecond)
	}
	gone := time.Since(start) - answer
	return before, l.cut(wlBesideDelete), answer, gone, nil
}
