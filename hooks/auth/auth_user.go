package auth

import (
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// UsersCollection is the name of the members' auth collection.
const UsersCollection = "users"

// User is the SPEC §3 User shape. Email is filled only for the member themself.
type User struct {
	ID                string  `json:"id"`
	FirstName         string  `json:"firstName"`
	LastName          string  `json:"lastName"`
	Email             string  `json:"email,omitempty"`
	Nickname          *string `json:"nickname"`
	DisplayPreference string  `json:"displayPreference"`
	ProfileImageURL   string  `json:"profileImageUrl"`
}

// OwnUser is what a member sees of themself: the User shape plus whether they have
// completed the profile form, so the profile modal does not come back once saved.
type OwnUser struct {
	User
	ProfileCompleted bool `json:"profileCompleted"`
}

// PublicUser returns the User shape another member may see: no email.
func PublicUser(r *core.Record) User {
	if r == nil {
		return User{}
	}
	u := User{
		ID:                r.Id,
		FirstName:         r.GetString("firstName"),
		LastName:          r.GetString("lastName"),
		DisplayPreference: r.GetString("displayPreference"),
		ProfileImageURL:   ProfileImageURL(r),
	}
	if u.DisplayPreference == "" {
		u.DisplayPreference = "fullname"
	}
	if nick := r.GetString("nickname"); nick != "" {
		u.Nickname = &nick
	}
	return u
}

// SelfUser returns the member's view of their own record.
func SelfUser(r *core.Record) OwnUser {
	u := PublicUser(r)
	u.Email = r.Email()
	return OwnUser{User: u, ProfileCompleted: r.GetBool("profileCompleted")}
}

// ProfileImageURL is the uploaded photo's 128 px thumb when there is one (what every
// list, menu and push shows; the UI drops the thumb parameter for the 512 px photo on a
// profile), else the OAuth2 avatar URL, else empty (the UI then draws an avatar generated
// from the id).
func ProfileImageURL(r *core.Record) string {
	if file := r.GetString("avatar"); file != "" {
		return "/api/files/" + url.PathEscape(r.Collection().Id) + "/" + url.PathEscape(r.Id) + "/" + url.PathEscape(file) + "?thumb=" + AvatarThumb
	}
	if u := r.GetString("avatarUrl"); SafeImageURL(u) {
		return u
	}
	return ""
}

// SafeImageURL reports whether u is an absolute https URL with a host and no credentials:
// the only outside image a profile may point at (an OAuth2 provider's avatar). Anything
// else (http, javascript:, data:, a relative path) is dropped rather than shown.
func SafeImageURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && p.Scheme == "https" && p.Host != "" && p.User == nil
}

// dropUnsafeAvatar clears an avatarUrl that is not a SafeImageURL before it is stored,
// so a provider's http (or hostile) avatar link never reaches another member's page.
func dropUnsafeAvatar(r *core.Record) {
	if u := r.GetString("avatarUrl"); u != "" && !SafeImageURL(u) {
		r.Set("avatarUrl", "")
	}
}

// splitOAuthName fills firstName and lastName from the single name an OAuth2 provider gives.
func splitOAuthName(r *core.Record) {
	name := strings.TrimSpace(r.GetString("name"))
	if name == "" || strings.TrimSpace(r.GetString("firstName")) != "" {
		return
	}
	first, last, _ := strings.Cut(name, " ")
	r.Set("firstName", first)
	r.Set("lastName", strings.TrimSpace(last))
}

// DisplayName is SPEC §3's display name: the nickname when the member prefers it, else
// first and last name, else the part of the email before the at-sign, else 'Unknown User'.
func DisplayName(r *core.Record) string {
	if r == nil {
		return "Unknown User"
	}
	if nick := strings.TrimSpace(r.GetString("nickname")); nick != "" && r.GetString("displayPreference") == "nickname" {
		return nick
	}
	if full := strings.TrimSpace(r.GetString("firstName") + " " + r.GetString("lastName")); full != "" {
		return full
	}
	if local, _, ok := strings.Cut(r.Email(), "@"); ok && local != "" {
		return local
	}
	return "Unknown User"
}
