package social

import (
	"errors"
	"net/http"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// ParseActivityPatch validates the PATCH /api/activities/{id} payload field by field
// with the diary's rules (rating 0–10 rounded to one decimal, review trimmed and at most
// 10,000 characters), so every failure names its field. An absent field keeps its value;
// a null rating or review clears it.
func ParseActivityPatch(raw map[string]any) (diary.PostEdit, error) {
	var p diary.PostEdit
	errs := validation.Errors{}
	if v, ok := raw["rating"]; ok {
		if r, err := diary.ParseRating(v); err != nil {
			errs["rating"] = err
		} else {
			p.Rating = &r
		}
	}
	if v, ok := raw["review"]; ok {
		if s, err := diary.ParseReview(v); err != nil {
			errs["review"] = err
		} else {
			p.Review = &s
		}
	}
	if len(errs) > 0 {
		return p, errs
	}
	return p, nil
}

// updateActivityHandler answers PATCH /api/activities/{id} {rating?, review?}: the
// author edits a movie or TV post (the diary's rules carry the edit to the watch behind
// it); the answer is the post in the feed's shape.
func updateActivityHandler(e *core.RequestEvent) error {
	activity, err := ownActivityFromPath(e, "edit")
	if err != nil {
		return err
	}
	raw := map[string]any{}
	if err := security.DecodeJSON(e, &raw); err != nil {
		return err
	}
	patch, err := ParseActivityPatch(raw)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	err = diary.EditPost(e.App, activity, patch)
	var notEditable diary.NotEditableError
	var verrs validation.Errors
	switch {
	case errors.As(err, &notEditable):
		return e.BadRequestError(notEditable.Error(), nil)
	case errors.As(err, &verrs):
		return e.BadRequestError("Please check the highlighted fields.", verrs)
	case err != nil:
		return err
	}
	out, err := LoadActivity(e.App, e.Auth.Id, activity)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// deleteActivityHandler answers DELETE /api/activities/{id}: only the author may; what
// hangs off the post goes with it (posts.Delete).
func deleteActivityHandler(e *core.RequestEvent) error {
	activity, err := ownActivityFromPath(e, "delete")
	if err != nil {
		return err
	}
	if err := posts.Delete(e.App, activity); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
