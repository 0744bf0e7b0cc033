package federation

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/dunglas/httpsfv"
)

// HTTP Message Signatures (RFC 9421), the successor of draft-cavage that Mastodon accepts
// since 4.4: Signature-Input names the covered components and the parameters, Signature
// carries the value, both Structured Fields (RFC 8941, parsed and serialized by httpsfv).
// Inbox requests may be signed either way; ours stay draft-cavage, which every server reads.

// errors why an RFC 9421 signature is refused (all 401).
var (
	errMessageSignature = errors.New("the Signature-Input or Signature header is malformed (RFC 9421)")
	errMessageCoverage  = errors.New("the signature must cover @method, @target-uri and, on a POST, content-digest, with created and keyid parameters (RFC 9421)")
	errContentDigest    = errors.New("the Content-Digest header does not match the body: send sha-256=:<base64 of the body's hash>: in it (RFC 9530)")
	errCreated          = errors.New("the signature's created time is missing, more than 12 hours off, or past its expires time")
)

// maxCovered bounds the components one signature may cover (Mastodon's cover 3 to 7): the
// base is built before any key is fetched, so its size is the sender's to choose.
const maxCovered = 64

// messageSignature is the first signature of a request signed per RFC 9421: who signed it,
// with which algorithm (empty when the key decides), when, what it covers, the signature
// base built from the request and the signature value.
type messageSignature struct {
	keyID   string
	alg     string
	created time.Time
	expires time.Time // zero when the signer set none
	covered []string
	base    []byte
	value   []byte
}

// parseMessageSignature reads the first signature in r's Signature-Input and its value in
// Signature, and builds its signature base from r, whose target URI is targetURI.
func parseMessageSignature(r *http.Request, targetURI string) (messageSignature, error) {
	inputs, err := httpsfv.UnmarshalDictionary(r.Header.Values("Signature-Input"))
	if err != nil || len(inputs.Names()) == 0 {
		return messageSignature{}, errMessageSignature
	}
	values, err := httpsfv.UnmarshalDictionary(r.Header.Values("Signature"))
	if err != nil {
		return messageSignature{}, errMessageSignature
	}
	label := inputs.Names()[0]
	in, _ := inputs.Get(label)
	input, ok := in.(httpsfv.InnerList)
	v, _ := values.Get(label)
	value, ok2 := v.(httpsfv.Item)
	sig, ok3 := value.Value.([]byte)
	if !ok || !ok2 || !ok3 || len(sig) == 0 {
		return messageSignature{}, errMessageSignature
	}
	m := messageSignature{value: sig}
	if m.keyID, ok = param[string](input.Params, "keyid"); !ok {
		return messageSignature{}, errMessageCoverage
	}
	m.alg, _ = param[string](input.Params, "alg")
	created, ok := param[int64](input.Params, "created")
	if !ok {
		return messageSignature{}, errCreated
	}
	m.created = time.Unix(created, 0)
	if expires, ok := param[int64](input.Params, "expires"); ok {
		m.expires = time.Unix(expires, 0)
	}
	if m.base, m.covered, err = signatureBase(r, targetURI, input); err != nil {
		return messageSignature{}, err
	}
	return m, nil
}

// param returns the parameter name of params when it is there and of type T.
func param[T any](params *httpsfv.Params, name string) (T, bool) {
	var zero T
	if params == nil {
		return zero, false
	}
	v, ok := params.Get(name)
	if !ok {
		return zero, false
	}
	t, ok := v.(T)
	return t, ok
}

// signatureBase builds the signature base of RFC 9421 §2.5: one line a covered component,
// its identifier and its value in r, then the @signature-params line, the input serialized.
func signatureBase(r *http.Request, targetURI string, input httpsfv.InnerList) ([]byte, []string, error) {
	if len(input.Items) > maxCovered {
		return nil, nil, fmt.Errorf("the signature covers over %d components: %w", maxCovered, errMessageSignature)
	}
	var b strings.Builder
	seen := make([]string, 0, len(input.Items))
	covered := make([]string, 0, len(input.Items))
	for _, item := range input.Items {
		id, err := httpsfv.Marshal(item)
		if err != nil || slices.Contains(seen, id) {
			return nil, nil, errMessageSignature
		}
		seen = append(seen, id)
		name, _ := item.Value.(string)
		value, err := componentValue(r, targetURI, name, item.Params)
		if err != nil {
			return nil, nil, err
		}
		covered = append(covered, name)
		b.WriteString(id + ": " + value + "\n")
	}
	params, err := httpsfv.Marshal(input)
	if err != nil {
		return nil, nil, errMessageSignature
	}
	b.WriteString(`"@signature-params": ` + params)
	return []byte(b.String()), covered, nil
}

// componentValue is the value of one covered component of a request (RFC 9421 §2.1,
// §2.2): a derived component, or a header field's values trimmed and joined by ", ".
// Components of responses, parameters other than @query-param's name, names that are
// not lowercase and fields the request lacks are refused, as §2.5 requires.
func componentValue(r *http.Request, targetURI, name string, params *httpsfv.Params) (string, error) {
	if name == "" || name != strings.ToLower(name) {
		return "", errMessageSignature
	}
	var names []string
	if params != nil {
		names = params.Names()
	}
	if name == "@query-param" {
		key, ok := param[string](params, "name")
		if !ok || len(names) != 1 {
			return "", errMessageSignature
		}
		return queryParam(r, key)
	}
	if len(names) > 0 {
		return "", fmt.Errorf("the component %q has parameters this server does not read: %w", name, errMessageSignature)
	}
	target, err := url.Parse(targetURI)
	if err != nil {
		return "", errMessageSignature
	}
	switch name {
	case "@method":
		return r.Method, nil
	case "@target-uri":
		return targetURI, nil
	case "@authority":
		return target.Host, nil
	case "@scheme":
		return target.Scheme, nil
	case "@request-target":
		return r.URL.RequestURI(), nil
	case "@path":
		if p := r.URL.EscapedPath(); p != "" {
			return p, nil
		}
		return "/", nil
	case "@query":
		return "?" + r.URL.RawQuery, nil
	}
	if strings.HasPrefix(name, "@") {
		return "", fmt.Errorf("the component %q is not one a request has: %w", name, errMessageSignature)
	}
	values := r.Header.Values(name)
	if name == "host" && len(values) == 0 && r.Host != "" {
		values = []string{r.Host} // Go moves a request's Host header to r.Host
	}
	if len(values) == 0 {
		return "", fmt.Errorf("the covered header %q is not in the request: %w", name, errMessageSignature)
	}
	trimmed := make([]string, len(values))
	for i, v := range values {
		trimmed[i] = strings.Trim(v, " \t")
	}
	return strings.Join(trimmed, ", "), nil
}

// queryParam is the value of the query parameter key, decoded and percent-encoded again
// (RFC 9421 §2.2.8); a parameter that is missing or given twice cannot be signed.
func queryParam(r *http.Request, key string) (string, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil || len(q[key]) != 1 {
		return "", errMessageSignature
	}
	return formEncode(q[key][0]), nil
}

// formEncode percent-encodes s with the application/x-www-form-urlencoded set: every byte
// but ASCII letters, digits and *-._ becomes %XX.
func formEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("*-._", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// checkPolicy refuses what an inbox does not accept from a signature that verifies: one
// without created and keyid (checked when parsed), that leaves the method, the target or
// (on a POST) the body's digest unsigned, whose digest is not body's, or that was created
// more than maxClockSkew from now or has expired. These are Mastodon's rules.
func (m messageSignature) checkPolicy(r *http.Request, body []byte, now time.Time) error {
	if !slices.Contains(m.covered, "@method") || !slices.Contains(m.covered, "@target-uri") ||
		(r.Method == http.MethodPost && !slices.Contains(m.covered, "content-digest")) {
		return errMessageCoverage
	}
	if m.created.Sub(now).Abs() > maxClockSkew || (!m.expires.IsZero() && now.After(m.expires)) {
		return errCreated
	}
	if slices.Contains(m.covered, "content-digest") && !contentDigestMatches(r.Header.Values("Content-Digest"), body) {
		return errContentDigest
	}
	return nil
}

// contentDigestMatches reports whether the Content-Digest (RFC 9530) has the SHA-256 of body.
func contentDigestMatches(values []string, body []byte) bool {
	digests, err := httpsfv.UnmarshalDictionary(values)
	if err != nil {
		return false
	}
	d, _ := digests.Get("sha-256")
	item, ok := d.(httpsfv.Item)
	got, ok2 := item.Value.([]byte)
	sum := sha256.Sum256(body)
	return ok && ok2 && subtle.ConstantTimeCompare(got, sum[:]) == 1
}

// verify checks the signature value over the base with key, by the signature's alg or,
// when it names none, the key's usual one: RSASSA-PKCS1-v1_5 with SHA-256 for RSA (as
// Mastodon signs), Ed25519 for Ed25519.
func (m messageSignature) verify(key crypto.PublicKey) error {
	return verifyMessage(key, m.alg, m.base, m.value)
}

// verifyMessage verifies sig over base with key by the RFC 9421 algorithm alg.
func verifyMessage(key crypto.PublicKey, alg string, base, sig []byte) error {
	switch k := key.(type) {
	case *rsa.PublicKey:
		switch alg {
		case "", "rsa-v1_5-sha256":
			sum := sha256.Sum256(base)
			return rsa.VerifyPKCS1v15(k, crypto.SHA256, sum[:], sig)
		case "rsa-pss-sha512":
			sum := sha512.Sum512(base)
			return rsa.VerifyPSS(k, crypto.SHA512, sum[:], sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthAuto})
		}
	case ed25519.PublicKey:
		if (alg == "" || alg == "ed25519") && ed25519.Verify(k, base, sig) {
			return nil
		}
		return errSignature
	}
	return fmt.Errorf("the algorithm %q does not go with the actor's key: %w", alg, errSignature)
}

// targetURIOf is the URI a signer of r requested: r's path and query on its Host, by
// https when it came over TLS, through a proxy that says so, or to the public URL's own
// host on an https public URL; by http otherwise.
func targetURIOf(r *http.Request, publicURL string) string {
	scheme := "http"
	public, _ := url.Parse(publicURL)
	switch {
	case r.TLS != nil, strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"):
		scheme = "https"
	case public != nil && strings.EqualFold(public.Host, r.Host):
		scheme = public.Scheme
	}
	host := strings.ToLower(r.Host)
	if h, port, ok := strings.Cut(host, ":"); ok && !strings.Contains(port, ":") &&
		(scheme == "https" && port == "443" || scheme == "http" && port == "80") {
		host = h
	}
	return scheme + "://" + host + r.URL.RequestURI()
}
