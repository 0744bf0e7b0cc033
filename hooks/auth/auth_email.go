package auth

import (
	"html/template"
	"net/http"
	"strings"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
)

// emailBody is the POST /api/user/email payload: the new address and the password.
type emailBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// validate trims the address and checks its form.
func (b *emailBody) validate() error {
	b.Email = strings.TrimSpace(b.Email)
	return validation.Errors{
		"email": validation.Validate(b.Email, validation.Required.Error("Enter the new email address."),
			validation.RuneLength(0, 254), is.EmailFormat.Error("Enter a valid email address.")),
	}.Filter()
}

// changeEmail answers POST /api/user/email. With mail set up it always answers 202: the
// new address gets a confirmation link (a taken one gets nothing it can act on, and the
// answer is the same, so it never tells whether an address has an account) and the old
// address a notice. Without mail the address changes at once (200), the password being
// the proof, and a taken address is refused, as sign-up does without mail.
func changeEmail(e *core.RequestEvent) error {
	var body emailBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	record := e.Auth
	if err := CheckPassword(e, record, body.Password); err != nil {
		return err
	}
	if strings.EqualFold(body.Email, record.Email()) {
		return e.BadRequestError("That is already your email.", validation.Errors{"email": validation.NewError("validation_same_email", "That is already your email.")})
	}
	_, findErr := findByEmail(e.App, body.Email)
	taken := findErr == nil
	if !ConfirmsByEmail(e.App) {
		if taken {
			return e.BadRequestError("An account with this email already exists.", validation.Errors{"email": validation.NewError("validation_not_unique", "An account with this email already exists.")})
		}
		record.SetEmail(body.Email)
		if err := e.App.Save(record); err != nil {
			return err
		}
		if err := setSession(e, record); err != nil { // in case the token key changed with it
			return err
		}
		return e.JSON(http.StatusOK, SelfUser(record))
	}
	if err := sendEmailChangeMails(e.App, record, body.Email, taken); err != nil {
		e.App.Logger().Error("email change mail failed", "error", err)
		return e.Error(http.StatusServiceUnavailable, "We could not send the confirmation email. Try again in a few minutes.", nil)
	}
	return e.JSON(http.StatusAccepted, confirmEmailAnswer{Status: ConfirmEmailStatus, Email: body.Email})
}

var (
	confirmEmailChangeMail = template.Must(template.New("change").Parse(`<p>Hello,</p>
<p>Open this link to make this address the email of your {{.AppName}} account:</p>
<p><a class="btn" href="{{.Link}}" target="_blank" rel="noopener">Confirm my new email</a></p>
<p>If you did not ask for this, ignore this email: nothing changes.</p>
<p>Thanks,<br/>{{.AppName}}</p>`))
	emailChangeNotice = template.Must(template.New("notice").Parse(`<p>Hello,</p>
<p>Someone signed in to your {{.AppName}} account asked to change its email to another address. It changes only when the link sent there is opened.</p>
<p>If it was not you, sign in and change your password now, then sign out your other devices in Settings, Security.</p>
<p>Thanks,<br/>{{.AppName}}</p>`))
)

// sendEmailChangeMails sends the link to the new address (unless it is taken) and the
// notice to the old one.
func sendEmailChangeMails(app core.App, record *core.Record, newEmail string, taken bool) error {
	page := newMailPage(app)
	if !taken {
		token, err := record.NewEmailChangeToken(newEmail)
		if err != nil {
			return err
		}
		page.Link = appURL(app) + "/confirm-email-change?token=" + token
		if err := sendPage(app, newEmail, "Confirm your new email for "+page.AppName, confirmEmailChangeMail, page); err != nil {
			return err
		}
	}
	return sendPage(app, record.Email(), "Your "+page.AppName+" email is being changed", emailChangeNotice, page)
}

// confirmEmailChange answers POST /api/auth/confirm-email-change {token}: the link from
// the new address's mail makes it the account's email (and signs that browser in).
func confirmEmailChange(e *core.RequestEvent) error {
	var body confirmEmailBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("This link is incomplete.", err)
	}
	bad := e.BadRequestError("This link is invalid or has expired. Ask for the change again in Settings.", validation.Errors{
		"token": validation.NewError("validation_invalid_token", "This link is invalid or has expired."),
	})
	record, err := e.App.FindAuthRecordByToken(body.Token, core.TokenTypeEmailChange)
	if err != nil || record.Collection().Name != UsersCollection {
		return bad
	}
	claims, err := parseClaims(body.Token)
	newEmail, _ := claims[core.TokenClaimNewEmail].(string)
	if err != nil || newEmail == "" {
		return bad
	}
	if other, err := findByEmail(e.App, newEmail); err == nil && other.Id != record.Id {
		return e.BadRequestError("An account with this email already exists.", validation.Errors{"token": validation.NewError("validation_not_unique", "An account with this email already exists.")})
	}
	record.SetEmail(newEmail)
	record.SetVerified(true)
	if err := e.App.Save(record); err != nil {
		return err
	}
	if err := setSession(e, record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}
