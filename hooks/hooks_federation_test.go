package hooks_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
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
	req, err := http.NewRequest("POST", srv.URL+path, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/activity+json")
	if signed {
		if err := federation.SignRequest(req, body, "http://127.0.0.1:9/users/mallory#main-key", s.pem, time.Now()); err != nil {
			t.Fatal(err)
		}
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
}
