package auth

import (
	"database/sql"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/medama-io/go-useragent"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"
)

// SessionsCollection holds one row per signed-in browser (see the sessions migration).
const SessionsCollection = "sessions"

// sessionClaim names the session in the cookie's token; sessionIDKey holds it on the
// request for the handlers (and the event stream, which closes when the session ends).
const (
	sessionClaim = "sid"
	sessionIDKey = "cinecircle.sessionId"
)

// SessionID is the id of the browser session e came with ("" for a token in a header).
func SessionID(e *core.RequestEvent) string {
	sid, _ := e.Get(sessionIDKey).(string)
	return sid
}

// newSessionToken is PocketBase's auth token for record (PocketBase verifies it as its
// own) with the session's id as one more claim.
func newSessionToken(record *core.Record, sid string) (string, error) {
	claims := jwt.MapClaims{
		core.TokenClaimType:         core.TokenTypeAuth,
		core.TokenClaimId:           record.Id,
		core.TokenClaimCollectionId: record.Collection().Id,
		core.TokenClaimRefreshable:  true,
		sessionClaim:                sid,
	}
	return security.NewJWT(claims, record.TokenKey()+record.Collection().AuthToken.Secret, record.Collection().AuthToken.DurationTime())
}

// tokenSession reads the session id from a verified token ("" for a token from before
// sessions, which the cookie middleware upgrades).
func tokenSession(token string) string {
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return ""
	}
	sid, _ := claims[sessionClaim].(string)
	return sid
}

// parseClaims reads the claims of a token already verified by the caller.
func parseClaims(token string) (jwt.MapClaims, error) {
	return security.ParseUnverifiedJWT(token)
}

// sessionAlive reports whether the session sid exists and belongs to userID; a database
// that cannot answer is an error, not a signed-out browser.
func sessionAlive(app core.App, sid, userID string) (bool, error) {
	var owner string
	err := app.DB().NewQuery("SELECT user FROM sessions WHERE id = {:id}").Bind(dbx.Params{"id": sid}).Row(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && owner == userID, err
}

// createSession records a new signed-in browser for record.
func createSession(e *core.RequestEvent, record *core.Record) (string, error) {
	col, err := e.App.FindCachedCollectionByNameOrId(SessionsCollection)
	if err != nil {
		return "", err
	}
	s := core.NewRecord(col)
	s.Set("user", record.Id)
	ua := e.Request.UserAgent()
	if len(ua) > 512 {
		ua = ua[:512]
	}
	s.Set("userAgent", ua)
	s.Set("lastSeen", types.NowDateTime())
	if err := e.App.Save(s); err != nil {
		return "", err
	}
	return s.Id, nil
}

// endSessions deletes the member's sessions (all but keep, when given). Each delete
// purges the session cache and closes that session's event streams (hooks).
func endSessions(app core.App, userID, keep string) (int, error) {
	rows, err := app.FindRecordsByFilter(SessionsCollection, "user = {:u} && id != {:keep}", "", 0, 0, dbx.Params{"u": userID, "keep": keep})
	if err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := app.Delete(r); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

// Session is one signed-in browser as GET /api/user/sessions lists it.
type Session struct {
	ID         string `json:"id"`
	Browser    string `json:"browser"`
	OS         string `json:"os"`
	Device     string `json:"device"`
	CreatedAt  string `json:"createdAt"`
	LastSeenAt string `json:"lastSeenAt"`
	Current    bool   `json:"current"`
}

var uaParser = sync.OnceValue(useragent.NewParser)

// describeSession names the browser, OS and kind of device from the user agent.
func describeSession(r *core.Record, current string) Session {
	ua := uaParser().Parse(r.GetString("userAgent"))
	s := Session{
		ID: r.Id, Browser: string(ua.Browser()), OS: string(ua.OS()), Device: string(ua.Device()),
		CreatedAt:  r.GetDateTime("created").Time().UTC().Format(time.RFC3339),
		LastSeenAt: r.GetDateTime("lastSeen").Time().UTC().Format(time.RFC3339),
		Current:    r.Id == current,
	}
	if s.Browser == "" {
		s.Browser = "Unknown browser"
	}
	if s.OS == "" {
		s.OS = "unknown system"
	}
	return s
}

// listSessions answers GET /api/user/sessions: this browser first, then by last seen.
func listSessions(e *core.RequestEvent) error {
	// The list is read rarely: write the noted last-seen times first, so it shows them.
	if err := flushLastSeen(e.App); err != nil {
		e.App.Logger().Warn("sessions' last-seen times not saved", "error", err.Error())
	}
	rows, err := e.App.FindRecordsByFilter(SessionsCollection, "user = {:u}", "-lastSeen", 200, 0, dbx.Params{"u": e.Auth.Id})
	if err != nil {
		return err
	}
	current := SessionID(e)
	out := make([]Session, 0, len(rows))
	for _, r := range rows {
		s := describeSession(r, current)
		if s.Current {
			out = append([]Session{s}, out...)
		} else {
			out = append(out, s)
		}
	}
	return e.JSON(http.StatusOK, out)
}

// endSession answers DELETE /api/user/sessions/{id}: that browser is signed out on its
// next request. Ending this browser's own session also clears its cookie.
func endSession(e *core.RequestEvent) error {
	r, err := e.App.FindRecordById(SessionsCollection, e.Request.PathValue("id"))
	if err != nil || r.GetString("user") != e.Auth.Id {
		return e.NotFoundError("That session does not exist or has already ended.", nil)
	}
	if err := e.App.Delete(r); err != nil {
		return err
	}
	if r.Id == SessionID(e) {
		clearSession(e)
	}
	return e.NoContent(http.StatusNoContent)
}

// endOtherSessions answers DELETE /api/user/sessions: every listed browser but this one.
// A cookie from before sessions existed is not listed until its renewal gives it a
// session; a password change ends it (and every other token) at once.
func endOtherSessions(e *core.RequestEvent) error {
	n, err := endSessions(e.App, e.Auth.Id, SessionID(e))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]int{"ended": n})
}
