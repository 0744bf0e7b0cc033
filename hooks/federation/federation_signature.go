package federation

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-fed/httpsig"
)

// maxClockSkew is how far an inbox request's Date may be from our clock (Mastodon's
// window): older requests are replays, newer ones forged.
const maxClockSkew = 12 * time.Hour

// signedHeaders are what every signature on an inbox POST must cover, and what ours
// cover: the method and path, the host, the date and the body's digest, as Mastodon signs.
var signedHeaders = []string{httpsig.RequestTarget, "host", "date", "digest"}

// errUnsigned and friends are why a request's signature is refused (all 401).
var (
	errUnsigned  = errors.New("the request is not signed: sign it with HTTP Signatures (draft-cavage, rsa-sha256) or HTTP Message Signatures (RFC 9421)")
	errSignature = errors.New("the signature does not verify against the actor's key")
	errDigest    = errors.New("the Digest header does not match the body: send Digest: SHA-256=<base64 of the body's hash>")
	errDate      = errors.New("the Date header is missing or more than 12 hours off")
	errCoverage  = errors.New("the signature must cover (request-target), host, date and digest")
)

// signedRequest is an inbox request whose signature parsed: who claims to have signed it,
// and the signature, draft-cavage (verifier) or RFC 9421 (message).
type signedRequest struct {
	keyID    string
	verifier httpsig.Verifier
	message  *messageSignature
}

// parseSignature checks everything about r's signature that needs no key. An RFC 9421
// signature (a Signature-Input header) must meet messageSignature.checkPolicy; a
// draft-cavage one must cover signedHeaders, with a Date within maxClockSkew of now and
// a Digest of body. publicURL is the server's public origin, for the target URI.
func parseSignature(r *http.Request, body []byte, now time.Time, publicURL string) (signedRequest, error) {
	if r.Header.Get("Signature-Input") != "" {
		m, err := parseMessageSignature(r, targetURIOf(r, publicURL))
		if err == nil {
			err = m.checkPolicy(r, body, now)
		}
		if err != nil {
			return signedRequest{}, err
		}
		return signedRequest{keyID: m.keyID, message: &m}, nil
	}
	v, err := httpsig.NewVerifier(r)
	if err != nil || v.KeyId() == "" {
		return signedRequest{}, errUnsigned
	}
	covered := signatureParam(r.Header.Get("Signature"), "headers")
	if covered == "" {
		covered = signatureParam(strings.TrimPrefix(r.Header.Get("Authorization"), "Signature "), "headers")
	}
	names := strings.Fields(strings.ToLower(covered))
	for _, h := range signedHeaders {
		if !slices.Contains(names, h) {
			return signedRequest{}, errCoverage
		}
	}
	date, err := http.ParseTime(r.Header.Get("Date"))
	if err != nil || date.Sub(now).Abs() > maxClockSkew {
		return signedRequest{}, errDate
	}
	if !digestMatches(r.Header.Values("Digest"), body) {
		return signedRequest{}, errDigest
	}
	return signedRequest{keyID: v.KeyId(), verifier: v}, nil
}

// verify checks the signature with a public key in PEM.
func (s signedRequest) verify(publicKeyPem string) error {
	key, err := parsePublicKey(publicKeyPem)
	if err != nil {
		return err
	}
	if s.message != nil {
		if s.message.verify(key) != nil {
			return errSignature
		}
		return nil
	}
	if s.verifier.Verify(key, httpsig.RSA_SHA256) != nil {
		return errSignature
	}
	return nil
}

// signatureParam reads one parameter (keyId, headers, …) of a Signature header.
func signatureParam(header, name string) string {
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok && strings.EqualFold(k, name) {
			return strings.Trim(v, `"`)
		}
	}
	return ""
}

// digestMatches reports whether one of the Digest headers is SHA-256 of body.
func digestMatches(values []string, body []byte) bool {
	sum := sha256.Sum256(body)
	for _, value := range values {
		for _, d := range strings.Split(value, ",") {
			algo, b64, ok := strings.Cut(strings.TrimSpace(d), "=")
			if !ok || !strings.EqualFold(algo, "SHA-256") {
				continue
			}
			got, err := base64.StdEncoding.DecodeString(b64)
			if err == nil && subtle.ConstantTimeCompare(got, sum[:]) == 1 {
				return true
			}
		}
	}
	return false
}

// parsePublicKey reads an RSA public key in PEM (PKIX, or PKCS#1 as some servers send).
func parsePublicKey(pemText string) (crypto.PublicKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("the actor's public key is not PEM")
	}
	if key, err := x509.ParsePKIXPublicKey(block.Bytes); err == nil {
		if _, ok := key.(*rsa.PublicKey); ok {
			return key, nil
		}
		return nil, errors.New("the actor's key is not an RSA key")
	}
	return x509.ParsePKCS1PublicKey(block.Bytes)
}

// parsePrivateKey reads a member's PKCS#8 private key.
func parsePrivateKey(pemText string) (crypto.PrivateKey, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("the member's private key is not PEM")
	}
	return x509.ParsePKCS8PrivateKey(block.Bytes)
}

// SignRequest signs an outgoing POST of body as Mastodon expects (rsa-sha256 over
// signedHeaders, with Date and Digest set here) with the private key in PEM, named keyID.
func SignRequest(req *http.Request, body []byte, keyID, privateKeyPem string, now time.Time) error {
	key, err := parsePrivateKey(privateKeyPem)
	if err != nil {
		return err
	}
	signer, _, err := httpsig.NewSigner([]httpsig.Algorithm{httpsig.RSA_SHA256}, httpsig.DigestSha256, signedHeaders, httpsig.Signature, 0)
	if err != nil {
		return err
	}
	req.Header.Set("Date", now.UTC().Format(http.TimeFormat))
	req.Header.Set("Host", req.URL.Host)
	req.Header.Del("Digest")
	if err := signer.SignRequest(key, keyID, req, body); err != nil {
		return fmt.Errorf("signing a delivery: %w", err)
	}
	req.Header.Del("Host") // Go sends req.Host; the signed value is the same
	req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	return nil
}
