package scrobble

import (
	"math"
	"net/http"
	"strings"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// DefaultThreshold is how much of a film or episode a member must have played, in
// percent, before a stopped play logs it (Trakt and Plex use 80–90%).
const DefaultThreshold = 85

// SettingsJSON is GET/PATCH /api/user/scrobble and POST /api/user/scrobble/rotate: the
// member's webhook address (url, absolute; path, on this site) and preferences.
type SettingsJSON struct {
	URL         string `json:"url"`
	Path        string `json:"path"`
	Enabled     bool   `json:"enabled"`
	PostToFeed  bool   `json:"postToFeed"`
	Threshold   int    `json:"threshold"`
	NowWatching bool   `json:"nowWatching"`
}

// PatchBody is the PATCH /api/user/scrobble body; every member is optional.
type PatchBody struct {
	Enabled     security.Field[bool]    `json:"enabled"`
	PostToFeed  security.Field[bool]    `json:"postToFeed"`
	Threshold   security.Field[float64] `json:"threshold"`
	NowWatching security.Field[bool]    `json:"nowWatching"`
}

// Patch is a validated PatchBody: nil members stay as they are.
type Patch struct {
	Enabled, PostToFeed, NowWatching *bool
	Threshold                        *int
}

// ParsePatch validates a PatchBody: booleans are booleans, the threshold a whole percent
// from 50 to 100 (below half a film is not a watch).
func ParsePatch(b PatchBody) (Patch, error) {
	var p Patch
	errs := validation.Errors{}
	flag := func(name string, f security.Field[bool], dst **bool) {
		switch {
		case f.Null || f.Invalid:
			errs[name] = validation.NewError("validation_invalid_bool", "Must be true or false.")
		case f.Present:
			v := f.Value
			*dst = &v
		}
	}
	flag("enabled", b.Enabled, &p.Enabled)
	flag("postToFeed", b.PostToFeed, &p.PostToFeed)
	flag("nowWatching", b.NowWatching, &p.NowWatching)
	switch t := b.Threshold; {
	case !t.Present:
	case t.Null || t.Invalid || math.IsNaN(t.Value) || t.Value != math.Trunc(t.Value):
		errs["threshold"] = validation.NewError("validation_invalid_number", "Must be a whole percent from 50 to 100.")
	case t.Value < 50 || t.Value > 100:
		errs["threshold"] = validation.NewError("validation_out_of_range", "Must be a whole percent from 50 to 100.")
	default:
		v := int(t.Value)
		p.Threshold = &v
	}
	if len(errs) > 0 {
		return Patch{}, errs
	}
	return p, nil
}

// settingsJSON describes r to its owner, with the address derived again from the nonce.
func settingsJSON(e *core.RequestEvent, r *core.Record) (SettingsJSON, error) {
	token, err := tokenOf(e.App, r.GetString("user"), r.GetString("nonce"))
	if err != nil {
		return SettingsJSON{}, err
	}
	path := "/api/scrobble/" + token
	return SettingsJSON{URL: siteURL(e) + path, Path: path, Enabled: r.GetBool("enabled"), PostToFeed: r.GetBool("postToFeed"),
		Threshold: r.GetInt("threshold"), NowWatching: r.GetBool("nowWatching")}, nil
}

// siteURL is the community's public address: the dashboard's Application URL when set,
// else the address the request came to.
func siteURL(e *core.RequestEvent) string {
	if u := strings.TrimRight(e.App.Settings().Meta.AppURL, "/"); u != "" && u != "http://localhost:8090" {
		return u
	}
	if e.Request.TLS != nil || e.Request.Header.Get("X-Forwarded-Proto") == "https" {
		return "https://" + e.Request.Host
	}
	return "http://" + e.Request.Host
}

// settingsHandler answers GET /api/user/scrobble (the first look creates the address).
func settingsHandler(e *core.RequestEvent) error {
	r, err := settingsOf(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	out, err := settingsJSON(e, r)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// patchHandler answers PATCH /api/user/scrobble {enabled?, postToFeed?, threshold?,
// nowWatching?}. Turning 'watching now' off clears it at once.
func patchHandler(e *core.RequestEvent) error {
	var body PatchBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	p, err := ParsePatch(body)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	r, err := settingsOf(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	for name, v := range map[string]*bool{"enabled": p.Enabled, "postToFeed": p.PostToFeed, "nowWatching": p.NowWatching} {
		if v != nil {
			r.Set(name, *v)
		}
	}
	if p.Threshold != nil {
		r.Set("threshold", *p.Threshold)
	}
	if !r.GetBool("nowWatching") || !r.GetBool("enabled") {
		clearWatching(r)
	}
	if err := e.App.Save(r); err != nil {
		return err
	}
	out, err := settingsJSON(e, r)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// rotateHandler answers POST /api/user/scrobble/rotate: a new address; the old one stops
// working at once.
func rotateHandler(e *core.RequestEvent) error {
	r, err := settingsOf(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	if err := renew(e.App, r); err != nil {
		return err
	}
	if err := e.App.Save(r); err != nil {
		return err
	}
	out, err := settingsJSON(e, r)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
