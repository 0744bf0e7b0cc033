// Package year owns Year in Review: a member's numbers for one calendar year (UTC) —
// what they watched, how they rated it, their streaks and companions — the route that
// answers them, and the notice in the last week of December that theirs is ready.
package year

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/moderation"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// JobReadyNotice is the cron job that tells members their year is ready.
const JobReadyNotice = "yearInReviewReady"

// Register binds GET /api/users/{id}/year/{yyyy} and the December notice.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.GET("/users/{id}/year/{yyyy}", reviewHandler)
		return se.Next()
	})
	// 10:00 UTC on 25 December: the last week of the year, while members are about.
	app.Cron().MustAdd(JobReadyNotice, "0 10 25 12 *", func() {
		if err := NotifyReady(app, time.Now().UTC().Year()); err != nil {
			app.Logger().Error("year in review notice", "error", err)
		}
	})
}

// ParseYear reads a {yyyy} path value: a year from 1900 to the current one. A future
// year has nothing to review.
func ParseYear(s string, now time.Time) (int, error) {
	y, err := strconv.Atoi(s)
	if err != nil || len(s) != 4 || y < 1900 || y > now.UTC().Year() {
		return 0, errors.New("yyyy must be a year from 1900 to this one")
	}
	return y, nil
}

// reviewHandler answers GET /api/users/{id}/year/{yyyy} ("me" is the signed-in member).
// Anyone who may see the member's diary may see their year: the member themself and any
// member they did not block, and who did not block them, while they are not suspended.
func reviewHandler(e *core.RequestEvent) error {
	yr, err := ParseYear(e.Request.PathValue("yyyy"), time.Now())
	if err != nil {
		return e.BadRequestError("Invalid year.", map[string]any{
			"yyyy": map[string]string{"code": "validation_invalid_year", "message": err.Error()}})
	}
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	member, err := moderation.FindVisibleMember(e.App, e.Auth.Id, id)
	if errors.Is(err, moderation.ErrNotVisible) {
		return e.NotFoundError("That member does not exist.", nil)
	} else if err != nil {
		return err
	}
	r, err := Compute(e.App, member, yr, MemberViewer(e.App, e.Auth.Id))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, r)
}
