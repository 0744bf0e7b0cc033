package ogcard

import (
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Render draws c.
func Render(c Card) (*image.RGBA, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	gradient(img, color.RGBA{30, 27, 75, 255}, color.RGBA{112, 26, 117, 255})
	x := 80
	if len(c.Mosaic) > 0 {
		mosaic(img, image.Rect(70, 60, 70+280, 60+420), c.Mosaic, c.Seed)
		x = 410
	} else if c.Poster != nil || c.Stats == nil {
		poster(img, image.Rect(70, 60, 70+280, 60+420), c.Poster, c.Title, c.Seed)
		x = 410
	}
	maxW := Width - x - 70
	y := 120
	if c.Kicker != "" {
		text(img, bold, 26, accent, x, y, strings.ToUpper(c.Kicker))
		y += 20
	}
	for _, line := range wrap(bold, 58, c.Title, maxW, 2) {
		y += 68
		text(img, bold, 58, white, x, y, line)
	}
	if c.Subtitle != "" {
		y += 48
		text(img, regular, 32, soft, x, y, c.Subtitle)
	}
	if c.Rating > 0 {
		y += 30
		stars(img, x, y, 44, c.Rating)
		text(img, bold, 36, white, x+5*50+16, y+38, fmt.Sprintf("%.1f/10", c.Rating))
		y += 50
	}
	if c.Body != "" {
		y += 20
		for _, line := range wrap(regular, 30, "“"+c.Body+"”", maxW, 4) {
			y += 42
			text(img, regular, 30, white, x, y, line)
		}
	}
	if len(c.Stats) > 0 {
		y += 40
		col := maxW / len(c.Stats)
		for i, s := range c.Stats {
			text(img, bold, 60, white, x+i*col, y+60, s.Value)
			text(img, regular, 26, soft, x+i*col, y+100, s.Label)
		}
	}
	footer(img, c)
	return img, nil
}

// footer draws the member (avatar and name) at the bottom left and the brand at right.
func footer(img *image.RGBA, c Card) {
	if c.Member != "" {
		avatar(img, image.Rect(70, Height-100, 70+60, Height-40), c.Avatar, c.Member, c.Seed)
		text(img, bold, 30, white, 148, Height-58, truncate(bold, 30, c.Member, 640))
	}
	w := measure(bold, 34, "CineCircle")
	text(img, bold, 34, white, Width-70-w, Height-58, "CineCircle")
}

// gradient fills img from top-left colour a to bottom-right colour b.
func gradient(img *image.RGBA, a, b color.RGBA) {
	for y := range Height {
		for x := range Width {
			t := (float64(x)/Width + float64(y)/Height) / 2
			img.SetRGBA(x, y, color.RGBA{lerp(a.R, b.R, t), lerp(a.G, b.G, t), lerp(a.B, b.B, t), 255})
		}
	}
}

func lerp(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t) }

// poster draws the poster scaled into r, or a stand-in: a colour from seed with the
// title set in type.
func poster(img *image.RGBA, r image.Rectangle, src image.Image, title, seed string) {
	if src != nil {
		draw.CatmullRom.Scale(img, r, src, src.Bounds(), draw.Over, nil)
		return
	}
	draw.Draw(img, r, &image.Uniform{hueColor(seed, 0.45)}, image.Point{}, draw.Src)
	y := r.Min.Y + 70
	for _, line := range wrap(bold, 40, title, r.Dx()-40, 6) {
		text(img, bold, 40, white, r.Min.X+20, y, line)
		y += 50
	}
}

// avatar draws src (or the name's initial on a colour) clipped to a circle in r.
func avatar(img *image.RGBA, r image.Rectangle, src image.Image, name, seed string) {
	tile := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	if src != nil {
		draw.CatmullRom.Scale(tile, tile.Bounds(), src, src.Bounds(), draw.Src, nil)
	} else {
		draw.Draw(tile, tile.Bounds(), &image.Uniform{hueColor(seed, 0.55)}, image.Point{}, draw.Src)
		initial := strings.ToUpper(string([]rune(strings.TrimSpace(name + "?"))[0]))
		w := measure(bold, 30, initial)
		text(tile, bold, 30, white, (r.Dx()-w)/2, r.Dy()/2+11, initial)
	}
	mask := vector.NewRasterizer(r.Dx(), r.Dy())
	circle(mask, float32(r.Dx())/2, float32(r.Dy())/2, float32(r.Dx())/2)
	alpha := image.NewAlpha(tile.Bounds())
	mask.Draw(alpha, alpha.Bounds(), image.Opaque, image.Point{})
	draw.DrawMask(img, r, tile, image.Point{}, alpha, image.Point{}, draw.Over)
}

func circle(z *vector.Rasterizer, cx, cy, rad float32) {
	const n = 64
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := cx+rad*float32(math.Cos(a)), cy+rad*float32(math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}

// stars draws five stars of size px at (x, y) top-left, filled to rating/2 stars.
func stars(img *image.RGBA, x, y int, px float32, rating float64) {
	n := int(px)
	z := vector.NewRasterizer(n, n)
	star(z, px/2, px/2, px/2)
	mask := image.NewAlpha(image.Rect(0, 0, n, n))
	z.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	filled := rating / 2
	for i := range 5 {
		at := image.Rect(x+i*50, y, x+i*50+n, y+n)
		draw.DrawMask(img, at, &image.Uniform{dimStar}, image.Point{}, mask, image.Point{}, draw.Over)
		part := math.Max(0, math.Min(1, filled-float64(i)))
		if part > 0 {
			clip := image.Rect(at.Min.X, y, at.Min.X+int(math.Round(float64(n)*part)), y+n)
			draw.DrawMask(img, clip, &image.Uniform{gold}, image.Point{}, mask, image.Point{}, draw.Over)
		}
	}
}

func star(z *vector.Rasterizer, cx, cy, r float32) {
	for i := range 10 {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		x, y := cx+rad*float32(math.Cos(a)), cy+rad*float32(math.Sin(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}

// hueColor is a muted colour picked by seed.
func hueColor(seed string, light float64) color.RGBA {
	h := fnv.New32a()
	h.Write([]byte(seed))
	hue := float64(h.Sum32()%360) / 60
	c := 0.5
	x := c * (1 - math.Abs(math.Mod(hue, 2)-1))
	var r, g, b float64
	switch int(hue) {
	case 0:
		r, g = c, x
	case 1:
		r, g = x, c
	case 2:
		g, b = c, x
	case 3:
		g, b = x, c
	case 4:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := light - c/2
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}

// pick is the font that draws r: f, else the first fallback that has it, else nil
// (skipped, never a tofu box). Hangul goes to NanumSquare in f's weight; other CJK to
// Droid Sans Fallback first, so a Chinese or Japanese title is drawn in one face even
// where NanumSquare has some of its characters (hanja, kana); then emoji.
func pick(f *opentype.Font, r rune) *opentype.Font {
	if has(f, r) {
		return f
	}
	korean := hangul
	if f == bold {
		korean = hangulBold
	}
	order := [...]*opentype.Font{fallback, korean, emoji}
	if unicode.Is(unicode.Hangul, r) {
		order[0], order[1] = korean, fallback
	}
	for _, use := range order {
		if has(use, r) {
			return use
		}
	}
	return nil
}

// text draws s with f at size px, baseline at y, falling back per rune.
func text(img draw.Image, f *opentype.Font, px float64, col color.Color, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Dot: fixed.P(x, y)}
	for _, r := range s {
		use := pick(f, r)
		if use == nil {
			continue
		}
		d.Face = face(use, px)
		d.DrawString(string(r))
	}
}

// measure is the width of s in pixels.
func measure(f *opentype.Font, px float64, s string) int {
	var w fixed.Int26_6
	for _, r := range s {
		if use := pick(f, r); use != nil {
			adv, _ := face(use, px).GlyphAdvance(r)
			w += adv
		}
	}
	return w.Ceil()
}

// wrap breaks s into at most lines lines of at most maxW pixels: at spaces, or between
// any two characters of scripts written without spaces (Chinese, Japanese; Korean puts
// spaces between words, so hangul breaks at spaces only); the last line kept gets an
// ellipsis when text was left.
func wrap(f *opentype.Font, px float64, s string, maxW, lines int) []string {
	var out []string
	var cur []rune
	lastBreak := -1
	for _, r := range strings.Join(strings.Fields(s), " ") {
		cur = append(cur, r)
		if r == ' ' || (r > 0x2E80 && !unicode.Is(unicode.Hangul, r)) {
			lastBreak = len(cur)
		}
		if measure(f, px, string(cur)) <= maxW {
			continue
		}
		cut := len(cur) - 1
		if lastBreak > 0 && lastBreak < len(cur) {
			cut = lastBreak
		}
		out = append(out, strings.TrimRightFunc(string(cur[:cut]), unicode.IsSpace))
		cur, lastBreak = append([]rune{}, cur[cut:]...), -1
		if len(out) == lines {
			out[lines-1] = truncate(f, px, out[lines-1]+"…", maxW)
			return out
		}
	}
	if len(cur) > 0 {
		out = append(out, string(cur))
	}
	return out
}

// truncate shortens s with an ellipsis until it fits maxW.
func truncate(f *opentype.Font, px float64, s string, maxW int) string {
	r := []rune(s)
	for len(r) > 1 && measure(f, px, string(r)) > maxW {
		r = append(r[:len(r)-2], '…')
	}
	return string(r)
}
