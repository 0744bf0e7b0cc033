package notify_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/jpeg"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// TestPushIconIsTheActorsPhoto: a push about a member who uploaded a photo carries the
// photo's 128 px thumb on our own origin as its icon; a member without one, or with only
// an OAuth2 provider's picture (another host), gets none, and the service worker shows the
// site's icon. Each push is read as the browser reads it: decrypted from the loopback push
// service.
func TestPushIconIsTheActorsPhoto(t *testing.T) {
	t.Setenv(notify.EnvPushLoopback, "1")
	rows := []struct {
		name  string
		setup func(t testing.TB, app core.App, actor *core.Record)
		icon  func(actor *core.Record) string
	}{
		{"an uploaded photo", func(t testing.TB, app core.App, actor *core.Record) {
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 512, 512)), nil); err != nil {
				t.Fatal(err)
			}
			file, err := filesystem.NewFileFromBytes(buf.Bytes(), "me.jpg")
			if err != nil {
				t.Fatal(err)
			}
			actor.Set("avatar", file)
			if err := app.Save(actor); err != nil {
				t.Fatal(err)
			}
		}, auth.ProfileImageURL},
		{"no photo", func(testing.TB, core.App, *core.Record) {}, func(*core.Record) string { return "" }},
		{"an OAuth2 provider's picture only", func(t testing.TB, app core.App, actor *core.Record) {
			actor.Set("avatarUrl", "https://avatars.example.com/u/1")
			if err := app.Save(actor); err != nil {
				t.Fatal(err)
			}
		}, func(*core.Record) string { return "" }},
	}
	for _, row := range rows {
		svc := newPushService(t)
		phone := newBrowser(t)
		p256dh, key := phone.keys()
		h := map[string]string{}
		var actor *core.Record
		(&tests.ApiScenario{
			Name: row.name, Method: "POST", URL: "/api/push/subscribe",
			Body:    strings.NewReader(`{"endpoint":"` + svc.URL + `/live/1","keys":{"p256dh":"` + p256dh + `","auth":"` + key + `"}}`),
			Headers: h,
			TestAppFactory: testutil.SignedIn(h, "Ana", func(t testing.TB, app *tests.TestApp, _ *core.Record) {
				actor = testutil.CreateUser(t, app, "Bea")
				row.setup(t, app, actor)
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`{"subscribed":true}`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if err := social.Follow(app, actor.Id, testutil.UserID("Ana")); err != nil {
					t.Fatal(err)
				}
				notify.Drain()
				svc.mu.Lock()
				defer svc.mu.Unlock()
				if len(svc.bodies) != 1 {
					t.Fatalf("the push service got %d pushes, want 1", len(svc.bodies))
				}
				plain, err := phone.decrypt(svc.bodies[0])
				if err != nil {
					t.Fatal(err)
				}
				var msg notify.PushPayload
				if err := json.Unmarshal(plain, &msg); err != nil {
					t.Fatal(err)
				}
				if want := row.icon(actor); msg.Icon != want {
					t.Fatalf("icon %q, want %q (payload %s)", msg.Icon, want, plain)
				}
				if msg.Icon != "" && (!strings.HasPrefix(msg.Icon, "/api/files/") || !strings.HasSuffix(msg.Icon, "?thumb="+auth.AvatarThumb)) {
					t.Fatalf("the icon is not the photo's 128 px thumb on this site: %q", msg.Icon)
				}
			},
		}).Test(t)
	}
}
