package federation

import (
	"fmt"
	"html"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/public"
	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
)

// outboxPageSize is how many posts one outbox page holds.
const outboxPageSize = 20

// Collection is an OrderedCollection, or one page of it (OrderedCollectionPage).
type Collection struct {
	Context      string `json:"@context,omitempty"`
	ID           string `json:"id"`
	Type         string `json:"type"`
	TotalItems   *int   `json:"totalItems,omitempty"`
	First        string `json:"first,omitempty"`
	PartOf       string `json:"partOf,omitempty"`
	Next         string `json:"next,omitempty"`
	Prev         string `json:"prev,omitempty"`
	OrderedItems []any  `json:"orderedItems,omitempty"`
}

// Note is a member's review or rating as an ActivityStreams Note.
type Note struct {
	Context      string   `json:"@context,omitempty"`
	ID           string   `json:"id"`
	Type         string   `json:"type"`
	AttributedTo string   `json:"attributedTo"`
	Content      string   `json:"content"`
	URL          string   `json:"url"`
	Published    string   `json:"published"`
	Updated      string   `json:"updated,omitempty"` // set in an Update: Mastodon applies an edit newer than what it has
	To           []string `json:"to"`
	Cc           []string `json:"cc"`
	Attachment   []Image  `json:"attachment"`
	// RelatedWith and Tag say it in NeoDB's vocabulary: the status, rating and text of the
	// title, which the tag names; NeoDB and other CineCircles read them, Mastodon ignores them.
	RelatedWith []Related `json:"relatedWith,omitempty"`
	Tag         []Tag     `json:"tag,omitempty"`
}

// Related is one of NeoDB's activities a Note carries: Status (status complete), Rating
// (an integer value of 1–10, as NeoDB grades) or Comment (the text), each withRegardTo
// the title.
type Related struct {
	ID           string `json:"id"`
	Type         string `json:"type"`
	WithRegardTo string `json:"withRegardTo"`
	AttributedTo string `json:"attributedTo"`
	Href         string `json:"href"`
	Published    string `json:"published"`
	Status       string `json:"status,omitempty"`
	Value        int    `json:"value,omitempty"`
	Best         int    `json:"best,omitempty"`
	Worst        int    `json:"worst,omitempty"`
	Content      string `json:"content,omitempty"`
}

// Tag is a catalog item a Note is about, as NeoDB tags one (type Movie or TVShow).
type Tag struct {
	Type string `json:"type"`
	Href string `json:"href"`
	Name string `json:"name"`
}

// Create is the activity that published a Note.
type Create struct {
	Context   string   `json:"@context,omitempty"`
	ID        string   `json:"id"`
	Type      string   `json:"type"`
	Actor     string   `json:"actor"`
	Published string   `json:"published"`
	To        []string `json:"to"`
	Cc        []string `json:"cc"`
	Object    Note     `json:"object"`
}

// outbox answers GET /ap/users/{handle}/outbox: the member's public reviews and ratings
// (exactly what their public profile shows: never hidden posts) as Create activities,
// newest first; ?page=N gives page N, without it the collection names its first page.
func outbox(e *core.RequestEvent) error {
	c, member, err := memberFor(e)
	if err != nil || !wantsActivity(e.Request) {
		return toProfile(e, member, err)
	}
	id := c.actorURL(member.GetString("handle")) + "/outbox"
	if !e.Request.URL.Query().Has("page") {
		total, err := public.CountReviews(e.App, member)
		if err != nil {
			return err
		}
		return writeActivity(e, Collection{Context: asContext, ID: id, Type: "OrderedCollection", TotalItems: &total, First: id + "?page=1"})
	}
	page, err := security.ReadPage(e, security.PageRules{DefaultLimit: outboxPageSize, MaxLimit: outboxPageSize})
	if err != nil {
		return err
	}
	reviews, err := public.VisibleReviews(e.App, member, page.Offset(), page.Limit+1)
	if err != nil {
		return err
	}
	out := Collection{Context: asContext, ID: id + "?page=" + strconv.Itoa(page.Page), Type: "OrderedCollectionPage", PartOf: id, OrderedItems: []any{}}
	if len(reviews) > page.Limit {
		reviews = reviews[:page.Limit]
		out.Next = id + "?page=" + strconv.Itoa(page.Page+1)
	}
	if page.Page > 1 {
		out.Prev = id + "?page=" + strconv.Itoa(page.Page-1)
	}
	for _, rv := range reviews {
		out.OrderedItems = append(out.OrderedItems, createOf(c, member, rv))
	}
	return writeActivity(e, out)
}

// note answers GET /ap/users/{handle}/posts/{id}: one public review as a Note (so remote
// servers can fetch what a Create named), or for browsers its public page.
func note(e *core.RequestEvent) error {
	c, member, err := memberFor(e)
	if err != nil {
		return err
	}
	_, rv, err := public.FindReview(e.App, member, e.Request.PathValue("id"))
	if err != nil {
		return hidden(e, errHidden) // public's hidden and ours answer the same 404
	}
	if !wantsActivity(e.Request) {
		return e.Redirect(http.StatusFound, reviewPath(member, rv))
	}
	n := noteOf(c, member, rv)
	n.Context = asContext
	return writeActivity(e, n)
}

func reviewPath(member *core.Record, rv public.Review) string {
	return "/u/" + url.PathEscape(member.GetString("handle")) + "/review/" + url.PathEscape(rv.ID)
}

// createOf wraps a review's Note in the Create that published it.
func createOf(c Config, member *core.Record, rv public.Review) Create {
	n := noteOf(c, member, rv)
	return Create{ID: n.ID + "/activity", Type: "Create", Actor: n.AttributedTo, Published: n.Published, To: n.To, Cc: n.Cc, Object: n}
}

// noteOf renders a review as a Note Mastodon shows well: the title linked to the public
// review page, stars and the rating, the review's text, and the poster as an attachment.
// It is public (to: Public, cc: the member's followers) because only what visitors may
// read reaches it.
func noteOf(c Config, member *core.Record, rv public.Review) Note {
	actorID := c.actorURL(member.GetString("handle"))
	page := c.Base + reviewPath(member, rv)
	title := rv.Title
	if rv.Year > 0 {
		title += " (" + strconv.Itoa(rv.Year) + ")"
	}
	var b strings.Builder
	if rv.Rating > 0 {
		fmt.Fprintf(&b, `<p>Rated <a href="%s">%s</a> %s %s/10</p>`, html.EscapeString(page), html.EscapeString(title), Stars(rv.Rating), strconv.FormatFloat(rv.Rating, 'f', -1, 64))
	} else {
		fmt.Fprintf(&b, `<p>Reviewed <a href="%s">%s</a></p>`, html.EscapeString(page), html.EscapeString(title))
	}
	b.WriteString(textHTML(rv.Review))
	n := Note{
		ID: actorID + "/posts/" + url.PathEscape(rv.ID), Type: "Note", AttributedTo: actorID,
		Content: b.String(), URL: page, Published: rv.CreatedAt,
		To: []string{publicAud}, Cc: []string{actorID + "/followers"}, Attachment: []Image{},
	}
	if strings.HasPrefix(rv.PosterPath, "/") && !strings.Contains(rv.PosterPath, "..") {
		n.Attachment = append(n.Attachment, Image{Type: "Image", MediaType: "image/jpeg", URL: c.Base + "/img/w500" + rv.PosterPath, Name: "Poster of " + title})
	}
	n.RelatedWith, n.Tag = neodbOf(c, n, rv, title)
	return n
}

// neodbOf is a review in NeoDB's vocabulary: the title's URL (TMDB's for a TMDB id, which
// a CineCircle matches exactly; else our title page, matched by the tag's "Title (year)"),
// its Status, its Rating rounded to NeoDB's whole grades of 1–10, and its text.
func neodbOf(c Config, n Note, rv public.Review, title string) ([]Related, []Tag) {
	kind, item := "Movie", ""
	if rv.Kind == string(catalog.TV) {
		kind = "TVShow"
	}
	if rv.TitleID > 0 && rv.TitleID < catalog.LocalIDFloor {
		item = "https://www.themoviedb.org/" + rv.Kind + "/" + strconv.Itoa(rv.TitleID)
	} else {
		item = c.Base + "/" + rv.Kind + "/" + strconv.Itoa(rv.TitleID)
	}
	related := func(kind, part string) Related {
		return Related{ID: n.ID + "#" + part, Type: kind, WithRegardTo: item, AttributedTo: n.AttributedTo, Href: n.URL, Published: n.Published}
	}
	out := []Related{related("Status", "status")}
	out[0].Status = "complete"
	if rv.Rating > 0 {
		r := related("Rating", "rating")
		r.Value, r.Best, r.Worst = min(max(int(math.Round(rv.Rating)), 1), 10), 10, 1
		out = append(out, r)
	}
	if text := strings.TrimSpace(rv.Review); text != "" {
		r := related("Comment", "comment")
		r.Content = text
		out = append(out, r)
	}
	return out, []Tag{{Type: kind, Href: item, Name: title}}
}

// Stars draws a 0–10 rating as up to five stars, a point a half star (8.5 is "★★★★½").
func Stars(rating float64) string {
	halves := int(rating + 0.5) // a half star per point, rounded
	if halves > 10 {
		halves = 10
	} else if halves < 0 {
		halves = 0
	}
	return strings.Repeat("★", halves/2) + strings.Repeat("½", halves%2)
}

// followers answers GET /ap/users/{handle}/followers: how many remote followers the
// member has (the list itself is not shown, as Mastodon lets members choose).
func followers(e *core.RequestEvent) error {
	return memberCollection(e, "followers", countFollowers, nil)
}

// following answers GET /ap/users/{handle}/following: the remote actors the member follows.
func following(e *core.RequestEvent) error {
	return memberCollection(e, "following", countFollowing, followingItems)
}

// memberCollection answers one of a member's collections: its size, and its items when
// items is not nil.
func memberCollection(e *core.RequestEvent, name string, count func(core.App, *core.Record) (int, error), items func(core.App, *core.Record) ([]any, error)) error {
	c, member, err := memberFor(e)
	if err != nil || !wantsActivity(e.Request) {
		return toProfile(e, member, err)
	}
	total, err := count(e.App, member)
	if err != nil {
		return err
	}
	out := Collection{Context: asContext, ID: c.actorURL(member.GetString("handle")) + "/" + name, Type: "OrderedCollection", TotalItems: &total}
	if items != nil {
		if out.OrderedItems, err = items(e.App, member); err != nil {
			return err
		}
	}
	return writeActivity(e, out)
}
