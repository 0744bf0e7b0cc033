package public

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // avatars may be GIFs
	_ "image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/filecache"
	"cinecircle/hooks/ogcard"

	"github.com/pocketbase/pocketbase/core"
	_ "golang.org/x/image/webp" // posters and avatars may be WebP
)

// OGCacheDir is the folder under the data dir that keeps rendered preview images. A
// card's file name carries a hash of everything drawn on it, so a changed review, rating,
// name, avatar or poster is a new file (and the old one is removed).
const OGCacheDir = "og_cache"

// ogVersion changes when the card's layout does, so cached cards are drawn again.
const ogVersion = "2" // 2: hangul and emoji are drawn

var pngName = regexp.MustCompile(`^([A-Za-z0-9_]{1,30})\.png$`)

// ogReview serves /og/review/{activityId}.png for a public member's visible review.
func ogReview(e *core.RequestEvent) error {
	m := pngName.FindStringSubmatch(e.Request.PathValue("file"))
	if m == nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	post, err := e.App.FindRecordById("activities", m[1])
	if err != nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	owner, err := e.App.FindRecordById("users", post.GetString("user"))
	if err != nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	member, _, err := findFor(e, owner.GetString("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	member, rv, err := findReview(e.App, member, post.Id)
	if err != nil {
		return answer(e, nil, err)
	}
	kicker := "Movie review"
	if rv.Kind == "tv" {
		kicker = "TV review"
	}
	card := ogcard.Card{Kicker: kicker, Title: rv.Title, Rating: rv.Rating, Body: excerpt(rv.Review, 260),
		Member: auth.DisplayName(member), Seed: rv.ID}
	if rv.Year > 0 {
		card.Subtitle = fmt.Sprint(rv.Year)
	}
	return serveCard(e, "review_"+rv.ID, card, cardFiles{Poster: posterFile(e.App, rv.PosterPath), Avatar: avatarFile(e.App, member)})
}

// ogProfile serves /og/u/{handle}.png.
func ogProfile(e *core.RequestEvent) error {
	m := pngName.FindStringSubmatch(e.Request.PathValue("file"))
	if m == nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	member, _, err := findFor(e, m[1])
	if err != nil {
		return answer(e, nil, err)
	}
	t, err := diary.TotalsOf(e.App, member.Id)
	if err != nil {
		return err
	}
	name := auth.DisplayName(member)
	card := ogcard.Card{Kicker: "On CineCircle", Title: name, Subtitle: "@" + member.GetString("handle"),
		Stats:  []ogcard.Stat{stat(fmt.Sprint(t.Movies), "films"), stat(fmt.Sprint(t.Reviews), "reviews"), stat(fmt.Sprintf("%.0f h", t.Hours), "watched")},
		Member: name, Seed: member.Id}
	return serveCard(e, "profile_"+member.Id, card, cardFiles{Avatar: avatarFile(e.App, member)})
}

// ogYear serves /og/u/{handle}/year/{yyyy}.png.
func ogYear(e *core.RequestEvent) error {
	m := pngName.FindStringSubmatch(e.Request.PathValue("file"))
	if m == nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	member, _, err := findFor(e, e.Request.PathValue("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	r, err := publicYear(e.App, member, m[1])
	if err != nil {
		return answer(e, nil, err)
	}
	name := auth.DisplayName(member)
	avg := "–"
	if r.AverageRating > 0 {
		avg = fmt.Sprintf("%.1f", r.AverageRating)
	}
	card := ogcard.Card{Kicker: "Year in Review", Title: fmt.Sprintf("%s's %d", name, r.Year),
		Stats:  []ogcard.Stat{stat(fmt.Sprint(r.Films), "films"), stat(fmt.Sprint(r.Episodes), "episodes"), stat(fmt.Sprintf("%.0f", r.Hours), "hours"), stat(avg, "average")},
		Member: name, Seed: member.Id}
	if r.LongestStreak.Days > 1 {
		card.Subtitle = fmt.Sprintf("Longest streak: %d days", r.LongestStreak.Days)
	}
	return serveCard(e, fmt.Sprintf("year_%s_%d", member.Id, r.Year), card, cardFiles{Avatar: avatarFile(e.App, member)})
}

// cardFiles are the local images a card draws ("" where none is on disk): the poster,
// the member's avatar, a mosaic's posters in the order of its tiles.
type cardFiles struct {
	Poster, Avatar string
	Mosaic         []string
}

// stamps identifies the files' versions, so a changed file is a new card.
func (f cardFiles) stamps() []string {
	out := []string{stamp(f.Poster), stamp(f.Avatar)}
	for _, p := range f.Mosaic {
		out = append(out, stamp(p))
	}
	return out
}

// serveCard answers the cached PNG of card when one was drawn for exactly this content,
// else draws it (images read from local files only: never a fetch on a visitor's
// request), stores it and drops the card's older versions.
func serveCard(e *core.RequestEvent, id string, card ogcard.Card, files cardFiles) error {
	key, _ := json.Marshal(struct {
		V      string
		C      ogcard.Card
		F      cardFiles
		Stamps []string
	}{ogVersion, card, files, files.stamps()})
	sum := sha256.Sum256(key)
	dir := filepath.Join(e.App.DataDir(), OGCacheDir)
	name := id + "_" + hex.EncodeToString(sum[:8]) + ".png"
	path := filepath.Join(dir, name)
	e.Response.Header().Set("Cache-Control", "public, max-age=300")
	if b, err := os.ReadFile(path); err == nil {
		return e.Blob(http.StatusOK, "image/png", b)
	}
	card.Poster, card.Avatar = decodeFile(files.Poster), decodeFile(files.Avatar)
	for i := range card.Mosaic {
		if i < len(files.Mosaic) {
			card.Mosaic[i].Poster = decodeFile(files.Mosaic[i])
		}
	}
	img, err := ogcard.Render(card)
	if err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, id+"_*.png"))
	sent := false
	err = filecache.WriteAtomic(path, func(w io.Writer) error {
		sent = true
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		return enc.Encode(io.MultiWriter(w, e.Response), img)
	})
	if err != nil {
		if sent {
			return nil // the visitor got the image (or most of it); the next one draws it again
		}
		return err
	}
	for _, o := range old {
		if o != path {
			_ = os.Remove(o)
		}
	}
	return nil
}

// stamp identifies a local file's version (size and time), "" when absent.
func stamp(path string) string {
	if path == "" {
		return ""
	}
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprint(st.Size(), st.ModTime().UnixNano())
}

// posterFile is the catalog's cached copy of a poster, largest first, or "" when we
// have none on disk.
func posterFile(app core.App, posterPath string) string {
	file := strings.TrimPrefix(posterPath, "/")
	if file == "" || strings.ContainsAny(file, `/\`) {
		return ""
	}
	for _, size := range []string{"w500", "w185", "w154", "w92"} {
		p := filepath.Join(app.DataDir(), catalog.ImageCacheDir, size, file)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// avatarFile is the member's uploaded photo on local storage, or "" (an initial is drawn).
func avatarFile(app core.App, member *core.Record) string {
	name := member.GetString("avatar")
	if name == "" || app.Settings().S3.Enabled {
		return ""
	}
	p := filepath.Join(app.DataDir(), "storage", member.BaseFilesPath(), name)
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// decodeFile decodes an image file, nil when absent or unreadable.
func decodeFile(path string) image.Image {
	if path == "" {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	img, _, err := image.Decode(io.LimitReader(f, 20<<20))
	if err != nil {
		return nil
	}
	return img
}

func stat(value, label string) ogcard.Stat { return ogcard.Stat{Value: value, Label: label} }
