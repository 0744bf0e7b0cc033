package moderation

import (
	"cmp"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// MaxReasonLength caps a report's reason (characters).
const MaxReasonLength = 1000

// reportBody is the POST /api/reports payload.
type reportBody struct {
	EntityType string `json:"entityType"`
	EntityID   string `json:"entityId"`
	Reason     string `json:"reason"`
}

// Report is what a member gets back about their report.
type Report struct {
	ID         string `json:"id"`
	EntityType string `json:"entityType"`
	EntityID   string `json:"entityId"`
	Status     string `json:"status"`
}

// reportTarget is the reported thing: its author and a line for the dashboard.
type reportTarget struct {
	user    string
	summary string
}

func fieldError(field, code, msg string) validation.Errors {
	return validation.Errors{field: validation.NewError(code, msg)}
}

// validate trims the body and checks it: a known entity type, an id, and a reason of
// at most MaxReasonLength characters. It returns the 400's message with the field
// errors (nil when valid).
func (b *reportBody) validate() (string, validation.Errors) {
	b.EntityID = strings.TrimSpace(b.EntityID)
	b.Reason = strings.TrimSpace(b.Reason)
	switch {
	case b.EntityType != "activity" && b.EntityType != "comment" && b.EntityType != "user" && b.EntityType != "list":
		return "Choose what to report.", fieldError("entityType", "validation_in_invalid", "entityType must be activity, comment, list or user.")
	case b.EntityID == "":
		return "Choose what to report.", fieldError("entityId", "validation_required", "entityId is required.")
	case b.Reason == "":
		return "Tell the moderators what is wrong.", fieldError("reason", "validation_required", "Tell the moderators what is wrong.")
	case !utf8.ValidString(b.Reason) || utf8.RuneCountInString(b.Reason) > MaxReasonLength:
		return "The reason is too long.", fieldError("reason", "validation_length_out_of_range", "Keep the reason under 1000 characters.")
	}
	return "", nil
}

// reportHandler answers POST /api/reports: one open report per member and target.
func reportHandler(e *core.RequestEvent) error {
	var body reportBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if msg, errs := body.validate(); errs != nil {
		return e.BadRequestError(msg, errs)
	}
	target, err := findTarget(e.App, e.Auth.Id, body.EntityType, body.EntityID)
	if errors.Is(err, ErrNotVisible) {
		return e.NotFoundError("That no longer exists.", fieldError("entityId", "validation_unknown_entity", "That no longer exists."))
	} else if err != nil {
		return err
	}
	if target.user == e.Auth.Id {
		return e.BadRequestError("You cannot report yourself.", fieldError("entityId", "validation_self_report", "You cannot report your own content."))
	}
	if open := findOpenReport(e.App, e.Auth.Id, body.EntityType, body.EntityID); open != nil {
		return e.JSON(http.StatusOK, reportJSON(open))
	}
	col, err := e.App.FindCachedCollectionByNameOrId(ReportsCollection)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.Load(map[string]any{
		"reporter": e.Auth.Id, "entityType": body.EntityType, "entityId": body.EntityID,
		"targetUser": target.user, "target": truncate(target.summary, 400), "reason": body.Reason, "status": "open",
	})
	if err := e.App.Save(rec); err != nil {
		// The unique open-pair index settles a double submit: answer the report that won.
		if open := findOpenReport(e.App, e.Auth.Id, body.EntityType, body.EntityID); open != nil {
			return e.JSON(http.StatusOK, reportJSON(open))
		}
		return err
	}
	return e.JSON(http.StatusCreated, reportJSON(rec))
}

func reportJSON(r *core.Record) Report {
	return Report{ID: r.Id, EntityType: r.GetString("entityType"), EntityID: r.GetString("entityId"), Status: r.GetString("status")}
}

// findOpenReport returns reporter's open report of the target, or nil.
func findOpenReport(app core.App, reporter, entityType, entityID string) *core.Record {
	r, err := app.FindFirstRecordByFilter(ReportsCollection,
		"reporter = {:r} && entityType = {:t} && entityId = {:id} && status = 'open'",
		dbx.Params{"r": reporter, "t": entityType, "id": entityID})
	if err != nil {
		return nil
	}
	return r
}

// findTarget loads what viewer reports, as long as they can see it: ErrNotVisible when
// it is missing or hidden from them, the database's error when that cannot be told.
func findTarget(app core.App, viewer, entityType, id string) (reportTarget, error) {
	switch entityType {
	case "activity":
		a, err := FindVisibleActivity(app, viewer, id)
		if err != nil {
			return reportTarget{}, err
		}
		return reportTarget{user: a.GetString("user"), summary: "Post by " + authorName(app, a) + ": " + activityText(a)}, nil
	case "comment":
		c, err := app.FindRecordById("comments", id)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && c.GetBool("hidden") && c.GetString("user") != viewer) {
			return reportTarget{}, ErrNotVisible
		} else if err != nil {
			return reportTarget{}, err
		}
		if _, err := FindVisibleActivity(app, viewer, c.GetString("activity")); err != nil {
			return reportTarget{}, err
		}
		if ok, err := CanSeeMember(app, viewer, c.GetString("user")); !ok {
			return reportTarget{}, cmp.Or(err, ErrNotVisible)
		}
		text := c.GetString("content")
		if text == "" {
			text = "(GIF) " + c.GetString("gifUrl")
		}
		return reportTarget{user: c.GetString("user"), summary: "Comment by " + authorName(app, c) + ": " + text}, nil
	case "list":
		gate, _ := app.Store().Get(listGateKey).(PostGate)
		l, err := app.FindRecordById("lists", id)
		if errors.Is(err, sql.ErrNoRows) || gate == nil {
			return reportTarget{}, ErrNotVisible
		} else if err != nil {
			return reportTarget{}, err
		}
		// the gate reads a post's list; a stand-in post naming the list asks about it
		probe := core.NewRecord(core.NewBaseCollection("activities"))
		probe.Set("list", l.Id)
		if ok, err := gate(app, viewer, probe); !ok {
			return reportTarget{}, cmp.Or(err, ErrNotVisible)
		}
		return reportTarget{user: l.GetString("owner"), summary: "List by " + ownerName(app, l) + ": " + l.GetString("name")}, nil
	case "user":
		u, err := FindVisibleMember(app, viewer, id)
		if err != nil {
			return reportTarget{}, err
		}
		return reportTarget{user: u.Id, summary: "Member " + auth.DisplayName(u) + " (" + u.Email() + ")"}, nil
	}
	return reportTarget{}, ErrNotVisible // validate allows only the four types
}

// ownerName is the display name of a list's owner.
func ownerName(app core.App, list *core.Record) string {
	u, err := app.FindRecordById("users", list.GetString("owner"))
	if err != nil {
		return "a member"
	}
	return auth.DisplayName(u)
}

// authorName is the display name of a record's user.
func authorName(app core.App, r *core.Record) string {
	if actor := r.GetString("remoteActor"); actor != "" {
		return actor + " (fediverse)" // a reply from the fediverse (#23): its author's actor URL
	}
	u, _ := app.FindRecordById("users", r.GetString("user"))
	return auth.DisplayName(u)
}

// activityText picks the words of a post a moderator needs: its review, else its title.
func activityText(a *core.Record) string {
	var data map[string]any
	_ = a.UnmarshalJSONField("data", &data)
	for _, k := range []string{"review", "reviewText", "content"} {
		if s, _ := data[k].(string); strings.TrimSpace(s) != "" {
			return s
		}
	}
	if s := catalog.TitleNameIn(data); s != "" {
		return s
	}
	if s, _ := data["challengeName"].(string); strings.TrimSpace(s) != "" {
		return s
	}
	return a.GetString("type")
}

// truncate cuts s to at most n runes.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
