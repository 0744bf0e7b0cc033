package security_test

import (
	"errors"
	"net/netip"
	"net/url"
	"testing"

	"cinecircle/hooks/security"
)

func TestPublicAddr(t *testing.T) {
	refused := []string{
		"0.0.0.0", "0.1.2.3", "10.0.0.5", "10.255.255.255", "100.64.0.1", "100.127.255.254",
		"127.0.0.1", "127.255.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255",
		"192.0.0.8", "192.0.2.1", "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.255",
		"198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
		"::", "::1", "fd00::1", "fc00::1", "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1",
		"2001:db8::1", "3fff::1", "100::1", "2001::1", "2001:2::1", "2001:10::1", "2001:20::1",
		"64:ff9b:1::1", "5f00::1",
		// IPv4 addresses carried inside IPv6 forms
		"::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:0.0.0.0",
		"::10.0.0.1", "::127.0.0.1", "::ffff:0:10.0.0.1", "64:ff9b::10.0.0.1",
		"64:ff9b::a9fe:a9fe", "2002:a00:1::1", "2002:7f00:1::", "2002:a9fe:a9fe::1",
	}
	public := []string{
		"8.8.8.8", "1.1.1.1", "142.250.74.10", "100.63.255.255", "100.128.0.1", "172.32.0.1",
		"192.169.0.1", "198.20.0.1", "223.255.255.255", "2606:4700:4700::1111", "2a00:1450:4001::200e",
		"::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
	}
	for _, s := range refused {
		if security.PublicAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s counts as public", s)
		}
	}
	for _, s := range public {
		if !security.PublicAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s is refused, but it is a public address", s)
		}
	}
	if security.PublicAddr(netip.Addr{}) {
		t.Error("the zero address counts as public")
	}
}

// TestCheckOutboundHost: what the subscribe route (and any future member-given URL)
// refuses before any DNS lookup, read through Go's own URL parser as the routes read it.
func TestCheckOutboundHost(t *testing.T) {
	refused := []string{
		// private, link-local, CGNAT and unspecified literals (the list)
		"https://10.0.0.5/x", "https://192.168.1.1/x", "https://169.254.169.254/latest",
		"https://100.64.0.1/x", "https://0.0.0.0/x", "https://[fd00::1]/x", "https://172.16.0.1/x",
		// IPv4 the way a browser or inet_aton also reads it: short, decimal, octal, hex
		"https://127.1/x", "https://127.0.1/x", "https://2130706433/x", "https://0x7f.1/x",
		"https://0x7f000001/x", "https://0177.0.0.1/x", "https://017700000001/x", "https://0x7f.0.0.1/x",
		"https://10.1/x", "https://167772165/x", "https://0xa.0.0.5/x", "https://012.0.0.5/x",
		"https://0/x", "https://0x/x", "https://1.2.3.4.5/x", "https://8.8.8.08/x", "https://127.0.0.1./x",
		"https://0xA9FEA9FE/latest",
		// IPv6 literals, and IPv4 carried inside them
		"https://[::1]/x", "https://[::]/x", "https://[::ffff:10.0.0.1]/x", "https://[::ffff:127.0.0.1]/x",
		"https://[::ffff:a9fe:a9fe]/latest", "https://[::10.0.0.1]/x", "https://[64:ff9b::10.0.0.1]/x",
		"https://[2002:a00:1::1]/x", "https://[fe80::1%25eth0]/x", "https://[ff02::1]/x", "https://[2001:db8::1]/x",
		// loopback literals (allowed only behind the tests' flag)
		"https://127.0.0.1/x", "https://127.0.0.1:9/x",
		// documentation, benchmarking, reserved, broadcast
		"https://192.0.2.1/x", "https://198.51.100.1/x", "https://203.0.113.1/x", "https://198.18.0.1/x",
		"https://240.0.0.1/x", "https://255.255.255.255/x", "https://224.0.0.1/x",
		// internal names
		"https://localhost/x", "https://LOCALHOST./x", "https://push.localhost/x",
		"https://metadata.google.internal/computeMetadata/v1/", "https://metadata/x", "https://printer.local/x",
		"https://router.lan/x", "https://nas.home.arpa/x", "https://host.localdomain/x", "https://intranet/x",
		"https://1.0.0.10.in-addr.arpa/x",
		// non-ASCII forms a browser maps to the ones above
		"https://ｌｏｃａｌｈｏｓｔ/x", "https://１２７.０.０.１/x", "https://127。0。0。1/x",
	}
	allowed := []string{
		"https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/x",
		"https://web.push.apple.com/Q1", "https://wns2-by3p.notify.windows.com/w/?token=x",
		"https://8.8.8.8/x", "https://[2606:4700:4700::1111]/x", "https://push.example:8443/x",
		"https://1e100.net/x", "https://123.example.com/x",
		// resolves to 127.0.0.1 only through DNS: the dialer refuses it (TestOutboundRefusedAtDialTime)
		"https://localtest.me/x",
	}
	t.Setenv(security.EnvOutboundLoopback, "")
	t.Setenv(security.EnvPushLoopback, "")
	for _, raw := range refused {
		u, err := url.Parse(raw)
		if err != nil {
			t.Errorf("%s: Go's URL parser refuses it (%v): keep only forms it accepts", raw, err)
			continue
		}
		if err := security.CheckOutboundHost(u.Hostname()); !errors.Is(err, security.ErrRefusedAddress) {
			t.Errorf("%s: accepted (%v)", raw, err)
		}
	}
	for _, raw := range allowed {
		u, _ := url.Parse(raw)
		if err := security.CheckOutboundHost(u.Hostname()); err != nil {
			t.Errorf("%s: refused: %v", raw, err)
		}
	}
}

// TestLoopbackFlagOpensOnlyLoopback: either name of the tests' flag lets loopback through
// and nothing else.
func TestLoopbackFlagOpensOnlyLoopback(t *testing.T) {
	for _, env := range []string{security.EnvOutboundLoopback, security.EnvPushLoopback} {
		t.Run(env, func(t *testing.T) {
			t.Setenv(security.EnvOutboundLoopback, "")
			t.Setenv(security.EnvPushLoopback, "")
			t.Setenv(env, "1")
			for _, host := range []string{"127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "localhost"} {
				if err := security.CheckOutboundHost(host); err != nil {
					t.Errorf("%s refused with the flag: %v", host, err)
				}
			}
			for _, host := range []string{"10.0.0.5", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
				"fd00::1", "::ffff:10.0.0.1", "127.1", "2130706433", "push.localhost", "metadata.google.internal"} {
				if err := security.CheckOutboundHost(host); err == nil {
					t.Errorf("%s accepted with the loopback flag", host)
				}
			}
		})
	}
}
