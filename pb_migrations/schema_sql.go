package migrations

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// execAndStore runs stmts, a schema change made in SQL (a column added and filled, its
// indexes built), and writes collection c's stored fields and indexes to match, as a
// save would leave them. A save of a collection whose fields changed rebuilds every index
// of its table, minutes on a large one; this leaves the others alone.
func execAndStore(app core.App, c *core.Collection, stmts []string) error {
	for _, sql := range stmts {
		if _, err := app.DB().NewQuery(sql).Execute(); err != nil {
			return err
		}
	}
	fields, err := json.Marshal(c.Fields)
	if err != nil {
		return err
	}
	indexes, err := json.Marshal(c.Indexes)
	if err != nil {
		return err
	}
	if _, err := app.DB().Update("_collections", dbx.Params{"fields": string(fields), "indexes": string(indexes)},
		dbx.HashExp{"id": c.Id}).Execute(); err != nil {
		return err
	}
	return app.ReloadCachedCollections()
}
