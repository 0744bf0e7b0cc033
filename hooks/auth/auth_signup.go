package auth

import (
	"errors"
	"net/http"
	"strings"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
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

// ConfirmEmailStatus is the status of a sign-up answered with "check your email".
const ConfirmEmailStatus = "confirm_email"

// confirmEmailAnswer is what every valid sign-up gets while sign-ups are confirmed by
// email, whether or not the address already has an account.
type confirmEmailAnswer struct {
	Status string `json:"status"`
	Email  string `json:"email"`
}

// ConfirmsByEmail reports whether sign-ups are confirmed by email: whenever the community
// can send mail (SMTP is set up in the dashboard). Then a sign-up never says whether an
// address already has an account. Without mail there is no way to reach the owner of an
// address, so a sign-up signs the new member in at once and has to refuse a taken address.
func ConfirmsByEmail(app core.App) bool {
	return app.Settings().SMTP.Enabled
}

// signup starts a membership. With mail set up it always answers 202 "check your email":
// a new address gets a link that creates the account (confirmEmail), a taken one gets a
// note that it already has an account; the answer and the work done are the same either
// way. Without mail it creates the member and signs them in.
func signup(e *core.RequestEvent) error {
	var body signupBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.Validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	_, findErr := findByEmail(e.App, body.Email)
	taken := findErr == nil
	if ConfirmsByEmail(e.App) {
		var err error
		if taken {
			err = sendAccountExistsMail(e.App, body.Email)
		} else {
			err = sendConfirmSignupMail(e.App, body)
		}
		if err != nil {
			e.App.Logger().Error("sign-up email failed", "error", err)
			return e.Error(http.StatusServiceUnavailable, "We could not send the confirmation email. Try again in a few minutes.", nil)
		}
		return e.JSON(http.StatusAccepted, confirmEmailAnswer{Status: ConfirmEmailStatus, Email: body.Email})
	}
	if taken {
		return e.BadRequestError("An account with this email already exists.", validation.Errors{
			"email": validation.NewError("validation_not_unique", "An account with this email already exists. Sign in instead."),
		})
	}
	return createMember(e, body, false)
}

// confirmEmailBody is the POST /api/auth/confirm-email payload.
type confirmEmailBody struct {
	Token string `json:"token"`
}

// validate trims the token and requires it.
func (b *confirmEmailBody) validate() error {
	b.Token = strings.TrimSpace(b.Token)
	if b.Token == "" {
		return validation.Errors{
			"token": validation.NewError("validation_required", "This link is incomplete. Open the link in the email again."),
		}
	}
	return nil
}

// confirmEmail creates the account a confirmation link describes and signs its owner in.
func confirmEmail(e *core.RequestEvent) error {
	var body confirmEmailBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	signup, err := parseSignupToken(e.App, body.Token)
	if err != nil {
		return e.BadRequestError("This link is invalid or has expired.", validation.Errors{
			"token": validation.NewError("validation_invalid_token", "This link is invalid or has expired. Sign up again to get a new one."),
		})
	}
	if _, err := findByEmail(e.App, signup.Email); err == nil {
		return e.BadRequestError("This link has already been used.", validation.Errors{
			"token": validation.NewError("validation_used_token", "This email address already has an account. Sign in instead."),
		})
	}
	return createMember(e, signup, true)
}

// createMember saves a new member from a valid sign-up and signs them in.
func createMember(e *core.RequestEvent, body signupBody, verified bool) error {
	users, err := e.App.FindCachedCollectionByNameOrId(UsersCollection)
	if err != nil {
		return err
	}
	record := core.NewRecord(users)
	record.SetEmail(body.Email)
	record.SetPassword(body.Password)
	record.SetVerified(verified)
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
