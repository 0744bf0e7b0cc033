package auth_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// gpsMarker is text inside the test photo's EXIF block: it must not survive re-encoding.
const gpsMarker = "GPSLatitude 48.8584N 2.2945E"

// testPhoto draws a w×h image: left half red, right half blue (so a center crop shows).
func testPhoto(w, h int, alpha uint8) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: 220, A: alpha}
			if x >= w/2 {
				c = color.NRGBA{B: 220, A: alpha}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// jpegWithExif encodes a photo and inserts an APP1 EXIF segment carrying gpsMarker, as a
// phone camera's JPEG does.
func jpegWithExif(t testing.TB) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, testPhoto(800, 600, 255), nil); err != nil {
		t.Fatal(err)
	}
	payload := append([]byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08"), gpsMarker...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	b := buf.Bytes()
	return append(append(append([]byte{}, b[:2]...), append(seg, payload...)...), b[2:]...)
}

func pngOf(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngBomb is a valid PNG header claiming 60000×60000 pixels (14 GB decoded).
func pngBomb(t testing.TB) []byte {
	b := pngOf(t, testPhoto(2, 2, 255))
	binary.BigEndian.PutUint32(b[16:], 60000)
	binary.BigEndian.PutUint32(b[20:], 60000)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// animatedGIF has a green first frame and a red second one.
func animatedGIF(t testing.TB) []byte {
	pal := color.Palette{color.RGBA{0, 200, 0, 255}, color.RGBA{200, 0, 0, 255}}
	frame := func(i uint8) *image.Paletted {
		p := image.NewPaletted(image.Rect(0, 0, 64, 64), pal)
		for j := range p.Pix {
			p.Pix[j] = i
		}
		return p
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &gif.GIF{Image: []*image.Paletted{frame(0), frame(1)}, Delay: []int{10, 10}}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// tinyWebP is a 1×1 lossy WebP.
func tinyWebP(t testing.TB) []byte {
	b, err := base64.StdEncoding.DecodeString("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// multipartBody puts data in field as a file named name.
func multipartBody(t testing.TB, field, name string, data []byte) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return &buf, w.FormDataContentType()
}

// storedAvatar reads Ana's stored photo.
func storedAvatar(t testing.TB, app core.App) (image.Image, string, []byte) {
	t.Helper()
	me := findAna(t, app)
	name := me.GetString("avatar")
	if name == "" {
		t.Fatal("no photo stored")
	}
	fs, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	r, err := fs.GetReader(me.BaseFilesPath() + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	data, _ := io.ReadAll(r)
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the stored photo does not decode: %v", err)
	}
	return img, format, data
}

func TestAvatarUpload(t *testing.T) {
	t.Parallel()
	upload := func(name string, field, file string, data []byte, status int, content []string, after func(testing.TB, *tests.TestApp, *http.Response)) tests.ApiScenario {
		headers := map[string]string{}
		body, ct := multipartBody(t, field, file, data)
		return tests.ApiScenario{
			Name: name, Method: http.MethodPost, URL: "/api/user/avatar", Body: body,
			Headers: headers, TestAppFactory: testutil.SignedIn(headers, "Ana", func(t testing.TB, app *tests.TestApp, me *core.Record) {
				headers["Content-Type"] = ct
			}),
			ExpectedStatus: status, ExpectedContent: content, AfterTestFunc: after,
		}
	}
	refused := func(name, file string, data []byte) tests.ApiScenario {
		return upload(name, "avatar", file, data, http.StatusBadRequest, []string{`"avatar":{"code"`}, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if findAna(t, app).GetString("avatar") != "" {
				t.Error("a refused file was stored")
			}
		})
	}
	square := func(want string) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			img, format, _ := storedAvatar(t, app)
			if b := img.Bounds(); b.Dx() != auth.AvatarSize || b.Dy() != auth.AvatarSize || format != want {
				t.Errorf("stored a %s of %v, want a %d px %s square", format, b, auth.AvatarSize, want)
			}
		}
	}
	scenarios := []tests.ApiScenario{
		upload("a JPEG with GPS in its EXIF loses everything but pixels", "avatar", "me.jpg", jpegWithExif(t), http.StatusOK,
			[]string{`"profileImageUrl":"/api/files/`, `?thumb=128x128"`}, func(t testing.TB, app *tests.TestApp, res *http.Response) {
				img, format, data := storedAvatar(t, app)
				if format != "jpeg" || img.Bounds().Dx() != auth.AvatarSize || img.Bounds().Dy() != auth.AvatarSize {
					t.Fatalf("stored %s %v", format, img.Bounds())
				}
				if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte(gpsMarker)) {
					t.Error("the EXIF block (and its GPS position) was kept")
				}
				// The 800×600 photo was center-cropped: its middle column is red|blue, its edges are gone.
				if r, _, b, _ := img.At(10, 256).RGBA(); r < b {
					t.Error("the left edge should be red after a center crop")
				}
				if r, _, b, _ := img.At(500, 256).RGBA(); b < r {
					t.Error("the right edge should be blue after a center crop")
				}
			}),
		upload("a transparent PNG stays a PNG", "avatar", "me.png", pngOf(t, testPhoto(300, 300, 128)), http.StatusOK, []string{`"profileImageUrl":"/api/files/`}, square("png")),
		upload("a WebP becomes a JPEG", "avatar", "me.webp", tinyWebP(t), http.StatusOK, []string{`"profileImageUrl":"/api/files/`}, square("jpeg")),
		upload("an animated GIF keeps its first frame", "avatar", "me.gif", animatedGIF(t), http.StatusOK, []string{`"profileImageUrl":"/api/files/`}, func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			img, _, _ := storedAvatar(t, app)
			if r, g, _, _ := img.At(256, 256).RGBA(); g < r {
				t.Error("want the green first frame")
			}
		}),
		refused("an SVG", "me.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>`)),
		refused("text named .jpg", "me.jpg", []byte("not a photo at all")),
		refused("a truncated JPEG", "me.jpg", jpegWithExif(t)[:400]),
		refused("a decompression bomb", "bomb.png", pngBomb(t)),
		refused("over 5 MB", "big.jpg", append(jpegWithExif(t), make([]byte, auth.AvatarMaxBytes)...)),
		refused("the wrong field", "", nil),
		upload("another field name", "photo", "me.jpg", jpegWithExif(t), http.StatusBadRequest, []string{`"avatar":{"code"`}, nil),
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// TestAvatarServedAndRemoved: the photo is served with a year's cache under a URL that
// changes with the photo, other members see it, and removing it returns to the generated one.
func TestAvatarServedAndRemoved(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	cookie := testutil.SessionCookie(t, ana)
	srv := testutil.Serve(t, app)
	post := func(data []byte) string {
		body, ct := multipartBody(t, "avatar", "me.jpg", data)
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/user/avatar", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Cookie", cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var u auth.OwnUser
		if err := json.NewDecoder(res.Body).Decode(&u); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("upload: %d %v", res.StatusCode, err)
		}
		return u.ProfileImageURL
	}
	first := post(jpegWithExif(t))
	for _, u := range []string{first, strings.TrimSuffix(first, "?thumb=128x128")} {
		res, err := http.Get(srv.URL + u) // a visitor, as an <img> on a shared card loads it
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %d, Cache-Control %q", u, res.StatusCode, res.Header.Get("Cache-Control"))
		}
	}
	if second := post(pngOf(t, testPhoto(200, 200, 255))); second == first {
		t.Error("a new photo must get a new URL")
	}
	req, _ := http.NewRequest(http.MethodDelete, srv.URL+"/api/user/avatar", nil)
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(data), `"profileImageUrl":""`) {
		t.Errorf("remove photo: %d %s", res.StatusCode, data)
	}
}
