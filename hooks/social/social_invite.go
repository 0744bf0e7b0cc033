package social

import (
	"github.com/pocketbase/pocketbase/core"
)

// followInviter makes a member who signed up through an invite link (users.invitedBy,
// set by the sign-up route from its ref) follow the inviter, and the inviter follow
// them back, so both feeds have someone in them from the first visit. It runs after the
// sign-up committed and never fails it: a lost follow is worth a log line, not an account.
func followInviter(e *core.RecordEvent) error {
	member, inviter := e.Record.Id, e.Record.GetString("invitedBy")
	if inviter != "" && inviter != member {
		err := e.App.RunInTransaction(func(tx core.App) error {
			if err := Follow(tx, member, inviter); err != nil {
				return err
			}
			return Follow(tx, inviter, member)
		})
		if err != nil {
			e.App.Logger().Warn("invite: could not link the new member and their inviter",
				"member", member, "inviter", inviter, "error", err)
		}
	}
	return e.Next()
}
