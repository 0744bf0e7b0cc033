package security

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"syscall"
	"time"

	"cinecircle/hooks/turns"
)

// ErrResponseTooLarge is the read error of an outgoing request's response body once it
// passes the client's MaxBodyBytes.
var ErrResponseTooLarge = errors.New("the response body is over the size limit")

// OutboundOptions tunes a client made by NewOutboundClient; zero values take the defaults.
type OutboundOptions struct {
	// Timeout bounds the whole exchange, redirects and body included (default 15 s).
	Timeout time.Duration
	// MaxBodyBytes bounds a response body (default 1 MB).
	MaxBodyBytes int64
	// MaxRedirects bounds the redirect hops followed (default 3).
	MaxRedirects int
	// Resolver looks host names up (default net.DefaultResolver; tests use their own DNS).
	Resolver *net.Resolver
}

var outbound = sync.OnceValue(func() *http.Client { return NewOutboundClient(OutboundOptions{}) })

// OutboundClient is the one HTTP client for every request the server makes on a member's
// or a remote party's behalf: web push today, and every future such fetch (federation,
// link previews, remote avatars) MUST use it or NewOutboundClient, never http.DefaultClient
// or a client of its own. Its dialer refuses every address that is not public internet
// (see PublicAddr) at connect time, after DNS, so a name that resolves or rebinds to a
// private address and every redirect hop are covered; redirects are re-checked and
// bounded, response bodies and the whole exchange are bounded. It never uses a proxy
// from the environment (the proxy would reach private addresses for us). Requests to
// servers the operator configured (TMDB, the GIF provider) do not need it.
func OutboundClient() *http.Client { return outbound() }

// NewOutboundClient is OutboundClient with its own limits (a larger body for a future
// federation fetch, a test's resolver); the address rules are the same.
func NewOutboundClient(o OutboundOptions) *http.Client {
	if o.Timeout <= 0 {
		o.Timeout = 15 * time.Second
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 1 << 20
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = 3
	}
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, Resolver: o.Resolver, Control: checkDialedAddr}
	transport := &http.Transport{
		Proxy:                  nil,
		DialContext:            guardedDial(dialer),
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    10 * time.Second,
		ResponseHeaderTimeout:  10 * time.Second,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           20,
		IdleConnTimeout:        90 * time.Second,
	}
	return &http.Client{
		Transport:     turns.Transport(&limitedBodies{base: transport, max: o.MaxBodyBytes}),
		CheckRedirect: checkRedirect(o.MaxRedirects),
		Timeout:       o.Timeout,
	}
}

// checkDialedAddr runs for every socket the dialer is about to connect, with the address
// DNS gave: the one place that sees what is really dialed.
func checkDialedAddr(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return refused("an address that does not parse")
	}
	if !outboundAddrAllowed(ap.Addr()) {
		return refused("a non-public IP address")
	}
	return nil
}

// guardedDial refuses, before any lookup, hosts the C resolver or a browser would read as
// a non-canonical IPv4 address ("127.1"), so what is dialed never depends on the resolver.
func guardedDial(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if _, err := netip.ParseAddr(host); err != nil && endsInNumber(host) {
			return nil, &net.OpError{Op: "dial", Net: network, Err: refused("an IP address in a non-canonical form")}
		}
		return d.DialContext(ctx, network, addr)
	}
}

// checkRedirect follows at most max hops, never from https down to http, and checks each
// hop's host up front (the dialer checks the address it resolves to).
func checkRedirect(max int) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) > max {
			return fmt.Errorf("stopped after %d redirects", max)
		}
		if req.URL.Scheme != "https" && (via[0].URL.Scheme == "https" || req.URL.Scheme != "http") {
			return fmt.Errorf("refused a redirect to a %q URL", req.URL.Scheme)
		}
		return CheckOutboundHost(req.URL.Hostname())
	}
}

// limitedBodies bounds every response body it passes on to max bytes.
type limitedBodies struct {
	base http.RoundTripper
	max  int64
}

func (t *limitedBodies) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if res.ContentLength > t.max {
		res.Body.Close()
		return nil, ErrResponseTooLarge
	}
	res.Body = &limitedBody{ReadCloser: res.Body, left: t.max}
	return res, nil
}

// limitedBody reads at most left bytes, then fails with ErrResponseTooLarge.
type limitedBody struct {
	io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, ErrResponseTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n + int(b.left), ErrResponseTooLarge
	}
	return n, err
}
