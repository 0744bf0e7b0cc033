package security_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"cinecircle/hooks/security"

	"golang.org/x/net/dns/dnsmessage"
)

// countingServer is a loopback HTTP server that counts the connections it accepts: a
// request refused at dial time leaves the count untouched.
type countingServer struct {
	*httptest.Server
	conns atomic.Int64
	port  string
}

func newCountingServer(t *testing.T, h http.Handler) *countingServer {
	s := &countingServer{Server: httptest.NewUnstartedServer(h)}
	s.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.Start()
	t.Cleanup(s.Close)
	_, s.port, _ = net.SplitHostPort(s.Listener.Addr().String())
	return s
}

// serveDNS runs a DNS server on loopback UDP answering A and AAAA queries from answers
// (any other name: NXDOMAIN) and returns a resolver that asks only it.
func serveDNS(t *testing.T, answers map[string][]string) *net.Resolver {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if msg, err := dnsAnswer(buf[:n], answers); err == nil {
				_, _ = pc.WriteTo(msg, from)
			}
		}
	}()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
}

func dnsAnswer(query []byte, answers map[string][]string) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	addrs, known := answers[strings.TrimSuffix(strings.ToLower(q.Name.String()), ".")]
	rcode := dnsmessage.RCodeSuccess
	if !known {
		rcode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RCode: rcode})
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	for _, s := range addrs {
		a := netip.MustParseAddr(s)
		rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET}
		switch {
		case a.Is4() && q.Type == dnsmessage.TypeA:
			err = b.AResource(rh, dnsmessage.AResource{A: a.As4()})
		case a.Is6() && q.Type == dnsmessage.TypeAAAA:
			err = b.AAAAResource(rh, dnsmessage.AAAAResource{AAAA: a.As16()})
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

// testDNS is what the test resolver knows: names that resolve to a refused address, the
// way localtest.me resolves to 127.0.0.1 or a rebinding name to an internal host.
var testDNS = map[string][]string{
	"loop.test":      {"127.0.0.1"},
	"loop6.test":     {"::1"},
	"private.test":   {"10.0.0.5"},
	"home.test":      {"192.168.1.1"},
	"metadata.test":  {"169.254.169.254"},
	"cgnat.test":     {"100.64.0.1"},
	"ula.test":       {"fd00::1"},
	"mapped.test":    {"::ffff:10.0.0.1"},
	"nat64.test":     {"64:ff9b::a9fe:a9fe"},
	"mixed.test":     {"10.0.0.5", "fd00::1"},
	"unspec.test":    {"0.0.0.0"},
	"broadcast.test": {"255.255.255.255"},
}

// TestOutboundRefusedAtDialTime: every refused address, however it is written or reached
// (literal, resolved name), fails with ErrRefusedAddress before a connection is made. The
// loopback ones point at a live server, which must see no connection: 0.0.0.0 and
// [::ffff:127.0.0.1] would reach it if they were dialed.
func TestOutboundRefusedAtDialTime(t *testing.T) {
	srv := newCountingServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "reached") }))
	client := security.NewOutboundClient(security.OutboundOptions{Resolver: serveDNS(t, testDNS), Timeout: 5 * time.Second})
	p := srv.port
	refusedAlways := []string{
		"http://0.0.0.0:" + p + "/", "http://[::ffff:0.0.0.0]:" + p + "/", "http://127.1:" + p + "/",
		"http://2130706433:" + p + "/", "http://0x7f.1:" + p + "/", "http://0x7f000001:" + p + "/",
		"http://0177.0.0.1:" + p + "/", "http://017700000001:" + p + "/", "http://127.0.1:" + p + "/",
		"http://unspec.test:" + p + "/", "http://10.0.0.5/", "http://private.test/", "http://home.test/",
		"http://metadata.test/latest", "http://169.254.169.254/latest", "http://cgnat.test/", "http://100.64.0.1/",
		"http://ula.test/", "http://[fd00::1]/", "http://mapped.test/", "http://[::ffff:10.0.0.1]/",
		"http://nat64.test/", "http://[64:ff9b::a9fe:a9fe]/", "http://[2002:a00:5::1]/", "http://mixed.test/",
		"http://broadcast.test/", "http://192.168.1.1/", "http://[fe80::1%25lo]/", "http://198.18.0.1/",
		"http://192.0.2.1/", "http://240.0.0.1/", "https://10.0.0.5/", "https://private.test/",
	}
	refusedWithoutFlag := []string{
		"http://127.0.0.1:" + p + "/", "http://loop.test:" + p + "/", "http://localhost:" + p + "/",
		"http://[::ffff:127.0.0.1]:" + p + "/", "http://[::1]:" + p + "/", "http://loop6.test:" + p + "/",
	}
	get := func(u string) error {
		res, err := client.Get(u)
		if err == nil {
			res.Body.Close()
		}
		return err
	}
	t.Run("without the flag", func(t *testing.T) {
		t.Setenv(security.EnvOutboundLoopback, "")
		t.Setenv(security.EnvPushLoopback, "")
		for _, u := range append(refusedAlways, refusedWithoutFlag...) {
			if err := get(u); !errors.Is(err, security.ErrRefusedAddress) {
				t.Errorf("%s: got %v, want a refusal", u, err)
			}
		}
		if n := srv.conns.Load(); n != 0 {
			t.Fatalf("the loopback server saw %d connections", n)
		}
	})
	t.Run("with the loopback flag", func(t *testing.T) {
		t.Setenv(security.EnvOutboundLoopback, "1")
		for _, u := range refusedAlways {
			if err := get(u); !errors.Is(err, security.ErrRefusedAddress) {
				t.Errorf("%s: got %v, want a refusal", u, err)
			}
		}
		if n := srv.conns.Load(); n != 0 {
			t.Fatalf("the loopback server saw %d connections", n)
		}
		for _, u := range []string{"http://127.0.0.1:" + p + "/", "http://loop.test:" + p + "/", "http://localhost:" + p + "/"} {
			res, err := client.Get(u)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if string(body) != "reached" {
				t.Fatalf("%s: %q", u, body)
			}
		}
		if srv.conns.Load() == 0 {
			t.Fatal("allowed loopback requests never connected")
		}
	})
}

// TestOutboundRedirects: each hop is checked again, at dial time too: a server the client
// may reach cannot send it on to a private address.
func TestOutboundRedirects(t *testing.T) {
	t.Setenv(security.EnvOutboundLoopback, "1")
	target := newCountingServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "landed") }))
	hops := 0
	redirector := newCountingServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/loop":
			hops++
			http.Redirect(w, r, "/loop", http.StatusFound)
		default:
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusTemporaryRedirect)
		}
	}))
	client := security.NewOutboundClient(security.OutboundOptions{Resolver: serveDNS(t, testDNS), Timeout: 5 * time.Second})
	for _, to := range []string{"http://10.0.0.5/x", "http://private.test:" + target.port + "/x", "http://metadata.test/latest",
		"http://[::ffff:10.0.0.1]/x", "http://2130706433:" + target.port + "/x", "http://0.0.0.0:" + target.port + "/x",
		"http://metadata.google.internal/computeMetadata/v1/"} {
		res, err := client.Post(redirector.URL+"/?to="+to, "application/json", strings.NewReader(`{}`))
		if err == nil {
			res.Body.Close()
		}
		if !errors.Is(err, security.ErrRefusedAddress) {
			t.Errorf("redirect to %s: got %v, want a refusal", to, err)
		}
	}
	if n := target.conns.Load(); n != 0 {
		t.Fatalf("a refused redirect reached the target: %d connections", n)
	}
	res, err := client.Get(redirector.URL + "/?to=" + "http://loop.test:" + target.port + "/ok")
	if err != nil {
		t.Fatalf("an allowed redirect: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "landed" {
		t.Fatalf("an allowed redirect read %q", body)
	}
	if _, err := client.Get(redirector.URL + "/loop"); err == nil || !strings.Contains(err.Error(), "redirects") {
		t.Fatalf("an endless redirect: %v", err)
	}
	if hops != 4 {
		t.Fatalf("followed %d hops, want the first request and 3 redirects", hops)
	}
}

// TestOutboundRedirectScheme calls the client's redirect rule directly: a downgrade to
// http needs no TLS server to prove.
func TestOutboundRedirectScheme(t *testing.T) {
	check := security.NewOutboundClient(security.OutboundOptions{MaxRedirects: 3}).CheckRedirect
	req := func(u string) *http.Request { r, _ := http.NewRequest(http.MethodGet, u, nil); return r }
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{"https://push.example/a", "https://push.example/b", true},
		{"http://push.example/a", "http://push.example/b", true},
		{"http://push.example/a", "https://push.example/b", true},
		{"https://push.example/a", "http://push.example/b", false},
		{"https://push.example/a", "ftp://push.example/b", false},
		{"https://push.example/a", "https://intranet/b", false},
	} {
		if err := check(req(c.to), []*http.Request{req(c.from)}); (err == nil) != c.ok {
			t.Errorf("%s → %s: %v", c.from, c.to, err)
		}
	}
}

// TestOutboundBounds: a response over the size limit fails (announced or streamed), and a
// server that never answers is cut off by the client's time limit.
func TestOutboundBounds(t *testing.T) {
	t.Setenv(security.EnvOutboundLoopback, "1")
	release := make(chan struct{})
	srv := newCountingServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/announced":
			w.Header().Set("Content-Length", "5000")
			_, _ = w.Write(make([]byte, 5000))
		case "/streamed":
			for range 5 {
				_, _ = w.Write(make([]byte, 1000))
				w.(http.Flusher).Flush()
			}
		case "/small":
			_, _ = w.Write(make([]byte, 1000))
		case "/stall":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	}))
	defer close(release)
	client := security.NewOutboundClient(security.OutboundOptions{MaxBodyBytes: 1000, Timeout: 300 * time.Millisecond})
	if _, err := client.Get(srv.URL + "/announced"); !errors.Is(err, security.ErrResponseTooLarge) {
		t.Errorf("announced oversize body: %v", err)
	}
	read := func(path string) (int, error) {
		res, err := client.Get(srv.URL + path)
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return len(b), err
	}
	if n, err := read("/streamed"); !errors.Is(err, security.ErrResponseTooLarge) || n != 1000 {
		t.Errorf("streamed oversize body: read %d, %v", n, err)
	}
	if n, err := read("/small"); err != nil || n != 1000 {
		t.Errorf("a body at the limit: read %d, %v", n, err)
	}
	var netErr net.Error
	if _, err := read("/stall"); !errors.As(err, &netErr) || !netErr.Timeout() {
		t.Errorf("a stalled server: %v", err)
	}
}
