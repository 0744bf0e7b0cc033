package notify

import (
	"net/http"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// listHandler answers GET /api/notifications: the member's newest 50 (a gathered
// notification counts as new again when someone joins it), after catching up on the posts
// of the members they follow.
func listHandler(e *core.RequestEvent) error {
	catchUp(e)
	records, err := e.App.FindRecordsByFilter("notifications", "user = {:u}", "-updated,-id", 50, 0, dbx.Params{"u": e.Auth.Id})
	if err != nil {
		return err
	}
	if records, err = visibleNotifications(e.App, e.Auth.Id, records); err != nil {
		return err
	}
	ids := make([]string, 0, len(records))
	for _, r := range records {
		ids = append(ids, r.GetString("actor"))
	}
	actors, err := e.App.FindRecordsByIds("users", ids)
	if err != nil {
		return err
	}
	byID := make(map[string]*core.Record, len(actors))
	for _, a := range actors {
		byID[a.Id] = a
	}
	out := make([]NotificationJSON, 0, len(records))
	for _, r := range records {
		out = append(out, ToJSON(r, byID[r.GetString("actor")]))
	}
	return e.JSON(http.StatusOK, out)
}

// unreadHandler answers GET /api/notifications/unread-count → {count}.
func unreadHandler(e *core.RequestEvent) error {
	catchUp(e)
	n, err := UnreadCount(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]int{"count": n})
}

// markOneHandler answers PATCH /api/notifications/{id}/read; members read only their own.
func markOneHandler(e *core.RequestEvent) error {
	r, err := e.App.FindRecordById("notifications", e.Request.PathValue("id"))
	if err != nil || r.GetString("user") != e.Auth.Id {
		return e.NotFoundError("That notification does not exist.", nil)
	}
	if !r.GetBool("isRead") {
		r.Set("isRead", true)
		if err := e.App.Save(r); err != nil {
			return err
		}
	}
	n, err := UnreadCount(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]int{"count": n})
}

// markAllHandler answers PATCH /api/notifications/mark-all-read.
func markAllHandler(e *core.RequestEvent) error {
	catchUp(e)
	_, err := e.App.DB().Update("notifications", dbx.Params{"isRead": true},
		dbx.HashExp{"user": e.Auth.Id, "isRead": false}).Execute()
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]int{"count": 0})
}

// Settings are a member's notification preferences.
type Settings struct {
	NewPosts bool `json:"newPosts"` // new_post notifications (on by default)
	// EpisodeReviews: a friend reviewed an episode the member has watched (on by default).
	EpisodeReviews bool `json:"episodeReviews"`
}

// settingsOf reads a member's preferences.
func settingsOf(u *core.Record) Settings {
	return Settings{NewPosts: !u.GetBool("muteNewPosts"), EpisodeReviews: !u.GetBool("muteEpisodeReviews")}
}

// settingsHandler answers GET /api/user/notification-settings.
func settingsHandler(e *core.RequestEvent) error {
	return e.JSON(http.StatusOK, settingsOf(e.Auth))
}

// SettingsBody is the PATCH /api/user/notification-settings body: the preferences to
// change (at least one).
type SettingsBody struct {
	NewPosts       security.Field[bool] `json:"newPosts"`
	EpisodeReviews security.Field[bool] `json:"episodeReviews"`
}

// ParseSettings validates a settings body over the member's current preferences: each
// given preference must be true or false, and at least one must be given.
func ParseSettings(b SettingsBody, current Settings) (Settings, error) {
	errs := validation.Errors{}
	for name, f := range map[string]security.Field[bool]{"newPosts": b.NewPosts, "episodeReviews": b.EpisodeReviews} {
		if f.Present && !f.Given() {
			errs[name] = validation.NewError("validation_not_a_bool", name+" must be true or false.")
		}
	}
	if !b.NewPosts.Present && !b.EpisodeReviews.Present {
		errs["newPosts"] = validation.NewError("validation_not_a_bool", "newPosts must be true or false.")
	}
	if len(errs) > 0 {
		return current, errs
	}
	if b.NewPosts.Given() {
		current.NewPosts = b.NewPosts.Value
	}
	if b.EpisodeReviews.Given() {
		current.EpisodeReviews = b.EpisodeReviews.Value
	}
	return current, nil
}

// updateSettingsHandler answers PATCH /api/user/notification-settings {newPosts?,
// episodeReviews?}.
func updateSettingsHandler(e *core.RequestEvent) error {
	var body SettingsBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	settings, err := ParseSettings(body, settingsOf(e.Auth))
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	e.Auth.Set("muteNewPosts", !settings.NewPosts)
	e.Auth.Set("muteEpisodeReviews", !settings.EpisodeReviews)
	if err := e.App.Save(e.Auth); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, settings)
}
