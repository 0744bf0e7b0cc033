package auth

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"html/template"
	"net/mail"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/security"
)

// signupTokenType marks a sign-up confirmation token; no other token carries it.
const signupTokenType = "signup"

// signupKeys derives the sign-up token's signing and encryption keys from the users
// collection's verification secret (rotating it in the dashboard voids every pending
// link) and returns how long a link stays valid (the collection's verification duration).
func signupKeys(app core.App) (signKey, encKey string, valid time.Duration, err error) {
	users, err := app.FindCachedCollectionByNameOrId(UsersCollection)
	if err != nil {
		return "", "", 0, err
	}
	secret := users.VerificationToken.Secret
	sum := sha256.Sum256([]byte("cinecircle sign-up encryption " + secret))
	return secret + signupTokenType, hex.EncodeToString(sum[:])[:32], users.VerificationToken.DurationTime(), nil
}

// newSignupToken writes a sign-up into a signed token, the password encrypted (nothing is
// stored until the owner of the address opens the link), and says how long it is valid.
func newSignupToken(app core.App, body signupBody) (string, time.Duration, error) {
	signKey, encKey, valid, err := signupKeys(app)
	if err != nil {
		return "", 0, err
	}
	password, err := security.Encrypt([]byte(body.Password), encKey)
	if err != nil {
		return "", 0, err
	}
	ref, _ := body.Ref.(string)
	token, err := security.NewJWT(map[string]any{
		"type":      signupTokenType,
		"email":     body.Email,
		"password":  password,
		"firstName": body.FirstName,
		"lastName":  body.LastName,
		"ref":       ref,
	}, signKey, valid)
	return token, valid, err
}

// parseSignupToken reads back a sign-up from a token newSignupToken wrote, refusing a
// forged, expired or other kind of token.
func parseSignupToken(app core.App, token string) (signupBody, error) {
	signKey, encKey, _, err := signupKeys(app)
	if err != nil {
		return signupBody{}, err
	}
	claims, err := security.ParseJWT(token, signKey)
	if err != nil {
		return signupBody{}, err
	}
	claim := func(name string) string { s, _ := claims[name].(string); return s }
	if claim("type") != signupTokenType || claim("email") == "" {
		return signupBody{}, errors.New("not a sign-up token")
	}
	password, err := security.Decrypt(claim("password"), encKey)
	if err != nil {
		return signupBody{}, err
	}
	body := signupBody{
		Email:     claim("email"),
		Password:  string(password),
		FirstName: claim("firstName"),
		LastName:  claim("lastName"),
		Ref:       claim("ref"),
	}
	body.PasswordConfirm = body.Password
	if err := body.Validate(); err != nil {
		return signupBody{}, err
	}
	return body, nil
}

// mailPage is what the sign-up emails show.
type mailPage struct {
	AppName   string
	FirstName string
	Link      string
	LoginLink string
	Days      int
}

var (
	confirmSignupMail = template.Must(template.New("confirm").Parse(`<p>Hello{{if .FirstName}} {{.FirstName}}{{end}},</p>
<p>Open this link to finish creating your {{.AppName}} account:</p>
<p><a class="btn" href="{{.Link}}" target="_blank" rel="noopener">Confirm my email</a></p>
<p>The link works for {{.Days}} days. If you did not sign up, ignore this email: no account is created.</p>
<p>Thanks,<br/>{{.AppName}}</p>`))
	accountExistsMail = template.Must(template.New("exists").Parse(`<p>Hello,</p>
<p>Someone, hopefully you, tried to create a {{.AppName}} account with this email address. It already has an account, so nothing was changed.</p>
<p><a class="btn" href="{{.LoginLink}}" target="_blank" rel="noopener">Sign in</a></p>
<p>Forgot your password? Choose "Forgot password?" on the sign-in page to get a new one.</p>
<p>If it was not you, ignore this email.</p>
<p>Thanks,<br/>{{.AppName}}</p>`))
)

// sendConfirmSignupMail sends a new address the link that creates its account.
func sendConfirmSignupMail(app core.App, body signupBody) error {
	token, valid, err := newSignupToken(app, body)
	if err != nil {
		return err
	}
	page := newMailPage(app)
	page.FirstName = body.FirstName
	page.Link = appURL(app) + "/confirm-email?token=" + token
	page.Days = max(1, int(valid.Hours()/24))
	return sendPage(app, body.Email, "Confirm your email for "+page.AppName, confirmSignupMail, page)
}

// sendAccountExistsMail tells the owner of a taken address that someone tried to sign up
// with it, and how to sign in.
func sendAccountExistsMail(app core.App, email string) error {
	page := newMailPage(app)
	return sendPage(app, email, "You already have a "+page.AppName+" account", accountExistsMail, page)
}

func newMailPage(app core.App) mailPage {
	return mailPage{AppName: app.Settings().Meta.AppName, LoginLink: appURL(app) + "/login"}
}

// appURL is the community's public address from the dashboard settings, without a
// trailing slash.
func appURL(app core.App) string {
	return strings.TrimRight(app.Settings().Meta.AppURL, "/")
}

func sendPage(app core.App, to, subject string, tmpl *template.Template, page mailPage) error {
	var html bytes.Buffer
	if err := tmpl.Execute(&html, page); err != nil {
		return err
	}
	meta := app.Settings().Meta
	return app.NewMailClient().Send(&mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Address: to}},
		Subject: subject,
		HTML:    html.String(),
	})
}
