package federation_test

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// signed9421 is a POST of body to url that alice signs with HTTP Message Signatures (RFC
// 9421) as Mastodon does: @method, @target-uri, content-type and content-digest, with
// created and keyid, RSASSA-PKCS1-v1_5 over SHA-256. The signature base is written out
// here line by line, apart from the server's code. change may alter the parts before
// signing: the covered components, the parameters, the key or the signing function.
func (f *fakeServer) signed9421(url string, body []byte, change func(*sig9421)) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	sum := sha256.Sum256(body)
	req.Header.Set("Content-Type", "application/activity+json")
	req.Header.Set("Content-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(sum[:])+":")
	f.mu.Lock()
	s := sig9421{label: "sig1", components: []string{"@method", "@target-uri", "content-type", "content-digest"},
		params: fmt.Sprintf(`;created=%d;keyid="%s"`, time.Now().Unix(), f.keyID()), key: f.key}
	f.mu.Unlock()
	s.sign = func(key *rsa.PrivateKey, base []byte) []byte {
		sum := sha256.Sum256(base)
		b, _ := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
		return b
	}
	if change != nil {
		change(&s)
	}
	values := map[string]string{"@method": req.Method, "@target-uri": url, "@authority": req.URL.Host, "@path": req.URL.Path,
		"content-type": req.Header.Get("Content-Type"), "content-digest": req.Header.Get("Content-Digest")}
	var base strings.Builder
	quoted := make([]string, len(s.components))
	for i, c := range s.components {
		quoted[i] = `"` + c + `"`
		base.WriteString(quoted[i] + ": " + values[c] + "\n")
	}
	input := "(" + strings.Join(quoted, " ") + ")" + s.params
	base.WriteString(`"@signature-params": ` + input)
	req.Header.Set("Signature-Input", s.label+"="+input)
	req.Header.Set("Signature", s.label+"=:"+base64.StdEncoding.EncodeToString(s.sign(s.key, []byte(base.String())))+":")
	return req
}

// sig9421 is what signed9421 signs, for a test to change.
type sig9421 struct {
	label      string
	components []string
	params     string
	key        *rsa.PrivateKey
	sign       func(*rsa.PrivateKey, []byte) []byte
}

// TestInboxRFC9421: a Follow signed with HTTP Message Signatures is verified against
// alice's key and makes her a follower, as a draft-cavage one does, and the Undo signed
// the same way removes her; RSA-PSS over SHA-512 verifies too when alg names it. Changed
// bodies, stale or expired signatures, signatures that leave the target, the method or
// the body's digest out, another key, an alg the key does not match, and malformed
// headers are 401s naming what is wrong, and store nothing.
func TestInboxRFC9421(t *testing.T) {
	t.Parallel()
	app, srv, f, _ := inboxWorld(t, true)
	inbox := srv + "/ap/inbox"
	status, body := send(t, f.signed9421(inbox, followOf(f, "ana", "follow-9421"), nil))
	if status != http.StatusAccepted || followerCount(t, app) != 1 {
		t.Fatalf("Follow signed per RFC 9421: %d %s, %d followers", status, body, followerCount(t, app))
	}
	status, body = send(t, f.signed9421(inbox, undoOf(f, "ana", "follow-9421"), nil))
	if status != http.StatusAccepted || followerCount(t, app) != 0 {
		t.Fatalf("Undo signed per RFC 9421: %d %s, %d followers", status, body, followerCount(t, app))
	}
	status, body = send(t, f.signed9421(srv+"/ap/users/ana/inbox", followOf(f, "ana", "follow-pss"), func(s *sig9421) {
		s.params += `;alg="rsa-pss-sha512"`
		s.sign = func(key *rsa.PrivateKey, base []byte) []byte {
			sum := sha512.Sum512(base)
			b, _ := rsa.SignPSS(rand.Reader, key, crypto.SHA512, sum[:], &rsa.PSSOptions{SaltLength: 64})
			return b
		}
	}))
	if status != http.StatusAccepted || followerCount(t, app) != 1 {
		t.Fatalf("Follow signed with rsa-pss-sha512 to Ana's inbox: %d %s, %d followers", status, body, followerCount(t, app))
	}
	send(t, f.signed9421(inbox, undoOf(f, "ana", "follow-pss"), nil))

	follow := followOf(f, "ana", "follow-h9421")
	other := newKey(t)
	cases := map[string]struct {
		req func() *http.Request
		msg string
	}{
		"body swapped after signing": {func() *http.Request {
			r := f.signed9421(inbox, follow, nil)
			swapped := followOf(f, "pub", "follow-h9421")
			r.Body, r.ContentLength = bodyOf(swapped), int64(len(swapped))
			return r
		}, "Content-Digest"},
		"created 13 hours ago (a replay)": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) {
				s.params = fmt.Sprintf(`;created=%d;keyid="%s"`, time.Now().Add(-13*time.Hour).Unix(), f.keyID())
			})
		}, "created time"},
		"created in 13 hours": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) {
				s.params = fmt.Sprintf(`;created=%d;keyid="%s"`, time.Now().Add(13*time.Hour).Unix(), f.keyID())
			})
		}, "created time"},
		"expired": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.params += fmt.Sprintf(";expires=%d", time.Now().Add(-time.Minute).Unix()) })
		}, "expires"},
		"no created": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.params = fmt.Sprintf(`;keyid="%s"`, f.keyID()) })
		}, "created time"},
		"target left out": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.components = []string{"@method", "@authority", "content-digest"} })
		}, "must cover"},
		"digest left out": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.components = []string{"@method", "@target-uri", "content-type"} })
		}, "must cover"},
		"signed for another path": {func() *http.Request {
			r := f.signed9421(srv+"/ap/users/ana/inbox", follow, nil)
			r2, _ := http.NewRequest(http.MethodPost, inbox, r.Body)
			r2.Header = r.Header
			return r2
		}, "does not verify"},
		"signed by another key": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.key = other })
		}, "does not verify"},
		"alg the signature does not use": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.params += `;alg="rsa-pss-sha512"` })
		}, "does not verify"},
		"alg of another key type": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.params += `;alg="ed25519"` })
		}, "does not verify"},
		"labels that do not match": {func() *http.Request {
			r := f.signed9421(inbox, follow, nil)
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), "sig1=", "sig2=", 1))
			return r
		}, "malformed"},
		"Signature-Input not a dictionary": {func() *http.Request {
			r := f.signed9421(inbox, follow, nil)
			r.Header.Set("Signature-Input", `("@method" "@target-uri");created=1`)
			return r
		}, "malformed"},
		"a covered header that is not sent": {func() *http.Request {
			return f.signed9421(inbox, follow, func(s *sig9421) { s.components = append(s.components, "x-not-sent") })
		}, "not in the request"},
	}
	for name, tc := range cases {
		status, body := send(t, tc.req())
		if status != http.StatusUnauthorized || !strings.Contains(body, tc.msg) || !strings.Contains(body, `"message"`) {
			t.Errorf("%s: %d %s, want a JSON 401 saying %q", name, status, body, tc.msg)
		}
	}
	if n := followerCount(t, app); n != 0 {
		t.Errorf("%d followers stored by refused RFC 9421 requests", n)
	}
}
