package auth

import (
	"database/sql"
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/text/unicode/norm"
)

// HandleRedirectFor is how long an old handle keeps leading to its member after a change,
// so links shared under it still work; then anyone may take it.
const HandleRedirectFor = 90 * 24 * time.Hour

var handlePattern = regexp.MustCompile(`^[A-Za-z0-9_]{3,30}$`)

// reservedHandles are words that name our own pages or would let a handle pose as staff.
var reservedHandles = map[string]bool{
	"admin": true, "administrator": true, "api": true, "about": true, "app": true, "cinecircle": true,
	"help": true, "login": true, "logout": true, "me": true, "mod": true, "moderator": true, "null": true,
	"og": true, "profile": true, "root": true, "rss": true, "search": true, "settings": true, "signup": true,
	"staff": true, "support": true, "system": true, "undefined": true, "year": true, "www": true,
}

// ValidHandle checks a handle's form: 3–30 letters, digits or underscores, not reserved.
func ValidHandle(h string) error {
	if !handlePattern.MatchString(h) {
		return validation.NewError("validation_invalid_handle", "A handle is 3 to 30 letters, digits or underscores.")
	}
	if reservedHandles[strings.ToLower(h)] {
		return validation.NewError("validation_reserved_handle", "That handle is reserved. Please choose another.")
	}
	return nil
}

// handleTaken reports whether another member holds h, or it still redirects to another
// member, regardless of case. The members' handles are read from idx_users_handle, a
// partial index of the members who have one: each query names that condition too, else
// with a bound value SQLite cannot use the index and reads every member (at 100k
// members, on every handle checked and every profile, actor and WebFinger address
// looked up).
func handleTaken(app core.App, userID, h string) (bool, error) {
	var n int
	err := app.DB().NewQuery(`SELECT (SELECT COUNT(*) FROM users WHERE handle = {:h} COLLATE NOCASE AND handle != '' AND id != {:u})
		+ (SELECT COUNT(*) FROM handle_redirects WHERE handle = {:h} COLLATE NOCASE AND user != {:u} AND expiresAt > {:now})`).
		Bind(dbx.Params{"h": h, "u": userID, "now": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).Row(&n)
	return err != nil || n > 0, err
}

// SuggestHandle makes a free handle from the member's nickname (else their names):
// accents dropped, other characters turned to underscores, a number added when taken.
func SuggestHandle(app core.App, r *core.Record) string {
	base := r.GetString("nickname")
	if base == "" {
		base = r.GetString("firstName") + "_" + r.GetString("lastName")
	}
	var b strings.Builder
	for _, c := range norm.NFKD.String(base) {
		switch {
		case c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c)):
			b.WriteRune(unicode.ToLower(c))
		case unicode.Is(unicode.Mn, c):
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	h := strings.Trim(b.String(), "_")
	if len(h) > 24 {
		h = h[:24]
	}
	for len(h) < 3 {
		h += "_"
	}
	for i := 0; i < 50; i++ {
		try := h
		if i > 0 {
			try = h + "_" + itoa(i+1)
		}
		if ValidHandle(try) != nil {
			continue
		}
		if taken, err := handleTaken(app, r.Id, try); err == nil && !taken {
			return try
		}
	}
	return ""
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// changeHandle sets record's handle to h inside tx, keeping the old one as a redirect
// for HandleRedirectFor (a member taking back their own old handle drops its redirect).
func changeHandle(tx core.App, record *core.Record, h string) error {
	old := record.GetString("handle")
	if strings.EqualFold(old, h) {
		record.Set("handle", h)
		return nil
	}
	if taken, err := handleTaken(tx, record.Id, h); err != nil {
		return err
	} else if taken {
		return validation.Errors{"handle": validation.NewError("validation_handle_taken", "That handle is taken. Please choose another.")}
	}
	if _, err := tx.DB().NewQuery(`DELETE FROM handle_redirects WHERE handle = {:h} COLLATE NOCASE OR expiresAt <= {:now}`).
		Bind(dbx.Params{"h": h, "now": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		return err
	}
	if old != "" {
		col, err := tx.FindCachedCollectionByNameOrId("handle_redirects")
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Load(map[string]any{"handle": old, "user": record.Id, "expiresAt": time.Now().Add(HandleRedirectFor).UTC()})
		if err := tx.Save(rec); err != nil {
			return err
		}
	}
	record.Set("handle", h)
	return nil
}

// FindByHandle returns the member whose handle is h (any case). redirected is true when
// h is an old handle of theirs that still redirects: the caller sends visitors on to the
// current one. A missing handle is sql.ErrNoRows.
func FindByHandle(app core.App, h string) (member *core.Record, redirected bool, err error) {
	if !handlePattern.MatchString(h) {
		return nil, false, sql.ErrNoRows
	}
	var id string
	err = app.DB().NewQuery(`SELECT id FROM users WHERE handle = {:h} COLLATE NOCASE AND handle != ''`).Bind(dbx.Params{"h": h}).Row(&id) // idx_users_handle (handleTaken)
	if err == nil {
		member, err = app.FindRecordById("users", id)
		return member, false, err
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, false, err
	}
	err = app.DB().NewQuery(`SELECT user FROM handle_redirects WHERE handle = {:h} COLLATE NOCASE AND expiresAt > {:now}`).
		Bind(dbx.Params{"h": h, "now": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).Row(&id)
	if err != nil {
		return nil, false, err
	}
	member, err = app.FindRecordById("users", id)
	return member, err == nil, err
}
