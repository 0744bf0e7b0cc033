package federation_test

import (
	"bytes"
	"cmp"
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

	"cinecircle/hooks/federation"
	"cinecircle/hooks/security"

	"github.com/go-fed/httpsig"
)

// TestMain lets the package's outgoing requests reach the loopback fake servers (only
// loopback: private and link-local addresses stay refused), and has the package make its
// keys from the tests' pool (pooledKey).
func TestMain(m *testing.M) {
	os.Setenv(security.EnvOutboundLoopback, "1")
	federation.SetKeyGenerator(pooledKey)
	os.Exit(m.Run())
}

// fakeServer is a fediverse server on loopback speaking as Mastodon in secure mode (and
// GoToSocial always) does: it serves alice's actor (with her public key and a shared
// inbox) only to a signed fetch, signs what it posts to us with her key, and takes
// deliveries only when their signature verifies against the sending actor's key,
// fetched from us (our https base rewritten to our test server). In gts mode it names
// keys as GoToSocial does (…/users/alice/main-key, a path, no fragment; algorithm hs2019).
type fakeServer struct {
	t   testing.TB
	srv *httptest.Server

	known      chan struct{} // closed once ours is set: a delivery waits for it (see setOurs)
	setOnce    sync.Once
	mu         sync.Mutex
	ours       string // our test server's URL, which our https base stands for
	key        *rsa.PrivateKey
	delivered  []delivery
	refuse     int // answer the next n deliveries with refusal (503 unless set)
	refusal    int
	gts        bool
	fetches    int            // signed fetches of alice's actor served
	bobAliases []string       // bob's alsoKnownAs: the accounts bob says he moved from
	avatar     []byte         // alice's avatar file (a PNG unless a test sets something else)
	avatarGets int            // fetches of alice's avatar served
	keys       map[string]any // our keys it verified with, by keyId (Mastodon keeps them)
	eveKeyID   string         // the key id eve's actor claims as hers (a hostile server's: another's)
	renamed    string         // alice's display name once she changes it ("" for Alice)
	newAvatar  bool           // alice's avatar is at a new address (…/alice-2.png) once she changes it
}

// setOurs tells the fake server our test server's URL. A test that starts our server after
// queueing deliveries sets it once the server is up; the worker starts with the server, and a
// delivery that arrives first waits here rather than failing to fetch the key.
func (f *fakeServer) setOurs(url string) {
	f.mu.Lock()
	f.ours = url
	f.mu.Unlock()
	f.setOnce.Do(func() { close(f.known) })
}

// delivery is one signed POST the fake server accepted.
type delivery struct {
	Path string
	Body map[string]any
}

func newFakeServer(t testing.TB, ours string) *fakeServer {
	f := &fakeServer{t: t, key: newKey(t), known: make(chan struct{})}
	if ours != "" {
		f.setOurs(ours)
	}
	mux := http.NewServeMux()
	serveActor := func(w http.ResponseWriter, r *http.Request) {
		if err := f.verify(r, nil, fetchHeaders); err != nil {
			http.Error(w, "a signed fetch is required: "+err.Error(), http.StatusUnauthorized)
			return
		}
		f.mu.Lock()
		f.fetches++
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(f.actorDoc())
	}
	mux.HandleFunc("GET /users/alice", serveActor)
	mux.HandleFunc("GET /users/alice/main-key", serveActor) // GoToSocial serves the actor at its key's address
	mux.HandleFunc("GET /users/bob", func(w http.ResponseWriter, r *http.Request) {
		if err := f.verify(r, nil, fetchHeaders); err != nil {
			http.Error(w, "a signed fetch is required: "+err.Error(), http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(f.bobDoc())
	})
	mux.HandleFunc("GET /users/eve", func(w http.ResponseWriter, r *http.Request) {
		doc := f.actorDoc()
		id := f.srv.URL + "/users/eve"
		f.mu.Lock()
		claimed := f.eveKeyID
		f.mu.Unlock()
		doc["id"], doc["preferredUsername"], doc["name"], doc["inbox"] = id, "eve", "Eve", id+"/inbox"
		doc["publicKey"] = map[string]any{"id": claimed, "owner": id, "publicKeyPem": doc["publicKey"].(map[string]any)["publicKeyPem"]}
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(doc)
	})
	serveAvatar := func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.avatarGets++
		data := f.avatar
		f.mu.Unlock()
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(data)
	}
	mux.HandleFunc("GET /avatars/alice.png", serveAvatar)
	mux.HandleFunc("GET /avatars/alice-2.png", serveAvatar) // her avatar once she changes it
	mux.HandleFunc("GET /.well-known/webfinger", f.webfinger)
	mux.HandleFunc("POST /users/alice/inbox", f.receive)
	mux.HandleFunc("POST /users/bob/inbox", f.receive)
	mux.HandleFunc("POST /inbox", f.receive)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeServer) actor() string { return f.srv.URL + "/users/alice" }

// keyID is alice's key's id: Mastodon's fragment, or GoToSocial's path.
func (f *fakeServer) keyID() string {
	if f.gts {
		return f.actor() + "/main-key"
	}
	return f.actor() + "#main-key"
}

// actorDoc is alice's actor as Mastodon serves it.
func (f *fakeServer) actorDoc() map[string]any {
	f.mu.Lock()
	pub, _ := x509.MarshalPKIXPublicKey(&f.key.PublicKey)
	name, icon := "Alice", "/avatars/alice.png"
	if f.renamed != "" {
		name = f.renamed
	}
	if f.newAvatar {
		icon = "/avatars/alice-2.png"
	}
	f.mu.Unlock()
	id := f.actor()
	endpoints := map[string]any{"sharedInbox": f.srv.URL + "/inbox"}
	if f.gts {
		endpoints = map[string]any{} // GoToSocial actors have no shared inbox
	}
	return map[string]any{
		"@context": []any{"https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"},
		"id":       id, "type": "Person", "preferredUsername": "alice", "name": name, "url": f.srv.URL + "/@alice",
		"summary": `<p>Films, mostly. <a href="https://films.example/x" onclick="steal()">My list</a></p><script>alert(1)</script><img src="https://tracker.example/p.gif">`,
		"icon":    map[string]any{"type": "Image", "mediaType": "image/png", "url": f.srv.URL + icon},
		"inbox":   id + "/inbox", "outbox": id + "/outbox", "followers": id + "/followers", "following": id + "/following",
		"endpoints": endpoints,
		"publicKey": map[string]any{"id": f.keyID(), "owner": id,
			"publicKeyPem": string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}))},
	}
}

// bobDoc is bob's actor, the account alice may move to, as Mastodon serves an account
// that names the ones it moved from in alsoKnownAs.
func (f *fakeServer) bobDoc() map[string]any {
	doc := f.actorDoc()
	id := f.srv.URL + "/users/bob"
	f.mu.Lock()
	aliases := append([]string{}, f.bobAliases...)
	f.mu.Unlock()
	doc["id"], doc["preferredUsername"], doc["name"], doc["alsoKnownAs"] = id, "bob", "Bob", aliases
	doc["inbox"], doc["outbox"], doc["followers"] = id+"/inbox", id+"/outbox", id+"/followers"
	doc["publicKey"] = map[string]any{"id": id + "#main-key", "owner": id, "publicKeyPem": doc["publicKey"].(map[string]any)["publicKeyPem"]}
	return doc
}

// host is the fake server's host (with its port): the host in its members' addresses.
func (f *fakeServer) host() string { return strings.TrimPrefix(f.srv.URL, "http://") }

// webfinger answers as Mastodon's WebFinger does (its JRD: subject, aliases, the
// profile page and the self link to the actor) for alice, bob and eve, 404 for anyone else.
func (f *fakeServer) webfinger(w http.ResponseWriter, r *http.Request) {
	resource := r.URL.Query().Get("resource")
	name, ok := strings.CutPrefix(resource, "acct:")
	name, _, _ = strings.Cut(name, "@")
	if !ok || (name != "alice" && name != "bob" && name != "eve") || resource != "acct:"+name+"@"+f.host() {
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	id := f.srv.URL + "/users/" + name
	w.Header().Set("Content-Type", "application/jrd+json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"subject": resource, "aliases": []string{f.srv.URL + "/@" + name, id},
		"links": []map[string]any{
			{"rel": "http://webfinger.net/rel/profile-page", "type": "text/html", "href": f.srv.URL + "/@" + name},
			{"rel": "self", "type": "application/activity+json", "href": id},
			{"rel": "http://ostatus.org/schema/1.0/subscribe", "template": f.srv.URL + "/authorize_interaction?uri={uri}"},
		},
	})
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
	return f.signedAs(f.keyID(), url, body, date, key)
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
	if f.gts {
		req.Header.Set("Signature", strings.Replace(req.Header.Get("Signature"), `algorithm="rsa-sha256"`, `algorithm="hs2019"`, 1))
	}
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
	if err := f.verify(r, body, deliveryHeaders); err != nil {
		f.t.Errorf("fake server: a delivery to %s does not verify: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse > 0 {
		f.refuse--
		http.Error(w, "refused", cmp.Or(f.refusal, http.StatusServiceUnavailable))
		return
	}
	var doc map[string]any
	_ = json.Unmarshal(body, &doc)
	f.delivered = append(f.delivered, delivery{Path: r.URL.Path, Body: doc})
	w.WriteHeader(http.StatusAccepted)
}

// What our signatures must cover: deliveries and fetches.
const (
	deliveryHeaders = `headers="(request-target) host date digest"`
	fetchHeaders    = `headers="(request-target) host date"`
)

// verify checks a request from our server: its signature covers headers, its digest
// is body's (deliveries), and it verifies against the key its keyId names: the one it
// verified with before, else fetched from us (so, as on Mastodon, a member who has left
// can still retract what they sent).
func (f *fakeServer) verify(r *http.Request, body []byte, headers string) error {
	v, err := httpsig.NewVerifier(r)
	if err != nil {
		return err
	}
	if !strings.Contains(r.Header.Get("Signature"), headers) {
		return errString("the signature does not cover " + headers + ": " + r.Header.Get("Signature"))
	}
	date, err := http.ParseTime(r.Header.Get("Date"))
	if err != nil || time.Since(date).Abs() > time.Minute {
		return errString("no fresh Date")
	}
	sum := sha256.Sum256(body)
	if body != nil && r.Header.Get("Digest") != "SHA-256="+base64.StdEncoding.EncodeToString(sum[:]) {
		return errString("wrong digest")
	}
	select {
	case <-f.known:
	case <-time.After(10 * time.Second):
		return errString("the test never said where our server is")
	}
	f.mu.Lock()
	ours, known := f.ours, f.keys[v.KeyId()]
	f.mu.Unlock()
	if known != nil && v.Verify(known, httpsig.RSA_SHA256) == nil {
		return nil // a key it verified with before, as Mastodon keeps its accounts' keys
	}
	keyURL := strings.Replace(strings.SplitN(v.KeyId(), "#", 2)[0], base, ours, 1)
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
	if err := v.Verify(pub, httpsig.RSA_SHA256); err != nil {
		return err
	}
	f.mu.Lock()
	if f.keys == nil {
		f.keys = map[string]any{}
	}
	f.keys[v.KeyId()] = pub
	f.mu.Unlock()
	return nil
}

// fetchCount is how many signed fetches of alice's actor the fake server served.
func (f *fakeServer) fetchCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fetches
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
