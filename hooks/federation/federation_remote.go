package federation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// actorsCollection caches the remote actors whose keys signed requests to us.
const actorsCollection = "federation_actors"

// refetchAfter is how old a cached key must be before a signature it fails to verify
// makes us fetch the actor again (a rotated key): younger, the request is simply refused,
// so forged requests cannot make us fetch on every try.
const refetchAfter = time.Minute

// maxActorBytes bounds an actor document we fetch.
const maxActorBytes = 512 << 10

var fetchClient = sync.OnceValue(func() *http.Client {
	return security.NewOutboundClient(security.OutboundOptions{Timeout: 10 * time.Second, MaxBodyBytes: maxActorBytes})
})

// RemoteActor is what we keep of a remote actor: where its key is and where it reads.
type RemoteActor struct {
	ID           string
	KeyID        string
	PublicKeyPem string
	Inbox        string
	SharedInbox  string
	Host         string
	Name         string // display name, plain text
	Username     string // preferredUsername
	Icon         string // avatar URL
	URL          string // profile page
	fetched      time.Time
	summary      string // sanitized bio HTML, when a lookup fetched it (not cached)
}

// DeliveryInbox is where deliveries for this actor go: its server's shared inbox when
// it has one (one delivery per server), else its own.
func (a RemoteActor) DeliveryInbox() string {
	if a.SharedInbox != "" {
		return a.SharedInbox
	}
	return a.Inbox
}

// actorDoc is the part of an actor (or key) document we read.
type actorDoc struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Inbox     string `json:"inbox"`
	Endpoints struct {
		SharedInbox string `json:"sharedInbox"`
	} `json:"endpoints"`
	PublicKey         json.RawMessage `json:"publicKey"`
	Name              string          `json:"name"`
	Summary           string          `json:"summary"` // the bio, HTML
	PreferredUsername string          `json:"preferredUsername"`
	Icon              json.RawMessage `json:"icon"`         // an Image, or a list of them
	URL               json.RawMessage `json:"url"`          // a URL, a Link, or a list of them
	AlsoKnownAs       json.RawMessage `json:"alsoKnownAs"`  // the accounts it moved from: a URL or a list
	Owner             string          `json:"owner"`        // a key document's owner
	PublicKeyPem      string          `json:"publicKeyPem"` // a key document's key
}

type keyDoc struct {
	ID           string `json:"id"`
	Owner        string `json:"owner"`
	PublicKeyPem string `json:"publicKeyPem"`
}

// remoteURL checks a URL a remote party gave us before we fetch or post to it: https (http
// only while loopback is allowed, for tests), no credentials, a host the outbound rules
// allow. The dialer checks the address it resolves to again.
func remoteURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || (u.Scheme != "https" && !(u.Scheme == "http" && security.LoopbackAllowed())) {
		return nil, fmt.Errorf("not an https URL: %.200q", raw)
	}
	if err := security.CheckOutboundHost(u.Hostname()); err != nil {
		return nil, err
	}
	return u, nil
}

// hostOf is a URL's host (with port), lowercased; "" when it does not parse.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Host)
}

// actorForKey finds the actor whose key is keyID: from the cache unless refresh, else
// fetched (through the SSRF-safe client) and cached.
func actorForKey(ctx context.Context, app core.App, keyID string, refresh bool) (RemoteActor, error) {
	if !refresh {
		if a, err := cachedActor(app, keyID); err == nil {
			return a, nil
		}
	}
	a, err := fetchActor(ctx, app, keyID)
	if err != nil {
		return RemoteActor{}, err
	}
	return a, cacheActor(app, a)
}

// knownKey reports whether keyID's actor is in the cache (it signed to us before).
func knownKey(app core.App, keyID string) bool {
	_, err := cachedActor(app, keyID)
	return err == nil
}

func cachedActor(app core.App, keyID string) (RemoteActor, error) {
	var r core.Record
	if err := app.RecordQuery(actorsCollection).AndWhere(dbx.HashExp{"keyId": keyID}).Limit(1).One(&r); err != nil {
		return RemoteActor{}, err
	}
	return RemoteActor{
		ID: r.GetString("actor"), KeyID: keyID, PublicKeyPem: r.GetString("publicKeyPem"), Inbox: r.GetString("inbox"),
		SharedInbox: r.GetString("sharedInbox"), Host: r.GetString("host"), fetched: r.GetDateTime("fetched").Time(),
		Name: r.GetString("name"), Username: r.GetString("username"), Icon: r.GetString("icon"), URL: r.GetString("url"),
	}, nil
}

func cacheActor(app core.App, a RemoteActor) error {
	r, err := findOrNew(app, actorsCollection, dbx.HashExp{"keyId": a.KeyID})
	if err != nil {
		return err
	}
	r.Set("actor", a.ID)
	r.Set("publicKeyPem", a.PublicKeyPem)
	r.Set("inbox", a.Inbox)
	r.Set("sharedInbox", a.SharedInbox)
	r.Set("host", a.Host)
	r.Set("name", a.Name)
	r.Set("username", a.Username)
	r.Set("icon", a.Icon)
	r.Set("url", a.URL)
	r.Set("fetched", types.NowDateTime())
	return app.Save(r)
}

// fetchActor fetches the document keyID names (an actor with its publicKey, or a key
// document with its owner, which is then fetched too) and checks it hangs together: the
// key belongs to the actor, and the actor lives on the host that served it.
func fetchActor(ctx context.Context, app core.App, keyID string) (RemoteActor, error) {
	doc, err := getJSON(ctx, app, keyID)
	if err != nil {
		return RemoteActor{}, err
	}
	if doc.PublicKeyPem != "" && doc.Owner != "" { // a key document: its owner is the actor
		if hostOf(doc.Owner) != hostOf(keyID) {
			return RemoteActor{}, errors.New("the key's owner is on another host")
		}
		if doc, err = getJSON(ctx, app, doc.Owner); err != nil {
			return RemoteActor{}, err
		}
	}
	key, ok := keyOf(doc, keyID)
	if !ok || doc.ID == "" || hostOf(doc.ID) != hostOf(keyID) || (key.Owner != "" && key.Owner != doc.ID) {
		return RemoteActor{}, errors.New("the actor document does not name that key as its own")
	}
	if _, err := parsePublicKey(key.PublicKeyPem); err != nil {
		return RemoteActor{}, err
	}
	return RemoteActor{ID: doc.ID, KeyID: keyID, PublicKeyPem: key.PublicKeyPem, Inbox: doc.Inbox,
		SharedInbox: doc.Endpoints.SharedInbox, Host: hostOf(doc.ID), Name: plainName(doc.Name, 200),
		Username: plainName(doc.PreferredUsername, 200), Icon: httpsURL(linkOf(doc.Icon)), URL: httpsURL(linkOf(doc.URL))}, nil
}

// linkOf reads the first URL of an icon or url property: a URL, an object with a url
// (an Image or a Link, whose url may itself be a Link) or href, or a list of those.
func linkOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		for _, item := range list {
			if u := linkOf(item); u != "" {
				return u
			}
		}
		return ""
	}
	var o struct {
		URL  json.RawMessage `json:"url"`
		Href string          `json:"href"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return ""
	}
	if o.Href != "" {
		return o.Href
	}
	if len(o.URL) > 0 && o.URL[0] != '{' { // one level: no Link nested in a Link forever
		return linkOf(o.URL)
	}
	return ""
}

// httpsURL keeps raw only when it is an absolute http(s) URL of sane length (what a
// remote server says is its member's avatar or page may be anything).
func httpsURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || len(raw) > 2000 || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return ""
	}
	return u.String()
}

// plainName makes a remote name safe to show as text: control characters and spare
// spaces go, and it is cut to n bytes at a character boundary.
func plainName(s string, n int) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f || unicode.IsSpace(r) }), " ")
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// keyOf finds keyID among an actor's publicKey (an object, or a list of them).
func keyOf(doc actorDoc, keyID string) (keyDoc, bool) {
	var keys []keyDoc
	var one keyDoc
	if json.Unmarshal(doc.PublicKey, &one) == nil && one.ID != "" {
		keys = append(keys, one)
	} else {
		_ = json.Unmarshal(doc.PublicKey, &keys)
	}
	for _, k := range keys {
		if k.ID == keyID || strings.SplitN(k.ID, "#", 2)[0] == keyID {
			return k, k.PublicKeyPem != ""
		}
	}
	return keyDoc{}, false
}

// getJSON fetches an ActivityPub document (without its fragment), the request signed with
// the server's own key.
func getJSON(ctx context.Context, app core.App, raw string) (actorDoc, error) {
	var doc actorDoc
	u, err := remoteURL(raw)
	if err != nil {
		return doc, err
	}
	u.Fragment = ""
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return doc, err
	}
	req.Header.Set("Accept", activityJSON+`, application/ld+json; profile="https://www.w3.org/ns/activitystreams"`)
	req.Header.Set("User-Agent", "CineCircle (ActivityPub)")
	signFetch(app, req)
	res, err := fetchClient().Do(req)
	if err != nil {
		return doc, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return doc, &refusal{host: u.Host, status: res.StatusCode, text: res.Status}
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return doc, err
	}
	return doc, json.Unmarshal(data, &doc)
}
