package auth

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Settings limits: a bio is a line or two about yourself, a website one address.
const (
	BioMaxRunes     = 300
	WebsiteMaxRunes = 200
)

// Settings is what GET and PATCH /api/user/settings answer: the member's own choices.
// It is THE one settings route for a member's choices, owned here because this package is
// the one writer of users. A later issue adds a field in four lines: a member here, its
// Field in settingsBody, one line in settingsBody.validate and one in settingsBody.apply
// (plus SettingsOf). Choices that live in another domain's collection (notification
// settings) keep their own route.
type Settings struct {
	Bio     string `json:"bio"`
	Website string `json:"website"`
	// Public: visitors (signed out) may see the member's profile, reviews, diary, public
	// lists and year at /u/{handle}. Off by default.
	Public bool `json:"public"`
	// Handle names the member's public pages; HandleSuggestion offers one (from the
	// nickname) while they have none.
	Handle           string `json:"handle"`
	HandleSuggestion string `json:"handleSuggestion,omitempty"`
	// Federated: the member can be found and followed from the fediverse while the
	// community has federation on (hooks/federation). It needs Public: turning Public
	// off turns it off too. Off by default.
	Federated bool `json:"federated"`
	// ApproveFollowers: a Follow from the fediverse waits for the member's answer instead
	// of being accepted at once. Off by default.
	ApproveFollowers bool `json:"approveFollowers"`
}

// About is what other members see of a member's own words on their profile.
type About struct {
	Bio     string `json:"bio"`
	Website string `json:"website"`
}

// SettingsOf reads the member's settings from their record.
func SettingsOf(r *core.Record) Settings {
	return Settings{Bio: r.GetString("bio"), Website: r.GetString("website"), Public: r.GetBool("public"), Handle: r.GetString("handle"),
		Federated: r.GetBool("federated"), ApproveFollowers: r.GetBool("approveFollowers")}
}

// AboutOf is the part of a member's settings shown on their profile.
func AboutOf(r *core.Record) About {
	if r == nil {
		return About{}
	}
	return About{Bio: r.GetString("bio"), Website: r.GetString("website")}
}

// settingsBody is the PATCH /api/user/settings payload. Every member is optional: absent
// keeps the stored value, null or "" clears it, so a form may send only what it shows.
type settingsBody struct {
	Bio       security.Field[string] `json:"bio"`
	Website   security.Field[string] `json:"website"`
	Public    security.Field[bool]   `json:"public"`
	Handle    security.Field[string] `json:"handle"`
	Federated security.Field[bool]   `json:"federated"`
	// ApproveFollowers is Settings.ApproveFollowers.
	ApproveFollowers security.Field[bool] `json:"approveFollowers"`
}

// validate trims the given values and checks each on its own, naming every bad field.
func (b *settingsBody) validate() error {
	b.Bio.Value = strings.TrimSpace(b.Bio.Value)
	b.Website.Value = strings.TrimSpace(b.Website.Value)
	errs := validation.Errors{
		"bio":              textSetting(b.Bio, "Your bio", BioMaxRunes, validBio),
		"website":          textSetting(b.Website, "Your website", WebsiteMaxRunes, validWebsite),
		"public":           boolSetting(b.Public, "Public profile"),
		"handle":           handleSetting(b.Handle),
		"federated":        boolSetting(b.Federated, "Federation"),
		"approveFollowers": boolSetting(b.ApproveFollowers, "Approve followers"),
	}
	return errs.Filter()
}

// apply sets the given members on record.
func (b *settingsBody) apply(record *core.Record) {
	setIfPresent(record, "bio", b.Bio)
	setIfPresent(record, "website", b.Website)
	if b.Public.Present {
		record.Set("public", b.Public.Value)
	}
	if b.Federated.Present {
		record.Set("federated", b.Federated.Value)
	}
	if b.ApproveFollowers.Present {
		record.Set("approveFollowers", b.ApproveFollowers.Value)
	}
	if !record.GetBool("public") && b.Public.Present && !b.Federated.Present {
		record.Set("federated", false) // leaving the public web leaves the fediverse too
	}
}

// federationNeedsPublic names the field at fault when the member would be federated
// without a public profile (federation shows the fediverse what visitors may see).
func federationNeedsPublic(record *core.Record) error {
	if record.GetBool("federated") && !record.GetBool("public") {
		return validation.Errors{"federated": validation.NewError("validation_needs_public",
			"Turn on Public profile first: the fediverse sees what visitors see.")}
	}
	return nil
}

// boolSetting checks a present member is true or false.
func boolSetting(f security.Field[bool], label string) error {
	if f.Present && (f.Null || f.Invalid) {
		return validation.NewError("validation_invalid_type", label+" must be true or false.")
	}
	return nil
}

// handleSetting checks a present handle's form (null or "" cannot clear it: public
// pages need one once chosen).
func handleSetting(f security.Field[string]) error {
	if !f.Present {
		return nil
	}
	if f.Null || f.Invalid {
		return validation.NewError("validation_invalid_handle", "A handle is 3 to 30 letters, digits or underscores.")
	}
	return ValidHandle(strings.TrimSpace(f.Value))
}

// setIfPresent stores a present member: its value, or "" when null.
func setIfPresent(record *core.Record, name string, f security.Field[string]) {
	if f.Present {
		record.Set(name, f.Value) // the zero value when null
	}
}

// textSetting checks a present, non-null text member: text, at most limit characters,
// and whatever check says of its content.
func textSetting(f security.Field[string], label string, limit int, check func(string) error) error {
	if !f.Present || f.Null {
		return nil
	}
	if f.Invalid {
		return validation.NewError("validation_invalid_type", label+" must be text.")
	}
	if n := utf8.RuneCountInString(f.Value); n > limit {
		return validation.NewError("validation_length_too_long", label+" can be at most "+strconv.Itoa(limit)+" characters long.")
	}
	if f.Value == "" {
		return nil
	}
	return check(f.Value)
}

// validBio accepts plain text: line breaks and tabs, no other control characters (they
// would only hide text or break layouts). Markup is kept as text and never rendered.
func validBio(s string) error {
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return validation.NewError("validation_invalid_text", "Your bio can only hold plain text.")
		}
	}
	return nil
}

// validWebsite accepts an absolute http(s) address with a host and no credentials, so a
// profile link can only open a web page (never javascript:, data: or a password in a URL).
func validWebsite(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || strings.ContainsAny(s, " \t\n\r") {
		return validation.NewError("validation_invalid_url", "Enter a web address starting with https:// (or http://).")
	}
	return nil
}

// getSettings answers GET /api/user/settings.
func getSettings(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, ownSettings(e.App, e.Auth))
}

// ownSettings is SettingsOf with a suggested handle while the member has none.
func ownSettings(app core.App, r *core.Record) Settings {
	s := SettingsOf(r)
	if s.Handle == "" {
		s.HandleSuggestion = SuggestHandle(app, r)
	}
	return s
}

// patchSettings answers PATCH /api/user/settings: saves the given members, answers all.
func patchSettings(e *core.RequestEvent) error {
	var body settingsBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if err := body.validate(); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	record := e.Auth
	body.apply(record)
	if err := federationNeedsPublic(record); err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	err := e.App.RunInTransaction(func(tx core.App) error {
		if body.Handle.Present {
			if err := changeHandle(tx, record, strings.TrimSpace(body.Handle.Value)); err != nil {
				return err
			}
		}
		if record.GetBool("public") && record.GetString("handle") == "" {
			// Going public needs an address: take the suggestion.
			if err := changeHandle(tx, record, SuggestHandle(tx, record)); err != nil {
				return err
			}
		}
		return tx.Save(record)
	})
	var fieldErrs validation.Errors
	if errors.As(err, &fieldErrs) {
		return e.BadRequestError("Please check the highlighted fields.", fieldErrs)
	} else if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, ownSettings(e.App, record))
}
