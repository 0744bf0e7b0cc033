package public

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/core"
)

// pages fills the SPA's index.html with a page's head. The file is read once per
// request from the embedded build (a few KB), so a rebuilt UI needs no restart in dev.
type pages struct{ ui fs.FS }

func newPages(ui fs.FS) *pages { return &pages{ui: ui} }

// Head is what a visitor page's <head> says about it.
type Head struct {
	Title, Description, Path, Image string
	Index                           bool // false: noindex (a hidden or missing page)
	Type                            string
}

// siteURL is the site's public address: the dashboard's Application URL when set,
// else the request's own host.
func siteURL(e *core.RequestEvent) string {
	if u := strings.TrimRight(e.App.Settings().Meta.AppURL, "/"); u != "" && !strings.Contains(u, "localhost:8090") {
		return u
	}
	scheme := "http"
	if e.Request.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + e.Request.Host
}

// render writes index.html with head's tags in place of the default title and description.
func (p *pages) render(e *core.RequestEvent, status int, h Head) error {
	index, err := fs.ReadFile(p.ui, "index.html")
	if err != nil {
		return e.String(http.StatusServiceUnavailable, "The UI is not built into this binary: run `make build`.\n")
	}
	base := siteURL(e)
	var tags strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&tags, "<title>%s</title>\n", esc(h.Title))
	fmt.Fprintf(&tags, `    <meta name="description" content="%s" />`+"\n", esc(h.Description))
	if !h.Index {
		tags.WriteString(`    <meta name="robots" content="noindex, nofollow" />` + "\n")
	} else {
		fmt.Fprintf(&tags, `    <link rel="canonical" href="%s" />`+"\n", esc(base+h.Path))
		for _, kv := range [][2]string{
			{"og:site_name", "CineCircle"}, {"og:type", h.Type}, {"og:title", h.Title},
			{"og:description", h.Description}, {"og:url", base + h.Path}, {"og:image", base + h.Image},
			{"og:image:width", "1200"}, {"og:image:height", "630"},
		} {
			fmt.Fprintf(&tags, `    <meta property="%s" content="%s" />`+"\n", kv[0], esc(kv[1]))
		}
		for _, kv := range [][2]string{
			{"twitter:card", "summary_large_image"}, {"twitter:title", h.Title},
			{"twitter:description", h.Description}, {"twitter:image", base + h.Image},
		} {
			fmt.Fprintf(&tags, `    <meta name="%s" content="%s" />`+"\n", kv[0], esc(kv[1]))
		}
	}
	out := replaceHead(index, tags.String())
	e.Response.Header().Set("Content-Type", "text/html; charset=utf-8")
	e.Response.Header().Set("Cache-Control", "no-cache")
	if !h.Index {
		e.Response.Header().Set("X-Robots-Tag", "noindex, nofollow")
	}
	e.Response.WriteHeader(status)
	_, err = e.Response.Write(out)
	return err
}

// replaceHead drops index.html's own <title> and description and puts tags before
// </head>.
func replaceHead(index []byte, tags string) []byte {
	s := string(index)
	if i, j := strings.Index(s, "<title>"), strings.Index(s, "</title>"); i >= 0 && j > i {
		s = s[:i] + s[j+len("</title>"):]
	}
	if i := strings.Index(s, `<meta name="description"`); i >= 0 {
		if j := strings.Index(s[i:], "/>"); j >= 0 {
			s = s[:i] + s[i+j+2:]
		}
	}
	var b bytes.Buffer
	if i := strings.Index(s, "</head>"); i >= 0 {
		b.WriteString(s[:i])
		b.WriteString("  " + tags)
		b.WriteString(s[i:])
		return b.Bytes()
	}
	return []byte(s)
}

// hidden is the page every hidden or missing member or post gets: the SPA (which shows
// its not-found state), nothing of the member, noindex.
func (p *pages) hidden(e *core.RequestEvent) error {
	return p.render(e, http.StatusNotFound, Head{Title: "CineCircle", Description: "A social movie and TV diary for you and your friends."})
}

// member resolves {handle} for a page; an old handle redirects to the same page under
// the current one.
func (p *pages) member(e *core.RequestEvent) (*core.Record, bool, error) {
	handle := e.Request.PathValue("handle")
	member, redirected, err := findFor(e, handle)
	if errors.Is(err, errHidden) {
		return nil, true, p.hidden(e)
	} else if err != nil {
		return nil, true, err
	}
	if redirected {
		to := "/u/" + member.GetString("handle") + strings.TrimPrefix(e.Request.URL.Path, "/u/"+handle)
		return nil, true, e.Redirect(http.StatusMovedPermanently, to)
	}
	return member, false, nil
}

// profile serves /u/{handle}.
func (p *pages) profile(e *core.RequestEvent) error {
	member, done, err := p.member(e)
	if done {
		return err
	}
	name := auth.DisplayName(member)
	h := member.GetString("handle")
	desc := fmt.Sprintf("%s's film diary, reviews and ratings on CineCircle.", name)
	if bio := member.GetString("bio"); bio != "" {
		desc = excerpt(bio, 200)
	}
	return p.render(e, http.StatusOK, Head{Title: name + " (@" + h + ") · CineCircle", Description: desc,
		Path: "/u/" + h, Image: "/og/u/" + h + ".png", Index: true, Type: "profile"})
}

// review serves /u/{handle}/review/{activityId}.
func (p *pages) review(e *core.RequestEvent) error {
	member, done, err := p.member(e)
	if done {
		return err
	}
	_, rv, err := findReview(e.App, member, e.Request.PathValue("activityId"))
	if errors.Is(err, errHidden) {
		return p.hidden(e)
	} else if err != nil {
		return err
	}
	h := member.GetString("handle")
	title := fmt.Sprintf("%s's review of %s", auth.DisplayName(member), rv.Title)
	if rv.Year > 0 {
		title += fmt.Sprintf(" (%d)", rv.Year)
	}
	desc := ratingText(rv.Rating)
	if rv.Review != "" {
		desc = strings.TrimSpace(desc + " " + excerpt(rv.Review, 200))
	}
	return p.render(e, http.StatusOK, Head{Title: title, Description: desc, Path: "/u/" + h + "/review/" + rv.ID,
		Image: "/og/review/" + rv.ID + ".png", Index: true, Type: "article"})
}

// year serves /u/{handle}/year/{yyyy}.
func (p *pages) year(e *core.RequestEvent) error {
	member, done, err := p.member(e)
	if done {
		return err
	}
	r, err := publicYear(e.App, member, e.Request.PathValue("yyyy"))
	if errors.Is(err, errHidden) {
		return p.hidden(e)
	} else if err != nil {
		return err
	}
	h := member.GetString("handle")
	return p.render(e, http.StatusOK, Head{
		Title:       fmt.Sprintf("%s's %d in Review · CineCircle", auth.DisplayName(member), r.Year),
		Description: fmt.Sprintf("%d films, %d episodes, %.0f hours and %d reviews in %d.", r.Films, r.Episodes, r.Hours, r.Reviews, r.Year),
		Path:        fmt.Sprintf("/u/%s/year/%d", h, r.Year), Image: fmt.Sprintf("/og/u/%s/year/%d.png", h, r.Year),
		Index: true, Type: "article"})
}

// ratingText is "Rated 8.5/10." or "" when unrated.
func ratingText(r float64) string {
	if r <= 0 {
		return ""
	}
	return fmt.Sprintf("Rated %.1f/10.", r)
}

// excerpt cuts s to at most n characters at a word boundary, with an ellipsis.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// robotsHandler answers /robots.txt: public pages may be indexed; members-only pages,
// the API and previews may not (hidden members' pages also say noindex themselves).
func robotsHandler(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "public, max-age=3600")
	return e.String(http.StatusOK, "User-agent: *\nAllow: /u/\nAllow: /og/\nAllow: /$\nDisallow: /\n")
}
