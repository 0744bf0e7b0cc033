package federation

import (
	"net/http"
	"time"

	"github.com/go-fed/httpsig"
	"github.com/pocketbase/pocketbase/core"
)

// fetchSignedHeaders are what our signature on a fetch covers: a GET has no body.
var fetchSignedHeaders = []string{httpsig.RequestTarget, "host", "date"}

func (c Config) instanceActorURL() string { return c.Base + "/ap/actor" }

// Service is the server's own actor document: it owns the key our fetches are signed
// with, and follows nobody and posts nothing.
type Service struct {
	Context                   []any     `json:"@context"`
	ID                        string    `json:"id"`
	Type                      string    `json:"type"`
	PreferredUsername         string    `json:"preferredUsername"`
	Name                      string    `json:"name"`
	URL                       string    `json:"url"`
	Inbox                     string    `json:"inbox"`
	Outbox                    string    `json:"outbox"`
	Endpoints                 Endpoints `json:"endpoints"`
	ManuallyApprovesFollowers bool      `json:"manuallyApprovesFollowers"`
	PublicKey                 PublicKey `json:"publicKey"`
}

// instanceActor answers GET /ap/actor: the server's Application actor, which servers in
// secure mode fetch to check the signature on our fetches of their actors. It is served
// unsigned (a server must be able to read it to verify us) while the community is on.
func instanceActor(e *core.RequestEvent) error {
	c := configOf(e.App)
	if !c.On {
		return hidden(e, errHidden)
	}
	key, err := instanceKey(e.App)
	if err != nil {
		return err
	}
	id := c.instanceActorURL()
	return writeActivity(e, Service{
		Context: []any{asContext, secContext}, ID: id, Type: "Application", PreferredUsername: c.Host,
		Name: "CineCircle", URL: c.Base + "/", Inbox: c.Base + "/ap/inbox", Outbox: id + "/outbox",
		Endpoints: Endpoints{SharedInbox: c.Base + "/ap/inbox"}, ManuallyApprovesFollowers: true,
		PublicKey: PublicKey{ID: id + "#main-key", Owner: id, PublicKeyPem: key.GetString("publicKeyPem")},
	})
}

// signFetch signs a GET with the server's own key, as GoToSocial (always) and Mastodon in
// AUTHORIZED_FETCH mode require before they serve an actor. Without a usable key the
// fetch goes unsigned: servers that do not demand it still answer.
func signFetch(app core.App, req *http.Request) {
	c := configOf(app)
	key, err := instanceKey(app)
	if !c.On || err != nil {
		return
	}
	private, err := parsePrivateKey(key.GetString("privateKeyPem"))
	if err != nil {
		return
	}
	signer, _, err := httpsig.NewSigner([]httpsig.Algorithm{httpsig.RSA_SHA256}, httpsig.DigestSha256, fetchSignedHeaders, httpsig.Signature, 0)
	if err != nil {
		return
	}
	req.Header.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	req.Header.Set("Host", req.URL.Host)
	if err := signer.SignRequest(private, c.instanceActorURL()+"#main-key", req, nil); err != nil {
		app.Logger().Warn("federation: signing a fetch failed", "error", err)
	}
	req.Header.Del("Host")
}
