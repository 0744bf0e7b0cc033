package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"modernc.org/sqlite"
)

// CookieName is the session cookie that carries the member's PocketBase auth token.
const CookieName = "cinecircle_session"

// MemberCookie ("1") lives beside the session cookie so that index.html's startup script,
// which cannot read the HttpOnly session, knows before the first paint whether to start the
// member's app or show the pre-rendered landing page (ui/src/startup/earlyUser.js). It is
// a hint, never a credential: nothing on the server reads it for access.
const MemberCookie = "cinecircle_member"

// crossOrigin rejects browser requests whose Origin (or Sec-Fetch-Site) says they come
// from another site. Requests without those headers are not browser-initiated.
var crossOrigin = http.NewCrossOriginProtection()

// cookieAuth turns the session cookie into e.Auth for every route, realtime included.
// It runs right after PocketBase's own Authorization-header loader, which wins when both
// are present. An unsafe request authenticated by the cookie must come from our own
// origin, and a write's body must be JSON (checkWriteBodyType): the CSRF guards for
// cookie sessions.
func cookieAuth() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "cinecircleCookieAuth",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			if e.Auth != nil {
				return e.Next()
			}
			c, err := e.Request.Cookie(CookieName)
			if err != nil || c.Value == "" {
				if hasMemberCookie(e) { // the session ran out before its hint
					setMemberCookie(e, -1)
				}
				return e.Next()
			}
			record, renew, sid, err := sessionMember(e.App, c.Value)
			if serverFault(err) { // the session may be good: keep it, and say to try again
				e.App.Logger().Warn("session check failed", "error", err.Error())
				e.Response.Header().Set("Retry-After", "1")
				return e.Error(http.StatusServiceUnavailable, "The server is busy. Please try again in a moment.", nil)
			}
			if err != nil || record.Collection().Name != UsersCollection {
				if !sessionReissued(e.App, c.Value) {
					clearSession(e) // expired or revoked (password changed elsewhere, signed out): forget it
				}
				return e.Next()
			}
			if err := crossOrigin.Check(e.Request); err != nil {
				return e.ForbiddenError("Cross-origin requests cannot use the session cookie.", nil)
			}
			if err := checkWriteBodyType(e); err != nil {
				return err
			}
			e.Auth = record
			e.Set(sessionIDKey, sid)
			// A cookie from before sessions (no sid) gets one at its renewal; until then it
			// is not listed, and 'sign out everywhere else' ends it by the token key.
			if renew {
				if err := setSession(e, record); err != nil {
					e.App.Logger().Warn("session renewal failed", "error", err)
				}
			} else if sid != "" {
				touchSession(e.App, sid)
			}
			if !hasMemberCookie(e) && !renew { // a session from before the hint existed
				setMemberCookie(e, int(record.Collection().AuthToken.DurationTime().Seconds()))
			}
			return e.Next()
		},
	}
}

// setSession issues a fresh auth token for record and stores it in the session cookie.
// The browser keeps its session (a renewal, a password change) when it is record's;
// otherwise (a sign-in) a new session is recorded.
func setSession(e *core.RequestEvent, record *core.Record) error {
	sid := SessionID(e)
	if sid == "" || e.Auth == nil || e.Auth.Id != record.Id {
		var err error
		if sid, err = createSession(e, record); err != nil {
			return err
		}
		e.Set(sessionIDKey, sid)
	}
	token, err := newSessionToken(record, sid)
	if err != nil {
		return err
	}
	e.SetCookie(&http.Cookie{
		Name:     CookieName,
		Value:    token,
		Path:     "/",
		MaxAge:   int(record.Collection().AuthToken.DurationTime().Seconds()),
		HttpOnly: true,
		Secure:   isHTTPS(e),
		SameSite: http.SameSiteLaxMode,
	})
	setMemberCookie(e, int(record.Collection().AuthToken.DurationTime().Seconds()))
	return nil
}

// clearSession expires the session cookie and its hint.
func clearSession(e *core.RequestEvent) {
	e.SetCookie(&http.Cookie{
		Name:     CookieName,
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		HttpOnly: true,
		Secure:   isHTTPS(e),
		SameSite: http.SameSiteLaxMode,
	})
	setMemberCookie(e, -1)
}

// setMemberCookie sets the MemberCookie hint for maxAge seconds, or expires it (maxAge < 0).
// Scripts must read it, so it is not HttpOnly; it only ever says "1".
func setMemberCookie(e *core.RequestEvent, maxAge int) {
	value := "1"
	if maxAge < 0 {
		value = ""
	}
	e.SetCookie(&http.Cookie{
		Name:     MemberCookie,
		Value:    value,
		Path:     "/",
		MaxAge:   maxAge,
		Secure:   isHTTPS(e),
		SameSite: http.SameSiteLaxMode,
	})
}

// hasMemberCookie reports whether the request carries the MemberCookie hint.
func hasMemberCookie(e *core.RequestEvent) bool {
	c, err := e.Request.Cookie(MemberCookie)
	return err == nil && c.Value != ""
}

func isHTTPS(e *core.RequestEvent) bool {
	return e.IsTLS() || strings.EqualFold(e.Request.Header.Get("X-Forwarded-Proto"), "https")
}

// serverFault reports whether err is the server failing to answer (the database busy,
// locked or interrupted, a query out of time) rather than a session that is no good.
func serverFault(err error) bool {
	var dbErr *sqlite.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.As(err, &dbErr)
}

// sessionReissued reports whether token no longer signs anyone in while its session
// lives on: the browser was given a newer token for the same session (a password change
// re-issues the current session's token and ends the others). A request sent with the
// old token and answered after that (the event stream reconnecting as the change closed
// it) must not clear the cookie, or its answer, arriving last, would sign the member
// out. The token's claims are read unverified: they decide only whether this answer
// clears a cookie, never who is signed in.
func sessionReissued(app core.App, token string) bool {
	claims, err := parseClaims(token)
	if err != nil {
		return false
	}
	sid, _ := claims[sessionClaim].(string)
	userID, _ := claims["id"].(string)
	if sid == "" {
		return false
	}
	alive, err := sessionAlive(app, sid, userID)
	return err == nil && alive
}
