package auth

import (
	"net/http"

	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
)

// deleteBody is the DELETE /api/user payload: the proof that the member is there.
type deleteBody struct {
	Password string `json:"password"`
	Code     string `json:"code"` // with two-factor sign-in on
}

// deleteAccount answers DELETE /api/user: after the password (and a code with two-factor
// sign-in on) the member's users record is deleted, in this request, in one transaction.
// Deleting the record is the ONE code path, the same a moderator takes in the dashboard:
// every collection that belongs to a member points at users with a cascading relation
// (entries, diary, posts, comments, likes, follows, push subscriptions, sessions,
// imports, achievements, challenge rows, notifications to and from them, reports and
// blocks they made) or has its own domain hook on the delete, so a later domain joins by
// declaring such a relation; PocketBase removes the record's files (the photo) after
// the commit. Likes and comment counters follow from their own delete hooks. What other
// members made under the member's name stays (replies under their comments, the friends'
// ratings in a watch together), kept by the domains that own it through OnLeave. A retry
// finds no member (401): nothing is left to delete. The address is free again at once.
func deleteAccount(e *core.RequestEvent) error {
	var body deleteBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	record := e.Auth
	if err := CheckPassword(e, record, body.Password); err != nil {
		return err
	}
	if err := CheckSecondFactor(e, record, body.Code, http.StatusBadRequest); err != nil {
		return err
	}
	if err := e.App.Delete(record); err != nil {
		return err
	}
	clearSession(e)
	return e.NoContent(http.StatusNoContent)
}

// OnLeave registers fn to run when a member's users record is deleted (DELETE /api/user,
// or a moderator deleting the record in the dashboard: the same path), inside the
// deletion's transaction and before PocketBase's cascade removes every row that names the
// member. It is where a domain keeps other members' contributions: it takes the member's
// name and words off the rows that stay, so the cascade passes them by. An error aborts
// the deletion.
func OnLeave(app core.App, fn func(tx core.App, memberID string) error) {
	app.OnRecordDeleteExecute(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		// PocketBase opens the deletion's transaction after this handler; opening it here
		// puts fn and the deletion in one (the inner one joins this transaction).
		return e.App.RunInTransaction(func(tx core.App) error {
			outer := e.App
			e.App = tx
			defer func() { e.App = outer }()
			if err := fn(tx, e.Record.Id); err != nil {
				return err
			}
			return e.Next()
		})
	})
}
