package notify_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// browser is a push subscriber as a browser makes one: a P-256 key pair and a secret.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t testing.TB) browser {
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	a := make([]byte, 16)
	_, _ = rand.Read(a)
	return browser{k, a}
}

func (b browser) keys() (p256dh, auth string) {
	return base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()), base64.RawURLEncoding.EncodeToString(b.auth)
}

// decrypt opens an aes128gcm Web Push message (RFC 8188 framing, RFC 8291 keys) the way a
// browser does.
func (b browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("short body")
	}
	salt, idLen := body[:16], int(body[20])
	_ = binary.BigEndian.Uint32(body[16:20]) // record size: one record here
	serverKey, ct := body[21:21+idLen], body[21+idLen:]
	pub, err := ecdh.P256().NewPublicKey(serverKey)
	if err != nil {
		return nil, err
	}
	shared, err := b.key.ECDH(pub)
	if err != nil {
		return nil, err
	}
	info := "WebPush: info\x00" + string(b.key.PublicKey().Bytes()) + string(serverKey)
	ikm, err := hkdf.Key(sha256.New, shared, b.auth, info, 32)
	if err != nil {
		return nil, err
	}
	cek, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ct, nil)
	if err != nil {
		return nil, err
	}
	end := bytes.LastIndexByte(plain, 2) // the last record's padding delimiter
	if end < 0 {
		return nil, errors.New("no padding delimiter")
	}
	return plain[:end], nil
}

// pushService is a loopback push service: /live accepts messages, /gone answers 410 as a
// push service does for a subscription the browser dropped.
type pushService struct {
	*httptest.Server
	mu       sync.Mutex
	received []*http.Request
	bodies   [][]byte
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.received = append(p.received, r)
		p.bodies = append(p.bodies, body)
		p.mu.Unlock()
		if strings.HasPrefix(r.URL.Path, "/gone") {
			w.WriteHeader(http.StatusGone)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(p.Close)
	return p
}

func TestWebPush(t *testing.T) {
	t.Setenv(notify.EnvPushLoopback, "1")
	svc := newPushService(t)
	live, gone := newBrowser(t), newBrowser(t)
	p256dh, auth := live.keys()
	h := map[string]string{}
	var vapidPublic string
	(&tests.ApiScenario{
		Name: "a subscribed browser receives the notification, encrypted for it alone", Method: "POST", URL: "/api/push/subscribe",
		Body:    strings.NewReader(`{"endpoint":"` + svc.URL + `/live/1","keys":{"p256dh":"` + p256dh + `","auth":"` + auth + `"}}`),
		Headers: h,
		TestAppFactory: testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, ana *core.Record) {
			testutil.CreateUser(t, app, "Bea")
			col, _ := app.FindCollectionByNameOrId("push_subscriptions")
			r := core.NewRecord(col)
			gp, ga := gone.keys()
			r.Load(map[string]any{"user": ana.Id, "endpoint": svc.URL + "/gone/2", "p256dh": gp, "auth": ga})
			if err := app.Save(r); err != nil {
				t.Fatal(err)
			}
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`{"subscribed":true}`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			if err := social.Follow(app, testutil.UserID("Bea"), testutil.UserID("Ana")); err != nil {
				t.Fatal(err)
			}
			notify.Drain()
			rec, _ := app.FindRecordById("push_settings", "vapidkeypair000")
			vapidPublic = rec.GetString("publicKey")
			svc.mu.Lock()
			defer svc.mu.Unlock()
			if len(svc.received) != 2 {
				t.Fatalf("push service got %d requests, want 2", len(svc.received))
			}
			for i, r := range svc.received {
				if !strings.HasPrefix(r.URL.Path, "/live") {
					continue
				}
				if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
					t.Fatalf("headers %v", r.Header)
				}
				if a := r.Header.Get("Authorization"); !strings.HasPrefix(a, "vapid t=") || !strings.HasSuffix(a, "k="+vapidPublic) {
					t.Fatalf("VAPID authorization %q", a)
				}
				plain, err := live.decrypt(svc.bodies[i])
				if err != nil {
					t.Fatalf("decrypt: %v", err)
				}
				var msg notify.PushPayload
				if err := json.Unmarshal(plain, &msg); err != nil {
					t.Fatal(err)
				}
				if msg.Body != "Bea started following you" || msg.URL != "/friends?tab=followers" || msg.Type != "follow" || len(plain) > 4096 {
					t.Fatalf("payload %+v", msg)
				}
				if _, err := gone.decrypt(svc.bodies[i]); err == nil {
					t.Fatal("another browser's keys must not open the message")
				}
			}
			if n, _ := app.CountRecords("push_subscriptions"); n != 1 {
				t.Fatalf("the 410 subscription must be deleted: %d left", n)
			}
		},
	}).Test(t)
	if vapidPublic == "" {
		t.Fatal("no VAPID key was generated")
	}
}

func TestPushRoutes(t *testing.T) {
	t.Setenv(notify.EnvPushLoopback, "")
	p256dh, auth := newBrowser(t).keys()
	type tc struct {
		name, method, url, body string
		status                  int
		contains                []string
	}
	cases := []tc{
		{"the public key is a 65-byte point", "GET", "/api/push/vapid-public-key", "", 200, []string{`"publicKey":"B`}},
		{"an http endpoint is refused", "POST", "/api/push/subscribe",
			`{"endpoint":"http://push.example/x","keys":{"p256dh":"` + p256dh + `","auth":"` + auth + `"}}`, 400, []string{`"endpoint":{"code":"validation_invalid_url"`}},
		{"a loopback endpoint is refused in production", "POST", "/api/push/subscribe",
			`{"endpoint":"https://127.0.0.1:9/x","keys":{"p256dh":"` + p256dh + `","auth":"` + auth + `"}}`, 400, []string{`"endpoint":{"code":"validation_invalid_url"`}},
		{"bad keys are named", "POST", "/api/push/subscribe",
			`{"endpoint":"https://push.example/x","keys":{"p256dh":"abc","auth":"!!"}}`, 400, []string{`"keys.p256dh":{"code":"validation_invalid_key"`, `"keys.auth":{"code":"validation_invalid_key"`}},
		{"a valid subscription is stored", "POST", "/api/push/subscribe",
			`{"endpoint":"https://push.example/x","keys":{"p256dh":"` + p256dh + `","auth":"` + auth + `"}}`, 200, []string{`"subscribed":true`}},
		{"unsubscribe", "DELETE", "/api/push/unsubscribe", `{"endpoint":"https://push.example/x"}`, 200, []string{`"subscribed":false`}},
		{"a test push with no browsers sends nothing", "POST", "/api/push/test", "", 200, []string{`{"sent":0}`}},
	}
	for _, c := range cases {
		h := map[string]string{}
		s := tests.ApiScenario{Name: c.name, Method: c.method, URL: c.url, Headers: h,
			TestAppFactory: testutil.SignedIn(h, "Ana", nil), ExpectedStatus: c.status, ExpectedContent: c.contains}
		if c.body != "" {
			s.Body = strings.NewReader(c.body)
		}
		s.Test(t)
	}
	(&tests.ApiScenario{Name: "a visitor cannot subscribe", Method: "POST", URL: "/api/push/subscribe", Body: strings.NewReader(`{}`),
		TestAppFactory: testutil.Factory(nil), ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}}).Test(t)
}

func TestPrunePushSubscriptions(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	col, _ := app.FindCollectionByNameOrId("push_subscriptions")
	p256dh, auth := newBrowser(t).keys()
	now := time.Now().UTC()
	for name, last := range map[string]time.Time{"recent": now.Add(-24 * time.Hour), "idle": now.Add(-200 * 24 * time.Hour), "never": {}} {
		r := core.NewRecord(col)
		r.Load(map[string]any{"user": ana.Id, "endpoint": "https://push.example/" + name, "p256dh": p256dh, "auth": auth})
		if !last.IsZero() {
			r.Set("lastPushAt", last)
		}
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	// "never" was created just now: kept until it has been idle as long.
	n, err := notify.PrunePushSubscriptions(app, now)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d (%v), want the idle one", n, err)
	}
	if _, err := app.FindFirstRecordByData("push_subscriptions", "endpoint", "https://push.example/idle"); err == nil {
		t.Fatal("the idle subscription must be gone")
	}
	if n, _ := notify.PrunePushSubscriptions(app, now.Add(181*24*time.Hour)); n != 2 {
		t.Fatalf("half a year later the other two go too, pruned %d", n)
	}
}
