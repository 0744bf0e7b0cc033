package federation

import (
	"encoding/json"
	"net/http"

	"cinecircle/hooks/comments"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Follow requests: a member who approves followers (Settings › Fediverse, the users field
// approveFollowers; their actor says manuallyApprovesFollowers) answers each Follow from
// the fediverse. A pending follower is not counted and is delivered nothing; accepting
// sends the Accept Mastodon waits for, declining sends Reject and forgets the request.
// Turning approval off accepts every request still waiting, as Mastodon does when an
// account is unlocked.

// FollowRequest is one Follow waiting for the member's answer, with who sent it.
type FollowRequest struct {
	ID      string                `json:"id"`
	Actor   string                `json:"actor"`
	From    comments.RemoteAuthor `json:"from"`
	Created types.DateTime        `json:"created"`
}

// followRequests answers GET /api/federation/requests: the member's pending follow
// requests, newest first (at most 200).
func followRequests(e *core.RequestEvent) error {
	rows, err := e.App.FindRecordsByFilter(followersCollection, "user = {:user} && pending = true", "-created", 200, 0,
		dbx.Params{"user": e.Auth.Id})
	if err != nil {
		return err
	}
	actors := make([]string, len(rows))
	for i, r := range rows {
		actors[i] = r.GetString("actor")
	}
	who, err := remoteAuthors(e.App, actors)
	if err != nil {
		return err
	}
	out := make([]FollowRequest, len(rows))
	for i, r := range rows {
		from, ok := who[r.GetString("actor")]
		if !ok {
			from = comments.RemoteAuthor{Name: r.GetString("actor"), URL: r.GetString("actor"), Host: r.GetString("host")}
		}
		out[i] = FollowRequest{ID: r.Id, Actor: r.GetString("actor"), From: from, Created: r.GetDateTime("created")}
	}
	return e.JSON(http.StatusOK, out)
}

// answerRequest answers POST /api/federation/requests/{id}/accept and …/reject: the
// member's own pending request only (anyone else's, or one already answered: 404).
func answerRequest(accept bool) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		r, err := e.App.FindRecordById(followersCollection, e.Request.PathValue("id"))
		if err != nil || r.GetString("user") != e.Auth.Id || !r.GetBool("pending") {
			return e.NotFoundError("There is no such follow request.", nil)
		}
		if err := answer(e.App, configOf(e.App), e.Auth, r, accept); err != nil {
			return err
		}
		return e.NoContent(http.StatusNoContent)
	}
}

// answer accepts or declines the pending follow r of member, with the Accept or Reject
// queued in the same transaction.
func answer(app core.App, c Config, member *core.Record, r *core.Record, accept bool) error {
	kind := "Reject"
	if accept {
		kind = "Accept"
	}
	body, err := json.Marshal(answerOf(c, member, kind, r.GetString("actor"), r.GetString("follow")))
	if err != nil {
		return err
	}
	return app.RunInTransaction(func(tx core.App) error {
		if accept {
			r.Set("pending", false)
			if err := tx.Save(r); err != nil {
				return err
			}
		} else if err := tx.Delete(r); err != nil {
			return err
		}
		return Enqueue(tx, member, []string{r.GetString("inbox")}, body)
	})
}

// acceptWaiting accepts every request still waiting for member once they stop approving
// followers.
func acceptWaiting(e *core.RecordEvent) error {
	was := e.Record.Original().GetBool("approveFollowers")
	if err := e.Next(); err != nil {
		return err
	}
	member := e.Record
	if !was || member.GetBool("approveFollowers") {
		return nil
	}
	rows, err := e.App.FindAllRecords(followersCollection, dbx.HashExp{"user": member.Id, "pending": true})
	if err != nil {
		return err
	}
	c := configOf(e.App)
	for _, r := range rows {
		if err := answer(e.App, c, member, r, true); err != nil {
			return err
		}
	}
	return nil
}
