package notify

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	webpush "github.com/SherClockHolmes/webpush-go"
	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// pushKeysID is the one push_settings record that holds the VAPID key pair.
const pushKeysID = "vapidkeypair000"

// EnvPushLoopback allows push endpoints on loopback addresses (the tests' fake push
// service): security.EnvPushLoopback, an alias of security.EnvOutboundLoopback.
const EnvPushLoopback = security.EnvPushLoopback

// vapidKeys returns the server's VAPID key pair, generating it on first use.
func vapidKeys(app core.App) (public, private string, err error) {
	r, err := app.FindRecordById("push_settings", pushKeysID)
	if err == nil && r.GetString("publicKey") != "" {
		return r.GetString("publicKey"), r.GetString("privateKey"), nil
	}
	private, public, err = webpush.GenerateVAPIDKeys()
	if err != nil {
		return "", "", err
	}
	col, err := app.FindCollectionByNameOrId("push_settings")
	if err != nil {
		return "", "", err
	}
	r = core.NewRecord(col)
	r.Id = pushKeysID
	r.Set("publicKey", public)
	r.Set("privateKey", private)
	if err := app.Save(r); err != nil {
		// Another request may have created it first: use theirs.
		if again, err2 := app.FindRecordById("push_settings", pushKeysID); err2 == nil {
			return again.GetString("publicKey"), again.GetString("privateKey"), nil
		}
		return "", "", err
	}
	return public, private, nil
}

// vapidKeyHandler answers GET /api/push/vapid-public-key → {publicKey}.
func vapidKeyHandler(e *core.RequestEvent) error {
	public, _, err := vapidKeys(e.App)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]string{"publicKey": public})
}

// subscriptionBody is the POST /api/push/subscribe payload (the browser's PushSubscription).
type subscriptionBody struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// validate checks the endpoint is an https URL on a public host (loopback, over http too,
// only while security.LoopbackAllowed) and the keys decode to a P-256 point (65 bytes) and
// a 16-byte secret.
//
// The endpoint's name is not resolved here. The real guard is the outbound client's
// dialer, which checks the resolved address of every push (DNS can change between now
// and then: rebinding). A lookup here would only add a slow, flaky step to subscribing (a
// DNS hiccup would refuse a real browser) and would tell a member which internal names
// exist. What can be seen without DNS (IP literals in every form, internal names) is
// refused here with a 400.
func (b *subscriptionBody) validate() error {
	errs := validation.Errors{}
	u, err := url.Parse(b.Endpoint)
	switch {
	case b.Endpoint == "":
		errs["endpoint"] = validation.NewError("validation_required", "The push endpoint is missing.")
	case err != nil || u.Host == "" || len(b.Endpoint) > 2000:
		errs["endpoint"] = validation.NewError("validation_invalid_url", "The push endpoint is not a valid URL.")
	case security.CheckOutboundHost(u.Hostname()) != nil:
		errs["endpoint"] = validation.NewError("validation_invalid_url", "The push endpoint must be a public https URL.")
	case u.Scheme != "https" && !(security.LoopbackAllowed() && isLoopback(u.Hostname())):
		errs["endpoint"] = validation.NewError("validation_invalid_url", "The push endpoint must be an https URL.")
	}
	if n := decodedLen(b.Keys.P256dh); n != 65 {
		errs["keys.p256dh"] = validation.NewError("validation_invalid_key", "keys.p256dh must be a 65-byte key in base64.")
	}
	if n := decodedLen(b.Keys.Auth); n != 16 {
		errs["keys.auth"] = validation.NewError("validation_invalid_key", "keys.auth must be a 16-byte secret in base64.")
	}
	return errs.Filter()
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func decodedLen(s string) int {
	s = strings.TrimRight(strings.NewReplacer("+", "-", "/", "_").Replace(s), "=")
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return -1
	}
	return len(b)
}

// subscribeHandler answers POST /api/push/subscribe: stores (or moves to this member)
// the browser's subscription.
func subscribeHandler(e *core.RequestEvent) error {
	var body subscriptionBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	r, err := e.App.FindFirstRecordByData("push_subscriptions", "endpoint", body.Endpoint)
	if err != nil {
		col, err := e.App.FindCachedCollectionByNameOrId("push_subscriptions")
		if err != nil {
			return err
		}
		r = core.NewRecord(col)
	}
	ua := e.Request.UserAgent()
	if !utf8.ValidString(ua) || len(ua) > 500 {
		ua = ""
	}
	r.Load(map[string]any{"user": e.Auth.Id, "endpoint": body.Endpoint, "p256dh": body.Keys.P256dh,
		"auth": body.Keys.Auth, "userAgent": ua})
	if err := e.App.Save(r); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]bool{"subscribed": true})
}

// unsubscribeHandler answers DELETE /api/push/unsubscribe {endpoint}: only the member's own.
func unsubscribeHandler(e *core.RequestEvent) error {
	var body subscriptionBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	_, err := e.App.DB().Delete("push_subscriptions", dbx.HashExp{"user": e.Auth.Id, "endpoint": body.Endpoint}).Execute()
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]bool{"subscribed": false})
}

// testPushHandler answers POST /api/push/test: a test notification to the member's browsers.
func testPushHandler(e *core.RequestEvent) error {
	sent, err := pushTo(e.Request.Context(), e.App, e.Auth.Id, PushPayload{
		Title: "CineCircle", Body: "Push notifications are working.", URL: "/", Tag: "test",
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]int{"sent": sent})
}

// PushPayload is what the service worker receives and shows (kept well under 4 KB).
type PushPayload struct {
	Title      string `json:"title"`
	Body       string `json:"body"`
	URL        string `json:"url"`
	Tag        string `json:"tag"`
	Type       string `json:"type,omitempty"`
	EntityType string `json:"entityType,omitempty"`
	EntityID   string `json:"entityId,omitempty"`
	// Icon is the actor's photo (its 128 px thumb, a path on this site) when they uploaded
	// one; without it the service worker shows the site's icon.
	Icon string `json:"icon,omitempty"`
}

// pushIcon is the icon of a push about actor: their uploaded photo's 128 px thumb, on our
// own origin, or "" (the site's icon). An OAuth2 provider's picture is left out: the
// device would fetch it from that provider's host whenever a notification shows.
func pushIcon(actor *core.Record) string {
	if actor == nil || actor.GetString("avatar") == "" {
		return ""
	}
	return auth.ProfileImageURL(actor)
}

// pushTo sends payload to every subscription of a member; a 404 or 410 from the push
// service means the browser dropped it, so it is deleted. It returns how many accepted.
func pushTo(ctx context.Context, app core.App, userID string, payload PushPayload) (int, error) {
	subs, err := app.FindRecordsByFilter("push_subscriptions", "user = {:u}", "", 20, 0, dbx.Params{"u": userID})
	if err != nil || len(subs) == 0 {
		return 0, err
	}
	public, private, err := vapidKeys(app)
	if err != nil {
		return 0, err
	}
	if len(payload.Body) > 1000 {
		payload.Body = payload.Body[:1000]
	}
	data, err := json.Marshal(payload)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, s := range subs {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		res, err := webpush.SendNotificationWithContext(ctx, data, &webpush.Subscription{
			Endpoint: s.GetString("endpoint"),
			Keys:     webpush.Keys{P256dh: s.GetString("p256dh"), Auth: s.GetString("auth")},
		}, &webpush.Options{
			Subscriber:      pushContact(app), // webpush-go adds the mailto: itself
			VAPIDPublicKey:  public,
			VAPIDPrivateKey: private,
			TTL:             24 * 3600,
			Urgency:         webpush.UrgencyNormal,
			Topic:           topicOf(payload.Tag),
			HTTPClient:      security.OutboundClient(),
		})
		cancel()
		if err != nil {
			logSendError(app, err)
			continue
		}
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
			_ = app.Delete(s)
		case res.StatusCode < 300:
			sent++
			s.Set("lastPushAt", time.Now().UTC())
			if err := app.Save(s); err != nil {
				app.Logger().Warn("push: recording a delivery", "error", err.Error())
			}
		default:
			app.Logger().Warn("push: refused", "status", res.StatusCode)
		}
	}
	return sent, nil
}

// logSendError logs a failed push without the member's data: the endpoint URL (its path
// is the subscription's secret) stays out of the line.
func logSendError(app core.App, err error) {
	if errors.Is(err, security.ErrRefusedAddress) {
		app.Logger().Warn("push: blocked a push to a refused (non-public) address")
		return
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	app.Logger().Warn("push: send failed", "error", err.Error())
}

// pushContact is the VAPID contact: the mail settings' sender address.
func pushContact(app core.App) string {
	if addr := app.Settings().Meta.SenderAddress; addr != "" {
		return addr
	}
	return "noreply@example.com"
}

// topicOf makes a push Topic header (≤ 32 URL-safe characters) so a newer push with the
// same tag replaces a pending one.
func topicOf(tag string) string {
	var b strings.Builder
	for _, c := range tag {
		if b.Len() == 32 {
			break
		}
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// TargetURL is where a notification leads when clicked (SPEC §4's navigation rules).
func TargetURL(typ, entityType, entityID string) string {
	switch {
	case typ == "follow":
		return "/friends?tab=followers"
	case typ == "recommendation":
		return "/watchlist?tab=recommended"
	case typ == "challenge":
		return "/challenges"
	}
	if kind, ok := catalog.KindOfEntityType(entityType); ok {
		return kind.PagePath(entityID)
	}
	if entityType == "activity" && entityID != "" {
		return "/#activity-" + entityID
	}
	if entityType == "list" && entityID != "" {
		return "/list/" + entityID
	}
	return "/"
}

// PushIdle is how long a subscription may go without an accepted push before the weekly
// job drops it (a browser that was reset or uninstalled never answers 404/410 to us).
const PushIdle = 180 * 24 * time.Hour

// PrunePushSubscriptions deletes subscriptions with no accepted push (or, never used,
// created) within PushIdle. It returns how many it deleted.
func PrunePushSubscriptions(app core.App, now time.Time) (int64, error) {
	cutoff := now.Add(-PushIdle).UTC().Format("2006-01-02 15:04:05.000Z")
	res, err := app.DB().NewQuery(`DELETE FROM push_subscriptions
		WHERE COALESCE(NULLIF(lastPushAt, ''), created) < {:cutoff}`).Bind(dbx.Params{"cutoff": cutoff}).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
