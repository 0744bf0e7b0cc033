package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// Signing in, signing up and changing an email find the member by email whatever its
	// letter case, with LOWER(email), which no index held: every sign-in read all of
	// users (27 ms in SQLite's own shell at 100k members, for a known address or not).
	// An index on email under SQLite's NOCASE collation answers the same comparison
	// (both fold ASCII letters only) with one search. It is not unique: PocketBase's own
	// unique index on email stays as it is, and a data dir may hold two addresses that
	// differ in case only (made in the dashboard), which a unique index would refuse.
	//
	// As 1795610000 does, the index is made in SQL (a save of the auth collection would
	// rebuild every index of users) and the stored collection written to match.
	m.Register(func(app core.App) error {
		return emailNoCase(app, true)
	}, func(app core.App) error {
		return emailNoCase(app, false)
	})
}

// emailNoCaseIndex is the index of users' emails under NOCASE.
const emailNoCaseIndex = "idx_users_email_nocase"

// emailNoCase adds (up) or drops (down) emailNoCaseIndex.
func emailNoCase(app core.App, up bool) error {
	c, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	c.RemoveIndex(emailNoCaseIndex)
	stmts := []string{"DROP INDEX IF EXISTS " + emailNoCaseIndex}
	if up {
		c.AddIndex(emailNoCaseIndex, false, "email COLLATE NOCASE", "")
		stmts = append(stmts, "CREATE INDEX "+emailNoCaseIndex+" ON users (email COLLATE NOCASE)")
	}
	return execAndStore(app, c, stmts)
}
