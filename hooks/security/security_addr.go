package security

import (
	"errors"
	"net/netip"
	"os"
	"strings"
)

// EnvOutboundLoopback names the env var that lets outgoing requests reach loopback
// addresses (127.0.0.0/8, ::1) — the tests' fake push services listen there. It never
// opens any other refused range. Off in production: a member could otherwise make the
// server post to itself.
const EnvOutboundLoopback = "CINECIRCLE_OUTBOUND_ALLOW_LOOPBACK"

// EnvPushLoopback is the first name of EnvOutboundLoopback, kept as an alias.
const EnvPushLoopback = "CINECIRCLE_PUSH_ALLOW_LOOPBACK"

// ErrRefusedAddress is the error (wrapped) of every outgoing request, and of every
// up-front check, whose host is not a public internet address.
var ErrRefusedAddress = errors.New("refused a non-public address")

// LoopbackAllowed reports whether EnvOutboundLoopback (or EnvPushLoopback) is "1". It is
// read at each check, so a test can set it for itself.
func LoopbackAllowed() bool {
	return os.Getenv(EnvOutboundLoopback) == "1" || os.Getenv(EnvPushLoopback) == "1"
}

// refusedPrefixes are the IANA special-purpose ranges no member-driven request may reach:
// this host, private networks, link-local (cloud metadata at 169.254.169.254), CGNAT,
// benchmarking, documentation, multicast, broadcast and reserved space, and the IPv6
// transition ranges whose embedded IPv4 address cannot be checked (Teredo, local NAT64).
var refusedPrefixes = mustPrefixes(
	"0.0.0.0/8",       // "this network"; 0.0.0.0 reaches the local host on Linux
	"10.0.0.0/8",      // RFC 1918
	"100.64.0.0/10",   // carrier-grade NAT (RFC 6598)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local, cloud metadata
	"172.16.0.0/12",   // RFC 1918
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // documentation (TEST-NET-1)
	"192.88.99.0/24",  // 6to4 relay anycast (deprecated)
	"192.168.0.0/16",  // RFC 1918
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation (TEST-NET-2)
	"203.0.113.0/24",  // documentation (TEST-NET-3)
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, and 255.255.255.255 broadcast
	"::/128",          // unspecified
	"::1/128",         // loopback
	"64:ff9b:1::/48",  // local-use NAT64
	"100::/64",        // discard-only
	"2001::/32",       // Teredo (the client address inside is obfuscated)
	"2001:2::/48",     // benchmarking
	"2001:10::/28",    // ORCHID (deprecated)
	"2001:20::/28",    // ORCHIDv2
	"2001:db8::/32",   // documentation
	"3fff::/20",       // documentation (RFC 9637)
	"5f00::/16",       // SRv6 SIDs
	"fc00::/7",        // unique local (ULA)
	"fe80::/10",       // link-local
	"fec0::/10",       // site-local (deprecated)
	"ff00::/8",        // multicast
)

// embeddingPrefixes are the IPv6 forms that carry an IPv4 address: the embedded address
// must itself be public. IPv4-mapped (::ffff:0:0/96) is unmapped before any check.
var embeddingPrefixes = []struct {
	prefix netip.Prefix
	at     int // byte offset of the IPv4 address inside the IPv6 one
}{
	{netip.MustParsePrefix("::/96"), 12},           // IPv4-compatible (deprecated)
	{netip.MustParsePrefix("::ffff:0:0:0/96"), 12}, // IPv4-translated (SIIT)
	{netip.MustParsePrefix("64:ff9b::/96"), 12},    // NAT64 well-known prefix
	{netip.MustParsePrefix("2002::/16"), 2},        // 6to4
}

func mustPrefixes(list ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(list))
	for i, s := range list {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// PublicAddr reports whether a is a public unicast internet address: none of the refused
// ranges, directly or embedded in an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 form.
func PublicAddr(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	if !a.IsValid() {
		return false
	}
	for _, p := range refusedPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	if a.Is6() {
		b := a.As16()
		for _, e := range embeddingPrefixes {
			if e.prefix.Contains(a) {
				return PublicAddr(netip.AddrFrom4([4]byte(b[e.at : e.at+4])))
			}
		}
	}
	return true
}

// outboundAddrAllowed is the dial-time rule: a public address, or a loopback one while
// LoopbackAllowed.
func outboundAddrAllowed(a netip.Addr) bool {
	return PublicAddr(a) || LoopbackAllowed() && a.WithZone("").Unmap().IsLoopback()
}

// internalSuffixes are name suffixes that only ever name hosts inside a network.
var internalSuffixes = []string{".localhost", ".local", ".internal", ".localdomain", ".lan", ".home.arpa", ".arpa"}

// CheckOutboundHost is the up-front check of a host (a URL's Hostname()) the server is
// asked to reach on someone's behalf. It refuses, wrapping ErrRefusedAddress: an IP
// literal that is not public (loopback only while LoopbackAllowed); any host a browser or
// the C resolver would read as an IPv4 address in a non-canonical form (127.1,
// 2130706433, 0x7f.1, 0177.0.0.1); and names that are internal by construction
// (localhost, *.localhost, *.local, *.internal, names without a dot); and hosts not in
// ASCII, which a browser would map (fullwidth digits) to one of those. A name that merely
// resolves to a private address passes here: the outbound client's dialer refuses it.
func CheckOutboundHost(host string) error {
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	if h == "" {
		return refused("an empty host")
	}
	for i := range len(h) {
		if h[i] >= 0x80 { // a browser maps "１２７.０.０.１" and "ｌｏｃａｌｈｏｓｔ" to ASCII ones
			return refused("a host that is not in ASCII (IDNA) form")
		}
	}
	if a, err := netip.ParseAddr(h); err == nil {
		if !outboundAddrAllowed(a) {
			return refused("a non-public IP address")
		}
		return nil
	}
	if endsInNumber(h) {
		return refused("an IP address in a non-canonical form")
	}
	if h == "localhost" || !strings.Contains(h, ".") {
		if h == "localhost" && LoopbackAllowed() {
			return nil
		}
		return refused("an internal host name")
	}
	for _, s := range internalSuffixes {
		if strings.HasSuffix(h, s) {
			return refused("an internal host name")
		}
	}
	return nil
}

// endsInNumber reports whether a host's last label is a decimal, octal or 0x-hex number:
// the WHATWG URL standard then parses the whole host as an IPv4 address (as inet_aton
// does), so "127.1" and "2130706433" mean 127.0.0.1 to a browser and to the C resolver.
func endsInNumber(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if rest, ok := strings.CutPrefix(last, "0x"); ok {
		last = rest
		return strings.Trim(last, "0123456789abcdef") == ""
	}
	return last != "" && strings.Trim(last, "0123456789") == ""
}

func refused(what string) error {
	return &refusedError{what}
}

// refusedError says what kind of host was refused, never the host itself (it may carry
// a member's data, such as a push endpoint).
type refusedError struct{ what string }

func (e *refusedError) Error() string { return ErrRefusedAddress.Error() + ": " + e.what }
func (e *refusedError) Unwrap() error { return ErrRefusedAddress }
