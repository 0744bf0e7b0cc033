// Package ogcard draws the 1200×630 link-preview images (Open Graph cards) of public
// pages: a poster or a typographic stand-in, a title, stars, the first lines of a review
// or a year's numbers, the member's name and avatar. Pure Go (golang.org/x/image: its
// opentype rasterizer, vector paths and scaler), fonts embedded, no browser, no network.
package ogcard

import (
	"embed"
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// Width and Height are the card's size, what Open Graph and Twitter cards expect.
const (
	Width  = 1200
	Height = 630
)

//go:embed fonts/*.ttf
var fontFiles embed.FS

// Card is what one preview image shows. Zero fields are left out.
type Card struct {
	Kicker   string  // small capitals over the title: "MOVIE REVIEW"
	Title    string  // the film, the member, or "2025 in Review"
	Subtitle string  // the title's year, a handle
	Rating   float64 // 0–10; 0 draws no stars
	Body     string  // the review's first lines
	Stats    []Stat  // a profile's or a year's numbers
	Poster   image.Image
	Mosaic   []Tile // a list's first titles, drawn as a 2×2 poster mosaic in the poster's place
	Member   string // the member's display name
	Avatar   image.Image
	Seed     string // picks the stand-in poster's and avatar's colours
}

// Stat is one big number with its label.
type Stat struct{ Value, Label string }

// fonts holds the parsed faces; x/image faces keep per-face buffers, so drawing is
// serialised by mu (a card takes a few tens of milliseconds and is cached afterwards).
// Noto Sans draws Latin, Greek and Cyrillic; a rune it lacks falls back, in order, to
// NanumSquare (Korean hangul, in the text's weight), Droid Sans Fallback (Chinese and
// Japanese) and Symbola (monochrome emoji and symbols); see fonts/README.md.
var (
	mu                 sync.Mutex
	parsed             sync.Once
	regular, bold      *opentype.Font
	hangul, hangulBold *opentype.Font
	fallback, emoji    *opentype.Font
	parseErr           error
	faces              = map[faceKey]font.Face{}
)

type faceKey struct {
	f    *opentype.Font
	size float64
}

func loadFonts() error {
	parsed.Do(func() {
		read := func(name string) *opentype.Font {
			b, err := fontFiles.ReadFile("fonts/" + name)
			if err != nil {
				parseErr = err
				return nil
			}
			f, err := opentype.Parse(b)
			if err != nil {
				parseErr = err
			}
			return f
		}
		regular, bold = read("NotoSans-Regular.ttf"), read("NotoSans-Bold.ttf")
		hangul, hangulBold = read("NanumSquareR.ttf"), read("NanumSquareB.ttf")
		fallback, emoji = read("DroidSansFallbackFull.ttf"), read("Symbola-Emoji.ttf")
	})
	return parseErr
}

// face returns f at size (pixels), cached.
func face(f *opentype.Font, size float64) font.Face {
	k := faceKey{f, size}
	if fc, ok := faces[k]; ok {
		return fc
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil
	}
	faces[k] = fc
	return fc
}

// has reports whether f draws r.
func has(f *opentype.Font, r rune) bool {
	var buf sfnt.Buffer
	i, err := f.GlyphIndex(&buf, r)
	return err == nil && i != 0
}

var (
	white   = color.RGBA{255, 255, 255, 255}
	soft    = color.RGBA{221, 214, 254, 255}
	accent  = color.RGBA{196, 181, 253, 255}
	gold    = color.RGBA{251, 191, 36, 255}
	dimStar = color.RGBA{255, 255, 255, 64}
)
