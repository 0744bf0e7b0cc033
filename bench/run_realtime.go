package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Realtime is what the realtime test measured: delivery of new posts to the author's
// followers' open clients while Clients realtime clients are held.
type Realtime struct {
	Clients    int           `json:"clients"`
	Posts      int           `json:"posts"`
	Followers  int           `json:"followers"`
	Reachable  int           `json:"reachable"` // followers with a client open (all of them when Clients ≥ members)
	Deliveries int           `json:"deliveries"`
	P50        time.Duration `json:"p50"`
	P99        time.Duration `json:"p99"`
	Max        time.Duration `json:"max"`
	Missed     int           `json:"missed"` // follower clients that never got a post
	Strays     int           `json:"strays"` // clients of non-followers that got one
	RSS        int64         `json:"rss"`    // the server's, with every client connected
	RSSIdle    int64         `json:"rssIdle"`
	Connect    time.Duration `json:"connect"` // to open them all
	PostP99    time.Duration `json:"postP99"` // the author's log request itself
}

// rtClient is one member's open event stream (GET /api/events), the way the UI's
// EventSource holds it.
type rtClient struct {
	user string
	mu   sync.Mutex
	got  map[string]time.Time // activity id → when its feed event arrived
}

// rtDial opens GET /api/events with the member's session cookie, as the UI's EventSource
// does. The reader goroutine records feed events until ctx ends.
func rtDial(ctx context.Context, stream *http.Client, base, token string, c *rtClient, wg *sync.WaitGroup) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
	req.Header.Set("Cookie", auth.CookieName+"="+token)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := stream.Do(req)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return fmt.Errorf("event stream: %d", resp.StatusCode)
	}
	br := bufio.NewReaderSize(resp.Body, 2048)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer resp.Body.Close()
		for {
			name, data, err := readEvent(br)
			if err != nil {
				return
			}
			if name != "feed" {
				continue
			}
			at := time.Now()
			var ev struct {
				Activity struct {
					ID string `json:"id"`
				} `json:"activity"`
			}
			if json.Unmarshal(data, &ev) == nil {
				c.mu.Lock()
				c.got[ev.Activity.ID] = at
				c.mu.Unlock()
			}
		}
	}()
	return nil
}

// readEvent reads one server-sent event: its name and data.
func readEvent(br *bufio.Reader) (string, []byte, error) {
	var name string
	var data []byte
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return "", nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if name != "" || data != nil {
				return name, data, nil
			}
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimSpace(line[5:])...)
		}
	}
}

// runRealtime serves dir afresh, holds one event stream per member (o.RealtimeClients
// in all), then lets the author with ~500 followers log o.RealtimePosts movies and times
// each post's arrival at every follower's client. The clients' tokens are issued here
// from the data dir's own keys: 10,000 password logins would spend minutes of CPU on
// bcrypt and measure nothing the load test doesn't.
func runRealtime(app core.App, f *fixture, o RunOptions, dir string, out io.Writer) (*Realtime, error) {
	srv, err := startServer(o.Bin, dir)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	if err := waitForDeliveries(dir, out); err != nil {
		return nil, err
	}
	res := &Realtime{Clients: o.RealtimeClients, RSSIdle: srv.rssBytes()}
	users, err := app.FindRecordsByFilter("users", "", "id", o.RealtimeClients, 0)
	if err != nil {
		return nil, err
	}
	var followers []string
	if err := app.DB().Select("follower").From("follows").AndWhere(dbx.HashExp{"following": f.author.ID}).Column(&followers); err != nil {
		return nil, err
	}
	res.Followers = len(followers)
	isFollower := map[string]bool{}
	for _, id := range followers {
		isFollower[id] = true
	}
	// Every follower gets a client; the rest of the clients go to other members.
	slices.SortStableFunc(users, func(a, b *core.Record) int {
		switch fa, fb := isFollower[a.Id], isFollower[b.Id]; {
		case fa && !fb:
			return -1
		case fb && !fa:
			return 1
		}
		return 0
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	stream := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 1}}
	clients := make([]*rtClient, len(users))
	var wg sync.WaitGroup
	var next atomic.Int64
	var failed, retried atomic.Int64
	var firstErr atomic.Value
	start := time.Now()
	var dialers sync.WaitGroup
	for range 32 {
		dialers.Add(1)
		go func() {
			defer dialers.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(users) {
					return
				}
				token, err := users[i].NewAuthToken()
				c := &rtClient{user: users[i].Id, got: map[string]time.Time{}}
				for attempt := 0; err == nil; attempt++ { // a busy server says 503: try again, as the UI does
					if err = rtDial(ctx, stream, srv.base, token, c, &wg); err == nil || attempt == 2 || !strings.Contains(err.Error(), ": 503") {
						break
					}
					retried.Add(1)
					time.Sleep(time.Duration(attempt+1) * 250 * time.Millisecond)
				}
				if err != nil {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				clients[i] = c
			}
		}()
	}
	dialers.Wait()
	res.Connect = time.Since(start)
	for _, u := range users {
		if isFollower[u.Id] {
			res.Reachable++
		}
	}
	if n := failed.Load(); n > 0 {
		return nil, fmt.Errorf("%d of %d realtime clients failed to connect: %v", n, len(users), firstErr.Load())
	}
	time.Sleep(2 * time.Second)
	res.RSS = srv.rssBytes()
	fmt.Fprintf(out, "  %d event streams open in %v (%d dials retried after a 503); server RSS %d MB\n", len(clients), res.Connect.Round(time.Millisecond), retried.Load(), res.RSS>>20)

	c := newClient(srv.base, 30*time.Second)
	var delays []time.Duration
	var posts []time.Duration
	for p := range o.RealtimePosts {
		t := f.titles[len(f.titles)-1-p] // titles the load test did not log
		var entry struct {
			ActivityID string `json:"activityId"`
		}
		t0 := time.Now()
		err := c.do(f.author, http.MethodPost, "/api/user/movies", map[string]any{
			"movieId": t.TMDB, "status": "watched", "rating": 8,
			"watchedAt": time.Now().UTC().Format("2006-01-02"),
		}, &entry)
		posts = append(posts, time.Since(t0))
		if err != nil {
			return nil, err
		}
		if entry.ActivityID == "" {
			return nil, fmt.Errorf("the log answer names no activity")
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			got := 0
			for _, cl := range clients {
				if isFollower[cl.user] {
					cl.mu.Lock()
					if _, ok := cl.got[entry.ActivityID]; ok {
						got++
					}
					cl.mu.Unlock()
				}
			}
			if got == res.Reachable || time.Now().After(deadline) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(500 * time.Millisecond) // time for strays to show up
		for _, cl := range clients {
			cl.mu.Lock()
			at, ok := cl.got[entry.ActivityID]
			cl.mu.Unlock()
			switch {
			case isFollower[cl.user] && ok:
				delays = append(delays, at.Sub(t0))
			case isFollower[cl.user]:
				res.Missed++
			case ok:
				res.Strays++
			}
		}
		res.Posts++
	}
	slices.Sort(delays)
	slices.Sort(posts)
	res.Deliveries = len(delays)
	res.P50, res.P99 = percentile(delays, 0.5), percentile(delays, 0.99)
	if len(delays) > 0 {
		res.Max = delays[len(delays)-1]
	}
	res.PostP99 = percentile(posts, 0.99)
	fmt.Fprintf(out, "  %d posts to %d followers: delivery p50 %s p99 %s max %s ms; missed %d, strays %d; log request p99 %s ms\n",
		res.Posts, res.Followers, ms(res.P50), ms(res.P99), ms(res.Max), res.Missed, res.Strays, ms(res.PostP99))
	cancel()
	srv.stop()
	wg.Wait()
	return res, nil
}

// waitForDeliveries waits until the server has resumed and finished the fan-outs that the
// load phases' server left in its delivery queue when it stopped (hundreds after the
// logging workloads): the timed posts would otherwise queue behind them.
func waitForDeliveries(dir string, out io.Writer) error {
	db, err := openQueue(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	first := -1
	for {
		var n int
		if err := db.NewQuery("SELECT COUNT(*) FROM delivery_queue").Row(&n); err != nil {
			return err
		}
		if first < 0 {
			first = n
		}
		if n == 0 {
			if first > 0 {
				fmt.Fprintf(out, "  waited %v for the %d deliveries the last server left queued\n", time.Since(start).Round(time.Second), first)
			}
			return nil
		}
		if time.Since(start) > 10*time.Minute {
			return fmt.Errorf("%d of %d queued deliveries still pending after 10 minutes", n, first)
		}
		time.Sleep(time.Second)
	}
}
