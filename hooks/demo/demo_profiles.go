package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// profiles are the demo members' own words, by first name; photos go to those with photo.
var profiles = map[string]struct {
	bio, website string
	photo        bool
}{
	"Maya":  {"Film club host, horror in October and Ghibli the rest of the year. My lists live at https://letterboxd.com", "https://example.org/maya", true},
	"Hana":  {"Slow cinema, fast opinions. Currently working through every Kurosawa.", "", true},
	"Kwame": {"Sci-fi and anything with a great score.", "https://example.org/kwame", false},
	"Priya": {"Musicals unironically. Ask me about Sholay.", "", false},
}

// seedProfile gives a demo member their bio, website and (for some) a photo: a soft
// generated gradient, so the first run shows photos without shipping any image.
func seedProfile(rec *core.Record, first string, hue float64) error {
	p, ok := profiles[first]
	if !ok {
		return nil
	}
	rec.Set("bio", p.bio)
	rec.Set("website", p.website)
	if !p.photo || rec.GetString("avatar") != "" {
		return nil
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, gradient(512, hue), &jpeg.Options{Quality: 85}); err != nil {
		return err
	}
	file, err := filesystem.NewFileFromBytes(buf.Bytes(), "avatar.jpg")
	if err != nil {
		return err
	}
	rec.Set("avatar", file)
	return nil
}

// gradient draws a size×size diagonal gradient around hue (degrees) with a light disc.
func gradient(size int, hue float64) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := float64(size) / 2
	for y := range size {
		for x := range size {
			t := float64(x+y) / float64(2*size)
			r, g, b := hsl(hue+40*t, 0.55, 0.45+0.2*t)
			if d := math.Hypot(float64(x)-c, float64(y)-c*0.8); d < float64(size)/6 {
				r, g, b = 245, 240, 235
			}
			img.Set(x, y, color.RGBA{r, g, b, 255})
		}
	}
	return img
}

// hsl converts a colour to RGB.
func hsl(h, s, l float64) (uint8, uint8, uint8) {
	h = math.Mod(h, 360) / 360
	q := l + s - l*s
	if l < 0.5 {
		q = l * (1 + s)
	}
	p := 2*l - q
	ch := func(t float64) uint8 {
		t = math.Mod(t+1, 1)
		v := p
		switch {
		case t < 1.0/6:
			v = p + (q-p)*6*t
		case t < 0.5:
			v = q
		case t < 2.0/3:
			v = p + (q-p)*(2.0/3-t)*6
		}
		return uint8(math.Round(v * 255))
	}
	return ch(h + 1.0/3), ch(h), ch(h - 1.0/3)
}
