package portability

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// maxHeld is how many unmatched items a standing import keeps.
const maxHeld = 1000

// MatchTitle finds the catalog title an item names the way an import does (its TMDB id
// when the catalog has it, else its name and year, one year either way), so a play a
// media server reports matches exactly as the same title in an uploaded history would.
// It returns catalog.ErrNotFound when nothing matches.
func MatchTitle(ctx context.Context, app core.App, it Item) (*core.Record, error) {
	return matchTitle(ctx, app, it, 0)
}

// Hold adds an item no title matched to userID's standing import of source (created on
// first use, always done), so it waits in that import's unmatched list and the member
// matches it by hand on the import page (POST /api/imports/{id}/match) like any unmatched
// import row. Scrobbled plays use it: a play arrives one at a time, not in a file.
func Hold(app core.App, userID, source string, it Item) error {
	return app.RunInTransaction(func(tx core.App) error {
		rec, err := tx.FindFirstRecordByFilter("imports", "user = {:u} && source = {:s}", dbx.Params{"u": userID, "s": source})
		if errors.Is(err, sql.ErrNoRows) {
			col, err := tx.FindCachedCollectionByNameOrId("imports")
			if err != nil {
				return err
			}
			rec = core.NewRecord(col)
			rec.Load(map[string]any{"user": userID, "source": source, "status": "done", "unmatched": []Unmatched{}})
		} else if err != nil {
			return err
		}
		j := toJSON(rec)
		// Indexes never repeat: total counts every item ever held, matched ones included.
		j.Unmatched = append(j.Unmatched, Unmatched{Index: j.Total, Item: it})
		if over := len(j.Unmatched) - maxHeld; over > 0 { // the oldest go: the field has a size limit
			j.Unmatched = j.Unmatched[over:]
		}
		rec.Set("unmatched", j.Unmatched)
		rec.Set("total", j.Total+1)
		rec.Set("processed", j.Total+1)
		return tx.Save(rec)
	})
}
