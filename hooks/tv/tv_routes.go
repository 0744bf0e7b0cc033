package tv

import (
	"errors"
	"net/http"
	"time"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// markHandler answers POST /api/tv-shows/{id}/episodes/watched.
func markHandler(e *core.RequestEvent) error {
	show, err := diary.ShowFromPath(e)
	if err != nil {
		return err
	}
	var body MarkBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	req, err := ParseMark(body, time.Now())
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	res, err := Apply(e.App, Mark{UserID: e.Auth.Id, Show: show, Scope: req.Scope, At: req.At, WatchedAt: req.WatchedAt})
	return answer(e, res, err)
}

// unmarkHandler answers DELETE /api/tv-shows/{id}/episodes/watched {season, episode}:
// the newest watch of the episode goes (none, when it was never watched: still a 200, so
// a repeated tap is harmless).
func unmarkHandler(e *core.RequestEvent) error {
	show, err := diary.ShowFromPath(e)
	if err != nil {
		return err
	}
	var body EpisodeBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	ep, err := ParseEpisode(body)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	res, err := Unmark(e.App, e.Auth.Id, show, ep)
	return answer(e, res, err)
}

// answer sends a change's result, or its error: the show's numbers named as a 400.
func answer(e *core.RequestEvent, res Result, err error) error {
	var verrs validation.Errors
	switch {
	case errors.As(err, &verrs):
		return e.BadRequestError("Please check the highlighted fields.", verrs)
	case err != nil:
		return err
	}
	return e.JSON(http.StatusOK, res)
}

// progressHandler answers GET /api/tv-shows/{id}/progress: the signed-in member's
// progress on the show (with TMDB, its episodes are cached first if they never were).
func progressHandler(e *core.RequestEvent) error {
	show, err := diary.ShowFromPath(e)
	if err != nil {
		return err
	}
	fillShow(e.Request.Context(), e.App, show)
	p, err := ShowProgress(e.App, e.Auth.Id, show)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, p)
}

// upNextHandler answers GET /api/user/up-next (with TMDB, the member's shows whose
// episodes were never cached are filled in first, so each card names its episode).
func upNextHandler(e *core.RequestEvent) error {
	fillMissing(e.Request.Context(), e.App, e.Auth.Id)
	items, err := UpNext(e.App, e.Auth.Id, upNextLimit)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, items)
}
