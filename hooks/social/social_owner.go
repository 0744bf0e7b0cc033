package social

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// NotEditableError says why a post cannot be edited (SPEC §6: an episode review only
// offers Delete). Its text is the 400's message.
type NotEditableError string

func (e NotEditableError) Error() string { return string(e) }

// ActivityPatch is a validated PATCH /api/activities/{id} payload. A nil field keeps
// its value; a null rating or review clears it.
type ActivityPatch struct {
	Rating *float64
	Review *string
}

// ParseActivityPatch validates the payload field by field with the diary's rules (rating
// 0–10 rounded to one decimal, review trimmed and at most 10,000 characters), so every
// failure names its field.
func ParseActivityPatch(raw map[string]any) (ActivityPatch, error) {
	var p ActivityPatch
	errs := validation.Errors{}
	if v, ok := raw["rating"]; ok {
		if r, err := diary.ParseRating(v); err != nil {
			errs["rating"] = err
		} else {
			p.Rating = &r
		}
	}
	if v, ok := raw["review"]; ok {
		if s, err := parseReview(v); err != nil {
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

// parseReview applies the diary's review rules: text, trimmed, valid UTF-8, at most
// diary.MaxReviewLength characters; null means no review.
func parseReview(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", validation.NewError("validation_not_a_string", "Review must be text.")
	}
	s = strings.TrimSpace(strings.ToValidUTF8(s, "\uFFFD"))
	if utf8.RuneCountInString(s) > diary.MaxReviewLength {
		return "", validation.NewError("validation_length_too_long", "Reviews can be at most 10,000 characters.")
	}
	return s, nil
}

// editableKind returns the kind of a movie or TV post, or why a post of this type cannot
// be edited here.
func editableKind(activityType string) (catalog.Kind, error) {
	switch {
	case activityType == "episode_review":
		return "", NotEditableError("Episode reviews can only be deleted.")
	case strings.HasPrefix(activityType, "challenge_"):
		return "", NotEditableError("Challenge posts cannot be edited.")
	}
	if kind, ok := catalog.KindOfPostType(activityType); ok {
		return kind, nil
	}
	return "", NotEditableError("This post cannot be edited here.")
}

// postStatus is the watch status a movie or TV post was written with: data.status, or
// what its type says for posts written without one.
func postStatus(activityType string, data map[string]any) string {
	if s, _ := data["status"].(string); s != "" {
		return s
	}
	for suffix, status := range map[string]string{
		"_watched": diary.StatusWatched, "_rating": diary.StatusWatched, "_review": diary.StatusWatched,
		"_dropped": diary.StatusDropped, "_watchlist": diary.StatusPlanned, "_currently_watching": diary.StatusWatching,
	} {
		if strings.HasSuffix(activityType, suffix) {
			return status
		}
	}
	return ""
}

// UpdateActivity applies an edit of a movie or TV post in one transaction: the post's
// data.rating and data.review (and its type, which says review, rating or watch), the
// watch entry behind it and the diary row of that watch. Only watched and dropped posts
// carry a rating or review, as in the diary. The caller has checked that the member
// editing is the author.
func UpdateActivity(app core.App, activity *core.Record, p ActivityPatch) error {
	typ := activity.GetString("type")
	kind, err := editableKind(typ)
	if err != nil {
		return err
	}
	data := map[string]any{}
	if err := activity.UnmarshalJSONField("data", &data); err != nil {
		return err
	}
	status := postStatus(typ, data)
	rating, _ := data["rating"].(float64)
	review, _ := data["review"].(string)
	if p.Rating != nil {
		rating = *p.Rating
	}
	if p.Review != nil {
		review = *p.Review
	}
	if status != diary.StatusWatched && status != diary.StatusDropped {
		errs := validation.Errors{}
		only := func(field string) error {
			return validation.NewError("validation_status_mismatch", "A "+field+" can only be given for watched or dropped titles.")
		}
		if rating > 0 {
			errs["rating"] = only("rating")
		}
		if review != "" {
			errs["review"] = only("review")
		}
		if len(errs) > 0 {
			return errs
		}
	}
	data["rating"], data["review"] = rating, review
	return app.RunInTransaction(func(tx core.App) error {
		activity.Set("data", data)
		if status == diary.StatusWatched {
			activity.Set("type", diary.ActivityType(kind, status, rating, review))
		}
		if err := tx.Save(activity); err != nil {
			return err
		}
		watchedAt, _ := data["watchedAt"].(string)
		return syncEntry(tx, activity, status, rating, review, watchedAt)
	})
}

// syncEntry carries an edited rating and review to the watch entry behind a post and to
// the diary row of the watch the post is about (the row of its watchedAt day). The entry
// is the member's current opinion, so only their newest post about the title speaks for
// it: editing an older post (before a rewatch) fixes that watch's diary row only.
func syncEntry(tx core.App, activity *core.Record, status string, rating float64, review, watchedAt string) error {
	entryID := activity.GetString("entry")
	if entryID == "" {
		return nil // the title left the member's lists; the post stands alone
	}
	entry, err := tx.FindRecordById("watch_entries", entryID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	var newest string
	err = tx.DB().Select("id").From(ActivitiesCollection).Where(dbx.HashExp{"entry": entryID}).
		OrderBy("created DESC", "id DESC").Limit(1).Row(&newest)
	if err != nil {
		return err
	}
	isNewest := newest == activity.Id
	if s := entry.GetString("status"); isNewest && (s == diary.StatusWatched || s == diary.StatusDropped) {
		entry.Set("rating", rating)
		entry.Set("review", review)
		if err := tx.Save(entry); err != nil {
			return err
		}
	}
	if status != diary.StatusWatched {
		return nil // a drop is not a watch: it has no diary row
	}
	rows, err := tx.FindRecordsByFilter("diary", "entry = {:e}", "-watchedAt", 0, 0, dbx.Params{"e": entryID})
	if err != nil || len(rows) == 0 {
		return err
	}
	var row *core.Record
	if t, err := time.Parse(time.RFC3339, watchedAt); err == nil {
		day := t.UTC().Truncate(24 * time.Hour)
		for _, r := range rows {
			if r.GetDateTime("watchedAt").Time().UTC().Truncate(24 * time.Hour).Equal(day) {
				row = r
				break
			}
		}
	}
	if row == nil && isNewest {
		row = rows[0] // the latest watch
	}
	if row == nil {
		return nil
	}
	row.Set("rating", rating)
	row.Set("review", review)
	return tx.Save(row)
}

// DeleteActivity deletes a post in one transaction, with what hangs off it: its likes
// and its comments (both relate to the post with CascadeDelete, so PocketBase deletes
// them in this transaction) and, for an episode review, the review itself. That cascade
// is the hook point for later domains: relate to activities with CascadeDelete, or bind
// OnRecordDelete("activities") for anything a relation cannot express.
func DeleteActivity(app core.App, activity *core.Record) error {
	return app.RunInTransaction(func(tx core.App) error {
		if activity.GetString("type") == "episode_review" {
			var data struct {
				EpisodeReviewID string `json:"episodeReviewId"`
			}
			if err := activity.UnmarshalJSONField("data", &data); err != nil {
				return err
			}
			if data.EpisodeReviewID != "" {
				review, err := tx.FindRecordById("episode_reviews", data.EpisodeReviewID)
				switch {
				case err == nil && review.GetString("user") == activity.GetString("user"):
					if err := tx.Delete(review); err != nil {
						return err
					}
				case err != nil && !errors.Is(err, sql.ErrNoRows):
					return err
				}
			}
		}
		return tx.Delete(activity)
	})
}

// updateActivityHandler answers PATCH /api/activities/{id} {rating?, review?}: the
// author edits a movie or TV post; the answer is the post in the feed's shape.
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
	err = UpdateActivity(e.App, activity, patch)
	var notEditable NotEditableError
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

// deleteActivityHandler answers DELETE /api/activities/{id}: only the author may.
func deleteActivityHandler(e *core.RequestEvent) error {
	activity, err := ownActivityFromPath(e, "delete")
	if err != nil {
		return err
	}
	if err := DeleteActivity(e.App, activity); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
