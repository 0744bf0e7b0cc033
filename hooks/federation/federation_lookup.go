package federation

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/security"
	"cinecircle/hooks/social"

	"github.com/microcosm-cc/bluemonday"
	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Lookup is what GET /api/federation/lookup answers about an address: the remote actor
// (its avatar through our proxy, its bio sanitized), or the member of ours it names, with
// whether the signed-in member follows it.
type Lookup struct {
	Acct      string `json:"acct"` // name@host, without the leading @
	ID        string `json:"id"`   // the actor's URL
	Name      string `json:"name"`
	Username  string `json:"username"`
	Summary   string `json:"summary"` // sanitized HTML
	Avatar    string `json:"avatar"`  // /ap/avatars/{id}, or a member's photo; "" draws initials
	URL       string `json:"url"`     // the profile page
	Host      string `json:"host"`
	Following string `json:"following"`        // none, requested or accepted
	Local     bool   `json:"local"`            // a member of this community
	UserID    string `json:"userId,omitempty"` // the member, when Local
}

// The states of a follow, as Lookup and the follow routes name them.
const (
	followNone      = "none"
	followRequested = "requested"
	followAccepted  = "accepted"
)

// maxAcct bounds an address: a username and a host name with a port.
const maxAcct = 320

var acctName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.\-]{0,99}$`)

// summaryPolicy is the allow-list a remote bio passes: paragraphs, line breaks and links
// (nofollow, opened elsewhere); no images, scripts, styles or attributes but href.
var summaryPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "span")
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("https", "http")
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// parseAcct reads name@host (a leading "@" or "acct:" allowed) into its parts, the host
// lowercased; a malformed address is a validation error to name the acct field with.
func parseAcct(raw string) (name, host string, err error) {
	bad := validation.NewError("validation_invalid_acct", "Enter a fediverse address like @name@server.example.")
	acct := strings.TrimSpace(raw)
	if acct == "" {
		return "", "", validation.NewError("validation_required", "Enter a fediverse address like @name@server.example.")
	}
	if len(acct) > maxAcct {
		return "", "", bad
	}
	acct = strings.TrimPrefix(strings.TrimPrefix(acct, "acct:"), "@")
	name, host, ok := strings.Cut(acct, "@")
	if !ok || !acctName.MatchString(name) || host == "" || strings.ContainsAny(host, "@/?#\\ %") {
		return "", "", bad
	}
	u, err := url.Parse("https://" + host)
	if err != nil || u.Host != host || u.Hostname() == "" || u.User != nil {
		return "", "", bad
	}
	return name, strings.ToLower(host), nil
}

// Errors resolving an address, each answered as its own status.
var (
	errActorNotFound = errors.New("no such account")
	errHostBlocked   = errors.New("blocked by the moderators")
)

// unreachable is a remote server that failed (down, slow, or answering nonsense).
type unreachable struct{ err error }

func (u unreachable) Error() string { return u.err.Error() }
func (u unreachable) Unwrap() error { return u.err }

// lookup answers GET /api/federation/lookup?acct=name@host.
func lookup(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return e.ForbiddenError("Federation is turned off in this community.", nil)
	}
	raw := e.Request.URL.Query().Get("acct")
	name, host, err := parseAcct(raw)
	if err != nil {
		return e.BadRequestError("Enter a fediverse address like @name@server.example.", validation.Errors{"acct": err})
	}
	acct := name + "@" + host
	if host == c.Host {
		return localLookup(e, acct, name)
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 20*time.Second)
	defer cancel()
	a, err := resolveAcct(ctx, e.App, name, host)
	if err != nil {
		return lookupError(e, acct, err)
	}
	out, err := lookupOf(e.App, e.Auth.Id, acct, a)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// lookupError answers a failed resolution with the status it deserves.
func lookupError(e *core.RequestEvent, acct string, err error) error {
	field := func(code, msg string) validation.Errors {
		return validation.Errors{"acct": validation.NewError(code, msg)}
	}
	var far unreachable
	switch {
	case errors.Is(err, errActorNotFound):
		msg := "Couldn't find @" + acct + "."
		return e.NotFoundError(msg, field("validation_not_found", msg))
	case errors.Is(err, errHostBlocked):
		msg := "The moderators have blocked that server or account."
		return e.ForbiddenError(msg, field("validation_blocked", msg))
	case errors.Is(err, security.ErrRefusedAddress):
		msg := "That server's address is not allowed."
		return e.BadRequestError(msg, field("validation_refused_host", msg))
	case errors.As(err, &far):
		e.App.Logger().Info("federation: a lookup failed", "acct", acct, "error", err)
		_, host, _ := strings.Cut(acct, "@")
		return e.Error(http.StatusBadGateway, "Couldn't reach "+host+". Try again later.", nil)
	}
	return err
}

// localLookup answers an address on our own host: the member it names, from the
// database (no network), unless they do not exist for the asker.
func localLookup(e *core.RequestEvent, acct, handle string) error {
	member, err := localMember(e.App, e.Auth.Id, handle)
	if err != nil {
		return lookupError(e, acct, err)
	}
	c := configOf(e.App)
	h := member.GetString("handle")
	out := Lookup{Acct: h + "@" + c.Host, ID: c.actorURL(h), Name: publicName(member), Username: h,
		Avatar: auth.ProfileImageURL(member), URL: "/u/" + url.PathEscape(h), Host: c.Host,
		Following: followNone, Local: true, UserID: member.Id}
	if social.IsFollowing(e.App, e.Auth.Id, member.Id) {
		out.Following = followAccepted
	}
	return e.JSON(http.StatusOK, out)
}

// localMember finds the member of ours handle names, as me may see them: a suspended
// member, one blocked either way, or no such handle is errActorNotFound.
func localMember(app core.App, me, handle string) (*core.Record, error) {
	member, _, err := auth.FindByHandle(app, handle)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errActorNotFound
	} else if err != nil {
		return nil, err
	}
	suspended, err := moderation.IsSuspended(app, member.Id)
	if err != nil {
		return nil, err
	}
	blocked, err := moderation.Blocked(app, me, member.Id)
	if err != nil {
		return nil, err
	} else if suspended || blocked {
		return nil, errActorNotFound
	}
	return member, nil
}

// resolveAcct finds name@host's actor: WebFinger on host for its self link, then the
// actor document itself (signed fetch), both through the SSRF-safe client, neither from a
// blocked server or of a blocked actor. The actor is cached (its avatar is then served by
// /ap/avatars) when it names a key of its own. Failures are errActorNotFound, errHostBlocked, a refused address
// (security.ErrRefusedAddress) or unreachable.
func resolveAcct(ctx context.Context, app core.App, name, host string) (RemoteActor, error) {
	if err := refuseBlocked(app, host, ""); err != nil {
		return RemoteActor{}, err
	}
	self, err := webfingerSelf(ctx, host, name)
	if err != nil {
		return RemoteActor{}, err
	}
	if err := refuseBlocked(app, hostOf(self), self); err != nil {
		return RemoteActor{}, err
	}
	doc, err := getJSON(ctx, app, self)
	if err != nil {
		return RemoteActor{}, remoteFailure(err)
	}
	if doc.ID == "" || hostOf(doc.ID) != hostOf(self) || doc.Inbox == "" {
		return RemoteActor{}, errActorNotFound
	}
	if doc.ID != self {
		if err := refuseBlocked(app, hostOf(doc.ID), doc.ID); err != nil {
			return RemoteActor{}, err
		}
	}
	a := RemoteActor{ID: doc.ID, Inbox: doc.Inbox, SharedInbox: doc.Endpoints.SharedInbox,
		Host: hostOf(doc.ID), Name: plainName(doc.Name, 200), Username: plainName(doc.PreferredUsername, 200),
		Icon: httpsURL(linkOf(doc.Icon)), URL: httpsURL(linkOf(doc.URL))}
	// The key is cached as the actor's only when it is the actor's own (its host, its
	// owner): a document naming another server's key id must not replace that key.
	if key, ok := firstKey(doc); ok && hostOf(key.ID) == a.Host && (key.Owner == "" || key.Owner == doc.ID) {
		if _, err := parsePublicKey(key.PublicKeyPem); err == nil {
			a.KeyID, a.PublicKeyPem = key.ID, key.PublicKeyPem
		}
	}
	if a.Username == "" {
		a.Username = name
	}
	a.summary = summaryPolicy.Sanitize(doc.Summary)
	if a.PublicKeyPem == "" {
		return a, nil // no key of its own to cache it by (and so no avatar through us)
	}
	return a, cacheActor(app, a)
}

// firstKey is the actor's (first) public key.
func firstKey(doc actorDoc) (keyDoc, bool) {
	var one keyDoc
	if json.Unmarshal(doc.PublicKey, &one) == nil && one.ID != "" {
		return one, one.PublicKeyPem != ""
	}
	var keys []keyDoc
	if json.Unmarshal(doc.PublicKey, &keys) == nil && len(keys) > 0 {
		return keys[0], keys[0].ID != "" && keys[0].PublicKeyPem != ""
	}
	return keyDoc{}, false
}

// refuseBlocked is errHostBlocked when the moderators blocked host (or actor).
func refuseBlocked(app core.App, host, actor string) error {
	severity, err := blockOf(app, host, actor)
	if err != nil {
		return err
	} else if severity == severityBlock {
		return errHostBlocked
	}
	return nil
}

// webfingerSelf asks host's WebFinger for acct:name@host and returns its ActivityPub
// self link.
func webfingerSelf(ctx context.Context, host, name string) (string, error) {
	scheme := "https"
	if security.LoopbackAllowed() && loopbackHost(host) {
		scheme = "http" // the tests' fake servers
	}
	raw := scheme + "://" + host + "/.well-known/webfinger?resource=" + url.QueryEscape("acct:"+name+"@"+host)
	u, err := remoteURL(raw)
	if err != nil {
		return "", remoteFailure(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", remoteFailure(err)
	}
	req.Header.Set("Accept", "application/jrd+json, application/json")
	req.Header.Set("User-Agent", "CineCircle (ActivityPub)")
	res, err := fetchClient().Do(req)
	if err != nil {
		return "", remoteFailure(err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone {
		return "", errActorNotFound
	} else if res.StatusCode != http.StatusOK {
		return "", unreachable{fmt.Errorf("webfinger on %s: %s", host, res.Status)}
	}
	var jrd JRD
	if err := json.NewDecoder(res.Body).Decode(&jrd); err != nil {
		return "", unreachable{fmt.Errorf("webfinger on %s: %w", host, err)}
	}
	for _, l := range jrd.Links {
		mt := strings.TrimSpace(strings.SplitN(l.Type, ";", 2)[0])
		if l.Rel == "self" && (mt == activityJSON || mt == "application/ld+json") && l.Href != "" {
			return l.Href, nil
		}
	}
	return "", errActorNotFound
}

// loopbackHost reports whether host (with a port, maybe) is a loopback address or
// localhost: where tests' fake servers listen, over plain http.
func loopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	if ip := net.ParseIP(strings.Trim(h, "[]")); ip != nil {
		return ip.IsLoopback()
	}
	return h == "localhost"
}

// remoteFailure sorts a fetch's error: a refused address stays itself, a 404 or 410 is
// errActorNotFound, anything else unreachable.
func remoteFailure(err error) error {
	var refused *refusal
	switch {
	case errors.Is(err, security.ErrRefusedAddress):
		return err
	case errors.As(err, &refused) && (refused.status == http.StatusNotFound || refused.status == http.StatusGone):
		return errActorNotFound
	}
	return unreachable{err}
}

// lookupOf is the answer about remote a, asked for as acct, for the member me.
func lookupOf(app core.App, me, acct string, a RemoteActor) (Lookup, error) {
	out := Lookup{Acct: acct, ID: a.ID, Name: a.Name, Username: a.Username,
		Summary: a.summary, URL: a.URL, Host: a.Host, Following: followNone}
	if out.Name == "" {
		out.Name = out.Username
	}
	if out.URL == "" {
		out.URL = a.ID
	}
	var rowID string
	if err := app.DB().Select("id").From(actorsCollection).Where(dbx.HashExp{"actor": a.ID}).Limit(1).Row(&rowID); err == nil && a.Icon != "" {
		out.Avatar = avatarPath(rowID, a.Icon)
	}
	state, err := followState(app, me, a.ID)
	out.Following = state
	return out, err
}
