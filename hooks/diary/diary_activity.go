package diary

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ActivityMergeWindow is how long after posting an activity a re-save of the same entry
// updates that activity instead of posting another: fixing a rating or a typo in a review
// right after logging must not fill friends' feeds with near-duplicates. Later saves post
// a new activity (a rewatch, a changed mind), and the old one stays in the feed's history.
const ActivityMergeWindow = time.Hour

// ActivityType maps an entry's status and details to SPEC §3's activity type: a watched
// title with a review is a review, with only a rating a rating, else a watch.
func ActivityType(kind Kind, status string, rating float64, review string) string {
	prefix := "movie_"
	if kind == TV {
		prefix = "tv_"
	}
	switch status {
	case StatusWatched:
		switch {
		case review != "":
			return prefix + "review"
		case rating > 0:
			return prefix + "rating"
		}
		return prefix + "watched"
	case StatusDropped:
		return prefix + "dropped"
	case StatusPlanned:
		return prefix + "watchlist"
	default:
		return prefix + "currently_watching"
	}
}

// activityData is the SPEC §3 data of a movie or TV activity.
func activityData(app core.App, kind Kind, title *core.Record, in EntryInput) map[string]any {
	s := summarize(kind, title)
	data := map[string]any{
		"rating":      in.Rating,
		"review":      in.Review,
		"status":      in.Status,
		"watchedWith": companions(app, in.WatchedWith),
	}
	if kind == TV {
		data["tvShowId"] = s.ID
		data["tvShowTitle"] = s.Name
		data["tvShowPoster"] = s.PosterPath
		data["tvShowYear"] = s.Year
		data["tvShowGenres"] = s.Genres
	} else {
		data["movieId"] = s.ID
		data["movieTitle"] = s.Title
		data["moviePoster"] = s.PosterPath
		data["movieYear"] = s.Year
		data["movieGenres"] = s.Genres
	}
	if !in.WatchedAt.IsZero() {
		data["watchedAt"] = in.WatchedAt.Format(time.RFC3339)
	}
	return data
}

// postEntryActivity posts the activity for a saved entry, or updates the entry's latest
// activity when it is younger than ActivityMergeWindow.
func postEntryActivity(app core.App, entry, title *core.Record, in EntryInput) (*core.Record, error) {
	since := time.Now().Add(-ActivityMergeWindow).UTC().Format("2006-01-02 15:04:05.000Z")
	recent, err := app.FindRecordsByFilter("activities", "entry = {:e} && created >= {:since}",
		"-created", 1, 0, dbx.Params{"e": entry.Id, "since": since})
	if err != nil {
		return nil, err
	}
	var activity *core.Record
	if len(recent) > 0 {
		activity = recent[0]
	} else {
		col, err := app.FindCachedCollectionByNameOrId("activities")
		if err != nil {
			return nil, err
		}
		activity = core.NewRecord(col)
		activity.Set("user", entry.GetString("user"))
		activity.Set("entry", entry.Id)
		activity.Set(in.Kind.relField(), title.Id)
	}
	typ := ActivityType(in.Kind, in.Status, in.Rating, in.Review)
	if in.Status == StatusWatched && len(in.WatchedWith) > 0 {
		typ = "collaborative_movie" // watched together: friends rate in secret (collab domain)
		if in.Kind == TV {
			typ = "collaborative_tv"
		}
	}
	activity.Set("type", typ)
	activity.Set("data", activityData(app, in.Kind, title, in))
	return activity, app.Save(activity)
}
