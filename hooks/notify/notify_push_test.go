package notify_test

import (
	"bytes"
	"context"
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
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/security"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/logger"
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

// TestPushSubscribeRefusesInternalEndpoints: every endpoint whose host is visibly not a
// public internet host (the list and more) is a 400 naming endpoint, with the
// tests' loopback flag off as in production; a public name is accepted even when it
// resolves to loopback (localtest.me): the dialer refuses that one at push time.
func TestPushSubscribeRefusesInternalEndpoints(t *testing.T) {
	t.Setenv(security.EnvOutboundLoopback, "")
	t.Setenv(notify.EnvPushLoopback, "")
	app := testutil.NewTestApp(t)
	cookie := testutil.SessionCookie(t, testutil.CreateUser(t, app, "Ana"))
	srv := testutil.Serve(t, app)
	p256dh, auth := newBrowser(t).keys()
	subscribe := func(endpoint string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/push/subscribe", strings.NewReader(
			`{"endpoint":"`+endpoint+`","keys":{"p256dh":"`+p256dh+`","auth":"`+auth+`"}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	const refusal = `"endpoint":{"code":"validation_invalid_url","message":"The push endpoint must be a public https URL."}`
	for _, endpoint := range []string{
		"https://10.0.0.5/x", "https://192.168.1.1/x", "https://172.16.0.1/x", "https://169.254.169.254/latest",
		"https://100.64.0.1/x", "https://0.0.0.0/x", "https://[fd00::1]/x", "https://[fe80::1]/x",
		"https://127.1/x", "https://2130706433/x", "https://0x7f.1/x", "https://0177.0.0.1/x", "https://0x7f000001/x",
		"https://127.0.0.1/x", "https://[::1]/x", "https://[::ffff:10.0.0.1]/x", "https://[::ffff:127.0.0.1]/x",
		"https://[64:ff9b::a9fe:a9fe]/x", "https://198.51.100.1/x", "https://255.255.255.255/x",
		"https://localhost/x", "https://push.localhost/x", "https://metadata.google.internal/computeMetadata/v1/",
		"https://printer.local/x", "https://intranet/x",
	} {
		if status, body := subscribe(endpoint); status != http.StatusBadRequest || !strings.Contains(body, refusal) {
			t.Errorf("%s: %d %s", endpoint, status, body)
		}
	}
	if n, _ := app.CountRecords("push_subscriptions"); n != 0 {
		t.Fatalf("%d refused subscriptions were stored", n)
	}
	if status, body := subscribe("https://localtest.me/x"); status != http.StatusOK {
		t.Fatalf("a public name: %d %s", status, body)
	}
}

// TestPushToRefusedAddressFailsClosed: a stored subscription whose endpoint resolves to a
// refused address (a name resolving to loopback, a private literal, a mapped loopback
// one) gets no request, counts as not sent, and the log says a push was blocked without
// the endpoint or the keys.
func TestPushToRefusedAddressFailsClosed(t *testing.T) {
	t.Setenv(security.EnvOutboundLoopback, "")
	t.Setenv(notify.EnvPushLoopback, "")
	svc := newPushService(t)
	port := svc.URL[strings.LastIndexByte(svc.URL, ':')+1:]
	const secret = "member-secret-subscription-token"
	p256dh, auth := newBrowser(t).keys()
	endpoints := []string{"http://localhost:" + port + "/live/" + secret, "https://10.0.0.5/live/" + secret,
		"http://[::ffff:127.0.0.1]:" + port + "/live/" + secret}
	h := map[string]string{}
	(&tests.ApiScenario{
		Name: "a push to a refused address is blocked", Method: http.MethodPost, URL: "/api/push/test", Headers: h,
		TestAppFactory: testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, ana *core.Record) {
			app.Settings().Logs.MaxDays = 1 // the test app keeps no logs unless asked
			col, _ := app.FindCollectionByNameOrId("push_subscriptions")
			for _, endpoint := range endpoints {
				r := core.NewRecord(col)
				r.Load(map[string]any{"user": ana.Id, "endpoint": endpoint, "p256dh": p256dh, "auth": auth})
				if err := app.Save(r); err != nil {
					t.Fatal(err)
				}
			}
		}),
		ExpectedStatus: 200, ExpectedContent: []string{`{"sent":0}`},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			svc.mu.Lock()
			defer svc.mu.Unlock()
			if len(svc.received) != 0 {
				t.Fatalf("the push service on loopback got %d requests", len(svc.received))
			}
			_ = app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true))
			var logs []*core.Log
			if err := app.LogQuery().All(&logs); err != nil {
				t.Fatal(err)
			}
			blocked := 0
			for _, l := range logs {
				line := l.Message + " " + fmt.Sprint(l.Data)
				if strings.Contains(l.Message, "blocked a push to a refused") {
					blocked++
				}
				for _, private := range []string{secret, p256dh, auth, "localhost", "10.0.0.5", "127.0.0.1"} {
					if strings.Contains(line, private) {
						t.Errorf("a log line holds %q: %s", private, line)
					}
				}
			}
			if blocked != len(endpoints) {
				t.Fatalf("%d blocked-push log lines, want %d", blocked, len(endpoints))
			}
		},
	}).Test(t)
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
