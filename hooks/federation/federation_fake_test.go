package federation_test

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/security"

	"github.com/go-fed/httpsig"
)

// TestMain lets the package's outgoing requests reach the loopback fake servers (only
// loopback: private and link-local addresses stay refused).
func TestMain(m *testing.M) {
	os.Setenv(security.EnvOutboundLoopback, "1")
	os.Exit(m.Run())
}

// fakeServer is a fediverse server on loopback speaking as Mastodon does: it serves
// alice's actor (with her public key and a shared inbox), signs what it posts to us
// with her key, and takes deliveries only when their signature verifies against the
// sending actor's key, fetched from us (our https base rewritten to our test server).
type fakeServer struct {
	t    testing.TB
	srv  *httptest.Server
	ours string // our test server's URL, which our https base stands for

	mu        sync.Mutex
	key       *rsa.PrivateKey
	delivered []delivery
	refuse    int // answer the next n deliveries with 503
}

// delivery is one signed POST the fake server accepted.
type delivery struct {
	Path string
	Body map[string]any
}

func newFakeServer(t testing.TB, ours string) *fakeServer {
	f := &fakeServer{t: t, ours: ours, key: newKey(t)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/alice", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(f.actorDoc())
	})
	mux.HandleFunc("POST /users/alice/inbox", f.receive)
	mux.HandleFunc("POST /inbox", f.receive)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func newKey(t testing.TB) *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func (f *fakeServer) actor() string { return f.srv.URL + "/users/alice" }

// actorDoc is alice's actor as Mastodon serves it.
func (f *fakeServer) actorDoc() map[string]any {
	f.mu.Lock()
	pub, _ := x509.MarshalPKIXPublicKey(&f.key.PublicKey)
	f.mu.Unlock()
	id := f.actor()
	return map[string]any{
		"@context": []any{"https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"},
		"id":       id, "type": "Person", "preferredUsername": "alice", "name": "Alice",
		"inbox": id + "/inbox", "outbox": id + "/outbox", "followers": id + "/followers", "following": id + "/following",
		"endpoints": map[string]any{"sharedInbox": f.srv.URL + "/inbox"},
		"publicKey": map[string]any{"id": id + "#main-key", "owner": id,
			"publicKeyPem": string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))},
	}
}

// rotate gives alice a new key pair.
func (f *fakeServer) rotate() {
	k := newKey(f.t)
	f.mu.Lock()
	f.key = k
	f.mu.Unlock()
}

// signed makes a POST of body to url signed with alice's key the way Mastodon signs:
// (request-target) host date digest content-type, rsa-sha256. change may alter the
// request after signing (a hostile test's tampering).
func (f *fakeServer) signed(url string, body []byte, date time.Time, key *rsa.PrivateKey) *http.Request {
	return f.signedAs(f.actor()+"#main-key", url, body, date, key)
}

// signedAs is signed with another keyId.
func (f *fakeServer) signedAs(keyID, url string, body []byte, date time.Time, key *rsa.PrivateKey) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/activity+json")
	req.Header.Set("Date", date.UTC().Format(http.TimeFormat))
	req.Header.Set("Host", req.URL.Host)
	signer, _, err := httpsig.NewSigner([]httpsig.Algorithm{httpsig.RSA_SHA256}, httpsig.DigestSha256,
		[]string{httpsig.RequestTarget, "host", "date", "digest", "content-type"}, httpsig.Signature, 0)
	if err != nil {
		f.t.Fatal(err)
	}
	if key == nil {
		f.mu.Lock()
		key = f.key
		f.mu.Unlock()
	}
	if err := signer.SignRequest(key, keyID, req, body); err != nil {
		f.t.Fatal(err)
	}
	req.Header.Del("Host")
	return req
}

// send posts a request and returns its status and body.
func send(t testing.TB, req *http.Request) (int, string) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// receive takes a delivery if its signature verifies against the key its keyId names.
func (f *fakeServer) receive(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := f.verify(r, body); err != nil {
		f.t.Errorf("fake server: a delivery to %s does not verify: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse > 0 {
		f.refuse--
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
		return
	}
	var doc map[string]any
	_ = json.Unmarshal(body, &doc)
	f.delivered = append(f.delivered, delivery{Path: r.URL.Path, Body: doc})
	w.WriteHeader(http.StatusAccepted)
}

func (f *fakeServer) verify(r *http.Request, body []byte) error {
	v, err := httpsig.NewVerifier(r)
	if err != nil {
		return err
	}
	if !strings.Contains(r.Header.Get("Signature"), `headers="(request-target) host date digest"`) {
		return errString("the signature does not cover (request-target) host date digest: " + r.Header.Get("Signature"))
	}
	sum := sha256.Sum256(body)
	if r.Header.Get("Digest") != "SHA-256="+base64.StdEncoding.EncodeToString(sum[:]) {
		return errString("wrong digest")
	}
	keyURL := strings.Replace(strings.SplitN(v.KeyId(), "#", 2)[0], base, f.ours, 1)
	req, _ := http.NewRequest("GET", keyURL, nil)
	req.Header.Set("Accept", "application/activity+json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var actor struct {
		PublicKey struct{ ID, PublicKeyPem string } `json:"publicKey"`
	}
	if err := json.NewDecoder(res.Body).Decode(&actor); err != nil {
		return err
	}
	if actor.PublicKey.ID != v.KeyId() {
		return errString("keyId " + v.KeyId() + " is not the actor's key " + actor.PublicKey.ID)
	}
	block, _ := pem.Decode([]byte(actor.PublicKey.PublicKeyPem))
	if block == nil {
		return errString("no PEM")
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return err
	}
	return v.Verify(pub, httpsig.RSA_SHA256)
}

// deliveries are what the fake server accepted so far.
func (f *fakeServer) deliveries() []delivery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]delivery(nil), f.delivered...)
}

// waitFor polls cond for up to 10 s.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

type errString string

func (e errString) Error() string { return string(e) }

func bodyOf(b []byte) io.ReadCloser { return io.NopCloser(bytes.NewReader(b)) }
