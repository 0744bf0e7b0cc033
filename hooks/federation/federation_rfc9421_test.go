package federation

import (
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dunglas/httpsfv"
)

// The test keys and signed examples of RFC 9421's Appendix B (B.1.2 test-key-rsa-pss,
// B.1.4 test-key-ed25519, B.2 and B.4): an implementation that builds the signature base
// as the RFC does verifies the RFC's own signatures.
const (
	rfcKeyRSAPSS = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr4tmm3r20Wd/PbqvP1s2
+QEtvpuRaV8Yq40gjUR8y2Rjxa6dpG2GXHbPfvMs8ct+Lh1GH45x28Rw3Ry53mm+
oAXjyQ86OnDkZ5N8lYbggD4O3w6M6pAvLkhk95AndTrifbIFPNU8PPMO7OyrFAHq
gDsznjPFmTOtCEcN2Z1FpWgchwuYLPL+Wokqltd11nqqzi+bJ9cvSKADYdUAAN5W
Utzdpiy6LbTgSxP7ociU4Tn0g5I6aDZJ7A8Lzo0KSyZYoA485mqcO0GVAdVw9lq4
aOT9v6d+nb4bnNkQVklLQ3fVAvJm+xdDOp9LCNCN48V2pnDOkFV6+U9nV5oyc6XI
2wIDAQAB
-----END PUBLIC KEY-----`
	rfcKeyEd25519 = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
-----END PUBLIC KEY-----`
	rfcDigest = "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:"
)

// rfcKey parses one of the RFC's public keys.
func rfcKey(t *testing.T, text string) crypto.PublicKey {
	t.Helper()
	block, _ := pem.Decode([]byte(text))
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// rfcRequest is the RFC's test-request (Appendix B.2).
func rfcRequest() *http.Request {
	r := httptest.NewRequest("POST", "https://example.com/foo?param=Value&Pet=dog", strings.NewReader(`{"hello": "world"}`))
	r.Header.Set("Date", "Tue, 20 Apr 2021 02:07:55 GMT")
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Content-Digest", rfcDigest)
	r.Header.Set("Content-Length", "18")
	return r
}

// TestMessageSignatureRFCVectors builds the signature base of each of the RFC's signed
// requests exactly as the RFC prints it, verifies the RFC's signature over it with the
// RFC's key, and refuses it once a covered header changes.
func TestMessageSignatureRFCVectors(t *testing.T) {
	pss, ed := rfcKey(t, rfcKeyRSAPSS), rfcKey(t, rfcKeyEd25519)
	cases := []struct {
		name, input, signature, alg, changed string
		key                                  crypto.PublicKey
		base                                 []string
	}{
		{"B.2.1 minimal", `sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`,
			`sig-b21=:d2pmTvmbncD3xQm8E9ZV2828BjQWGgiwAaw5bAkgibUopemLJcWDy/lkbbHAve4cRAtx31Iq786U7it++wgGxbtRxf8Udx7zFZsckzXaJMkA7ChG52eSkFxykJeNqsrWH5S+oxNFlD4dzVuwe8DhTSja8xxbR/Z2cOGdCbzR72rgFWhzx2VjBqJzsPLMIQKhO4DGezXehhWwE56YCE+O6c0mKZsfxVrogUvA4HELjVKWmAvtl6UnCh8jYzuVG5WSb/QEVPnP5TmcAnLH1g+s++v6d4s8m0gCw1fV5/SITLq9mhho8K3+7EPYTU8IU1bLhdxO5Nyt8C8ssinQ98Xw9Q==:`,
			"rsa-pss-sha512", "", pss,
			[]string{`"@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`}},
		{"B.2.2 selective", `sig-b22=("@authority" "content-digest" "@query-param";name="Pet");created=1618884473;keyid="test-key-rsa-pss";tag="header-example"`,
			`sig-b22=:LjbtqUbfmvjj5C5kr1Ugj4PmLYvx9wVjZvD9GsTT4F7GrcQEdJzgI9qHxICagShLRiLMlAJjtq6N4CDfKtjvuJyE5qH7KT8UCMkSowOB4+ECxCmT8rtAmj/0PIXxi0A0nxKyB09RNrCQibbUjsLS/2YyFYXEu4TRJQzRw1rLEuEfY17SARYhpTlaqwZVtR8NV7+4UKkjqpcAoFqWFQh62s7Cl+H2fjBSpqfZUJcsIk4N6wiKYd4je2U/lankenQ99PZfB4jY3I5rSV2DSBVkSFsURIjYErOs0tFTQosMTAoxk//0RoKUqiYY8Bh0aaUEb0rQl3/XaVe4bXTugEjHSw==:`,
			"rsa-pss-sha512", "Content-Digest", pss,
			[]string{`"@authority": example.com`, `"content-digest": ` + rfcDigest, `"@query-param";name="Pet": dog`,
				`"@signature-params": ("@authority" "content-digest" "@query-param";name="Pet");created=1618884473;keyid="test-key-rsa-pss";tag="header-example"`}},
		{"B.2.3 full coverage", `sig-b23=("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"`,
			`sig-b23=:bbN8oArOxYoyylQQUU6QYwrTuaxLwjAC9fbY2F6SVWvh0yBiMIRGOnMYwZ/5MR6fb0Kh1rIRASVxFkeGt683+qRpRRU5p2voTp768ZrCUb38K0fUxN0O0iC59DzYx8DFll5GmydPxSmme9v6ULbMFkl+V5B1TP/yPViV7KsLNmvKiLJH1pFkh/aYA2HXXZzNBXmIkoQoLd7YfW91kE9o/CCoC1xMy7JA1ipwvKvfrs65ldmlu9bpG6A9BmzhuzF8Eim5f8ui9eH8LZH896+QIF61ka39VBrohr9iyMUJpvRX2Zbhl5ZJzSRxpJyoEZAFL2FUo5fTIztsDZKEgM4cUA==:`,
			"rsa-pss-sha512", "Content-Type", pss,
			[]string{`"date": Tue, 20 Apr 2021 02:07:55 GMT`, `"@method": POST`, `"@path": /foo`, `"@query": ?param=Value&Pet=dog`,
				`"@authority": example.com`, `"content-type": application/json`, `"content-digest": ` + rfcDigest, `"content-length": 18`,
				`"@signature-params": ("date" "@method" "@path" "@query" "@authority" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-rsa-pss"`}},
		{"B.2.6 ed25519", `sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`,
			`sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`,
			"", "Date", ed,
			[]string{`"date": Tue, 20 Apr 2021 02:07:55 GMT`, `"@method": POST`, `"@path": /foo`, `"@authority": example.com`,
				`"content-type": application/json`, `"content-length": 18`,
				`"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := rfcRequest()
			r.Header.Set("Signature-Input", tc.input)
			r.Header.Set("Signature", tc.signature)
			m, err := parseMessageSignature(r, targetURIOf(r, ""))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := string(m.base), strings.Join(tc.base, "\n"); got != want {
				t.Fatalf("signature base:\n%s\nwant:\n%s", got, want)
			}
			if err := verifyMessage(tc.key, tc.alg, m.base, m.value); err != nil {
				t.Fatalf("the RFC's signature does not verify: %v", err)
			}
			if tc.changed == "" {
				return
			}
			r.Header.Set(tc.changed, r.Header.Get(tc.changed)+"x")
			if m, err = parseMessageSignature(r, targetURIOf(r, "")); err != nil {
				t.Fatal(err)
			}
			if verifyMessage(tc.key, tc.alg, m.base, m.value) == nil {
				t.Fatalf("verifies after %s changed", tc.changed)
			}
		})
	}
}

// TestMessageSignatureTransformations replays Appendix B.4: a signed GET still verifies
// after the changes a proxy may make (a header and a query parameter added, the Accept
// fields collapsed into one, the fields reordered) and no longer after the changes that
// alter what it covers (another method and authority, the Accept values reordered).
func TestMessageSignatureTransformations(t *testing.T) {
	key := rfcKey(t, rfcKeyEd25519)
	request := func(method, url string, headers ...[2]string) *http.Request {
		r := httptest.NewRequest(method, url, nil)
		for _, h := range headers {
			r.Header.Add(h[0], h[1])
		}
		r.Header.Set("Signature-Input", `transform=("@method" "@path" "@authority" "accept");created=1618884473;keyid="test-key-ed25519"`)
		r.Header.Set("Signature", `transform=:ZT1kooQsEHpZ0I1IjCqtQppOmIqlJPeo7DHR3SoMn0s5JZ1eRGS0A+vyYP9t/LXlh5QMFFQ6cpLt2m0pmj3NDA==:`)
		return r
	}
	date := [2]string{"Date", "Fri, 15 Jul 2022 14:24:55 GMT"}
	json, any := [2]string{"Accept", "application/json"}, [2]string{"Accept", "*/*"}
	cases := []struct {
		name  string
		r     *http.Request
		valid bool
	}{
		{"the original", request("GET", "https://example.org/demo?name1=Value1&Name2=value2", date, json, any), true},
		{"a header and a query parameter added", request("GET", "https://example.org/demo?name1=Value1&Name2=value2&param=added", date, json, any, [2]string{"Accept-Language", "en-US,en;q=0.5"}), true},
		{"Accept collapsed, other fields swapped", request("GET", "https://example.org/demo?name1=Value1&Name2=value2", [2]string{"Referer", "https://developer.example.org/demo"}, [2]string{"Accept", "application/json, */*"}), true},
		{"fields reordered", request("GET", "https://example.org/demo?name1=Value1&Name2=value2", json, any, date), true},
		{"method and authority changed", request("POST", "https://example.com/demo?name1=Value1&Name2=value2", date, json, any), false},
		{"Accept values reordered", request("GET", "https://example.org/demo?name1=Value1&Name2=value2", date, any, json), false},
	}
	for _, tc := range cases {
		m, err := parseMessageSignature(tc.r, targetURIOf(tc.r, ""))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if ok := m.verify(key) == nil; ok != tc.valid {
			t.Errorf("%s: verifies %v, want %v (base %q)", tc.name, ok, tc.valid, m.base)
		}
	}
}

// TestMessageSignatureRefusesWhatItCannotSign checks the inputs RFC 9421 §2.5 says must
// fail: a covered header the request lacks, a component given twice, a response's
// @status, an upper-case name, a parameter this server does not read, a query parameter
// given twice, and headers that are not Structured Fields.
func TestMessageSignatureRefusesWhatItCannotSign(t *testing.T) {
	cases := map[string]string{
		"a missing header":             `s=("x-missing");created=1;keyid="k"`,
		"a component twice":            `s=("@method" "@method");created=1;keyid="k"`,
		"@status on a request":         `s=("@status");created=1;keyid="k"`,
		"an unknown derived one":       `s=("@nonsense");created=1;keyid="k"`,
		"an upper-case name":           `s=("Date");created=1;keyid="k"`,
		"a structured-field key":       `s=("content-digest";key="sha-512");created=1;keyid="k"`,
		"a query parameter sent twice": `s=("@query-param";name="a");created=1;keyid="k"`,
		"not an inner list":            `s="@method";created=1;keyid="k"`,
		"not a dictionary":             `("@method");created=1`,
		"no keyid":                     `s=("@method");created=1`,
		"no created":                   `s=("@method");keyid="k"`,
	}
	for name, input := range cases {
		r := httptest.NewRequest("POST", "https://films.example/ap/inbox?a=1&a=2", nil)
		r.Header.Set("Date", "Tue, 20 Apr 2021 02:07:55 GMT")
		r.Header.Set("Content-Digest", "sha-512=:AA==:")
		r.Header.Set("Signature-Input", input)
		r.Header.Set("Signature", "s=:AAAA:")
		if _, err := parseMessageSignature(r, targetURIOf(r, "")); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
	r := httptest.NewRequest("POST", "https://films.example/ap/inbox", nil)
	r.Header.Set("Signature-Input", "s=("+strings.Repeat(`"date" `, 65)+");created=1;keyid=\"k\"")
	r.Header.Set("Signature", "s=:AAAA:")
	if _, err := parseMessageSignature(r, targetURIOf(r, "")); err == nil || !strings.Contains(err.Error(), "over 64") {
		t.Errorf("65 components: %v, want refused as over 64", err)
	}
	if _, err := httpsfv.UnmarshalDictionary([]string{`s=:AAAA:`}); err != nil {
		t.Fatal(err) // the value the cases share is itself well formed
	}
}

// TestTargetURIOf checks the target URI a signer named: the scheme from TLS, a proxy's
// X-Forwarded-Proto or the public URL when the request came to its host, the default
// port dropped.
func TestTargetURIOf(t *testing.T) {
	cases := []struct {
		url, host, proto, public, want string
	}{
		{"http://films.example/ap/inbox", "films.example", "", "https://films.example", "https://films.example/ap/inbox"},
		{"http://films.example/ap/inbox", "films.example:443", "https", "https://films.example", "https://films.example/ap/inbox"},
		{"http://127.0.0.1:8090/ap/inbox?x=1", "127.0.0.1:8090", "", "https://films.example", "http://127.0.0.1:8090/ap/inbox?x=1"},
		{"http://Films.Example:80/ap/users/ana/inbox", "Films.Example:80", "", "", "http://films.example/ap/users/ana/inbox"},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("POST", tc.url, nil)
		r.Host = tc.host
		if tc.proto != "" {
			r.Header.Set("X-Forwarded-Proto", tc.proto)
		}
		if got := targetURIOf(r, tc.public); got != tc.want {
			t.Errorf("%s (host %s, proto %q): %s, want %s", tc.url, tc.host, tc.proto, got, tc.want)
		}
	}
}
