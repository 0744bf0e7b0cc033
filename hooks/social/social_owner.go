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

// ActivityPatchBody is the PATCH /api/activities/{id} body: an absent member keeps its
// value, a null one clears it.
type ActivityPatchBody struct {
	Rating security.Field[float64] `json:"rating"`
	Review security.Field[string]  `json:"review"`
}

// ParseActivityPatch validates the body field by field with the diary's rules (rating
// 0–10 rounded to one decimal, review trimmed and at most 10,000 characters), so every
// failure names its field.
func ParseActivityPatch(b ActivityPatchBody) (diary.PostEdit, error) {
	var p diary.PostEdit
	errs := validation.Errors{}
	if b.Rating.Present {
		if r, err := diary.ParseRating(b.Rating); err != nil {
			errs["rating"] = err
		} else {
			p.Rating = &r
		}
	}
	if b.Review.Present {
		if s, err := diary.ParseReview(b.Review); err != nil {
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
	var body ActivityPatchBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	patch, err := ParseActivityPatch(body)
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
