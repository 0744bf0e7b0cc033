package reliability

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite" // the pure-Go driver PocketBase itself uses, to read the data dir after a stop
)

// binary is the cinecircle executable every test runs.
var binary string

// TestMain uses $CINECIRCLE_BIN when it names an existing file, else builds the binary
// once from the repository root into a temporary directory.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if bin := os.Getenv("CINECIRCLE_BIN"); bin != "" {
		if _, err := os.Stat(bin); err == nil {
			binary = bin
			return m.Run()
		}
	}
	tmp, err := os.MkdirTemp("", "cinecircle-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	binary = filepath.Join(tmp, "cinecircle")
	build := exec.Command("go", "build", "-trimpath", "-o", binary, ".")
	build.Dir = ".."
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building cinecircle:", err)
		return 1
	}
	return m.Run()
}

// syncBuffer keeps the tail of a server's output for failure messages.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() > 64<<10 {
		tail := append([]byte(nil), b.buf.Bytes()[b.buf.Len()-32<<10:]...)
		b.buf.Reset()
		b.buf.Write(tail)
	}
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is one running `cinecircle serve` process on a loopback port.
type server struct {
	dir  string
	base string
	cmd  *exec.Cmd
	out  *syncBuffer
	heap *heapTrace // live heap after each GC, when started with GODEBUG=gctrace=1
	done chan struct{}
}

// freeAddr asks the OS for a free loopback port.
func freeAddr(t testing.TB) string {
	t.Helper()
	return freeAddrOn(t, "127.0.0.1")
}

// freeAddrOn asks the OS for a free port on ip (any of 127.0.0.0/8 is loopback).
func freeAddrOn(t testing.TB, ip string) string {
	t.Helper()
	l, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// cli runs a cinecircle command (not serve) on dir and fails the test if it fails.
func cli(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(binary, append(args, "--dir", dir)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cinecircle %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// startServer serves dir on a free loopback port (with env added to the environment) and
// waits for /api/health. The process is stopped (SIGTERM) when the test ends, unless the
// test stopped or killed it before.
func startServer(t testing.TB, dir string, env ...string) *server {
	t.Helper()
	return startServerAt(t, freeAddr(t), dir, env...)
}

// startServerAt is startServer on addr: a server started again where it was before, or
// one whose address its configuration names.
func startServerAt(t testing.TB, addr, dir string, env ...string) *server {
	t.Helper()
	s := &server{dir: dir, base: "http://" + addr, out: &syncBuffer{}, heap: &heapTrace{}, done: make(chan struct{})}
	s.cmd = exec.Command(binary, "serve", "--http", addr, "--dir", dir)
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stdout, s.cmd.Stderr = s.out, io.MultiWriter(s.out, s.heap)
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = s.cmd.Wait(); close(s.done) }()
	t.Cleanup(func() { s.stop(t) })
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case <-s.done:
			t.Fatalf("server exited before it was healthy:\n%s", s.out.String())
		default:
		}
		res, err := http.Get(s.base + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not healthy after 60 s:\n%s", s.out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// kill ends the server with SIGKILL, as a power cut or the OOM killer would: no
// shutdown hooks, no checkpoint.
func (s *server) kill(t testing.TB) {
	t.Helper()
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
}

// stop asks the server to shut down (SIGTERM) and waits, killing it after 15 s.
func (s *server) stop(t testing.TB) {
	select {
	case <-s.done:
		return
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		t.Errorf("server ignored SIGTERM for 15 s; killing it")
		s.kill(t)
	}
}

// rssKB is the server's resident memory in KiB, from /proc.
func (s *server) rssKB(t testing.TB) int {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no VmRSS in /proc status")
	return 0
}

// client is one HTTP identity: a member with the session cookie, or a superuser with a
// bearer token.
type client struct {
	base  string
	http  *http.Client
	token string // superuser token, sent as Authorization
	ID    string
}

func newClient(base string) *client {
	jar, _ := cookiejar.New(nil)
	tr := &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}
	return &client{base: base, http: &http.Client{Jar: jar, Transport: tr, Timeout: 30 * time.Second}}
}

// do sends a JSON request and decodes a 2xx JSON answer into out (when not nil). It
// returns the status; err is a transport failure or an undecodable answer.
func (c *client) do(ctx context.Context, method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode/100 == 2 && out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return res.StatusCode, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	if res.StatusCode/100 != 2 {
		return res.StatusCode, &statusError{method, path, res.StatusCode, string(data)}
	}
	return res.StatusCode, nil
}

type statusError struct {
	method, path string
	status       int
	body         string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.method, e.path, e.status, e.body)
}

// must is do for the setup steps: anything but a 2xx fails the test.
func (c *client) must(t testing.TB, method, path string, body, out any) {
	t.Helper()
	if _, err := c.do(context.Background(), method, path, body, out); err != nil {
		t.Fatal(err)
	}
}

// signUp creates a member through POST /api/auth/signup; the client keeps the cookie.
func signUp(t testing.TB, base, email, first string) *client {
	t.Helper()
	c := newClient(base)
	var me struct {
		ID string `json:"id"`
	}
	c.must(t, http.MethodPost, "/api/auth/signup", map[string]any{
		"email": email, "password": "reliable-password", "passwordConfirm": "reliable-password",
		"firstName": first, "lastName": "Tester",
	}, &me)
	if me.ID == "" {
		t.Fatal("signup answered no id")
	}
	c.ID = me.ID
	return c
}

const (
	superEmail    = "root@example.com"
	superPassword = "reliability-root-pass"
)

// superuser creates a dashboard superuser on dir (before the server starts).
func createSuperuser(t testing.TB, dir string) {
	t.Helper()
	cli(t, dir, "superuser", "upsert", superEmail, superPassword)
}

// superuserClient signs the superuser in through PocketBase's own auth route.
func superuserClient(t testing.TB, base string) *client {
	t.Helper()
	c := newClient(base)
	var auth struct {
		Token string `json:"token"`
	}
	c.must(t, http.MethodPost, "/api/collections/_superusers/auth-with-password",
		map[string]any{"identity": superEmail, "password": superPassword}, &auth)
	c.token = auth.Token
	return c
}

// disableRateLimits turns PocketBase's rate limiter off: these tests drive hundreds of
// requests a second from one loopback address on purpose, which is what the limiter
// exists to refuse; they measure the server behind it.
func disableRateLimits(t testing.TB, su *client) {
	t.Helper()
	su.must(t, http.MethodPatch, "/api/settings", map[string]any{"rateLimits": map[string]any{"enabled": false}}, nil)
}

// openDB opens a server's main SQLite file read-only: a stopped one's, or a running one's
// beside it (a WAL reader does not disturb the server).
func openDB(t testing.TB, dir string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "data.db")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// count runs a COUNT query.
func count(t testing.TB, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// isTransport reports whether err is a failure to talk to the server (it is down).
func isTransport(err error) bool {
	var se *statusError
	return err != nil && !errors.As(err, &se)
}

// firstMovieID is the first title of the catalog compiled into the binary; ids of the
// embedded catalog are consecutive from it.
const firstMovieID = 1_000_000_001
