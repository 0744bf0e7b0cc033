package moderation

import (
	"net/http"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// BlockState answers block and unblock calls.
type BlockState struct {
	UserID  string `json:"userId"`
	Blocked bool   `json:"blocked"`
}

// blockHandler answers POST /api/users/{id}/block. Blocking ends the follows both ways
// in the same transaction, so neither member's posts reach the other's feed again.
func blockHandler(e *core.RequestEvent) error {
	target := e.Request.PathValue("id")
	if target == e.Auth.Id {
		return e.BadRequestError("You cannot block yourself.", fieldError("id", "validation_self_block", "You cannot block yourself."))
	}
	if _, err := e.App.FindRecordById("users", target); err != nil {
		return e.NotFoundError("That member does not exist.", fieldError("id", "validation_unknown_user", "That member does not exist."))
	}
	if err := Block(e.App, e.Auth.Id, target); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, BlockState{UserID: target, Blocked: true})
}

// Block records that blocker blocks blocked and removes the follows between them.
// Blocking twice is not an error.
func Block(app core.App, blocker, blocked string) error {
	return app.RunInTransaction(func(tx core.App) error {
		follows, err := tx.FindRecordsByFilter("follows",
			"(follower = {:a} && following = {:b}) || (follower = {:b} && following = {:a})", "", 0, 0,
			dbx.Params{"a": blocker, "b": blocked})
		if err != nil {
			return err
		}
		for _, f := range follows {
			if err := tx.Delete(f); err != nil {
				return err
			}
		}
		var n int
		if err := tx.DB().Select("COUNT(*)").From(BlocksCollection).
			Where(dbx.HashExp{"blocker": blocker, "blocked": blocked}).Row(&n); err != nil || n > 0 {
			return err
		}
		col, err := tx.FindCachedCollectionByNameOrId(BlocksCollection)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		rec.Set("blocker", blocker)
		rec.Set("blocked", blocked)
		return tx.Save(rec)
	})
}

// unblockHandler answers DELETE /api/users/{id}/block. Follows ended by the block stay
// ended: following again is each member's own choice.
func unblockHandler(e *core.RequestEvent) error {
	target := e.Request.PathValue("id")
	_, err := e.App.DB().Delete(BlocksCollection, dbx.HashExp{"blocker": e.Auth.Id, "blocked": target}).Execute()
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, BlockState{UserID: target, Blocked: false})
}

// blocksHandler answers GET /api/user/blocks: the members you blocked, newest first
// (Settings lists them with an Unblock button).
func blocksHandler(e *core.RequestEvent) error {
	var ids []string
	err := e.App.DB().Select("blocked").From(BlocksCollection).Where(dbx.HashExp{"blocker": e.Auth.Id}).
		OrderBy("created DESC", "id DESC").Column(&ids)
	if err != nil {
		return err
	}
	records, err := e.App.FindRecordsByIds("users", ids)
	if err != nil {
		return err
	}
	byID := make(map[string]*core.Record, len(records))
	for _, r := range records {
		byID[r.Id] = r
	}
	out := make([]auth.User, 0, len(ids))
	for _, id := range ids {
		if r := byID[id]; r != nil {
			out = append(out, auth.PublicUser(r))
		}
	}
	return e.JSON(http.StatusOK, out)
}
