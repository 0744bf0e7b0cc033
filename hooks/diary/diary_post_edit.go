package diary

import (
	"database/sql"
	"errors"
	"strings"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// NotEditableError says why a post cannot be edited (SPEC §6: an episode review only
// offers Delete). Its text is the 400's message.
type NotEditableError string

func (e NotEditableError) Error() string { return string(e) }

// PostEdit is an author's edit of a movie or TV post (PATCH /api/activities/{id}): a nil
// field keeps its value; a zero one clears it.
type PostEdit struct {
	Rating *float64
	Review *string
}

// editableKind returns the kind of a movie or TV post, or why a post of this type cannot
// be edited here.
func editableKind(activityType string) (catalog.Kind, error) {
	switch {
	case activityType == EpisodeReviewPost:
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
		"_watched": StatusWatched, "_rating": StatusWatched, "_review": StatusWatched,
		"_dropped": StatusDropped, "_watchlist": StatusPlanned, "_currently_watching": StatusWatching,
	} {
		if strings.HasSuffix(activityType, suffix) {
			return status
		}
	}
	return ""
}

// EditPost applies an author's edit of a movie or TV post in one transaction: the post's
// data.rating and data.review (and its type, which says review, rating or watch), the
// watch entry behind it and the diary row of that watch. Only watched and dropped posts
// carry a rating or review, as in the diary. The caller has checked that the member
// editing is the author. A post the diary cannot edit is a NotEditableError; a rating or
// review its status does not carry is a validation.Errors naming the field.
func EditPost(app core.App, activity *core.Record, p PostEdit) error {
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
	if status != StatusWatched && status != StatusDropped {
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
	newType := "" // a drop keeps its type; a watch's edit can make it a review or a rating
	if status == StatusWatched {
		newType = ActivityType(kind, status, rating, review)
	}
	return app.RunInTransaction(func(tx core.App) error {
		if err := posts.Edit(tx, activity, newType, data); err != nil {
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
	err = tx.DB().Select("id").From(posts.Collection).Where(dbx.HashExp{"entry": entryID}).
		OrderBy("created DESC", "id DESC").Limit(1).Row(&newest)
	if err != nil {
		return err
	}
	isNewest := newest == activity.Id
	if s := entry.GetString("status"); isNewest && (s == StatusWatched || s == StatusDropped) {
		entry.Set("rating", rating)
		entry.Set("review", review)
		if err := tx.Save(entry); err != nil {
			return err
		}
	}
	if status != StatusWatched {
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
