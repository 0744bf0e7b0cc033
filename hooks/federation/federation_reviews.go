package federation

import (
	"context"
	"encoding/json"
	"html"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Remote reviews: a public Note (or Article) from an actor members follow that carries a
// rating or review in NeoDB's vocabulary (relatedWith: Rating, Review, Comment, Status,
// each withRegardTo the title; tag: the titles, typed Movie, TVShow …) becomes a post in
// those members' home feeds, once per Note, matched to our catalog: by TMDB id when the
// title's URL is TMDB's (what a CineCircle sends), else by title and year. A Note we
// cannot match, or without a rating or review (a plain note, a bare status), is not kept.
// The post has no member as author: remoteActor and remoteObject name where it came from,
// and its data carries the author as the card shows them (data.remote). The feed selects
// it through members' accepted follows (hooks/social's disownedForViewer).

// maxReviewRunes bounds a remote review's text (a local review's limit).
const maxReviewRunes = 5000

// reviewDoc is the part of a NeoDB-style Note a remote review is made of.
type reviewDoc struct {
	noteDoc
	Name        string        `json:"name"` // an Article's title
	RelatedWith []relatedItem `json:"relatedWith"`
	Tag         []tagItem     `json:"tag"`
}

// relatedItem is one of NeoDB's relatedWith objects.
type relatedItem struct {
	Type         string  `json:"type"`
	WithRegardTo string  `json:"withRegardTo"`
	Value        float64 `json:"value"` // a Rating's grade
	Best         float64 `json:"best"`
	Worst        float64 `json:"worst"`
	Content      string  `json:"content"` // a Review's or Comment's text
	Status       string  `json:"status"`
}

// tagItem is one of a Note's tags: a Hashtag, a Mention, or a NeoDB catalog item.
type tagItem struct {
	Type string `json:"type"`
	Href string `json:"href"`
	Name string `json:"name"`
}

// tmdbURL reads a TMDB title URL: https://www.themoviedb.org/movie/603(-slug) or /tv/1396.
var tmdbURL = regexp.MustCompile(`^https://(?:www\.)?themoviedb\.org/(movie|tv)/(\d{1,9})(?:-[^/?#]*)?/?(?:[?#].*)?$`)

// titleYear reads a year at the end of a title, "Heat (1995)".
var titleYear = regexp.MustCompile(`^(.*\S)\s*\((\d{4})\)$`)

// remoteReview is what a Note says once read: the title it is about and the rating (0–10,
// one decimal; 0 for none) and text.
type remoteReview struct {
	kind              catalog.Kind
	tmdbID            int
	title             string
	year              int
	rating            float64
	review            string
	hasRatingOrReview bool
}

// readReview reads the review a Note carries, or ok false when it carries none.
func readReview(n reviewDoc) (r remoteReview, ok bool) {
	var about string
	for _, item := range n.RelatedWith {
		switch item.Type {
		case "Rating":
			best, worst := item.Best, item.Worst
			if best <= 0 {
				best = 10
			}
			if item.Value >= worst && item.Value <= best && item.Value > 0 {
				r.rating = math.Round(item.Value/best*100) / 10
				r.hasRatingOrReview = true
			}
		case "Review", "Comment":
			if text := noteText(item.Content, ""); text != "" {
				r.review = text
				r.hasRatingOrReview = true
			}
		case "Status", "Note":
		default:
			continue
		}
		if about == "" {
			about = item.WithRegardTo
		}
	}
	if !r.hasRatingOrReview || about == "" {
		return r, false
	}
	if m := tmdbURL.FindStringSubmatch(about); m != nil {
		r.kind, r.tmdbID = catalog.Movie, atoi(m[2])
		if m[1] == "tv" {
			r.kind = catalog.TV
		}
	}
	for _, t := range n.Tag {
		if t.Href != about {
			continue
		}
		switch {
		case r.tmdbID != 0:
		case t.Type == "Movie":
			r.kind = catalog.Movie
		case t.Type == "TVShow" || t.Type == "TVSeason":
			r.kind = catalog.TV
		default:
			return r, false // a book, an album, a game: not ours
		}
		r.title = plainName(html.UnescapeString(t.Name), 300)
		if m := titleYear.FindStringSubmatch(r.title); m != nil {
			r.title, r.year = m[1], atoi(m[2])
		}
		return r, r.title != "" || r.tmdbID != 0
	}
	return r, r.tmdbID != 0
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// titleOf finds the catalog title a review is about: by TMDB id, else (or when the
// catalog lacks that id and the Note names the title) by title and year.
func titleOf(ctx context.Context, app core.App, r remoteReview) (*core.Record, error) {
	if r.tmdbID != 0 {
		title, err := catalog.Find(ctx, app, r.kind, r.tmdbID)
		if err == nil || r.title == "" {
			return title, err
		}
	}
	id, err := catalog.Match(ctx, app, r.kind, r.title, r.year)
	if err != nil {
		return nil, err
	}
	return catalog.Find(ctx, app, r.kind, id)
}

// followedActor reports whether any member follows actor (an accepted follow).
func followedActor(app core.App, actor string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From(followingCollection).Where(dbx.HashExp{"actor": actor, "state": followAccepted}).Row(&n)
	return n > 0, err
}

// reviewPostOf finds the post made of the Note noteID when actor sent it.
func reviewPostOf(app core.App, noteID, actor string) (*core.Record, error) {
	// remoteObject != '' (in SQL: a filter's != becomes IS NOT, which SQLite does not match
	// to it): idx_activities_remote_object holds only the posts that have one, and with the
	// value bound SQLite cannot tell that it is not empty (it read all 10M posts at 100k
	// members, 28 s).
	var post core.Record
	err := app.RecordQuery(posts.Collection).AndWhere(dbx.NewExp("remoteObject = {:note} AND remoteObject != '' AND remoteActor = {:actor}",
		dbx.Params{"note": noteID, "actor": actor})).Limit(1).One(&post)
	if err != nil {
		return nil, err
	}
	return &post, nil
}

// storeReview keeps a Note from remote as a post (or, update, edits the post it made
// before): only a public Note by the sender itself, from an actor members follow and
// not silenced, carrying a review of a title we can match. Anything else changes nothing.
func storeReview(e *core.RequestEvent, remote RemoteActor, raw json.RawMessage, silenced, update bool) error {
	var n reviewDoc
	if json.Unmarshal(raw, &n) != nil || (n.Type != "Note" && n.Type != "Article") || n.ID == "" || silenced || !n.public() {
		return e.NoContent(http.StatusAccepted)
	}
	if idOf(n.AttributedTo) != remote.ID || hostOf(n.ID) != remote.Host {
		return e.UnauthorizedError("An actor can only send its own notes.", nil)
	}
	existing, err := reviewPostOf(e.App, n.ID, remote.ID)
	if err == nil && !update {
		return e.NoContent(http.StatusAccepted) // a repeated Create
	} else if update && existing == nil {
		return e.NoContent(http.StatusAccepted)
	}
	if followed, err := followedActor(e.App, remote.ID); err != nil {
		return err
	} else if !followed {
		return e.NoContent(http.StatusAccepted) // nobody here follows the actor
	}
	r, ok := readReview(n)
	if !ok && existing != nil {
		if err := posts.Delete(e.App, existing); err != nil { // edited into a plain note
			return err
		}
	}
	if !ok {
		return e.NoContent(http.StatusAccepted) // a plain note: not shown
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 10*time.Second)
	defer cancel()
	title, err := titleOf(ctx, e.App, r)
	if err != nil {
		e.App.Logger().Info("federation: a remote review's title is not in the catalog", "note", n.ID, "error", err)
		return e.NoContent(http.StatusAccepted)
	}
	typ, data, err := reviewPost(e.App, remote, n, r, title)
	if err != nil {
		return err
	}
	if existing != nil {
		if err := posts.Edit(e.App, existing, typ, data); err != nil {
			return err
		}
		return e.NoContent(http.StatusAccepted)
	}
	post, err := posts.Create(e.App, posts.Post{Type: typ, Links: map[string]string{r.kind.RelationField(): title.Id},
		Data: data, Remote: &posts.Remote{Actor: remote.ID, Object: n.ID}})
	if err != nil {
		return err
	}
	var readers []string
	if err := e.App.DB().Select("user").From(followingCollection).Where(dbx.HashExp{"actor": remote.ID, "state": followAccepted}).Column(&readers); err != nil {
		return err
	}
	notify.PublishPost(e.App, readers, post) // on the open feeds of those who follow the author
	return e.NoContent(http.StatusAccepted)
}

// reviewPost is the type and data of the post a remote review makes: the data a member's
// post of the title has, and the author as the card shows them (remote).
func reviewPost(app core.App, remote RemoteActor, n reviewDoc, r remoteReview, title *core.Record) (string, map[string]any, error) {
	kind := r.kind
	typ := kind.PostType("rating")
	if r.review != "" {
		typ = kind.PostType("review")
	}
	review := r.review
	for utf8.RuneCountInString(review) > maxReviewRunes {
		_, size := utf8.DecodeLastRuneInString(review)
		review = review[:len(review)-size]
	}
	name, url, avatar := cardAuthor(app, remote)
	author := map[string]any{"name": name, "acct": strings.TrimPrefix(remote.acct(), "@"), "host": remote.Host,
		"url": url, "noteUrl": httpsURL(linkOf(n.URL)), "avatarUrl": avatar}
	if author["noteUrl"] == "" {
		author["noteUrl"] = httpsURL(n.ID)
	}
	data := map[string]any{
		"rating":               r.rating,
		"review":               review,
		"status":               "watched",
		kind.IDField():         title.GetInt("tmdbId"),
		kind.DataKey("Title"):  title.GetString(kind.NameField()),
		kind.DataKey("Poster"): title.GetString("posterPath"),
		kind.DataKey("Year"):   title.GetInt("year"),
		"remote":               author,
	}
	return typ, data, nil
}

// cardAuthor is remote as the card of its review names it: its name (else its address),
// its profile's URL (else its actor id) and the address of its avatar through our
// server ("" when it has none).
func cardAuthor(app core.App, remote RemoteActor) (name, url, avatar string) {
	name, url = remote.Name, remote.URL
	if name == "" {
		name = strings.TrimPrefix(remote.acct(), "@")
	}
	if url == "" {
		url = remote.ID
	}
	var row struct {
		ID   string `db:"id"`
		Icon string `db:"icon"`
	}
	if err := app.DB().Select("id", "icon").From(actorsCollection).Where(dbx.HashExp{"actor": remote.ID}).Limit(1).One(&row); err == nil && row.Icon != "" {
		avatar = avatarPath(row.ID, row.Icon)
	}
	return name, url, avatar
}

// refreshReviewAuthor writes remote's name, profile address and avatar anew into the
// cards of its reviews (a post's data carries the author as the card shows them), after
// the actor changed its profile. Cards that already say it are left alone.
func refreshReviewAuthor(app core.App, remote RemoteActor) error {
	var postsOf []*core.Record
	if err := app.RecordQuery(posts.Collection).AndWhere(dbx.HashExp{"remoteActor": remote.ID}).
		AndWhere(dbx.NewExp("remoteActor != ''")).All(&postsOf); err != nil { // idx_activities_remote (reviewPostOf)
		return err
	}
	name, url, avatar := cardAuthor(app, remote)
	for _, post := range postsOf {
		var data map[string]any
		if err := post.UnmarshalJSONField("data", &data); err != nil {
			continue
		}
		author, _ := data["remote"].(map[string]any)
		if author == nil || (author["name"] == name && author["url"] == url && author["avatarUrl"] == avatar) {
			continue
		}
		author["name"], author["url"], author["avatarUrl"] = name, url, avatar
		if err := posts.Edit(app, post, "", data); err != nil {
			return err
		}
	}
	return nil
}

// deleteReview honours Delete of a Note that made a post here, by its own author.
func deleteReview(app core.App, remote RemoteActor, noteID string) (bool, error) {
	post, err := reviewPostOf(app, noteID, remote.ID)
	if err != nil {
		return false, nil
	}
	return true, posts.Delete(app, post)
}

// removeReviews deletes the posts made of remote reviews by actor, or, for a domain, by
// every actor on a host it covers.
func removeReviews(tx core.App, domain, actor string) error {
	var actors []string
	if err := tx.DB().Select("remoteActor").Distinct(true).From(posts.Collection).
		Where(dbx.NewExp("remoteActor != ''")).Column(&actors); err != nil {
		return err
	}
	for _, a := range actors {
		if a != actor && (domain == "" || !slices.Contains(DomainsOf(hostOf(a)), any(domain))) {
			continue
		}
		if _, err := posts.DeleteMatching(tx, posts.Match{"remoteActor": a}); err != nil {
			return err
		}
	}
	return nil
}
