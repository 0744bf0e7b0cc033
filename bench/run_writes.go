package bench

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The write capacity phase (issue #26 item 3): how many diary logs a second the server
// absorbs with p99 ≤ WriteP99Limit, each with everything a log does (the entry, its post,
// the post's notifications to the author's followers and their realtime events, challenge
// recounts). The load is open: each request starts on its schedule whether or not the
// earlier ones have answered, and its time counts from that schedule, so a server that
// falls behind shows it in the tail instead of slowing the load down.

// WriteP99Limit is the tail a sustained write rate must keep.
const WriteP99Limit = 50 * time.Millisecond

// A sustained rate must also leave no more posts waiting for their fan-out at the end of
// its step than fanoutLag of logs at that rate: a post's notifications are written off the
// request path (notify's delivery queue), so the answers alone can stay fast while the
// followers' notifications fall further behind (at 100,000 members, 100 logs a second
// left 3,206 posts queued, draining at 4 a second).
const fanoutLag = 2 * time.Second

// writeRates are the offered rates, in logs a second, tried in order.
var writeRates = []float64{5, 10, 20, 30, 40, 60, 80, 100, 130, 160, 200, 250, 320, 400}

// defaultWriteStep is how long each rate is offered.
const defaultWriteStep = 8 * time.Second

// WriteStep is one offered rate and what the server made of it.
type WriteStep struct {
	Rate     float64       `json:"rate"`     // offered, logs a second
	Achieved float64       `json:"achieved"` // answered, logs a second
	Sent     int           `json:"sent"`
	Errors   int           `json:"errors"`
	P50      time.Duration `json:"p50"`
	P99      time.Duration `json:"p99"`
	// Backlog is how many posts still waited for their fan-out when the step ended.
	Backlog int `json:"backlog"`
}

// keptUp reports whether the step's fan-out kept pace with its logs (fanoutLag).
func (s WriteStep) keptUp() bool { return float64(s.Backlog) <= s.Rate*fanoutLag.Seconds() }

// WriteCapacity is the phase's result: the steps, and the highest offered rate that kept
// p99 ≤ WriteP99Limit without errors while the fan-out kept pace.
type WriteCapacity struct {
	Steps           []WriteStep   `json:"steps"`
	StepLength      time.Duration `json:"stepLength"`
	Ceiling         float64       `json:"ceiling"`
	Authors         int           `json:"authors"`
	MedianFollowers int           `json:"medianFollowers"`
	Load            string        `json:"loadAtStart"`
	// FanoutChecked says the steps' Backlog was read (runs before 27 November did not).
	FanoutChecked bool `json:"fanoutChecked"`
	// NoticesOnRead says a post's notices were written at once only for the followers with
	// the app open or push (none here), the others' when they look (runs from 27 November).
	NoticesOnRead bool `json:"noticesOnRead"`
}

// writeCapacity offers rising rates of diary logs by as many writers as the fixture has
// viewers (signed in with password; each posts to their own followers), each rate for
// length (0: defaultWriteStep), until two steps in a row miss the limit. dir is the
// served data dir, whose delivery queue it reads. The writers are the members next to the
// viewers by follow count, not the viewers: thousands of their own posts would otherwise
// fill the viewers' first feed pages, and a later run on the same data dir (--in-place)
// would time other pages.
func (f *fixture) writeCapacity(app core.App, dir, password string, length time.Duration, out io.Writer) (*WriteCapacity, error) {
	if length <= 0 {
		length = defaultWriteStep
	}
	queue, err := openQueue(dir)
	if err != nil {
		return nil, err
	}
	defer queue.Close()
	picked, err := medianMembers(app, len(f.viewers), 1)
	if err != nil || len(picked) == 0 {
		return nil, fmt.Errorf("picking the writers: %v (%d found)", err, len(picked))
	}
	writers, err := f.c.loginAll(emailsOf(picked), password)
	if err != nil {
		return nil, err
	}
	wc := &WriteCapacity{Authors: len(writers), Load: loadavg(), StepLength: length, FanoutChecked: true, NoticesOnRead: true}
	var followers []int
	for _, v := range writers {
		var n int
		if err := app.DB().Select("COUNT(*)").From("follows").Where(dbx.HashExp{"following": v.ID}).Row(&n); err != nil {
			return nil, err
		}
		followers = append(followers, n)
	}
	slices.Sort(followers)
	wc.MedianFollowers = followers[len(followers)/2]
	next := len(f.titles) / 2 // titles the serial logging workload did not use
	missed := 0
	for _, rate := range writeRates {
		step := f.offerLogs(writers, rate, length, &next)
		step.Backlog = queuedFanouts(queue)
		wc.Steps = append(wc.Steps, step)
		fmt.Fprintf(out, "  writes: offered %5.0f/s  answered %6.1f/s  p50 %7s  p99 %7s ms  err %d  posts awaiting fan-out %d\n",
			step.Rate, step.Achieved, ms(step.P50), ms(step.P99), step.Errors, step.Backlog)
		if step.P99 <= WriteP99Limit && step.Errors == 0 && step.keptUp() {
			wc.Ceiling, missed = rate, 0
		} else if missed++; missed == 2 {
			break
		}
		// The next step starts once this one's fan-out is done (or after two steps' time).
		for wait := time.Now(); queuedFanouts(queue) > 0 && time.Since(wait) < 2*length; {
			time.Sleep(100 * time.Millisecond)
		}
	}
	return wc, nil
}

// openQueue opens the served data dir's database read-only, for its delivery queue (the
// write phase and the realtime phase read it).
func openQueue(dir string) (*dbx.DB, error) {
	return dbx.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?mode=ro&_pragma=busy_timeout(5000)")
}

// queuedFanouts counts the posts whose fan-out is still queued (-1 when unreadable).
func queuedFanouts(db *dbx.DB) int {
	n := -1
	_ = db.NewQuery("SELECT COUNT(*) FROM delivery_queue WHERE kind = 'post'").Row(&n)
	return n
}

// offerLogs sends logs at rate for length, each by the next of writers, each a new title
// for its author.
func (f *fixture) offerLogs(writers []member, rate float64, length time.Duration, next *int) WriteStep {
	n := max(1, int(rate*length.Seconds()))
	gap := time.Duration(float64(time.Second) / rate)
	samples := make([]time.Duration, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	step := WriteStep{Rate: rate, Sent: n}
	start := time.Now()
	for i := range n {
		due := start.Add(time.Duration(i) * gap)
		time.Sleep(time.Until(due))
		author := writers[i%len(writers)]
		t := f.titles[*next%len(f.titles)]
		*next++
		wg.Go(func() {
			err := f.c.do(author, http.MethodPost, "/api/user/movies", map[string]any{
				"movieId": t.TMDB, "status": "watched", "rating": 8,
				"watchedAt": time.Now().UTC().Format("2006-01-02"),
			}, nil)
			samples[i] = time.Since(due)
			if err != nil {
				mu.Lock()
				step.Errors++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(samples)
	step.P50, step.P99 = percentile(samples, 0.50), percentile(samples, 0.99)
	step.Achieved = float64(n) / elapsed.Seconds()
	return step
}
