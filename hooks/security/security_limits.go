package security

import (
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// EnvRateLimitScale names the env var that multiplies every default rate limit (e.g. 50
// for a load test from one address). It never turns the limits off.
const EnvRateLimitScale = "CINECIRCLE_RATE_LIMIT_SCALE"

// Body limits: JSON routes take at most JSONBodyLimit bytes (a 10,000-character review
// fits several times over); the import upload keeps its own larger limit (64 MB).
const (
	JSONBodyLimit int64 = 256 << 10
)

// DefaultRateLimits are the per-IP limits CineCircle turns on. Labels follow PocketBase:
// "METHOD /path" matches one route, a trailing "/" matches a prefix, "*:tag" matches
// PocketBase's own auth actions on every auth collection. The first matching rule
// counts, so the specific rules come before the write and catch-all ones.
func DefaultRateLimits() []core.RateLimitRule {
	return []core.RateLimitRule{
		// sign-in, sign-up and password changes: slow down guessing and mass sign-ups
		{Label: "POST /api/auth/login", MaxRequests: 10, Duration: 60},
		{Label: "POST /api/auth/signup", MaxRequests: 20, Duration: 600},
		{Label: "POST /api/auth/confirm-email", MaxRequests: 20, Duration: 600},
		{Label: "POST /api/auth/user/password", MaxRequests: 10, Duration: 600},
		{Label: "POST /api/user/avatar", MaxRequests: 20, Duration: 600},
		// two-factor codes (also limited per member, in hooks/auth)
		{Label: "POST /api/user/2fa/", MaxRequests: 10, Duration: 600},
		// leaving: a password guess that deletes an account must be slow
		{Label: "DELETE /api/user", MaxRequests: 5, Duration: 600},
		{Label: "POST /api/user/email", MaxRequests: 5, Duration: 600},
		{Label: "POST /api/auth/confirm-email-change", MaxRequests: 20, Duration: 600},
		{Label: "*:auth", MaxRequests: 10, Duration: 60},
		{Label: "*:requestPasswordReset", MaxRequests: 5, Duration: 600},
		{Label: "*:confirmPasswordReset", MaxRequests: 10, Duration: 600},
		{Label: "*:requestVerification", MaxRequests: 5, Duration: 600},
		{Label: "*:requestEmailChange", MaxRequests: 5, Duration: 600},
		{Label: "*:requestOTP", MaxRequests: 5, Duration: 600},
		{Label: "*:create", MaxRequests: 20, Duration: 5},
		// search-as-you-type: generous for a person, not for a scraper
		{Label: "GET /api/movies/search", MaxRequests: 30, Duration: 10},
		{Label: "GET /api/tv-shows/search", MaxRequests: 30, Duration: 10},
		{Label: "GET /api/users/suggestions", MaxRequests: 30, Duration: 10},
		{Label: "GET /api/gifs/search", MaxRequests: 30, Duration: 10},
		// a fediverse lookup reaches another server (WebFinger, the actor) each time (#23)
		{Label: "GET /api/federation/lookup", MaxRequests: 20, Duration: 10},
		// the calendar feed is fetched by calendar apps every few hours: a token guesser is
		// not a calendar app
		{Label: "GET /api/calendar/", MaxRequests: 30, Duration: 60},
		// visitors' pages, their data, feeds and preview images (#21): a crawler or an
		// unfurling chat app at a time, never a scrape of the community
		{Label: "GET /api/public/", MaxRequests: 60, Duration: 10},
		{Label: "GET /u/", MaxRequests: 60, Duration: 10},
		{Label: "GET /og/", MaxRequests: 30, Duration: 10},
		// the fediverse's reads of federated members (#23): a server's fetches of actors
		// and outboxes come from one address, so more than a visitor's (/.well-known/ is
		// not a valid label: discovery falls under no rule)
		{Label: "GET /ap/", MaxRequests: 120, Duration: 10},
		// deliveries to the inboxes: a busy server delivers from one address, a flood does not
		{Label: "POST /ap/", MaxRequests: 300, Duration: 10},
		// every other write, one bucket per method
		{Label: "POST /api/", MaxRequests: 60, Duration: 10},
		{Label: "PATCH /api/", MaxRequests: 60, Duration: 10},
		{Label: "PUT /api/", MaxRequests: 60, Duration: 10},
		{Label: "DELETE /api/", MaxRequests: 60, Duration: 10},
		{Label: "/api/batch", MaxRequests: 3, Duration: 1},
		// everything else under /api (reads, realtime)
		{Label: "/api/", MaxRequests: 600, Duration: 10},
	}
}

// pocketBaseFactoryRules are the rules PocketBase ships (disabled). Settings that still
// hold exactly these were never configured by an admin.
var pocketBaseFactoryRules = []core.RateLimitRule{
	{Label: "*:auth", MaxRequests: 2, Duration: 3},
	{Label: "*:create", MaxRequests: 20, Duration: 5},
	{Label: "/api/batch", MaxRequests: 3, Duration: 1},
	{Label: "/api/", MaxRequests: 300, Duration: 10},
}

// ApplyDefaultRateLimits enables DefaultRateLimits (scaled by EnvRateLimitScale) when the
// rate limit settings are still PocketBase's untouched factory ones. An admin who changes
// them in the dashboard keeps their own. The change is in memory: it is stored only if the
// admin saves the settings.
func ApplyDefaultRateLimits(app core.App) error {
	rl := &app.Settings().RateLimits
	if rl.Enabled || len(rl.ExcludedIPs) > 0 || !slices.Equal(rl.Rules, pocketBaseFactoryRules) {
		return nil
	}
	scale := rateLimitScale(app)
	rules := DefaultRateLimits()
	for i := range rules {
		rules[i].MaxRequests = int(math.Ceil(float64(rules[i].MaxRequests) * scale))
	}
	rl.Rules = rules
	rl.Enabled = true
	return nil
}

func rateLimitScale(app core.App) float64 {
	raw := strings.TrimSpace(os.Getenv(EnvRateLimitScale))
	if raw == "" {
		return 1
	}
	scale, err := strconv.ParseFloat(raw, 64)
	if err != nil || scale < 1 || math.IsInf(scale, 0) || scale > 1e6 {
		app.Logger().Warn("ignoring "+EnvRateLimitScale+": want a number from 1 to 1000000", "value", raw)
		return 1
	}
	return scale
}

// bodyLimit replaces PocketBase's default 32 MB body limit (same middleware id) with
// JSONBodyLimit for every /api request that is not a superuser's (the dashboard imports
// collections and settings larger than any member's request). A route that binds its own
// apis.BodyLimit (the import upload, PocketBase's record uploads) overrides this one.
func bodyLimit() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       apis.DefaultBodyLimitMiddlewareId,
		Priority: apis.DefaultBodyLimitMiddlewarePriority,
		Func: func(e *core.RequestEvent) error {
			limit := apis.DefaultMaxBodySize
			if strings.HasPrefix(e.Request.URL.Path, "/api/") && !e.HasSuperuserAuth() {
				limit = JSONBodyLimit
			}
			return apis.BodyLimit(limit).Func(e)
		},
	}
}
