package notify

import (
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/pocketbase/core"
)

// visibleNotifications keeps the notifications viewerID may still see: none from a member
// they blocked, who blocked them or who is suspended, and none about a post a moderator
// hid (unless it is the viewer's own).
func visibleNotifications(app core.App, viewerID string, records []*core.Record) ([]*core.Record, error) {
	excluded, err := moderation.Excluded(app, viewerID)
	if err != nil {
		return nil, err
	}
	var activityIDs []string
	for _, r := range records {
		if r.GetString("entityType") == "activity" {
			activityIDs = append(activityIDs, r.GetString("entityId"))
		}
	}
	hidden := map[string]bool{}
	if len(activityIDs) > 0 {
		activities, err := app.FindRecordsByIds("activities", activityIDs)
		if err != nil {
			return nil, err
		}
		for _, a := range activities {
			if a.GetBool("hidden") && a.GetString("user") != viewerID {
				hidden[a.Id] = true
			}
		}
	}
	out := records[:0:0]
	for _, r := range records {
		if excluded[r.GetString("actor")] || (r.GetString("entityType") == "activity" && hidden[r.GetString("entityId")]) {
			continue
		}
		out = append(out, r)
	}
	return out, nil
}

// silenced reports whether a notice must not be delivered at all: its actor is
// suspended, or one of the two members blocked the other. A check the database could not
// answer silences it, and returns the error.
func silenced(app core.App, n Notice) (bool, error) {
	if n.ActorID == "" {
		return false, nil
	}
	if suspended, err := moderation.IsSuspended(app, n.ActorID); suspended {
		return true, err
	}
	return moderation.Blocked(app, n.UserID, n.ActorID)
}
