package gifs

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"math"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// demoGIF is one reaction the demo seed draws itself (no downloaded art).
type demoGIF struct {
	title, tags string
	fg, bg      color.RGBA
	shape       func(x, y, frame int) bool
}

// demoGIFs are small animated reactions: shapes that pulse, spin or pop.
var demoGIFs = []demoGIF{
	{"Popcorn time", "popcorn snack movie night excited", color.RGBA{250, 204, 21, 255}, color.RGBA{127, 29, 29, 255},
		func(x, y, f int) bool { // kernels popping up
			for k := 0; k < 5; k++ {
				cx, cy := 12+k*10, 52-((f*7+k*13)%40)
				if (x-cx)*(x-cx)+(y-cy)*(y-cy) < 20 {
					return true
				}
			}
			return false
		}},
	{"Mind blown", "wow shocked twist amazing", color.RGBA{244, 114, 182, 255}, color.RGBA{30, 27, 75, 255},
		func(x, y, f int) bool { // an expanding ring
			d := math.Hypot(float64(x-32), float64(y-32))
			r := float64(4 + f*4)
			return d > r-3 && d < r+3
		}},
	{"Slow clap", "clap applause bravo well done", color.RGBA{255, 255, 255, 255}, color.RGBA{22, 101, 52, 255},
		func(x, y, f int) bool { // two hands meeting
			gap := 4 + int(12*math.Abs(math.Sin(float64(f)*math.Pi/4)))
			return y > 16 && y < 48 && ((x > 32-gap-10 && x < 32-gap) || (x > 32+gap && x < 32+gap+10))
		}},
	{"Plot twist", "twist spin surprise dizzy", color.RGBA{56, 189, 248, 255}, color.RGBA{15, 23, 42, 255},
		func(x, y, f int) bool { // a spinning bar
			a := float64(f) * math.Pi / 8
			dx, dy := float64(x-32), float64(y-32)
			along := dx*math.Cos(a) + dy*math.Sin(a)
			across := -dx*math.Sin(a) + dy*math.Cos(a)
			return math.Abs(along) < 24 && math.Abs(across) < 4
		}},
	{"Roll credits", "the end credits finished goodbye", color.RGBA{226, 232, 240, 255}, color.RGBA{0, 0, 0, 255},
		func(x, y, f int) bool { // lines scrolling up
			row := (y + f*4) % 12
			return row < 3 && x > 12 && x < 52-((y+f*4)/12%3)*8
		}},
	{"Can't look", "scared horror hide nervous", color.RGBA{251, 146, 60, 255}, color.RGBA{67, 20, 7, 255},
		func(x, y, f int) bool { // blinking eyes
			ry := 8.0
			if f%4 == 0 {
				ry = 1
			}
			eye := func(cx int) bool {
				dx, dy := float64(x-cx)/7, float64(y-30)/ry
				return dx*dx+dy*dy < 1
			}
			return eye(22) || eye(42)
		}},
}

// drawGIF renders a 64×64 looping animation of g.
func drawGIF(g demoGIF) ([]byte, error) {
	palette := color.Palette{g.bg, g.fg}
	anim := &gif.GIF{LoopCount: 0}
	for f := 0; f < 8; f++ {
		img := image.NewPaletted(image.Rect(0, 0, 64, 64), palette)
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				if g.shape(x, y, f) {
					img.SetColorIndex(x, y, 1)
				}
			}
		}
		anim.Image = append(anim.Image, img)
		anim.Delay = append(anim.Delay, 12)
	}
	var buf bytes.Buffer
	err := gif.EncodeAll(&buf, anim)
	return buf.Bytes(), err
}

// SeedDemo fills an empty library with the generated reactions; it leaves a library that
// already has GIFs alone.
func SeedDemo(app core.App) error {
	n, err := app.CountRecords("gifs")
	if err != nil || n > 0 {
		return err
	}
	col, err := app.FindCollectionByNameOrId("gifs")
	if err != nil {
		return err
	}
	for _, g := range demoGIFs {
		data, err := drawGIF(g)
		if err != nil {
			return err
		}
		file, err := filesystem.NewFileFromBytes(data, g.title+".gif")
		if err != nil {
			return err
		}
		r := core.NewRecord(col)
		r.Set("title", g.title)
		r.Set("tags", g.tags)
		r.Set("file", file)
		if err := app.Save(r); err != nil {
			return err
		}
	}
	return nil
}
