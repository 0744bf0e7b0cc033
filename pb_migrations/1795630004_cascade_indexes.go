package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/dbutils"
)

func init() {
	// Deleting a record makes PocketBase look for every row that names it, one query per
	// relation field that points at its collection (`SELECT id FROM t WHERE t.f = ?`), to
	// delete those rows or empty the field. Several of those fields had no index the query
	// could use, so each deletion read a whole table inside its transaction, holding
	// SQLite's writer. At 100k members (bench/NOTES.md, 27 November): deleting an account
	// took 15 s, deleting a post 0.1 s (every list, for lists.thread), and deleting a list
	// read the 10M posts for activities.list (its partial index cannot serve a bound
	// value). Each field now has an index led by it and holding the id, so the lookup is
	// one search whatever the statistics say of a column that is empty on most rows.
	// Three indexes the cascade already used gain the id; a post's entry is now indexed
	// as (entry, id), not (entry, created): an entry has a post or two.
	//
	// As 1795610000 does, the indexes are made in SQL and the stored collections written
	// to match (a save would rebuild every index of the table).
	m.Register(func(app core.App) error {
		return cascadeIndexes(app, true)
	}, func(app core.App) error {
		return cascadeIndexes(app, false)
	})
}

// cascadeLookups are the indexes PocketBase's cascade searches, by collection: index
// name, its columns (a relation field, then the id) and, for an index this replaces,
// the columns it had.
var cascadeLookups = []struct{ collection, name, columns, before string }{
	{"activities", "idx_activities_list_ref", "list, id", ""},
	{"activities", "idx_activities_entry", "entry, id", "entry, created"},
	{"comments", "idx_comments_user_created", "user, created, id", "user, created"},
	{"comments", "idx_comments_parent", "parent, id", "parent"},
	{"lists", "idx_lists_thread_ref", "thread, id", ""},
	{"lists", "idx_lists_updated_by_ref", "updatedBy, id", ""},
	{"list_items", "idx_list_items_added_by_ref", "addedBy, id", ""},
	{"list_items", "idx_list_items_edited_by_ref", "editedBy, id", ""},
	{"notifications", "idx_notifications_actor_ref", "actor, id", ""},
	{"users", "idx_users_invited_by_ref", "invitedBy, id", ""},
	{"reports", "idx_reports_reporter_ref", "reporter, id", ""},
	{"reports", "idx_reports_target_user_ref", "targetUser, id", ""},
	{"collaborations", "idx_collaborations_initiator_ref", "initiator, id", ""},
	{"recommendations", "idx_recommendations_from_ref", "`from`, id", ""},
	{"handle_redirects", "idx_handle_redirects_user_ref", "user, id", ""},
	{"federation_deliveries", "idx_federation_deliveries_user_ref", "user, id", ""},
}

// cascadeIndexes adds (up) or drops (down) the cascadeLookups indexes, putting back the
// ones they replaced.
func cascadeIndexes(app core.App, up bool) error {
	for _, l := range cascadeLookups {
		c, err := app.FindCollectionByNameOrId(l.collection)
		if err != nil {
			return err
		}
		c.RemoveIndex(l.name)
		stmts := []string{"DROP INDEX IF EXISTS " + l.name}
		columns := l.columns
		if !up {
			columns = l.before
		}
		if columns != "" {
			c.AddIndex(l.name, false, columns, "")
			for _, idx := range c.Indexes {
				if p := dbutils.ParseIndex(idx); p.IndexName == l.name {
					stmts = append(stmts, p.Build())
				}
			}
		}
		if err := execAndStore(app, c, stmts); err != nil {
			return err
		}
	}
	return nil
}
