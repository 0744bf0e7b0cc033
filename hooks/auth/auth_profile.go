package auth

import (
	"net/http"
	"strings"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// currentUser answers GET /api/auth/user: the signed-in member, or 401 (RequireAuth).
func currentUser(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, SelfUser(e.Auth))
}

// nameBody is the PATCH /api/auth/user/name payload (SPEC §5 profile form).
type nameBody struct {
	FirstName         string  `json:"firstName"`
	LastName          string  `json:"lastName"`
	Nickname          *string `json:"nickname"`
	DisplayPreference string  `json:"displayPreference"`
}

// normalize trims every value, turns an empty nickname into null and defaults the
// display preference, as SPEC §5 asks of the form.
func (b *nameBody) normalize() {
	b.FirstName = strings.TrimSpace(b.FirstName)
	b.LastName = strings.TrimSpace(b.LastName)
	if b.Nickname != nil {
		n := strings.TrimSpace(*b.Nickname)
		b.Nickname = &n
		if n == "" {
			b.Nickname = nil
		}
	}
	b.DisplayPreference = strings.TrimSpace(b.DisplayPreference)
	if b.DisplayPreference == "" {
		b.DisplayPreference = "fullname"
	}
}

// Validate checks the normalized profile payload.
func (b *nameBody) Validate() error {
	nick := ""
	if b.Nickname != nil {
		nick = *b.Nickname
	}
	errs := validation.Errors{
		"firstName": validation.Validate(b.FirstName,
			validation.Required.Error("Please enter your first name."), validation.RuneLength(1, 100)),
		"lastName": validation.Validate(b.LastName, validation.RuneLength(0, 100)),
		"nickname": validation.Validate(nick, validation.RuneLength(0, 50)),
		"displayPreference": validation.Validate(b.DisplayPreference,
			validation.In("fullname", "nickname").Error("Choose fullname or nickname.")),
	}
	if errs["displayPreference"] == nil && b.DisplayPreference == "nickname" && nick == "" {
		errs["displayPreference"] = validation.NewError("validation_nickname_required", "Enter a nickname to display it.")
	}
	return errs.Filter()
}

// updateName saves the profile form and records that the member completed it.
func updateName(e *core.RequestEvent) error {
	var body nameBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	body.normalize()
	if err := body.Validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	record := e.Auth
	record.Set("firstName", body.FirstName)
	record.Set("lastName", body.LastName)
	record.Set("nickname", "")
	if body.Nickname != nil {
		record.Set("nickname", *body.Nickname)
	}
	record.Set("displayPreference", body.DisplayPreference)
	record.Set("profileCompleted", true)
	err := e.App.RunInTransaction(func(tx core.App) error {
		// Completing the profile gives a member their handle, suggested from the nickname
		// they just chose; they change it in Settings › Sharing.
		if record.GetString("handle") == "" {
			if h := SuggestHandle(tx, record); h != "" {
				if err := changeHandle(tx, record, h); err != nil {
					return err
				}
			}
		}
		return tx.Save(record)
	})
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}

// passwordBody is the POST /api/auth/user/password payload.
type passwordBody struct {
	CurrentPassword string `json:"currentPassword"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
}

// validate requires the current password and a new one of 8 to 71 characters, repeated.
func (b *passwordBody) validate() error {
	return validation.ValidateStruct(b,
		validation.Field(&b.CurrentPassword, validation.Required.Error("Enter your current password.")),
		validation.Field(&b.Password, validation.Required.Error("Choose a new password."), validation.RuneLength(8, 71).Error("The new password must be 8 to 71 characters long.")),
		validation.Field(&b.PasswordConfirm, validation.Required.Error("Repeat the new password."), validation.In(b.Password).Error("The passwords do not match.")),
	)
}

// changePassword sets a new password. PocketBase rotates the token key on a password
// change, which signs out every other session; this one gets a fresh cookie.
func changePassword(e *core.RequestEvent) error {
	var body passwordBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	record := e.Auth
	if !record.ValidatePassword(body.CurrentPassword) {
		return e.BadRequestError("The current password is not correct.", validation.Errors{
			"currentPassword": validation.NewError("invalid_credentials", "The current password is not correct."),
		})
	}
	record.SetPassword(body.Password)
	if err := e.App.Save(record); err != nil {
		return err
	}
	if err := setSession(e, record); err != nil {
		return err
	}
	// The other browsers' tokens died with the token key: their rows go too.
	if _, err := endSessions(e.App, record.Id, SessionID(e)); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}
