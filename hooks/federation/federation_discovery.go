package federation

import (
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// maxResource bounds WebFinger's resource parameter: an acct: URI or one of our URLs.
const maxResource = 300

// JRD is a WebFinger answer (RFC 7033 §4.4).
type JRD struct {
	Subject string    `json:"subject"`
	Aliases []string  `json:"aliases"`
	Links   []JRDLink `json:"links"`
}

// JRDLink is one link of a JRD.
type JRDLink struct {
	Rel  string `json:"rel"`
	Type string `json:"type,omitempty"`
	Href string `json:"href"`
}

// webfinger answers GET /.well-known/webfinger?resource=acct:handle@host (RFC 7033): for
// a federated member of ours, the JRD naming their actor and profile page. It also takes
// the actor's or profile's URL as the resource, as Mastodon sends when it resolves a link.
func webfinger(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	handle, err := handleOfResource(c, e.Request.URL.Query().Get("resource"))
	if err != nil {
		return e.BadRequestError("Ask for a member as resource=acct:handle@"+c.Host+".", validation.Errors{"resource": err})
	}
	if handle == "" {
		return hidden(e, errHidden) // someone else's host
	}
	member, err := findFederated(e.App, c, handle)
	if err != nil {
		return hidden(e, err)
	}
	h := member.GetString("handle")
	actorURL, profileURL := c.actorURL(h), c.Base+"/u/"+h
	e.Response.Header().Set("Access-Control-Allow-Origin", "*") // RFC 7033 §5: browsers may ask too
	e.Response.Header().Set("Content-Type", "application/jrd+json; charset=utf-8")
	e.Response.Header().Set("Cache-Control", "max-age=300")
	return e.JSON(http.StatusOK, JRD{
		Subject: "acct:" + h + "@" + c.Host,
		Aliases: []string{actorURL, profileURL},
		Links: []JRDLink{
			{Rel: "self", Type: "application/activity+json", Href: actorURL},
			{Rel: "http://webfinger.net/rel/profile-page", Type: "text/html", Href: profileURL},
		},
	})
}

// handleOfResource reads the handle out of a WebFinger resource: acct:handle@host (the
// "acct:" and a leading "@" optional) or our actor or profile URL. A well-formed resource
// on another host is "" (404: not ours); a malformed one is an error naming what to send.
func handleOfResource(c Config, resource string) (string, error) {
	resource = strings.TrimSpace(resource)
	bad := validation.NewError("validation_invalid_resource", "The resource must be acct:handle@host or a member's address.")
	if resource == "" {
		return "", validation.NewError("validation_required", "The resource is required: acct:handle@"+c.Host+".")
	}
	if len(resource) > maxResource {
		return "", bad
	}
	if strings.HasPrefix(resource, "https://") || strings.HasPrefix(resource, "http://") {
		u, err := url.Parse(resource)
		if err != nil {
			return "", bad
		}
		if base, _ := origin(u.Scheme + "://" + u.Host); base != c.Base {
			return "", nil
		}
		for _, prefix := range []string{"/ap/users/", "/u/"} {
			if h, ok := strings.CutPrefix(u.Path, prefix); ok && !strings.Contains(h, "/") && h != "" {
				return h, nil
			}
		}
		return "", nil
	}
	acct := strings.TrimPrefix(strings.TrimPrefix(resource, "acct:"), "@")
	handle, host, ok := strings.Cut(acct, "@")
	if !ok || handle == "" || host == "" || strings.ContainsAny(acct[len(handle)+1:], "@/?#") {
		return "", bad
	}
	if !strings.EqualFold(host, c.Host) {
		return "", nil
	}
	return handle, nil
}

// hostMeta answers GET /.well-known/host-meta: the XRD (RFC 6415) pointing at WebFinger,
// which older fediverse software asks first.
func hostMeta(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	type link struct {
		Rel      string `xml:"rel,attr"`
		Type     string `xml:"type,attr"`
		Template string `xml:"template,attr"`
	}
	doc := struct {
		XMLName xml.Name `xml:"http://docs.oasis-open.org/ns/xri/xrd-1.0 XRD"`
		Link    link     `xml:"Link"`
	}{Link: link{Rel: "lrdd", Type: "application/jrd+json", Template: c.Base + "/.well-known/webfinger?resource={uri}"}}
	out, err := xml.Marshal(doc)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Access-Control-Allow-Origin", "*")
	e.Response.Header().Set("Cache-Control", "max-age=3600")
	return e.Blob(http.StatusOK, "application/xrd+xml; charset=utf-8", append([]byte(xml.Header), out...))
}

// nodeinfoLinks answers GET /.well-known/nodeinfo: where the NodeInfo document is.
func nodeinfoLinks(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	e.Response.Header().Set("Access-Control-Allow-Origin", "*")
	return e.JSON(http.StatusOK, map[string]any{"links": []JRDLink{
		{Rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", Href: c.Base + "/nodeinfo/2.1"},
	}})
}

// NodeInfo is the NodeInfo 2.1 document (nodeinfo.diaspora.software/schema).
type NodeInfo struct {
	Version           string         `json:"version"`
	Software          NodeSoftware   `json:"software"`
	Protocols         []string       `json:"protocols"`
	Services          NodeServices   `json:"services"`
	OpenRegistrations bool           `json:"openRegistrations"`
	Usage             NodeUsage      `json:"usage"`
	Metadata          map[string]any `json:"metadata"`
}

// NodeSoftware names the server software.
type NodeSoftware struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Homepage string `json:"homepage,omitempty"`
}

// NodeServices lists third-party services (none).
type NodeServices struct {
	Inbound  []string `json:"inbound"`
	Outbound []string `json:"outbound"`
}

// NodeUsage counts federated members only: members who stay local are not counted.
type NodeUsage struct {
	Users      NodeUsers `json:"users"`
	LocalPosts int       `json:"localPosts"`
}

// NodeUsers is NodeUsage's member counts.
type NodeUsers struct {
	Total          int `json:"total"`
	ActiveMonth    int `json:"activeMonth"`
	ActiveHalfyear int `json:"activeHalfyear"`
}

// nodeinfo answers GET /nodeinfo/2.1.
func nodeinfo(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	usage, err := federatedUsage(e.App, time.Now())
	if err != nil {
		return err
	}
	e.Response.Header().Set("Access-Control-Allow-Origin", "*")
	e.Response.Header().Set("Cache-Control", "max-age=1800")
	e.Response.Header().Set("Content-Type", `application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#"`)
	return e.JSON(http.StatusOK, NodeInfo{
		Version:   "2.1",
		Software:  NodeSoftware{Name: "cinecircle", Version: "1.0.0"},
		Protocols: []string{"activitypub"},
		Services:  NodeServices{Inbound: []string{}, Outbound: []string{}},
		Usage:     usage,
		Metadata:  map[string]any{"nodeName": "CineCircle"},
	})
}

// Status is what GET /api/federation/status tells a member's settings page.
type Status struct {
	Enabled bool   `json:"enabled"`
	Host    string `json:"host"` // the host in members' fediverse addresses, when enabled
}

// status answers GET /api/federation/status: whether members can opt in here, and the
// host their address would name.
func status(e *core.RequestEvent) error {
	c := configOf(e.App)
	s := Status{Enabled: c.On}
	if c.On {
		s.Host = c.Host
	}
	return e.JSON(http.StatusOK, s)
}
