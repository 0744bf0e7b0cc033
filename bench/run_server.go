package bench

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// server is the real cinecircle binary serving a copy of the seeded data dir on loopback.
type server struct {
	cmd     *exec.Cmd
	base    string        // http://127.0.0.1:PORT
	startup time.Duration // process start to the first served request
	log     *os.File
}

// copyDataDir copies the seeded data dir's databases (with their WAL files) to dst, so
// every run starts from the same data and the seed is never written to.
func copyDataDir(src, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, name := range []string{"data.db", "data.db-wal", "auxiliary.db", "auxiliary.db-wal"} {
		in, err := os.Open(filepath.Join(src, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		} else if err != nil {
			return err
		}
		out, err := os.Create(filepath.Join(dst, name))
		if err == nil {
			_, err = io.Copy(out, in)
			err = errors.Join(err, out.Close())
		}
		in.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// startWait bounds how long startServer waits for the server's first served request.
const startWait = 5 * time.Minute

// startServer runs `bin serve` on dir and waits for its first served request. The child
// gets a clean environment: no TMDB or GIF keys, so nothing leaves the machine (only the Go
// runtime's GOMAXPROCS, GOGC and GOMEMLIMIT pass through). The per-IP rate limits are
// scaled far up: every simulated member comes from 127.0.0.1, and a benchmark measures
// the server, not its limiter.
func startServer(bin, dir string, env ...string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve", "--http", addr, "--dir", dir, "--dev=false")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "CINECIRCLE_RATE_LIMIT_SCALE=100000"}
	// Go runtime settings and the database's tuning pass through
	for _, k := range []string{"GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GODEBUG", "CINECIRCLE_CHECKPOINT_PAGES", "CINECIRCLE_DB_MEMORY_MB", "CINECIRCLE_API_CONCURRENCY"} {
		if v := os.Getenv(k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	dieWithParent(cmd)
	s := &server{cmd: cmd, base: "http://" + addr, log: logf}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	probe := &http.Client{Timeout: time.Second}
	// Generous: the first start of a new build migrates the copied data first (list items
	// getting their list's owner took 37 s to over a minute at 1M items on the 2-core VM).
	for time.Since(start) < startWait {
		resp, err := probe.Get(s.base + "/api/health")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				s.startup = time.Since(start)
				return s, nil
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	s.stop()
	return nil, fmt.Errorf("the server did not answer within %v (see %s)", startWait, logf.Name())
}

// rssBytes reads the server's resident set size from /proc.
func (s *server) rssBytes() int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// watchRSS samples the server's RSS every 100 ms until the returned func is called,
// which returns the peak.
func (s *server) watchRSS() func() int64 {
	var peak atomic.Int64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if r := s.rssBytes(); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() int64 {
		close(done)
		<-stopped
		return peak.Load()
	}
}

// dataBytes is the size of the SQLite files (databases and logs) in dir.
func dataBytes(dir string) int64 {
	var n int64
	for _, pattern := range []string{"*.db", "*.db-wal"} {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range files {
			if st, err := os.Stat(f); err == nil {
				n += st.Size()
			}
		}
	}
	return n
}

// stop ends the server (SIGTERM, then SIGKILL after 10 s).
func (s *server) stop() {
	if s == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.log.Close()
}

// raiseFileLimit lifts RLIMIT_NOFILE to its hard limit (at least want when allowed), for
// this process and the server it starts (each holds one end of the 10,000 realtime
// connections).
func raiseFileLimit(want uint64) (uint64, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	if l.Max < want {
		raised := syscall.Rlimit{Cur: want, Max: want} // needs CAP_SYS_RESOURCE
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			return want, nil
		}
	}
	l.Cur = l.Max // each process holds one end of every connection: the hard limit may do
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	return l.Cur, nil
}

// settleMax bounds how long a phase waits for the server to settle. The longest wait is
// after the load phase: its 400 logs by one author with ~500 followers leave ~200,000
// notifications to write, one post's fan-out at a time, for minutes.
const settleMax = 5 * time.Minute

// Settled is how long the runner waited, before a phase, for the server to settle.
type Settled struct {
	Phase string        `json:"phase"`
	Took  time.Duration `json:"took"`
}

// settle waits until the server has been quiet for a second (under 5% of a core: the
// fan-outs, recounts and queue work the phase before left behind are done), at most
// max, and returns how long it waited. Each phase then measures its own workload, not
// the tail of the one before.
func (s *server) settle(max time.Duration) time.Duration {
	start := time.Now()
	last := s.cpuTicks()
	for time.Since(start) < max {
		time.Sleep(time.Second)
		now := s.cpuTicks()
		if now-last < 5 { // clock ticks are hundredths of a second: under 5% of a core
			break
		}
		last = now
	}
	return time.Since(start)
}

// cpuTicks reads the CPU time the server has used, user and system, in clock ticks.
func (s *server) cpuTicks() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// fields after the command name (which may hold spaces), from its closing parenthesis
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return utime + stime
}
