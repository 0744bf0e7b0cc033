package federation

import (
	"context"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// followersInbox is the inbox of a row that stands for all of its member's remote
// followers. The request that posts writes this one row; the worker replaces it with a
// row per inbox (fanOut). Reading 5,000 followers' inboxes and writing a row for each of
// 500 servers took 15–45 ms of a review's request while the queue delivered.
const followersInbox = "followers"

// enqueueFollowers queues body for member's remote followers: one row, fanned out later.
func enqueueFollowers(app core.App, member *core.Record, body []byte) error {
	return Enqueue(app, member, []string{followersInbox}, body)
}

// fanOut replaces a followers row with a row per distinct inbox (a server's shared
// inbox once) of its member's accepted remote followers as they are now, in one
// transaction: a restart between the two loses nothing. The rows keep the original's
// time, so they give up two days after the post, not after the fan-out.
func fanOut(app core.App, r *core.Record) error {
	err := app.RunInTransaction(func(tx core.App) error {
		var inboxes []string
		err := tx.DB().NewQuery(`SELECT DISTINCT CASE WHEN sharedInbox != '' THEN sharedInbox ELSE inbox END
			FROM federation_followers WHERE user = {:user} AND pending = FALSE`).Bind(dbx.Params{"user": r.GetString("user")}).Column(&inboxes)
		if err != nil {
			return err
		}
		if err := insertRows(tx, signer{user: r.GetString("user")}, inboxes, r.GetString("payload"), r.GetString("created")); err != nil {
			return err
		}
		_, err = tx.DB().Delete(deliveriesCollection, dbx.HashExp{"id": r.Id}).Execute()
		return err
	})
	if err == nil {
		wakeWorkers()
	}
	return err
}

// fanOut fans a followers row out; a failure is tried again after its backoff.
func (w *worker) fanOut(ctx context.Context, r *core.Record) {
	err := fanOut(w.app, r)
	if err == nil || ctx.Err() != nil {
		return
	}
	w.app.Logger().Warn("federation: fanning a post out to its followers failed", "id", r.Id, "error", err)
	attempts := r.GetInt("attempts") + 1
	r.Set("attempts", attempts)
	r.Set("lastError", truncate(err.Error(), 1000))
	r.Set("nextAttempt", types.NowDateTime().Add(backoff(attempts)))
	if err := w.app.Save(r); err != nil {
		w.app.Logger().Warn("federation: recording a failed fan-out failed", "id", r.Id, "error", err)
	}
}
