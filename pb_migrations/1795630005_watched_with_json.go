package migrations

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// A watch entry's watchedWith (the friends it was watched with) was a multiple relation
	// to users. Deleting a member made PocketBase's cascade look for the entries naming
	// them with json_each over every watch entry, and our own search for the posts that
	// copy the list read them all again: at 100k members 4.5–4.9 s and 1.1–1.4 s of every
	// account's deletion, holding SQLite's writer (bench/NOTES.md, 27 November). SQLite
	// cannot index a JSON list's elements, so:
	//   - watchedWith becomes a JSON field of the same id and name. Its stored text is
	//     already the JSON list a JSON field holds, so only the stored collection changes
	//     (PocketBase refuses a field's type change in a save; copying the column and
	//     dropping the old one would rewrite the table twice). The diary, which writes the
	//     entries, keeps it a list of member ids and takes a leaving member out of it.
	//   - watch_companions (member, entry) holds one row per friend named, kept by
	//     triggers on watch_entries whoever writes them (the diary, imports, the bench
	//     seed), so the entries naming a member are one index search.
	m.Register(func(app core.App) error {
		return watchedWithJSON(app, true)
	}, func(app core.App) error {
		return watchedWithJSON(app, false)
	})
}

// watchCompanionsSQL makes the companions table, fills it from the entries and adds the
// triggers that keep it. A list is read only when it names someone (the WHEN clauses):
// most entries hold '[]'.
var watchCompanionsSQL = []string{
	`CREATE TABLE IF NOT EXISTS watch_companions (
		member TEXT NOT NULL,
		entry  TEXT NOT NULL,
		PRIMARY KEY (member, entry)
	) WITHOUT ROWID`,
	`INSERT OR IGNORE INTO watch_companions (member, entry)
		SELECT j.value, w.id FROM watch_entries w, json_each(w.watchedWith) j
		WHERE w.watchedWith NOT IN ('', '[]', 'null') AND json_valid(w.watchedWith) AND j.type = 'text'`,
	`CREATE TRIGGER IF NOT EXISTS watch_companions_insert AFTER INSERT ON watch_entries
		WHEN NEW.watchedWith NOT IN ('', '[]', 'null') AND json_valid(NEW.watchedWith)
		BEGIN
			INSERT OR IGNORE INTO watch_companions (member, entry)
				SELECT value, NEW.id FROM json_each(NEW.watchedWith) WHERE type = 'text';
		END`,
	`CREATE TRIGGER IF NOT EXISTS watch_companions_update AFTER UPDATE OF watchedWith ON watch_entries
		WHEN OLD.watchedWith IS NOT NEW.watchedWith
		BEGIN
			DELETE FROM watch_companions WHERE entry = OLD.id AND member IN (
				SELECT value FROM json_each(CASE WHEN json_valid(OLD.watchedWith) THEN OLD.watchedWith ELSE '[]' END));
			INSERT OR IGNORE INTO watch_companions (member, entry)
				SELECT value, NEW.id FROM json_each(CASE WHEN json_valid(NEW.watchedWith) THEN NEW.watchedWith ELSE '[]' END)
				WHERE type = 'text';
		END`,
	`CREATE TRIGGER IF NOT EXISTS watch_companions_delete AFTER DELETE ON watch_entries
		WHEN OLD.watchedWith NOT IN ('', '[]', 'null') AND json_valid(OLD.watchedWith)
		BEGIN
			DELETE FROM watch_companions WHERE entry = OLD.id AND member IN (SELECT value FROM json_each(OLD.watchedWith));
		END`,
}

// watchedWithJSON turns watchedWith into a JSON field with its companions table (up), or
// back into the relation to users without the table (down).
func watchedWithJSON(app core.App, up bool) error {
	entries, err := app.FindCollectionByNameOrId("watch_entries")
	if err != nil {
		return err
	}
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	old := entries.Fields.GetByName("watchedWith")
	if old == nil {
		return errors.New("watch_entries has no watchedWith field")
	}
	var field core.Field = &core.JSONField{Id: old.GetId(), Name: "watchedWith"}
	stmts := watchCompanionsSQL
	if !up {
		field = &core.RelationField{Id: old.GetId(), Name: "watchedWith", CollectionId: users.Id, MaxSelect: 20}
		stmts = []string{
			"DROP TRIGGER IF EXISTS watch_companions_insert",
			"DROP TRIGGER IF EXISTS watch_companions_update",
			"DROP TRIGGER IF EXISTS watch_companions_delete",
			"DROP TABLE IF EXISTS watch_companions",
		}
	}
	entries.Fields.Add(field) // same id: replaces the field in place
	return execAndStore(app, entries, stmts)
}
