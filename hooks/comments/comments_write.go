package comments

import (
	"database/sql"
	"errors"
	"net/http"

	"cinecircle/hooks/gifs"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// createHandler answers POST /api/activities/{id}/comments.
func createHandler(e *core.RequestEvent) error {
	activity, err := visibleActivity(e, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	var body Body
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, err := ParseInput(body, func(u string) bool { return gifs.AllowedURL(e.App, u) })
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	if in.ParentID != "" {
		if _, err := visibleComment(e, in.ParentID); err != nil {
			return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
				"parentCommentId": validation.NewError("validation_unknown_parent", "The comment you reply to is not under this post."),
			})
		}
	}
	comment, err := Create(e.App, activity, e.Auth.Id, in)
	var verrs validation.Errors
	if errors.As(err, &verrs) {
		return e.BadRequestError("Please check the highlighted fields.", verrs)
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toJSON(comment, e.Auth, false))
}

// Create saves a comment (or reply) on activity and counts it on the activity, in one
// transaction. A parent must belong to the same activity and be shallower than MaxDepth.
func Create(app core.App, activity *core.Record, userID string, in Input) (*core.Record, error) {
	return create(app, activity, userID, "", in)
}

// create saves a member's comment (userID) or a reply from the fediverse (remoteActor).
func create(app core.App, activity *core.Record, userID, remoteActor string, in Input) (*core.Record, error) {
	var comment *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		depth := 0
		if in.ParentID != "" {
			parent, err := tx.FindRecordById("comments", in.ParentID)
			if err != nil || parent.GetString("activity") != activity.Id {
				return validation.Errors{"parentCommentId": validation.NewError("validation_unknown_parent", "The comment you reply to is not under this post.")}
			}
			if parent.GetInt("depth") >= MaxDepth {
				return validation.Errors{"parentCommentId": validation.NewError("validation_too_deep", "This thread is as deep as it goes: reply further up.")}
			}
			depth = parent.GetInt("depth") + 1
		}
		col, err := tx.FindCachedCollectionByNameOrId("comments")
		if err != nil {
			return err
		}
		comment = core.NewRecord(col)
		comment.Load(map[string]any{
			"activity": activity.Id, "user": userID, "parent": in.ParentID, "depth": depth,
			"content": in.Content, "gifUrl": in.GifURL, "gifId": in.GifID, "commentType": in.Type(),
			"remoteActor": remoteActor,
		})
		if err := tx.Save(comment); err != nil {
			return err
		}
		return adjust(tx, "activities", "commentCount", activity.Id, 1)
	})
	return comment, err
}

// deleteHandler answers DELETE /api/comments/{id}: the author, or the owner of the post
// it is under, may delete it; its replies go with it and the post's count drops by all.
// A deleted member's placeholder left with no reply under it goes too.
func deleteHandler(e *core.RequestEvent) error {
	comment, err := e.App.FindRecordById("comments", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("That comment does not exist.", nil)
	}
	activity, err := e.App.FindRecordById("activities", comment.GetString("activity"))
	if err != nil {
		return err
	}
	if comment.GetString("user") != e.Auth.Id && activity.GetString("user") != e.Auth.Id {
		return e.ForbiddenError("Only the author or the post's owner can delete this comment.", nil)
	}
	if err := remove(e.App, comment, activity.Id); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// remove deletes a comment with its replies, and a deleted member's placeholder left
// with no reply above it, and drops the post's count by all of them, in one transaction.
func remove(app core.App, comment *core.Record, activityID string) error {
	return app.RunInTransaction(func(tx core.App) error {
		var n int
		err := tx.DB().NewQuery(`
			WITH RECURSIVE thread(id) AS (
				SELECT {:id}
				UNION ALL SELECT c.id FROM comments c JOIN thread t ON c.parent = t.id
			) SELECT COUNT(*) FROM thread`).Bind(dbx.Params{"id": comment.Id}).Row(&n)
		if err != nil {
			return err
		}
		if err := tx.Delete(comment); err != nil {
			return err
		}
		pruned, err := prunePlaceholders(tx, comment.GetString("parent"))
		if err != nil {
			return err
		}
		return adjust(tx, "activities", "commentCount", activityID, -n-pruned)
	})
}

// LikeState answers a comment like toggle.
type LikeState struct {
	IsLiked   bool `json:"isLiked"`
	LikeCount int  `json:"likeCount"`
}

// likeHandler answers POST /api/comments/{id}/like: a toggle (SPEC §4).
func likeHandler(e *core.RequestEvent) error {
	comment, err := visibleComment(e, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	state, err := ToggleLike(e.App, comment.Id, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, state)
}

// ToggleLike likes the comment for userID, or unlikes it if they already liked it, and
// keeps likeCount equal to its like rows in the same transaction.
func ToggleLike(app core.App, commentID, userID string) (LikeState, error) {
	var state LikeState
	err := app.RunInTransaction(func(tx core.App) error {
		existing, err := tx.FindFirstRecordByFilter("comment_likes", "comment = {:c} && user = {:u}",
			dbx.Params{"c": commentID, "u": userID})
		switch {
		case err == nil:
			if err := tx.Delete(existing); err != nil {
				return err
			}
			if err := adjust(tx, "comments", "likeCount", commentID, -1); err != nil {
				return err
			}
		case errors.Is(err, sql.ErrNoRows):
			col, err := tx.FindCachedCollectionByNameOrId("comment_likes")
			if err != nil {
				return err
			}
			like := core.NewRecord(col)
			like.Set("comment", commentID)
			like.Set("user", userID)
			if err := tx.Save(like); err != nil {
				return err
			}
			if err := adjust(tx, "comments", "likeCount", commentID, 1); err != nil {
				return err
			}
			state.IsLiked = true
		default:
			return err
		}
		return tx.DB().Select("likeCount").From("comments").Where(dbx.HashExp{"id": commentID}).Row(&state.LikeCount)
	})
	return state, err
}

// adjust adds delta to a counter column, never below zero. table and column are names
// from this package, never input.
func adjust(app core.App, table, column, id string, delta int) error {
	_, err := app.DB().NewQuery("UPDATE " + table + " SET " + column + " = MAX(COALESCE(" + column + ", 0) + {:d}, 0) WHERE id = {:id}").
		Bind(dbx.Params{"d": delta, "id": id}).Execute()
	return err
}
