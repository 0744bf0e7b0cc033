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
// sign-in on) the member's account is deleted by leave (auth_leave.go), the ONE code path, the same a
// moderator takes in the dashboard. The member is hidden, signed out and their address
// free at once; a typical member's rows are gone before the answer, the most active
// members' within minutes (auth_leave.go). Every collection that belongs to a member
// points at users with a cascading relation (entries, diary, posts, comments, likes,
// follows, push subscriptions, sessions, imports, achievements, challenge rows,
// notifications to and from them, reports and blocks they made) or has its own domain
// hook on the delete, so a later domain joins by declaring such a relation; PocketBase
// removes the record's files (the photo) with the record. Likes and comment counters
// follow from their own delete hooks. What other members made under the member's name
// stays (replies under their comments, the friends' ratings in a watch together), kept
// by the domains that own it through OnLeave. A retry finds no member (401).
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
	if err := leave(e.App, record); err != nil {
		return err
	}
	clearSession(e)
	return e.NoContent(http.StatusNoContent)
}
