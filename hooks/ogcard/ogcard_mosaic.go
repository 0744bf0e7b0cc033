package ogcard

import (
	"fmt"
	"image"
	"image/color"

	"golang.org/x/image/draw"
)

// emptyCell is a mosaic cell with no title: a faint white over the background.
var emptyCell = color.RGBA{28, 28, 28, 28} // premultiplied: white at 11%

// Tile is one title of a mosaic: its poster, or nil for a stand-in drawn from its title.
type Tile struct {
	Title  string
	Poster image.Image `json:"-"` // drawn, not part of what identifies the card
}

// mosaic draws up to four tiles as a 2×2 grid of posters filling r (a list's preview
// image and share card: its first titles in order, left to right, top to bottom). Cells
// without a tile are a faint empty frame, so a short list still reads as a grid.
func mosaic(img *image.RGBA, r image.Rectangle, tiles []Tile, seed string) {
	const gap = 6
	w, h := (r.Dx()-gap)/2, (r.Dy()-gap)/2
	for i := range 4 {
		x, y := r.Min.X+(i%2)*(w+gap), r.Min.Y+(i/2)*(h+gap)
		cell := image.Rect(x, y, x+w, y+h)
		if i >= len(tiles) {
			draw.Draw(img, cell, &image.Uniform{emptyCell}, image.Point{}, draw.Over)
			continue
		}
		small(img, cell, tiles[i], fmt.Sprint(seed, i))
	}
}

// small draws one tile into cell: its poster scaled, or a colour with its title set in
// small type (a mosaic's cells are a quarter of a poster).
func small(img *image.RGBA, cell image.Rectangle, t Tile, seed string) {
	if t.Poster != nil {
		poster(img, cell, t.Poster, t.Title, seed)
		return
	}
	poster(img, cell, nil, "", seed)
	y := cell.Min.Y + 36
	for _, line := range wrap(bold, 22, t.Title, cell.Dx()-20, 6) {
		text(img, bold, 22, white, cell.Min.X+10, y, line)
		y += 28
	}
}
