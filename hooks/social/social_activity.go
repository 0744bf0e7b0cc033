package social

import (
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// ErrActivityNotFound is returned by the activity calls when the id names no activity.
var ErrActivityNotFound = errors.New("activity not found")

// Activity is the SPEC §3 Activity as every route answers it: the feed, one activity, a
// member's posts, and later comments, notifications and collaborations. Build it with
// LoadRows (LoadActivity for one record) so the author, isLiked and the counters come out
// the same everywhere.
type Activity struct {
	ID           string       `json:"id"`
	Type         string       `json:"type"`
	UserID       string       `json:"userId"`
	User         ActivityUser `json:"user"`
	CreatedAt    string       `json:"createdAt"`
	IsLiked      bool         `json:"isLiked"`
	LikeCount    int          `json:"likeCount"`
	CommentCount int          `json:"commentCount"`
	// ShareCount is how often the fediverse shared (boosted) the post; absent when never.
	ShareCount int `json:"shareCount,omitzero"`
	// Hidden is true only on a post a moderator hid, which only its author still sees
	// (with a notice).
	Hidden bool            `json:"hidden,omitzero"`
	Data   json.RawMessage `json:"data"`
}

// ActivityUser is the author of an activity: SPEC §3's user of an Activity. Email is
// always present and empty unless the author is the viewer, so no member ever reads
// another member's address.
type ActivityUser struct {
	ID                string  `json:"id"`
	FirstName         string  `json:"firstName"`
	LastName          string  `json:"lastName"`
	Email             string  `json:"email"`
	Nickname          *string `json:"nickname"`
	DisplayPreference string  `json:"displayPreference"`
	ProfileImageURL   string  `json:"profileImageUrl"`
}

// LoadRows shapes posts for viewerID, keeping their order. It reads the authors it has
// not cached in one query and the viewer's likes in another, whatever the number of
// posts, so callers (the feed, profiles, a single post) never cost a query per activity.
func LoadRows(app core.App, viewerID string, rows []posts.Row) ([]Activity, error) {
	out := make([]Activity, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	authorSet := map[string]bool{}
	authorIDs := []string{}
	for i, r := range rows {
		ids[i] = r.ID
		if !authorSet[r.User] {
			authorSet[r.User] = true
			authorIDs = append(authorIDs, r.User)
		}
	}
	authors, err := loadAuthors(app, viewerID, authorIDs)
	if err != nil {
		return nil, err
	}
	liked := map[string]bool{}
	if viewerID != "" {
		var likedIDs []string
		idList, _ := json.Marshal(ids)
		err := app.DB().NewQuery(likedSQL).Bind(dbx.Params{"viewer": viewerID, "ids": string(idList)}).Column(&likedIDs)
		if err != nil {
			return nil, err
		}
		for _, id := range likedIDs {
			liked[id] = true
		}
	}
	for _, r := range rows {
		out = append(out, Activity{
			ID:           r.ID,
			Type:         r.Type,
			UserID:       r.User,
			User:         authorOrUnknown(authors, r.User),
			CreatedAt:    isoTime(r.Created.Time()),
			IsLiked:      liked[r.ID],
			LikeCount:    r.LikeCount,
			CommentCount: r.CommentCount,
			ShareCount:   r.ShareCount,
			Hidden:       r.Hidden,
			Data:         activityData(r.Data),
		})
	}
	for _, decorate := range decoratorsOf(app) {
		if err := decorate(app, viewerID, rows, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// authorOrUnknown is the author with id; a missing record keeps only the id (the UI
// then shows 'Unknown User').
func authorOrUnknown(authors map[string]ActivityUser, id string) ActivityUser {
	if u, ok := authors[id]; ok {
		return u
	}
	return ActivityUser{ID: id, DisplayPreference: "fullname"}
}

// likedSQL selects which of the activities in the JSON list {:ids} the viewer likes (on
// idx_activity_likes_pair, one search per activity). One text for any number of
// activities, so the connections keep it prepared (see feedWindow for the plus).
const likedSQL = `SELECT activity FROM activity_likes WHERE user = +{:viewer}
	AND activity IN (SELECT value FROM json_each({:ids}))`

// Decorator adds viewer-specific data to shaped activities (the collaboration domain fills
// a collaborative post's ratings and pending state for the viewer). rows and items are
// parallel; a decorator changes items[i].Data only.
type Decorator func(app core.App, viewerID string, rows []posts.Row, items []Activity) error

// decoratorsKey is the app-store key of the registered decorators.
const decoratorsKey = "cinecircle.social.decorators"

// AddDecorator registers a Decorator on app (kept per app, so test apps don't share them).
func AddDecorator(app core.App, d Decorator) {
	list, _ := app.Store().Get(decoratorsKey).([]Decorator)
	app.Store().Set(decoratorsKey, append(list, d))
}

func decoratorsOf(app core.App) []Decorator {
	list, _ := app.Store().Get(decoratorsKey).([]Decorator)
	return list
}

// LoadActivity shapes one activity record for viewerID.
func LoadActivity(app core.App, viewerID string, record *core.Record) (Activity, error) {
	list, err := LoadRows(app, viewerID, []posts.Row{posts.RowOf(record)})
	if err != nil {
		return Activity{}, err
	}
	return list[0], nil
}

// FindActivity returns the activity record with id, or ErrActivityNotFound.
func FindActivity(app core.App, id string) (*core.Record, error) {
	r, err := app.FindRecordById(posts.Collection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrActivityNotFound
	}
	return r, err
}

// activityData returns the stored data JSON, or {} when there is none, so the UI can
// always read data.movieId and friends without a null check.
func activityData(raw types.JSONRaw) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage(`{}`)
	}
	return json.RawMessage(raw)
}

// isoTime formats a stored time as ISO 8601 (UTC, seconds), as the diary's routes do.
func isoTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// activityFromPath finds the activity named by the {id} path value, as a 404 when missing.
func activityFromPath(e *core.RequestEvent) (*core.Record, error) {
	r, err := FindActivity(e.App, e.Request.PathValue("id"))
	if errors.Is(err, ErrActivityNotFound) {
		return nil, e.NotFoundError("That post does not exist.", nil)
	}
	return r, err
}

// visibleActivityFromPath finds the activity named by the {id} path value, as a 404 when
// missing or when the signed-in member may not see it (moderation; a check the database
// could not answer is an error, never the post).
func visibleActivityFromPath(e *core.RequestEvent) (*core.Record, error) {
	r, err := moderation.FindVisibleActivity(e.App, e.Auth.Id, e.Request.PathValue("id"))
	if errors.Is(err, moderation.ErrNotVisible) {
		return nil, e.NotFoundError("That post does not exist.", nil)
	}
	return r, err
}

// ownActivityFromPath finds the activity named by the {id} path value and checks that
// the signed-in member wrote it: SPEC §6 offers Edit and Delete to the owner only.
func ownActivityFromPath(e *core.RequestEvent, action string) (*core.Record, error) {
	r, err := activityFromPath(e)
	if err != nil {
		return nil, err
	}
	if r.GetString("user") != e.Auth.Id {
		return nil, e.ForbiddenError("Only the author can "+action+" this post.", nil)
	}
	return r, nil
}

// activityHandler answers GET /api/activities/{id}: one activity in the feed's shape (a
// notification or a shared link opens it).
func activityHandler(e *core.RequestEvent) error {
	r, err := visibleActivityFromPath(e)
	if err != nil {
		return err
	}
	out, err := LoadActivity(e.App, e.Auth.Id, r)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
