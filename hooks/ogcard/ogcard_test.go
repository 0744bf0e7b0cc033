package ogcard_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/ogcard"
)

// TestRender draws every variant at 1200×630 in the three scripts and CJK, and checks the
// text actually inked the card (a title in a script the fonts lacked would leave it bare).
func TestRender(t *testing.T) {
	t.Parallel()
	poster := image.NewRGBA(image.Rect(0, 0, 200, 300))
	for i := range poster.Pix {
		poster.Pix[i] = 200
	}
	opaque := image.NewRGBA(image.Rect(0, 0, 200, 300))
	for i := range opaque.Pix {
		opaque.Pix[i] = 200
		if i%4 == 3 {
			opaque.Pix[i] = 255
		}
	}
	cases := map[string]ogcard.Card{
		"review":  {Kicker: "Movie review", Title: "The Matrix", Subtitle: "1999", Rating: 8.5, Body: "Whoa. " + string(bytes.Repeat([]byte("A long review goes on. "), 20)), Member: "Ana Silva", Poster: poster, Seed: "a"},
		"greek":   {Kicker: "Movie review", Title: "Ο Θίασος", Subtitle: "1975", Rating: 9, Member: "Ελένη", Seed: "b"},
		"russian": {Kicker: "Movie review", Title: "Сталкер", Subtitle: "1979", Rating: 10, Member: "Дмитрий", Seed: "c"},
		"cjk":     {Kicker: "Movie review", Title: "千と千尋の神隠し 기생충 霸王别姬", Subtitle: "2001", Rating: 7.3, Member: "千尋", Seed: "d"},
		"profile": {Kicker: "CineCircle profile", Title: "Ana Silva", Subtitle: "@ana", Stats: []ogcard.Stat{{"120", "films"}, {"45", "reviews"}, {"210 h", "watched"}}, Member: "Ana Silva", Seed: "e"},
		"list": {Kicker: "List", Title: "Best of 2025", Subtitle: "Ranked · 3 titles", Body: "The ones that stayed.",
			Mosaic: []ogcard.Tile{{Title: "The Matrix", Poster: opaque}, {Title: "Heat"}, {Title: "기생충"}}, Member: "Ana Silva", Seed: "g"},
		"year": {Kicker: "Year in Review", Title: "Ana's 2025", Stats: []ogcard.Stat{{"80", "films"}, {"12", "episodes"}, {"8.1", "average"}}, Member: "Ana Silva", Seed: "f"},
	}
	for name, c := range cases {
		img, err := ogcard.Render(c)
		if err != nil {
			t.Fatal(name, err)
		}
		if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
			t.Fatalf("%s: %v", name, b)
		}
		// The title's band holds white text pixels.
		if inked := len(titleInk(img)); inked < 500 {
			t.Errorf("%s: the title drew %d white pixels", name, inked)
		}
		if name == "list" { // the mosaic: the first title's poster top left, a stand-in for the missing fourth
			if c := img.RGBAAt(100, 100); c.R != 200 || c.G != 200 || c.B != 200 {
				t.Errorf("list: the first poster is not drawn top left: %v", c)
			}
			if c := img.RGBAAt(300, 400); c.R == 200 && c.G == 200 && c.B == 200 {
				t.Error("list: the empty fourth cell shows a poster")
			}
		}
		if os.Getenv("OGCARD_WRITE") != "" {
			f, _ := os.Create("/tmp/og-" + name + ".png")
			_ = png.Encode(f, img)
			f.Close()
		}
	}
}

// titleInk lists the white pixels of the title's band (x 410–1130, y 130–330 beside the
// poster), as indexes, so two renderings can be compared.
func titleInk(img *image.RGBA) []int {
	var out []int
	for y := 130; y < 330; y++ {
		for x := 410; x < 1130; x++ {
			if c := img.RGBAAt(x, y); c.R > 240 && c.G > 240 && c.B > 240 {
				out = append(out, y*ogcard.Width+x)
			}
		}
	}
	return out
}

// TestRenderHangulAndEmoji draws titles written only in Korean hangul or only in emoji
// (the bold title face and the regular subtitle) and checks the glyphs themselves are
// drawn: the band is inked, and different characters ink different pixels, which a
// missing glyph (nothing drawn) or a tofu box (the same rectangle for every character)
// would not. Before the hangul and emoji fallbacks, these titles drew nothing.
func TestRenderHangulAndEmoji(t *testing.T) {
	t.Parallel()
	pairs := map[string][2]string{
		"hangul":       {"기생충", "살인의"},
		"hangul words": {"올드보이 헤어질 결심", "버닝 아가씨 괴물 곡성"},
		"emoji":        {"🍿🎬❤", "😀🎉⭐"},
		"mixed":        {"Parasite 기생충 🍿", "Parasite 괴물 🎬"},
	}
	for name, pair := range pairs {
		var inks [2][]int
		for i, title := range pair {
			img, err := ogcard.Render(ogcard.Card{Kicker: "Movie review", Title: title, Subtitle: title, Member: title, Seed: "k"})
			if err != nil {
				t.Fatal(name, err)
			}
			inks[i] = titleInk(img)
			if len(inks[i]) < 300 {
				t.Errorf("%s: %q drew %d white pixels in the title band", name, title, len(inks[i]))
			}
			if os.Getenv("OGCARD_WRITE") != "" {
				f, _ := os.Create(fmt.Sprintf("/tmp/og-%s-%d.png", strings.ReplaceAll(name, " ", "-"), i))
				_ = png.Encode(f, img)
				f.Close()
			}
		}
		if slices.Equal(inks[0], inks[1]) {
			t.Errorf("%s: %q and %q drew the same pixels (boxes, not glyphs)", name, pair[0], pair[1])
		}
	}
}
