package hooks_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/federation"
)

// signedWrites are the write routes whose body is an ActivityPub activity under an HTTP
// Signature, not a member's JSON request: TestHostileInbox and FuzzInbox cover them.
var signedWrites = []string{"POST /ap/inbox", "POST /ap/users/{handle}/inbox"}

// inboxSigner signs inbox POSTs as a remote actor whose key cannot be fetched (its
// server is on loopback, which this package's outgoing requests may not reach), so a
// well-formed activity gets as far as the key fetch and a malformed one as far as the parser.
type inboxSigner struct{ pem string }

func newInboxSigner(t testing.TB) inboxSigner {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	return inboxSigner{pem: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))}
}

// post sends body to path on srv, signed (or not).
func (s inboxSigner) post(t testing.TB, srv *httptest.Server, path string, body []byte, signed bool) (int, []byte) {
	t.Helper()
	if !signed {
		return s.send(t, srv, path, body, "", time.Time{}, nil)
	}
	return s.send(t, srv, path, body, "http://127.0.0.1:9/users/mallory#main-key", time.Now(), nil)
}

// send posts body to path on srv, signed as keyID at date unless keyID is "", then
// lets tamper change the request.
func (s inboxSigner) send(t testing.TB, srv *httptest.Server, path string, body []byte, keyID string, date time.Time, tamper func(*http.Request)) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("POST", srv.URL+path, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/activity+json")
	if keyID != "" {
		if err := federation.SignRequest(req, body, keyID, s.pem, date); err != nil {
			t.Fatal(err)
		}
	}
	if tamper != nil {
		tamper(req)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// hostileActivities are activities a hostile or broken server posts to an inbox.
func hostileActivities() map[string]string {
	mallory := "http://127.0.0.1:9/users/mallory"
	return map[string]string{
		"Follow of a member":      `{"id":"` + mallory + `/f","type":"Follow","actor":"` + mallory + `","object":"https://films.example/ap/users/ana"}`,
		"actor as an object":      `{"type":"Follow","actor":{"id":"` + mallory + `"},"object":{"id":"https://films.example/ap/users/ana"}}`,
		"another server's actor":  `{"type":"Follow","actor":"https://other.example/users/x","object":"https://films.example/ap/users/ana"}`,
		"no actor":                `{"type":"Follow","object":"https://films.example/ap/users/ana"}`,
		"no type":                 `{"actor":"` + mallory + `"}`,
		"actor of the wrong type": `{"type":"Follow","actor":7,"object":[1]}`,
		"deep nesting":            strings.Repeat(`{"object":`, 5000) + `1` + strings.Repeat(`}`, 5000),
		"Undo of nothing":         `{"type":"Undo","actor":"` + mallory + `","object":null}`,
		// #23's interactions: likes, boosts, replies (with a script), edits, deletions and moves
		"Like of a post":     `{"id":"` + mallory + `#likes/1","type":"Like","actor":"` + mallory + `","object":"https://films.example/ap/users/ana/posts/anareview000001"}`,
		"Announce of a post": `{"id":"` + mallory + `/statuses/1/activity","type":"Announce","actor":"` + mallory + `","object":"https://films.example/ap/users/ana/posts/x/../../../.."}`,
		"reply with a script": `{"type":"Create","actor":"` + mallory + `","object":{"id":"` + mallory + `/statuses/2","type":"Note","attributedTo":"` + mallory +
			`","inReplyTo":"https://films.example/ap/users/ana/posts/anareview000001","to":["https://www.w3.org/ns/activitystreams#Public"],"content":"<script>alert(1)</script>"}}`,
		"reply of the wrong shape":  `{"type":"Create","actor":"` + mallory + `","object":{"type":"Note","inReplyTo":[{}],"to":7,"content":{"a":1}}}`,
		"Update of someone's note":  `{"type":"Update","actor":"` + mallory + `","object":{"id":"https://films.example/ap/users/ana/posts/anareview000001","type":"Note"}}`,
		"Delete of someone's note":  `{"type":"Delete","actor":"` + mallory + `","object":{"id":"https://films.example/ap/users/ana/posts/anareview000001","type":"Tombstone"}}`,
		"Undo of a Like":            `{"type":"Undo","actor":"` + mallory + `","object":{"type":"Like","actor":"` + mallory + `","object":"https://films.example/ap/users/ana/posts/x"}}`,
		"Move to a private address": `{"type":"Move","actor":"` + mallory + `","object":"` + mallory + `","target":"http://169.254.169.254/users/x"}`,
		// #23 item 5: answers to our follows and reviews in NeoDB's vocabulary (wrong shapes too)
		"Accept of someone's follow": `{"type":"Accept","actor":"` + mallory + `","object":{"id":"https://films.example/ap/users/ana#follows/x","type":"Follow","actor":"https://films.example/ap/users/ana","object":"https://other.example/users/x"}}`,
		"Reject of nothing":          `{"type":"Reject","actor":"` + mallory + `","object":[{"type":7}]}`,
		"review with a script": `{"type":"Create","actor":"` + mallory + `","object":{"id":"` + mallory + `/posts/1","type":"Note","attributedTo":"` + mallory +
			`","to":["https://www.w3.org/ns/activitystreams#Public"],"relatedWith":[{"type":"Rating","value":9,"best":10,"withRegardTo":"https://www.themoviedb.org/movie/603"},` +
			`{"type":"Review","content":"<script>alert(1)</script>","withRegardTo":"https://www.themoviedb.org/movie/603"}]}}`,
		"review of the wrong shape": `{"type":"Create","actor":"` + mallory + `","object":{"id":"` + mallory + `/posts/2","type":"Article","relatedWith":{"type":"Rating"},` +
			`"tag":"Movie","to":"https://www.w3.org/ns/activitystreams#Public"}}`,
		"review with a huge rating": `{"type":"Create","actor":"` + mallory + `","object":{"id":"` + mallory + `/posts/3","type":"Note","attributedTo":"` + mallory +
			`","relatedWith":[{"type":"Rating","value":1e308,"best":-1,"withRegardTo":"https://www.themoviedb.org/movie/99999999999999"}]}}`,
	}
}

// TestHostileInbox posts the hostile bodies and activities to both inboxes, signed and
// not: every answer is a JSON 4xx (400s naming a field, 401 unsigned or unverifiable,
// 404 for a member the fediverse may not see, 413 over the cap), never a 5xx, and no
// remote follower is stored.
func TestHostileInbox(t *testing.T) {
	t.Parallel()
	srv, app := webfingerFixtureApp(t)
	s := newInboxSigner(t)
	bodies := hostileBodies("x")
	for name, body := range hostileActivities() {
		bodies[name] = body
	}
	for _, path := range []string{"/ap/inbox", "/ap/users/ana/inbox", "/ap/users/nobody/inbox"} {
		for name, body := range bodies {
			for _, signed := range []bool{true, false} {
				status, data := s.post(t, srv, path, []byte(body), signed)
				checkHostileAnswer(t, path+" with "+name, status, data)
				if status < 400 {
					t.Errorf("%s with %s (signed %v): accepted with %d", path, name, signed, status)
				}
				if name == "Follow of a member" && path != "/ap/users/nobody/inbox" && status != http.StatusUnauthorized {
					t.Errorf("%s with %s (signed %v): %d, want 401 (unsigned, or a key on loopback we may not fetch)", path, name, signed, status)
				}
			}
		}
	}
	if n, err := app.CountRecords("federation_followers"); err != nil || n != 0 {
		t.Errorf("hostile inbox requests stored %d followers (%v)", n, err)
	}
	for _, collection := range []string{"federation_reactions", "federation_replies", "comments"} {
		if n, err := app.CountRecords(collection); err != nil || n != 0 {
			t.Errorf("hostile inbox requests stored %d %s (%v)", n, collection, err)
		}
	}
}

// TestHostileInboxSignatures sends a Follow of Ana with hostile signatures: replayed
// with a stale or future Date, a Digest of another body, a body over the cap, a
// signature that covers too little, a keyId that is not a URL, and keys on addresses the
// server must never fetch from (private, link-local cloud metadata, loopback, IPv6
// loopback, non-canonical IPv4, an internal name). Every one is a JSON 4xx (401, or 413
// for the size) and nothing is stored.
func TestHostileInboxSignatures(t *testing.T) {
	t.Parallel()
	srv, app := webfingerFixtureApp(t)
	s := newInboxSigner(t)
	follow := func(origin string) []byte {
		return []byte(`{"id":"` + origin + `/f","type":"Follow","actor":"` + origin + `/users/x","object":"https://films.example/ap/users/ana"}`)
	}
	mallory := "https://mallory.example"
	cases := map[string]struct {
		keyOrigin string
		body      []byte
		date      time.Time
		tamper    func(*http.Request)
		want      int
	}{
		"stale Date (a replay)": {mallory, follow(mallory), time.Now().Add(-13 * time.Hour), nil, 401},
		"future Date":           {mallory, follow(mallory), time.Now().Add(13 * time.Hour), nil, 401},
		"Digest of another body": {mallory, follow(mallory), time.Now(), func(r *http.Request) {
			r.Header.Set("Digest", "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
		}, 401},
		"no Digest": {mallory, follow(mallory), time.Now(), func(r *http.Request) { r.Header.Del("Digest") }, 401},
		"covers too little": {mallory, follow(mallory), time.Now(), func(r *http.Request) {
			r.Header.Set("Signature", strings.Replace(r.Header.Get("Signature"), ` digest"`, `"`, 1))
		}, 401},
		"no Date":                  {mallory, follow(mallory), time.Now(), func(r *http.Request) { r.Header.Del("Date") }, 401},
		"over 256 KB":              {mallory, []byte(`{"type":"Follow","x":"` + strings.Repeat("x", federation.MaxInboxBytes) + `"}`), time.Now(), nil, 413},
		"key on a private address": {"https://10.0.0.7", follow("https://10.0.0.7"), time.Now(), nil, 401},
		"key on cloud metadata":    {"http://169.254.169.254", follow("http://169.254.169.254"), time.Now(), nil, 401},
		"key on loopback":          {"http://127.0.0.1:8090", follow("http://127.0.0.1:8090"), time.Now(), nil, 401},
		"key on IPv6 loopback":     {"http://[::1]:8090", follow("http://[::1]:8090"), time.Now(), nil, 401},
		"key on 127.1":             {"https://127.1", follow("https://127.1"), time.Now(), nil, 401},
		"key on an internal name":  {"https://metadata.google.internal", follow("https://metadata.google.internal"), time.Now(), nil, 401},
		"key on localhost":         {"http://localhost:8090", follow("http://localhost:8090"), time.Now(), nil, 401},
		"keyId not a URL":          {"javascript:alert(1)//", follow("javascript:alert(1)//"), time.Now(), nil, 401},
		// HTTP Message Signatures (RFC 9421) in place of the draft-cavage one
		"RFC 9421, created 13 hours ago": {mallory, follow(mallory), time.Now(), messageSigned(mallory, time.Now().Add(-13*time.Hour), `"@method" "@target-uri" "content-digest"`), 401},
		"RFC 9421, covers too little":    {mallory, follow(mallory), time.Now(), messageSigned(mallory, time.Now(), `"@method" "@target-uri"`), 401},
		"RFC 9421, a header not sent":    {mallory, follow(mallory), time.Now(), messageSigned(mallory, time.Now(), `"@method" "@target-uri" "content-digest" "x-absent"`), 401},
		"RFC 9421, a thousand components": {mallory, follow(mallory), time.Now(),
			messageSigned(mallory, time.Now(), strings.Repeat(`"@method" `, 1000)), 401},
		"RFC 9421, malformed Signature-Input": {mallory, follow(mallory), time.Now(), func(r *http.Request) {
			r.Header.Set("Signature-Input", `sig1=("@method" "@target-uri";created=`)
		}, 401},
		"RFC 9421, key on cloud metadata": {mallory, follow("http://169.254.169.254"), time.Now(),
			messageSigned("http://169.254.169.254", time.Now(), `"@method" "@target-uri" "content-digest"`), 401},
	}
	for name, tc := range cases {
		status, data := s.send(t, srv, "/ap/inbox", tc.body, tc.keyOrigin+"/users/x#main-key", tc.date, tc.tamper)
		checkHostileAnswer(t, "inbox, "+name, status, data)
		if status != tc.want {
			t.Errorf("inbox, %s: %d %s, want %d", name, status, truncate(data), tc.want)
		}
		if (strings.HasPrefix(name, "key") || strings.HasSuffix(name, "key on cloud metadata")) && !strings.Contains(string(data), "could not be fetched") {
			t.Errorf("inbox, %s: %s, want the key refused unfetched", name, truncate(data))
		}
	}
	if n, err := app.CountRecords("federation_followers"); err != nil || n != 0 {
		t.Errorf("hostile signatures stored %d followers (%v)", n, err)
	}
}

// messageSigned replaces a request's draft-cavage signature with an RFC 9421 one by a key
// at origin, created at created and covering components, with a Content-Digest of the
// body and a signature value no key made: what the server refuses before any key check.
func messageSigned(origin string, created time.Time, components string) func(*http.Request) {
	return func(r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		sum := sha256.Sum256(body)
		r.Header.Set("Content-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(sum[:])+":")
		r.Header.Set("Signature-Input", fmt.Sprintf(`sig1=(%s);created=%d;keyid="%s/users/x#main-key"`, components, created.Unix(), origin))
		r.Header.Set("Signature", "sig1=:"+base64.StdEncoding.EncodeToString(make([]byte, 256))+":")
	}
}
