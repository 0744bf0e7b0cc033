package auth

import (
	"net/http"
	"net/url"
	"strings"
	"sync"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"
)

// loginBody is the POST /api/auth/login payload.
type loginBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Code     string `json:"code"` // the second factor, when the member turned it on
}

// validate trims the email and requires both fields.
func (b *loginBody) validate() error {
	b.Email = strings.TrimSpace(b.Email)
	return validation.ValidateStruct(b,
		validation.Field(&b.Email, validation.Required.Error("Enter your email address.")),
		validation.Field(&b.Password, validation.Required.Error("Enter your password.")),
	)
}

// SuspendedMessage is what a suspended member reads when they try to sign in (moderation).
const SuspendedMessage = "This account is suspended. Contact the moderators of this community."

// login checks email and password and sets the session cookie. A wrong email and a wrong
// password get the same answer, so the form does not reveal who has an account.
func login(e *core.RequestEvent) error {
	var body loginBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	record, err := findByEmail(e.App, body.Email)
	if err != nil {
		spendPasswordCheck(body.Password) // as long as a real check: timing tells nothing either
	}
	if err != nil || !record.ValidatePassword(body.Password) {
		return e.BadRequestError("Invalid email or password.", validation.Errors{
			"password": validation.NewError("invalid_credentials", "Invalid email or password."),
		})
	}
	if record.GetBool("suspended") { // told only to whoever knows the password
		return e.ForbiddenError(SuspendedMessage, nil)
	}
	if err := CheckSecondFactor(e, record, body.Code, http.StatusUnauthorized); err != nil {
		return err
	}
	if err := setSession(e, record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}

// sessionFromToken exchanges an Authorization-header token (as the SDK's OAuth2 flow
// returns) for the session cookie, so OAuth2 ends in the same cookie as a password sign-in.
func sessionFromToken(e *core.RequestEvent) error {
	if e.Request.Header.Get("Authorization") == "" {
		return e.BadRequestError("Send the token to exchange in the Authorization header.", nil)
	}
	if err := setSession(e, e.Auth); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(e.Auth))
}

// loginRedirect sends the browser to the sign-in page, keeping a local return path.
func loginRedirect(e *core.RequestEvent) error {
	target := "/login"
	if next := safeNext(e.Request.URL.Query().Get("next")); next != "" {
		target += "?next=" + url.QueryEscape(next)
	}
	return e.Redirect(http.StatusFound, target)
}

// logout ends this browser's session and returns it to the landing page.
func logout(e *core.RequestEvent) error {
	signOut(e)
	return e.Redirect(http.StatusFound, "/")
}

// logoutJSON ends this browser's session for fetch callers.
func logoutJSON(e *core.RequestEvent) error {
	signOut(e)
	return e.NoContent(http.StatusNoContent)
}

// signOut deletes this browser's session row (so it leaves the member's device list) and
// clears its cookie.
func signOut(e *core.RequestEvent) {
	if sid := SessionID(e); sid != "" {
		if r, err := e.App.FindRecordById(SessionsCollection, sid); err == nil {
			if err := e.App.Delete(r); err != nil {
				e.App.Logger().Warn("session not deleted at sign-out", "error", err)
			}
		}
	}
	clearSession(e)
}

// safeNext keeps only same-site absolute paths, so the redirect cannot leave the site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") || strings.HasPrefix(next, "/api/") {
		return ""
	}
	return next
}

// findByEmail finds a member by email regardless of letter case: addresses differ only
// in case are the same inbox, and people type them both ways. NOCASE folds ASCII letters
// as LOWER() does, so the lowered address matches what LOWER(email) = it matched, in one
// search of idx_users_email_nocase (FindByEmailSQL) rather than a read of every member.
func findByEmail(app core.App, email string) (*core.Record, error) {
	record := &core.Record{}
	err := app.RecordQuery(UsersCollection).
		AndWhere(dbx.NewExp(emailMatch, dbx.Params{"email": strings.ToLower(email)})).
		Limit(1).
		One(record)
	return record, err
}

// emailMatch is findByEmail's condition.
const emailMatch = "[[email]] = {:email} COLLATE NOCASE"

// FindByEmailSQL is the query findByEmail runs, for the plan test.
const FindByEmailSQL = "SELECT id FROM users WHERE " + emailMatch + " LIMIT 1"

var (
	decoyHashOnce sync.Once
	decoyHash     []byte
)

// spendPasswordCheck compares password against a decoy bcrypt hash, so a sign-in with an
// unknown email takes as long as one with a wrong password.
func spendPasswordCheck(password string) {
	decoyHashOnce.Do(func() {
		decoyHash, _ = bcrypt.GenerateFromPassword([]byte("decoy password"), bcrypt.DefaultCost)
	})
	_ = bcrypt.CompareHashAndPassword(decoyHash, []byte(password))
}
