package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// RunOptions sizes a benchmark run.
type RunOptions struct {
	Bin  string // the cinecircle binary to serve (default: this executable)
	Work string // where the data dir copy goes (default: a temp dir, removed after)
	// InPlace serves the seeded data dir itself instead of a copy (a 10x data set is 30 GB,
	// more than a small disk holds twice); the run's writes then stay in it, so the seed
	// serves one run (make bench seeds again after it).
	InPlace         bool
	Requests        int // serial requests per workload; concurrent workloads send 4×
	Viewers         int // signed-in members who read feeds
	StockPages      int // records API requests per page (a timeout stops the page)
	RealtimeClients int // 0 skips the realtime test
	RealtimePosts   int
	Password        string
	// AuthorFollowers is how many followers the logging author has, near enough (500 at
	// 10k members, 5,000 at 100k).
	AuthorFollowers int
	Phases          string        // comma-separated: load, tv, public, lists, federation, writes, stock, deletions, bare, realtime (default all)
	WriteStep       time.Duration // how long the write capacity phase offers each rate (0: 8 s)
	DeletionBefore  time.Duration // how long the deletion phase logs films before its deletion (0: 20 s)
	// The federation phase's remote servers, the followers spread over them, the reviews
	// and one review every FediPace (0: the Default* sizes, one a second).
	FediServers, FediFollowers, FediReviews int
	FediPace                                time.Duration
}

// DefaultAuthorFollowers is the logging author's follower count when RunOptions leaves
// it unset (the 10k-member targets' author).
const DefaultAuthorFollowers = 500

// runs reports whether phase is among o.Phases (all when empty).
func (o RunOptions) runs(phase string) bool {
	if o.Phases == "" {
		return true
	}
	for _, p := range strings.Split(o.Phases, ",") {
		if strings.TrimSpace(p) == phase {
			return true
		}
	}
	return false
}

// Results is everything one run measured; `bench report` renders it.
type Results struct {
	Date           time.Time      `json:"date"`
	Machine        string         `json:"machine"`
	LoadAtStart    string         `json:"loadAtStart"`
	Users          int            `json:"users"`
	Activities     int            `json:"activities"`
	EpisodeWatches int            `json:"episodeWatches"`
	DataBytes      int64          `json:"dataBytes"` // the seeded data dir's databases
	ViewerFollows  string         `json:"viewerFollows"`
	Startup        time.Duration  `json:"startup"`
	CursorCheck    string         `json:"cursorCheck"`
	Load           []Stat         `json:"load"`
	LoadRSS        int64          `json:"loadRSS"` // the server's peak RSS over the load phase
	Stock          []Stat         `json:"stock"`
	Bare           []Stat         `json:"bare"`
	Realtime       *Realtime      `json:"realtime,omitzero"`
	Seed           *SeedRecord    `json:"seed,omitzero"` // what the seed reported about itself
	Writes         *WriteCapacity `json:"writes,omitzero"`
	Federation     *Federation    `json:"federation,omitzero"`
	Settled        []Settled      `json:"settled,omitzero"` // how long each phase waited for a quiet server
	RealtimeLoad   string         `json:"realtimeLoadAtStart,omitzero"`
	Options        RunOptions     `json:"options"`
}

// loadavg reads /proc/loadavg (the CPU is shared: every figure depends on it).
func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.TrimSpace(string(b))
}

// machine describes the CPU, cores, memory and kernel.
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		if l, _, ok := strings.Cut(string(b), "\n"); ok {
			mem = strings.Join(strings.Fields(l)[1:], " ")
		}
	}
	kernel, _ := os.ReadFile("/proc/sys/kernel/osrelease")
	return fmt.Sprintf("%s, %d cores, MemTotal %s, Linux %s, %s", model, runtime.NumCPU(), mem, strings.TrimSpace(string(kernel)), runtime.Version())
}

// Run measures the server against a copy of the seeded data dir that app has open (app is
// only read: members, the catalog, and the in-process SQL timings).
func Run(app core.App, o RunOptions, out io.Writer) (*Results, error) {
	res := &Results{Date: time.Now().UTC(), Machine: machine(), LoadAtStart: loadavg(), Options: o}
	say := func(format string, a ...any) { fmt.Fprintf(out, format+"\n", a...) }
	say("load average at start: %s", res.LoadAtStart)
	if o.Bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		o.Bin = exe
	}
	if o.RealtimeClients > 0 {
		if got, err := raiseFileLimit(uint64(2*o.RealtimeClients + 4096)); err != nil || got < uint64(o.RealtimeClients+2048) {
			return nil, fmt.Errorf("RLIMIT_NOFILE is %d, too low for %d realtime clients: %v", got, o.RealtimeClients, err)
		}
	}
	if err := app.DB().Select("COUNT(*)").From("users").Row(&res.Users); err != nil {
		return nil, err
	}
	if err := app.DB().Select("COUNT(*)").From("activities").Row(&res.Activities); err != nil {
		return nil, err
	}
	if err := app.DB().Select("COUNT(*)").From("episode_watches").Row(&res.EpisodeWatches); err != nil {
		return nil, err
	}
	res.DataBytes = dataBytes(app.DataDir())
	var rec SeedRecord
	if readJSON(filepath.Join(app.DataDir(), SeedRecordFile), &rec) == nil {
		res.Seed = &rec
	}
	t := time.Now()
	dir, cleanup, err := o.servedDir(app.DataDir())
	if err != nil {
		return nil, err
	}
	defer cleanup()
	if err := openStockRule(dir); err != nil {
		return nil, err
	}
	if err := makePublic(dir); err != nil {
		return nil, err
	}
	var env []string
	var rc *receivers
	var fediEmail string
	if o.runs("federation") && checkBigList(app) == nil {
		var err error
		if rc, err = startReceivers(o.fediServers()); err != nil {
			return nil, err
		}
		defer rc.close()
		if fediEmail, err = prepareFederation(dir, rc.inboxes, o.fediFollowers()); err != nil {
			return nil, fmt.Errorf("preparing the federation phase: %w", err)
		}
		env = fediEnv
	}
	say("serving the data dir %s (ready in %v)", dir, time.Since(t).Round(time.Millisecond))

	srv, err := startServer(o.Bin, dir, env...)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	res.Startup = srv.startup
	say("start-up to first served request: %v", srv.startup.Round(time.Millisecond))

	f, err := newFixture(app, newClient(srv.base, 30*time.Second), o)
	if err != nil {
		return nil, err
	}
	res.ViewerFollows = f.viewerFollows
	if o.runs("lists") {
		if err := checkBigList(app); err != nil { // before the long phases, not after them
			return nil, err
		}
	}
	if o.runs("load") || o.runs("bare") {
		res.CursorCheck = f.checkCursor()
		say("cursor paging: %s", res.CursorCheck)
	}
	progress := func(s Stat) {
		say("  %-60s c=%-2d n=%-5d p50 %7s p95 %7s p99 %7s ms  %8.1f req/s  err %d %s", s.Name, s.Conc, s.N, ms(s.P50), ms(s.P95), ms(s.P99), s.RPS, s.Errors+s.Timeouts, s.FirstErr)
	}
	settle := func(phase string) {
		took := srv.settle(settleMax)
		res.Settled = append(res.Settled, Settled{Phase: phase, Took: took})
		say("%s: the server settled in %v", phase, took.Round(10*time.Millisecond))
	}
	if o.runs("load") {
		settle("load")
		stop := srv.watchRSS()
		res.Load = f.loadWorkloads(o.Requests, progress)
		res.LoadRSS = stop()
		say("  server RSS peak over the load phase: %d MB", res.LoadRSS>>20)
	}
	if o.runs("tv") {
		settle("tv")
		tvStats, err := f.tvWorkloads(app, o.Requests, o.Password, progress)
		if err != nil {
			return nil, fmt.Errorf("tv workloads: %w", err)
		}
		res.Load = append(res.Load, tvStats...)
	}
	if o.runs("public") {
		settle("public")
		publicStats, err := f.publicWorkloads(app, o.Requests, o.Password, progress)
		res.Load = append(res.Load, publicStats...)
		if err != nil {
			return nil, fmt.Errorf("public workloads: %w", err)
		}
	}
	if o.runs("lists") {
		settle("lists")
		listStats, err := f.listWorkloads(app, o.Requests, o.Password, progress)
		if err != nil {
			return nil, fmt.Errorf("list workloads: %w", err)
		}
		res.Load = append(res.Load, listStats...)
	}
	if rc != nil {
		settle("federation")
		say("federation: %d reviews by a member with %d remote followers on %d servers", o.fediReviews(), o.fediFollowers(), rc.n)
		fed, err := f.federationPhase(dir, fediEmail, srv, rc, o)
		if err != nil {
			return nil, fmt.Errorf("federation: %w", err)
		}
		res.Federation = fed
		say("  request p50 %s p99 %s ms; a review's last delivery p50 %s max %s ms; %d undone; RSS %d → peak %d → %d MB",
			ms(fed.Request.P50), ms(fed.Request.P99), ms(fed.DoneP50), ms(fed.DoneMax), fed.Undone, fed.RSSBefore>>20, fed.RSSPeak>>20, fed.RSSAfter>>20)
	}
	if o.runs("writes") {
		settle("writes")
		say("write capacity: diary logs offered at rising rates (open load), p99 limit %v", WriteP99Limit)
		wc, err := f.writeCapacity(app, dir, o.Password, o.WriteStep, out)
		if err != nil {
			return nil, fmt.Errorf("write capacity: %w", err)
		}
		res.Writes = wc
	}
	if o.runs("stock") && o.StockPages > 0 {
		say("stock PocketBase records API (this can take minutes: its SELECTs time out at 30 s)")
		res.Stock = f.stockWorkloads(srv.base, map[int]int{1: o.StockPages, 50: o.StockPages})
		for _, s := range res.Stock {
			progress(s)
		}
	}
	srv.stop()
	if o.runs("bare") {
		say("bare SQL in process")
		res.Bare = f.bareWorkloads(app, o.Requests, f.cursor50)
		for _, s := range res.Bare {
			progress(s)
		}
	}
	if o.RealtimeClients > 0 && o.runs("realtime") {
		res.RealtimeLoad = loadavg()
		say("realtime: %d clients (load average %s)", o.RealtimeClients, res.RealtimeLoad)
		rt, err := runRealtime(app, f, o, dir, out)
		if err != nil {
			return nil, fmt.Errorf("realtime: %w", err)
		}
		res.Realtime = rt
	}
	if o.runs("deletions") { // last, on a server of its own: it deletes members
		delStats, err := deletionPhase(app, f, o, dir, progress)
		if err != nil {
			return nil, fmt.Errorf("deletion workloads: %w", err)
		}
		res.Load = append(res.Load, delStats...)
	}
	return res, nil
}

// servedDir is the data dir the server runs on: seeded itself with InPlace, else a copy
// in Work (a temp dir by default, removed by cleanup).
func (o RunOptions) servedDir(seeded string) (dir string, cleanup func(), err error) {
	cleanup = func() {}
	if o.InPlace {
		return seeded, cleanup, nil
	}
	work := o.Work
	if work == "" {
		tmp, err := os.MkdirTemp("", "cinecircle-bench-")
		if err != nil {
			return "", cleanup, err
		}
		cleanup = func() { _ = os.RemoveAll(tmp) }
		work = tmp
	}
	dir = filepath.Join(work, "data")
	_ = os.RemoveAll(dir)
	if err := copyDataDir(seeded, dir); err != nil {
		cleanup()
		return "", func() {}, err
	}
	return dir, cleanup, nil
}

// medianMember is a member picked by their follow count.
type medianMember struct {
	ID    string `db:"follower"`
	N     int    `db:"n"`
	Email string `db:"email"`
}

// medianMembers picks k members around the median follow count, in order of that count:
// the k centred on the median when skip is 0, the k after those when skip is 1, and so on.
func medianMembers(app core.App, k, skip int) ([]medianMember, error) {
	var out []medianMember
	err := app.DB().NewQuery(`SELECT s.follower, s.n, u.email FROM (SELECT follower, COUNT(*) AS n FROM follows GROUP BY follower) s
		JOIN users u ON u.id = s.follower ORDER BY s.n, s.follower
		LIMIT {:k} OFFSET (SELECT COUNT(DISTINCT follower) FROM follows) / 2 - {:k} / 2 + {:k} * {:skip}`).
		Bind(dbx.Params{"k": k, "skip": skip}).All(&out)
	return out, err
}

// emailsOf lists the picked members' addresses.
func emailsOf(picked []medianMember) []string {
	out := make([]string, len(picked))
	for i, p := range picked {
		out[i] = p.Email
	}
	return out
}

// fanCount is how many of the logging author's followers the catch-up workload signs in.
const fanCount = 100

// newFixture picks the members and titles the workloads use and signs the members in
// through the real login route.
func newFixture(app core.App, c *client, o RunOptions) (*fixture, error) {
	f := &fixture{c: c}
	viewers, err := medianMembers(app, o.Viewers, 0)
	if err != nil || len(viewers) == 0 {
		return nil, fmt.Errorf("picking viewers: %v (%d found)", err, len(viewers))
	}
	f.viewerFollows = fmt.Sprintf("%d viewers following %d–%d members each", len(viewers), viewers[0].N, viewers[len(viewers)-1].N)
	if f.viewers, err = c.loginAll(emailsOf(viewers), o.Password); err != nil {
		return nil, err
	}
	var author struct {
		ID    string `db:"following"`
		N     int    `db:"n"`
		Email string `db:"email"`
	}
	err = app.DB().NewQuery(`SELECT s.following, s.n, u.email FROM (SELECT following, COUNT(*) AS n FROM follows GROUP BY following) s
		JOIN users u ON u.id = s.following ORDER BY ABS(s.n - {:n}), s.following LIMIT 1`).Bind(dbx.Params{"n": cmpOr(o.AuthorFollowers, DefaultAuthorFollowers)}).One(&author)
	if err != nil {
		return nil, fmt.Errorf("picking the author: %w", err)
	}
	if f.author, err = c.login(author.Email, o.Password); err != nil {
		return nil, err
	}
	f.authorFollowers = author.N
	var fans []string
	if err := app.DB().NewQuery(`SELECT u.email FROM follows f JOIN users u ON u.id = f.follower
		WHERE f.following = {:a} ORDER BY f.follower LIMIT {:k}`).Bind(dbx.Params{"a": author.ID, "k": fanCount}).Column(&fans); err != nil {
		return nil, fmt.Errorf("the author's followers: %w", err)
	}
	if f.authorFans, err = c.loginAll(fans, o.Password); err != nil {
		return nil, err
	}
	if err := app.DB().Select("tmdbId", "title").From("movies").OrderBy("tmdbId").All(&f.titles); err != nil || len(f.titles) == 0 {
		return nil, fmt.Errorf("the catalog: %v (%d titles)", err, len(f.titles))
	}
	err = app.DB().NewQuery(`SELECT tmdbId, title FROM movies WHERE id NOT IN
		(SELECT movie FROM watch_entries WHERE user = {:a}) ORDER BY tmdbId`).
		Bind(dbx.Params{"a": author.ID}).All(&f.unlogged)
	if err != nil {
		return nil, fmt.Errorf("the author's unlogged titles: %w", err)
	}
	for _, m := range f.viewers {
		items, err := c.feed(m, "limit=20")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			f.posts = append(f.posts, it.ID)
		}
	}
	if len(f.posts) == 0 {
		return nil, fmt.Errorf("the viewers' feeds are empty")
	}
	return f, nil
}

// checkCursor walks every viewer's feed to page 50 by cursor; the cursor workloads run
// only when each walk lands on the same page as ?page=50.
func (f *fixture) checkCursor() string {
	var cursors []string
	for _, m := range f.viewers {
		c, err := f.walkToPage50(m)
		if err != nil {
			return "not supported: " + err.Error()
		}
		cursors = append(cursors, c)
	}
	f.cursor50 = cursors
	return fmt.Sprintf("walking 49 pages by ?before= lands on ?page=50 for all %d viewers", len(cursors))
}

// writeJSON stores results at path.
func writeJSON(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
