package public

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"cinecircle/hooks/auth"

	"github.com/gorilla/feeds"
	"github.com/pocketbase/pocketbase/core"
)

// rssHandler answers /u/{handle}/rss: a public member's newest 50 reviews and ratings as
// RSS 2.0 (gorilla/feeds writes it), like Letterboxd's feed. A member who is not public
// has no feed (404, the same as a missing one).
func rssHandler(e *core.RequestEvent) error {
	member, redirected, err := findFor(e, e.Request.PathValue("handle"))
	if errors.Is(err, errHidden) {
		return e.NotFoundError("Nothing to see here.", nil)
	} else if err != nil {
		return err
	}
	h := member.GetString("handle")
	if redirected {
		return e.Redirect(http.StatusMovedPermanently, "/u/"+h+"/rss")
	}
	reviews, err := visibleReviews(e.App, member, 50)
	if err != nil {
		return err
	}
	base := siteURL(e)
	name := auth.DisplayName(member)
	feed := &feeds.Feed{
		Title:       name + " on CineCircle",
		Link:        &feeds.Link{Href: base + "/u/" + h},
		Description: fmt.Sprintf("%s's reviews and ratings.", name),
		Created:     time.Now().UTC(),
	}
	for _, rv := range reviews {
		created, _ := time.Parse(time.RFC3339, rv.CreatedAt)
		title := rv.Title
		if rv.Year > 0 {
			title += fmt.Sprintf(" (%d)", rv.Year)
		}
		if rv.Rating > 0 {
			title += fmt.Sprintf(" – %.1f/10", rv.Rating)
		}
		link := base + "/u/" + h + "/review/" + rv.ID
		feed.Items = append(feed.Items, &feeds.Item{
			Id: link, Title: title, Link: &feeds.Link{Href: link}, Created: created,
			Description: rv.Review, Author: &feeds.Author{Name: name},
		})
	}
	if len(reviews) > 0 {
		feed.Updated, _ = time.Parse(time.RFC3339, reviews[0].CreatedAt)
	}
	out, err := feed.ToRss()
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "public, max-age=300")
	return e.Blob(http.StatusOK, "application/rss+xml; charset=utf-8", []byte(out))
}
