package auth

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"net/http"
	"strings"
	"time"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pquerna/otp/totp"
)

// Messages of the second factor. A wrong code says so; it is asked for only once the
// password was right, so it never tells a guesser which factor failed first.
const (
	CodeRequiredMessage = "Enter the 6-digit code from your authenticator app, or a recovery code."
	CodeWrongMessage    = "That code is not right. Enter the current code from your authenticator app, or an unused recovery code."
	CodeTooManyMessage  = "Too many wrong codes. Wait 10 minutes and try again."
	TwoFactorOnMessage  = "This account uses two-factor sign-in: sign in on the sign-in page with your password and a code."
)

// TwoFactorEnabled reports whether the member signs in with a second factor.
func TwoFactorEnabled(r *core.Record) bool { return r.GetBool("totpEnabled") }

// codeError is a field error naming code, with status.
func codeError(e *core.RequestEvent, status int, code, message string) error {
	return e.Error(status, message, validation.Errors{"code": validation.NewError(code, message)})
}

// CheckSecondFactor is the second step after a right password, for sign-in (status 401)
// and for the account's own sensitive changes (400): nil when the member has no second
// factor or code is right (and now spent), else an error naming code. Wrong codes count
// against the member (codeLimits), and past the limit every code is refused with a 429.
func CheckSecondFactor(e *core.RequestEvent, record *core.Record, code string, status int) error {
	if !TwoFactorEnabled(record) {
		return nil
	}
	if strings.TrimSpace(code) == "" {
		return codeError(e, status, "validation_required", CodeRequiredMessage)
	}
	if codeLimits(e.App).blocked(record.Id) {
		return codeError(e, http.StatusTooManyRequests, "validation_too_many_attempts", CodeTooManyMessage)
	}
	ok, err := useSecondFactor(e.App, record.Id, code)
	if err != nil {
		return err
	}
	if !ok {
		codeLimits(e.App).fail(record.Id)
		return codeError(e, status, "validation_invalid_code", CodeWrongMessage)
	}
	if fresh, err := e.App.FindRecordById(UsersCollection, record.Id); err == nil {
		*record = *fresh // the spent code's change, so a later Save keeps it
	}
	return nil
}

// TwoFactorStatus answers GET /api/user/2fa.
type TwoFactorStatus struct {
	Enabled           bool `json:"enabled"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

func twoFactorStatus(e *core.RequestEvent) error {
	var hashes []string
	_ = e.Auth.UnmarshalJSONField("recoveryCodes", &hashes)
	return e.JSON(http.StatusOK, TwoFactorStatus{Enabled: TwoFactorEnabled(e.Auth), RecoveryCodesLeft: len(hashes)})
}

// TwoFactorSetup is the answer of POST /api/user/2fa/setup: the secret in text (to type
// into an app), the otpauth URL, and a QR code of it as a PNG data URL (drawn here, so
// the secret never reaches a third-party QR service).
type TwoFactorSetup struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"`
}

// setupTwoFactor starts enabling: a new secret, kept aside (hidden) until a first code
// confirms the app holds it. Setting up again replaces the pending secret.
func setupTwoFactor(e *core.RequestEvent) error {
	record := e.Auth
	if TwoFactorEnabled(record) {
		return e.Error(http.StatusConflict, "Two-factor sign-in is already on. Turn it off first to set up another app.", nil)
	}
	issuer := e.App.Settings().Meta.AppName
	if issuer == "" {
		issuer = "CineCircle"
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: record.Email(), Period: totpPeriod, Digits: totpOpts.Digits, Algorithm: totpOpts.Algorithm})
	if err != nil {
		return err
	}
	img, err := key.Image(256, 256)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	record.Set("totpPending", key.Secret())
	if err := e.App.Save(record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, TwoFactorSetup{
		Secret: key.Secret(), OtpauthURL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()),
	})
}

// enableBody is the POST /api/user/2fa/enable payload: the app's first code.
type enableBody struct {
	Code string `json:"code"`
}

// enableTwoFactor turns the pending secret on once a code from it is right, and answers
// the ten recovery codes: the only time they are shown (only their hashes are kept).
func enableTwoFactor(e *core.RequestEvent) error {
	var body enableBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	record := e.Auth
	pending := record.GetString("totpPending")
	switch {
	case TwoFactorEnabled(record):
		return e.Error(http.StatusConflict, "Two-factor sign-in is already on.", nil)
	case pending == "":
		return codeError(e, http.StatusBadRequest, "validation_no_setup", "Start the setup first: scan the QR code, then enter a code.")
	case strings.TrimSpace(body.Code) == "":
		return codeError(e, http.StatusBadRequest, "validation_required", "Enter the 6-digit code your app shows.")
	case codeLimits(e.App).blocked(record.Id):
		return codeError(e, http.StatusTooManyRequests, "validation_too_many_attempts", CodeTooManyMessage)
	}
	step := matchTOTP(pending, strings.TrimSpace(body.Code), time.Now(), 0)
	if step == 0 {
		codeLimits(e.App).fail(record.Id)
		return codeError(e, http.StatusBadRequest, "validation_invalid_code", "That code is not right. Check the time on your phone and enter the code your app shows now.")
	}
	codes, hashes := newRecoveryCodes()
	record.Set("totpSecret", pending)
	record.Set("totpPending", "")
	record.Set("totpLastStep", step)
	record.Set("totpEnabled", true)
	record.Set("recoveryCodes", hashes)
	if err := e.App.Save(record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"recoveryCodes": codes})
}

// disableBody is the POST /api/user/2fa/disable payload.
type disableBody struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

// disableTwoFactor turns the second factor off after the password and a code.
func disableTwoFactor(e *core.RequestEvent) error {
	var body disableBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	record := e.Auth
	if !TwoFactorEnabled(record) {
		return e.Error(http.StatusConflict, "Two-factor sign-in is already off.", nil)
	}
	if err := CheckPassword(e, record, body.Password); err != nil {
		return err
	}
	if err := CheckSecondFactor(e, record, body.Code, http.StatusBadRequest); err != nil {
		return err
	}
	clearTwoFactor(record)
	if err := e.App.Save(record); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// clearTwoFactor forgets every trace of the second factor.
func clearTwoFactor(record *core.Record) {
	record.Set("totpEnabled", false)
	record.Set("totpSecret", "")
	record.Set("totpPending", "")
	record.Set("totpLastStep", 0)
	record.Set("recoveryCodes", nil)
}

// CheckPassword is the proof of presence sensitive account changes ask for: nil when
// password is the member's, else a 400 naming password.
func CheckPassword(e *core.RequestEvent, record *core.Record, password string) error {
	if password == "" {
		return e.BadRequestError("Enter your password.", validation.Errors{"password": validation.NewError("validation_required", "Enter your password.")})
	}
	if !record.ValidatePassword(password) {
		return e.BadRequestError("The password is not correct.", validation.Errors{"password": validation.NewError("invalid_credentials", "The password is not correct.")})
	}
	return nil
}
