package social

import (
	"database/sql"
	"errors"
	"net/http"

	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// LikesCollection holds one row per member and liked activity.
const LikesCollection = "activity_likes"

// LikeState answers like and unlike calls: what the heart should show afterwards.
type LikeState struct {
	IsLiked   bool `json:"isLiked"`
	LikeCount int  `json:"likeCount"`
}

// Like records that userID likes the activity, doing nothing when they already do (the
// unique (activity, user) index settles a race). A member may like their own post.
func Like(app core.App, activityID, userID string) (LikeState, error) {
	return setLike(app, activityID, userID, true)
}

// Unlike removes userID's like of the activity, if any.
func Unlike(app core.App, activityID, userID string) (LikeState, error) {
	return setLike(app, activityID, userID, false)
}

// setLike adds or removes the like row in one transaction and answers the count the
// counting hook left on the activity in that same transaction.
func setLike(app core.App, activityID, userID string, like bool) (LikeState, error) {
	var state LikeState
	err := app.RunInTransaction(func(tx core.App) error {
		if _, err := FindActivity(tx, activityID); err != nil {
			return err
		}
		existing, err := tx.FindFirstRecordByFilter(LikesCollection, "activity = {:a} && user = {:u}",
			dbx.Params{"a": activityID, "u": userID})
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		switch {
		case like && existing == nil:
			col, err := tx.FindCachedCollectionByNameOrId(LikesCollection)
			if err != nil {
				return err
			}
			rec := core.NewRecord(col)
			rec.Set("activity", activityID)
			rec.Set("user", userID)
			if err := tx.Save(rec); err != nil {
				return err
			}
		case !like && existing != nil:
			if err := tx.Delete(existing); err != nil {
				return err
			}
		}
		state.IsLiked = like
		return tx.DB().Select("likeCount").From(posts.Collection).
			Where(dbx.HashExp{"id": activityID}).Row(&state.LikeCount)
	})
	return state, err
}

// countLikes keeps activities.likeCount equal to the activity's like rows, in the
// transaction that adds or removes the row: it wraps every like create and delete,
// whoever makes it (the routes, a superuser in the dashboard, the cascade when a member
// or a post is deleted). It recounts instead of adding one, so the counter heals itself.
func countLikes(e *core.RecordEvent) error {
	return e.App.RunInTransaction(func(tx core.App) error {
		original := e.App
		e.App = tx
		defer func() { e.App = original }()
		if err := e.Next(); err != nil {
			return err
		}
		return RecountLikes(tx, e.Record.GetString("activity"))
	})
}

// RecountLikes sets the activity's likeCount from its like rows (counted on the unique
// (activity, user) index) and the likes from the fediverse (federation_reactions, which
// hooks/federation writes and recounts with this). A deleted activity is simply not
// updated.
func RecountLikes(app core.App, activityID string) error {
	_, err := app.DB().NewQuery(`
		UPDATE activities SET likeCount = (SELECT COUNT(*) FROM activity_likes WHERE activity = {:a})
			+ (SELECT COUNT(*) FROM federation_reactions WHERE post = {:a} AND kind = 'like')
		WHERE id = {:a}`).Bind(dbx.Params{"a": activityID}).Execute()
	return err
}

// likeHandler answers POST /api/activities/{id}/like.
func likeHandler(e *core.RequestEvent) error {
	return likeResponse(e, Like)
}

// unlikeHandler answers DELETE /api/activities/{id}/like.
func unlikeHandler(e *core.RequestEvent) error {
	return likeResponse(e, Unlike)
}

// likeResponse applies change for the signed-in member. A post they may not see (hidden,
// or its author blocked them or was suspended) is answered as missing.
func likeResponse(e *core.RequestEvent, change func(core.App, string, string) (LikeState, error)) error {
	if _, err := visibleActivityFromPath(e); err != nil {
		return err
	}
	state, err := change(e.App, e.Request.PathValue("id"), e.Auth.Id)
	if errors.Is(err, ErrActivityNotFound) {
		return e.NotFoundError("That post does not exist.", nil)
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, state)
}
