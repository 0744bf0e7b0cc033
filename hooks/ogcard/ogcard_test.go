package ogcard_test

import (
	"bytes"
	"image"
	"image/png"
	"os"
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
	cases := map[string]ogcard.Card{
		"review":  {Kicker: "Movie review", Title: "The Matrix", Subtitle: "1999", Rating: 8.5, Body: "Whoa. " + string(bytes.Repeat([]byte("A long review goes on. "), 20)), Member: "Ana Silva", Poster: poster, Seed: "a"},
		"greek":   {Kicker: "Movie review", Title: "Ο Θίασος", Subtitle: "1975", Rating: 9, Member: "Ελένη", Seed: "b"},
		"russian": {Kicker: "Movie review", Title: "Сталкер", Subtitle: "1979", Rating: 10, Member: "Дмитрий", Seed: "c"},
		"cjk":     {Kicker: "Movie review", Title: "千と千尋の神隠し 기생충 霸王别姬", Subtitle: "2001", Rating: 7.3, Member: "千尋", Seed: "d"},
		"profile": {Kicker: "CineCircle profile", Title: "Ana Silva", Subtitle: "@ana", Stats: []ogcard.Stat{{"120", "films"}, {"45", "reviews"}, {"210 h", "watched"}}, Member: "Ana Silva", Seed: "e"},
		"year":    {Kicker: "Year in Review", Title: "Ana's 2025", Stats: []ogcard.Stat{{"80", "films"}, {"12", "episodes"}, {"8.1", "average"}}, Member: "Ana Silva", Seed: "f"},
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
		inked := 0
		for y := 130; y < 330; y++ {
			for x := 440; x < 1100; x++ {
				if c := img.RGBAAt(x, y); c.R > 240 && c.G > 240 && c.B > 240 {
					inked++
				}
			}
		}
		if inked < 500 {
			t.Errorf("%s: the title drew %d white pixels", name, inked)
		}
		if os.Getenv("OGCARD_WRITE") != "" {
			f, _ := os.Create("/tmp/og-" + name + ".png")
			_ = png.Encode(f, img)
			f.Close()
		}
	}
}
