package auth

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/crypto/bcrypt"
)

// signupBody is the POST /api/auth/signup payload.
type signupBody struct {
	Email           string `json:"email"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
	FirstName       string `json:"firstName"`
	LastName        string `json:"lastName"`
	Ref             any    `json:"ref"` // the inviter's id from an invite link (SPEC §9); optional
}

// Validate checks the sign-up payload field by field.
func (b *signupBody) Validate() error {
	b.Email = strings.ToLower(strings.TrimSpace(b.Email))
	b.FirstName = strings.TrimSpace(b.FirstName)
	b.LastName = strings.TrimSpace(b.LastName)
	return validation.ValidateStruct(b,
		validation.Field(&b.Email, validation.Required.Error("Enter your email address."), is.EmailFormat.Error("Enter a valid email address."), validation.Length(1, 255)),
		validation.Field(&b.Password, validation.Required.Error("Choose a password."), validation.RuneLength(8, 71).Error("The password must be 8 to 71 characters long.")),
		validation.Field(&b.PasswordConfirm, validation.Required.Error("Repeat the password."), validation.In(b.Password).Error("The passwords do not match.")),
		validation.Field(&b.FirstName, validation.RuneLength(0, 100)),
		validation.Field(&b.LastName, validation.RuneLength(0, 100)),
	)
}

// signup creates a member and signs them in with the session cookie.
func signup(e *core.RequestEvent) error {
	var body signupBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.Validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	users, err := e.App.FindCachedCollectionByNameOrId(UsersCollection)
	if err != nil {
		return err
	}
	if _, err := findByEmail(e.App, body.Email); err == nil {
		return e.BadRequestError("An account with this email already exists.", validation.Errors{
			"email": validation.NewError("validation_not_unique", "An account with this email already exists. Sign in instead."),
		})
	}
	record := core.NewRecord(users)
	record.SetEmail(body.Email)
	record.SetPassword(body.Password)
	record.Set("firstName", body.FirstName)
	record.Set("lastName", body.LastName)
	record.Set("displayPreference", "fullname")
	record.Set("invitedBy", inviterID(e.App, body.Ref))
	if err := e.App.Save(record); err != nil {
		var verrs validation.Errors
		if errors.As(err, &verrs) {
			return e.BadRequestError("Please check the highlighted fields.", verrs)
		}
		return err
	}
	if err := setSession(e, record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}

// inviterID returns ref when it names a member, else "": a stale or mistyped invite link
// must never stop a sign-up. The social domain links the two members once it succeeds.
func inviterID(app core.App, ref any) string {
	id, _ := ref.(string)
	id = strings.TrimSpace(id)
	if id == "" {
		return ""
	}
	if _, err := app.FindRecordById(UsersCollection, id); err != nil {
		return ""
	}
	return id
}

// loginBody is the POST /api/auth/login payload.
type loginBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
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
	body.Email = strings.TrimSpace(body.Email)
	if err := validation.ValidateStruct(&body,
		validation.Field(&body.Email, validation.Required.Error("Enter your email address.")),
		validation.Field(&body.Password, validation.Required.Error("Enter your password.")),
	); err != nil {
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

// logout clears the session cookie and returns the browser to the landing page.
func logout(e *core.RequestEvent) error {
	clearSession(e)
	return e.Redirect(http.StatusFound, "/")
}

// logoutJSON clears the session cookie for fetch callers.
func logoutJSON(e *core.RequestEvent) error {
	clearSession(e)
	return e.NoContent(http.StatusNoContent)
}

// safeNext keeps only same-site absolute paths, so the redirect cannot leave the site.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") || strings.HasPrefix(next, "/api/") {
		return ""
	}
	return next
}

// findByEmail finds a member by email regardless of letter case: addresses differ only
// in case are the same inbox, and people type them both ways.
func findByEmail(app core.App, email string) (*core.Record, error) {
	record := &core.Record{}
	err := app.RecordQuery(UsersCollection).
		AndWhere(dbx.NewExp("LOWER([[email]]) = {:email}", dbx.Params{"email": strings.ToLower(email)})).
		Limit(1).
		One(record)
	return record, err
}

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
