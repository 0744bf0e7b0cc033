package federation

import (
	"encoding/json"
	"html"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/core"
)

// ActivityStreams' namespace and the public audience.
const (
	asContext    = "https://www.w3.org/ns/activitystreams"
	secContext   = "https://w3id.org/security/v1"
	publicAud    = "https://www.w3.org/ns/activitystreams#Public"
	activityJSON = "application/activity+json"
)

func (c Config) actorURL(handle string) string { return c.Base + "/ap/users/" + url.PathEscape(handle) }

// wantsActivity reports whether the request asks for ActivityPub JSON
// (application/activity+json, or application/ld+json with or without the
// ActivityStreams profile) rather than a page.
func wantsActivity(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err == nil && (mt == activityJSON || mt == "application/ld+json") {
			return true
		}
	}
	return false
}

// writeActivity answers doc as ActivityPub JSON. Answers depend on Accept (a browser
// gets a page at the same address), so caches keep them apart.
func writeActivity(e *core.RequestEvent, doc any) error {
	out, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Vary", "Accept")
	e.Response.Header().Set("Cache-Control", "max-age=60")
	return e.Blob(http.StatusOK, activityJSON+"; charset=utf-8", out)
}

// memberFor finds the federated member the route's {handle} names; anything else is the
// 404 an unknown handle gets.
func memberFor(e *core.RequestEvent) (Config, *core.Record, error) {
	c := configOf(e.App)
	member, err := findFederated(e.App, c, e.Request.PathValue("handle"))
	if err != nil {
		return c, nil, hidden(e, err)
	}
	return c, member, nil
}

// toProfile answers err when there is one, else sends a browser to member's public
// profile page: the page at an actor's address.
func toProfile(e *core.RequestEvent, member *core.Record, err error) error {
	if err != nil {
		return err
	}
	return e.Redirect(http.StatusFound, "/u/"+url.PathEscape(member.GetString("handle")))
}

// Person is a federated member's actor document.
type Person struct {
	Context                   []any     `json:"@context"`
	ID                        string    `json:"id"`
	Type                      string    `json:"type"`
	PreferredUsername         string    `json:"preferredUsername"`
	Name                      string    `json:"name"`
	Summary                   string    `json:"summary"`
	URL                       string    `json:"url"`
	Inbox                     string    `json:"inbox"`
	Outbox                    string    `json:"outbox"`
	Followers                 string    `json:"followers"`
	Following                 string    `json:"following"`
	Endpoints                 Endpoints `json:"endpoints"`
	ManuallyApprovesFollowers bool      `json:"manuallyApprovesFollowers"`
	Discoverable              bool      `json:"discoverable"`
	Published                 string    `json:"published"`
	Icon                      *Image    `json:"icon,omitempty"`
	PublicKey                 PublicKey `json:"publicKey"`
}

// Endpoints names the shared inbox.
type Endpoints struct {
	SharedInbox string `json:"sharedInbox"`
}

// Image is an icon or attachment.
type Image struct {
	Type      string `json:"type"`
	MediaType string `json:"mediaType,omitempty"`
	URL       string `json:"url"`
	Name      string `json:"name,omitempty"`
}

// PublicKey is the key remote servers verify the member's signatures with.
type PublicKey struct {
	ID           string `json:"id"`
	Owner        string `json:"owner"`
	PublicKeyPem string `json:"publicKeyPem"`
}

// actor answers GET /ap/users/{handle}: the Person for ActivityPub clients, and for
// browsers a redirect to the member's public profile page.
func actor(e *core.RequestEvent) error {
	c, member, err := memberFor(e)
	if err != nil || !wantsActivity(e.Request) {
		return toProfile(e, member, err)
	}
	key, err := ensureKey(e.App, member)
	if err != nil {
		return err
	}
	return writeActivity(e, personOf(c, member, key.GetString("publicKeyPem")))
}

// personOf builds member's actor: their display name (never their email), bio, photo and
// public profile address.
func personOf(c Config, member *core.Record, publicKeyPem string) Person {
	h := member.GetString("handle")
	id := c.actorURL(h)
	p := Person{
		Context:                   []any{asContext, secContext},
		ID:                        id,
		Type:                      "Person",
		PreferredUsername:         h,
		Name:                      publicName(member),
		Summary:                   textHTML(member.GetString("bio")),
		URL:                       c.Base + "/u/" + url.PathEscape(h),
		Inbox:                     id + "/inbox",
		Outbox:                    id + "/outbox",
		Followers:                 id + "/followers",
		Following:                 id + "/following",
		Endpoints:                 Endpoints{SharedInbox: c.Base + "/ap/inbox"},
		Discoverable:              true,
		ManuallyApprovesFollowers: member.GetBool("approveFollowers"),
		Published:                 member.GetDateTime("created").Time().UTC().Format(time.RFC3339),
		PublicKey:                 PublicKey{ID: id + "#main-key", Owner: id, PublicKeyPem: publicKeyPem},
	}
	if photo := auth.ProfileImageURL(member); photo != "" {
		if strings.HasPrefix(photo, "/") {
			photo = c.Base + photo
		}
		p.Icon = &Image{Type: "Image", URL: photo}
	}
	return p
}

// publicName is the member's display name, or their handle: never the part of their email
// address auth.DisplayName falls back to.
func publicName(member *core.Record) string {
	if nick := strings.TrimSpace(member.GetString("nickname")); nick != "" && member.GetString("displayPreference") == "nickname" {
		return nick
	}
	if full := strings.TrimSpace(member.GetString("firstName") + " " + member.GetString("lastName")); full != "" {
		return full
	}
	return member.GetString("handle")
}

// textHTML turns plain text into the HTML ActivityPub carries: escaped, a paragraph per
// blank-line-separated block, line breaks kept.
func textHTML(text string) string {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, para := range strings.Split(text, "\n\n") {
		if para = strings.TrimSpace(para); para != "" {
			b.WriteString("<p>" + strings.ReplaceAll(html.EscapeString(para), "\n", "<br>") + "</p>")
		}
	}
	return b.String()
}
