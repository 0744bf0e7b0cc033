package posts

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Detach removes what a deleted post of one type takes with it that no relation can
// express (an episode review's post takes the review). It runs in the deleting
// transaction, before the post goes.
type Detach func(tx core.App, post *core.Record) error

// detachKey is the app-store key of the registered Detach functions, by post type.
const detachKey = "cinecircle.posts.detach"

// OnDelete registers what a deleted post of type typ takes with it. The domain that
// writes posts of that type registers it (kept per app, so test apps don't share them).
func OnDelete(app core.App, typ string, fn Detach) {
	all, _ := app.Store().Get(detachKey).(map[string]Detach)
	next := make(map[string]Detach, len(all)+1)
	for t, f := range all {
		next[t] = f
	}
	next[typ] = fn
	app.Store().Set(detachKey, next)
}

// Delete deletes a post in one transaction, with what hangs off it: its likes and its
// comments (they relate to the post with CascadeDelete, so PocketBase deletes them in
// this transaction), its notifications (notify's after-delete hook) and whatever its
// type's OnDelete registration detaches. That is the hook point for later domains:
// relate to activities with CascadeDelete, or register OnDelete for anything a relation
// cannot express.
func Delete(app core.App, post *core.Record) error {
	detach, _ := app.Store().Get(detachKey).(map[string]Detach)
	return app.RunInTransaction(func(tx core.App) error {
		if fn := detach[post.GetString("type")]; fn != nil {
			if err := fn(tx, post); err != nil {
				return err
			}
		}
		return tx.Delete(post)
	})
}

// DeleteMatching deletes every post matching m, each as Delete does, in one transaction,
// and returns how many it deleted: the posts of an episode review the member deleted
// (Match{"type": "episode_review", "user": id, "data.episodeReviewId": reviewID}), or
// all of a member's posts (Match{"user": id}).
func DeleteMatching(app core.App, m Match) (int, error) {
	n := 0
	err := app.RunInTransaction(func(tx core.App) error {
		found, err := find(tx, m, time.Time{}, 0)
		if err != nil {
			return err
		}
		for _, post := range found {
			if err := Delete(tx, post); err != nil {
				return err
			}
		}
		n = len(found)
		return nil
	})
	return n, err
}
