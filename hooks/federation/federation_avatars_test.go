package federation_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// pngPhoto is a w × h opaque PNG.
func pngPhoto(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 200, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// getAvatar fetches path from our server as a browser would (no session: the avatar of a
// remote author is public, as their profile is on their own server).
func getAvatar(t testing.TB, srv, path string) (int, string, []byte) {
	t.Helper()
	res, err := http.Get(srv + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b.Bytes()
}

// TestRemoteAvatar: the author of a reply from the fediverse has an avatar of ours in the
// thread. Our server fetches it from their server once, re-encodes it as a 96 px square
// and serves that from its cache; members' browsers never fetch it from the remote
// server. A file that is not a photo, an unknown actor and a blocked server get 404 (the
// UI then draws initials).
func TestRemoteAvatar(t *testing.T) {
	t.Parallel()
	app, srv, f, m := inboxWorld(t, true)
	f.mu.Lock()
	f.avatar = pngPhoto(t, 300, 200)
	f.mu.Unlock()
	post, note := "anareview000001", noteURL("ana", "anareview000001")
	if status, body := send(t, f.signed(srv+"/ap/inbox", replyOf(f, "1", note, "<p>Nice.</p>"), time.Now(), nil)); status != 202 {
		t.Fatalf("reply: %d %s", status, body)
	}
	got := thread(t, srv, m["ana"], post)
	if len(got) != 1 || got[0].Remote == nil || !strings.HasPrefix(got[0].Remote.AvatarURL, "/ap/avatars/") {
		t.Fatalf("the reply's author: %+v", got)
	}
	path := got[0].Remote.AvatarURL

	// A thread full of her replies asks for her avatar eight times at once, then twice more.
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			status, mime, data := getAvatar(t, srv, path)
			if status != 200 || mime != "image/jpeg" {
				t.Errorf("the avatar: %d %s", status, mime)
				return
			}
			img, _, err := image.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() != 96 || img.Bounds().Dy() != 96 {
				t.Errorf("the avatar is not a 96 px square: %v %v", img.Bounds(), err)
			}
		})
	}
	wg.Wait()
	for range 2 {
		if status, _, _ := getAvatar(t, srv, path); status != 200 {
			t.Fatalf("a later view: %d", status)
		}
	}
	f.mu.Lock()
	gets := f.avatarGets
	f.mu.Unlock()
	if gets != 1 {
		t.Errorf("alice's server served her avatar %d times for ten views, eight at once, want 1 (then our cache)", gets)
	}

	if status, _, _ := getAvatar(t, srv, "/ap/avatars/nosuchactor0001"); status != 404 {
		t.Errorf("an unknown actor's avatar: %d, want 404", status)
	}
	addBlock(t, app, srv, map[string]any{"domain": hostOf(f), "severity": "block"})
	if status, _, _ := getAvatar(t, srv, path); status != 404 {
		t.Errorf("a blocked server's avatar: %d, want 404", status)
	}
}

// TestRemoteAvatarNotAPhoto: an avatar that is not a photo (an SVG with a script, or a
// file past 2 MB) is never served: 404, and the thread still shows the reply.
func TestRemoteAvatarNotAPhoto(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		file []byte
	}{
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		{"too large", append(pngPhoto(t, 64, 64), make([]byte, 3<<20)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, srv, f, m := inboxWorld(t, true)
			f.mu.Lock()
			f.avatar = tc.file
			f.mu.Unlock()
			if status, body := send(t, f.signed(srv+"/ap/inbox", replyOf(f, "1", noteURL("ana", "anareview000001"), "<p>Nice.</p>"), time.Now(), nil)); status != 202 {
				t.Fatalf("reply: %d %s", status, body)
			}
			got := thread(t, srv, m["ana"], "anareview000001")
			if len(got) != 1 || got[0].Remote == nil {
				t.Fatalf("the thread: %+v", got)
			}
			if status, mime, _ := getAvatar(t, srv, got[0].Remote.AvatarURL); status != 404 {
				t.Errorf("the avatar: %d %s, want 404", status, mime)
			}
		})
	}
}
