package tv

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/auth"

	ics "github.com/arran4/golang-ical"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// A member's calendar feed is GET /api/calendar/{token}.ics: the same episodes as their
// calendar page, as RFC 5545 all-day events that Google Calendar, Apple Calendar and
// Thunderbird subscribe to. Calendar apps fetch it without a session, so the token in the
// address is the credential: 40 random characters (about 238 bits), one per member, kept
// in calendar_feeds (superusers only); rotating it revokes the old address at once.

// tokenLength is the length of a feed token.
const tokenLength = 40

// FeedJSON is GET/POST /api/user/calendar-feed: the member's feed address (a path on this
// site: the UI puts its own origin in front, and offers it as webcal:// too), or null.
type FeedJSON struct {
	Path      *string `json:"path"`
	CreatedAt string  `json:"createdAt,omitempty"`
}

// feedPath is the address of a token's feed.
func feedPath(token string) string { return "/api/calendar/" + token + ".ics" }

// feedJSON describes a member's feed record (nil for none).
func feedJSON(r *core.Record) FeedJSON {
	if r == nil {
		return FeedJSON{}
	}
	p := feedPath(r.GetString("token"))
	return FeedJSON{Path: &p, CreatedAt: r.GetDateTime("created").Time().UTC().Format(time.RFC3339)}
}

// memberFeed returns userID's feed record, or nil.
func memberFeed(app core.App, userID string) (*core.Record, error) {
	r, err := app.FindFirstRecordByFilter("calendar_feeds", "user = {:u}", dbx.Params{"u": userID})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// feedHandler answers GET /api/user/calendar-feed.
func feedHandler(e *core.RequestEvent) error {
	r, err := memberFeed(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, feedJSON(r))
}

// RotateFeed gives userID a new feed token, revoking the old one, and returns the record.
func RotateFeed(app core.App, userID string) (*core.Record, error) {
	var out *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().Delete("calendar_feeds", dbx.HashExp{"user": userID}).Execute(); err != nil {
			return err
		}
		col, err := tx.FindCachedCollectionByNameOrId("calendar_feeds")
		if err != nil {
			return err
		}
		out = core.NewRecord(col)
		out.Set("user", userID)
		out.Set("token", security.RandomString(tokenLength))
		return tx.Save(out)
	})
	return out, err
}

// rotateFeedHandler answers POST /api/user/calendar-feed: a new address (the old one
// stops working).
func rotateFeedHandler(e *core.RequestEvent) error {
	r, err := RotateFeed(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, feedJSON(r))
}

// revokeFeedHandler answers DELETE /api/user/calendar-feed: no address any more.
func revokeFeedHandler(e *core.RequestEvent) error {
	if _, err := e.App.DB().Delete("calendar_feeds", dbx.HashExp{"user": e.Auth.Id}).Execute(); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// icsHandler answers GET /api/calendar/{token}.ics. An unknown or revoked token is a 404,
// like any address that isn't there.
func icsHandler(e *core.RequestEvent) error {
	token, ok := strings.CutSuffix(e.Request.PathValue("file"), ".ics")
	if !ok || len(token) != tokenLength {
		return e.NotFoundError("That calendar does not exist.", nil)
	}
	feed, err := e.App.FindFirstRecordByFilter("calendar_feeds", "token = {:t}", dbx.Params{"t": token})
	if errors.Is(err, sql.ErrNoRows) {
		return e.NotFoundError("That calendar does not exist.", nil)
	} else if err != nil {
		return err
	}
	user, err := e.App.FindRecordById(auth.UsersCollection, feed.GetString("user"))
	if err != nil {
		return e.NotFoundError("That calendar does not exist.", nil)
	}
	r, _ := ParseCalendarQuery("", "", time.Now())
	cal, err := Calendar(e.Request.Context(), e.App, user.Id, r)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	e.Response.Header().Set("Content-Disposition", `inline; filename="cinecircle-tv.ics"`)
	e.Response.Header().Set("Cache-Control", "private, max-age=900")
	e.Response.WriteHeader(http.StatusOK)
	return ICalendar(cal, auth.DisplayName(user), user.Id, siteURL(e), time.Now()).SerializeTo(e.Response, ics.WithNewLine("\r\n"))
}

// ICalendar renders calendar episodes as an RFC 5545 calendar (serialize it with CRLF
// line ends, ics.WithNewLine("\r\n"), as the RFC asks): one all-day event per
// episode on its air date (TMDB gives dates, not times), with a UID stable across fetches
// (show, episode and member), so calendar apps update events instead of repeating them.
func ICalendar(c CalendarJSON, memberName, memberID, site string, now time.Time) *ics.Calendar {
	cal := ics.NewCalendar()
	cal.SetProductId("-//CineCircle//TV calendar//EN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetCalscale("GREGORIAN")
	cal.SetName("CineCircle · " + memberName + "'s shows")
	cal.SetXWRCalName("CineCircle · " + memberName + "'s shows")
	cal.SetDescription("Episodes of the shows you follow on CineCircle, by air date.")
	cal.SetRefreshInterval("PT6H")
	cal.SetXPublishedTTL("PT6H")
	host := strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://")
	for _, ep := range c.Episodes {
		day, err := time.Parse(time.DateOnly, ep.AirDate)
		if err != nil {
			continue
		}
		code := Ep{ep.Season, ep.Episode}.Code()
		event := cal.AddEvent(strconv.Itoa(ep.Show.ID) + "-" + code + "-" + memberID + "@" + host)
		event.SetDtStampTime(now)
		event.SetAllDayStartAt(day)
		event.SetAllDayEndAt(day.AddDate(0, 0, 1))
		summary := ep.Show.Name + " " + code
		if ep.Name != "" {
			summary += " · " + ep.Name
		}
		event.SetSummary(summary)
		event.SetProperty(ics.ComponentPropertyTransp, "TRANSPARENT")
		page := site + "/tv/" + strconv.Itoa(ep.Show.ID)
		event.SetURL(page)
		description := "Season " + strconv.Itoa(ep.Season) + ", episode " + strconv.Itoa(ep.Episode)
		if ep.Runtime > 0 {
			description += " · " + strconv.Itoa(ep.Runtime) + " min"
		}
		event.SetDescription(description + "\n" + page)
	}
	return cal
}

// siteURL is the community's public address: the dashboard's Application URL, else the
// address the request came to.
func siteURL(e *core.RequestEvent) string {
	if u := strings.TrimRight(e.App.Settings().Meta.AppURL, "/"); u != "" && u != "http://localhost:8090" {
		return u
	}
	scheme := "http"
	if e.Request.TLS != nil || e.Request.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + e.Request.Host
}
