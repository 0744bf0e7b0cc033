package portability

import (
	"context"

	"github.com/pocketbase/pocketbase/core"
)

// RunForTest runs an import synchronously and returns its finished record.
func RunForTest(app core.App, user *core.Record, source string, items []Item) *core.Record {
	col, _ := app.FindCachedCollectionByNameOrId("imports")
	rec := core.NewRecord(col)
	rec.Load(map[string]any{"user": user.Id, "source": source, "status": "queued"})
	_ = app.Save(rec)
	_ = apply(context.Background(), app, user, rec, items)
	return rec
}

// MatchForTest applies an unmatched item with a chosen title id.
func MatchForTest(ctx context.Context, app core.App, user, rec *core.Record, index, id int) (bool, error) {
	var unmatched []Unmatched
	_ = rec.UnmarshalJSONField("unmatched", &unmatched)
	for _, u := range unmatched {
		if u.Index == index {
			return applyOne(ctx, app, user, u.Item, id)
		}
	}
	return false, nil
}

// WriteListsForTest writes the member's lists as an export does.
var WriteListsForTest = writeLetterboxdLists
