package lists

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Ranks order a list's items. They are integers spaced RankGap apart when written in
// order, so moving one item writes only that item's rank (the midpoint of its new
// neighbours) whatever the list's length. Twenty moves into the same gap use it up;
// then the list is renumbered once, in the same transaction (renumber). Every rank
// change runs inside a transaction on PocketBase's single writer connection, and
// idx_list_items_rank keeps ranks distinct, so concurrent moves and adds serialize and
// can neither lose nor duplicate an item.
const RankGap = 1 << 20

// rankedID is one item's id and rank.
type rankedID struct {
	ID   string `db:"id"`
	Rank int64  `db:"rank"`
}

// lastRank returns the highest rank in list, or 0 for an empty list.
func lastRank(tx core.App, listID string) (int64, error) {
	var r int64
	err := tx.DB().NewQuery("SELECT COALESCE(MAX(rank), 0) FROM list_items WHERE list = {:list}").
		Bind(dbx.Params{"list": listID}).Row(&r)
	return r, err
}

// neighboursSQL reads {:limit} items of list {:list} from position {:offset}, leaving out
// the item {:item} being moved.
const neighboursSQL = `SELECT id, rank FROM list_items WHERE list = {:list} AND id != {:item}
	ORDER BY rank LIMIT {:limit} OFFSET {:offset}`

// neighbours returns the items that would sit before and after an item moved to
// position (1-based) once it leaves its place: nil at either end. Two rows read by
// OFFSET on idx_list_items_rank.
func neighbours(tx core.App, listID, itemID string, position int) (before, after *rankedID, err error) {
	var rows []rankedID
	offset := position - 2
	limit := 2
	if offset < 0 {
		offset, limit = 0, 1
	}
	err = tx.DB().NewQuery(neighboursSQL).
		Bind(dbx.Params{"list": listID, "item": itemID, "limit": limit, "offset": offset}).All(&rows)
	if err != nil {
		return nil, nil, err
	}
	if position == 1 {
		if len(rows) > 0 {
			after = &rows[0]
		}
		return nil, after, nil
	}
	if len(rows) > 0 {
		before = &rows[0]
	}
	if len(rows) > 1 {
		after = &rows[1]
	}
	return before, after, nil
}

// rankBetween is a rank strictly between the neighbours' (either may be nil), and false
// when they leave no room.
func rankBetween(before, after *rankedID) (int64, bool) {
	switch {
	case before == nil && after == nil:
		return RankGap, true
	case before == nil:
		return after.Rank - RankGap, true
	case after == nil:
		return before.Rank + RankGap, true
	}
	if after.Rank-before.Rank < 2 {
		return 0, false
	}
	return before.Rank + (after.Rank-before.Rank)/2, true
}

// moveRank returns the rank that puts item at position in list, renumbering the list
// first when its neighbours leave no room.
func moveRank(tx core.App, listID, itemID string, position int) (int64, error) {
	before, after, err := neighbours(tx, listID, itemID, position)
	if err != nil {
		return 0, err
	}
	if r, ok := rankBetween(before, after); ok {
		return r, nil
	}
	if err := renumber(tx, listID); err != nil {
		return 0, err
	}
	before, after, err = neighbours(tx, listID, itemID, position)
	if err != nil {
		return 0, err
	}
	r, _ := rankBetween(before, after)
	return r, nil
}

// renumber spaces list's ranks RankGap apart again, keeping the order. Ranks go through
// negative values first so the unique index never sees two items share one.
func renumber(tx core.App, listID string) error {
	var rows []rankedID
	if err := tx.DB().NewQuery("SELECT id, rank FROM list_items WHERE list = {:list} ORDER BY rank").
		Bind(dbx.Params{"list": listID}).All(&rows); err != nil {
		return err
	}
	for pass := range 2 {
		for i, r := range rows {
			rank := int64(i+1) * RankGap
			if pass == 0 {
				rank = -int64(i + 1)
			}
			if _, err := tx.DB().Update("list_items", dbx.Params{"rank": rank}, dbx.HashExp{"id": r.ID}).Execute(); err != nil {
				return err
			}
		}
	}
	return nil
}

// positionOf returns the 1-based position of the item with rank in list.
func positionOf(app core.App, listID string, rank int64) (int, error) {
	var n int
	err := app.DB().NewQuery("SELECT COUNT(*) FROM list_items WHERE list = +{:list} AND rank < +{:rank}").Bind(dbx.Params{"list": listID, "rank": rank}).Row(&n)
	return n + 1, err
}
