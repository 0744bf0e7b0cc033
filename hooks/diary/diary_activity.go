package diary

import (
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/pocketbase/core"
)

// ActivityMergeWindow is how long after posting an activity a re-save of the same entry
// updates that activity instead of posting another: fixing a rating or a typo in a review
// right after logging must not fill friends' feeds with near-duplicates. Later saves post
// a new activity (a rewatch, a changed mind), and the old one stays in the feed's history.
const ActivityMergeWindow = time.Hour

// ActivityType maps an entry's status and details to SPEC §3's activity type: a watched
// title with a review is a review, with only a rating a rating, else a watch.
func ActivityType(kind catalog.Kind, status string, rating float64, review string) string {
	switch status {
	case StatusWatched:
		switch {
		case review != "":
			return kind.PostType("review")
		case rating > 0:
			return kind.PostType("rating")
		}
		return kind.PostType("watched")
	case StatusDropped:
		return kind.PostType("dropped")
	case StatusPlanned:
		return kind.PostType("watchlist")
	default:
		return kind.PostType("currently_watching")
	}
}

// activityData is the SPEC §3 data of a movie or TV activity.
func activityData(app core.App, kind catalog.Kind, title *core.Record, in EntryInput) map[string]any {
	s := summarize(kind, title)
	data := map[string]any{
		"rating":               in.Rating,
		"review":               in.Review,
		"status":               in.Status,
		"watchedWith":          companions(app, in.WatchedWith),
		kind.IDField():         s.ID,
		kind.DataKey("Title"):  title.GetString(kind.NameField()),
		kind.DataKey("Poster"): s.PosterPath,
		kind.DataKey("Year"):   s.Year,
		kind.DataKey("Genres"): s.Genres,
	}
	if !in.WatchedAt.IsZero() {
		data["watchedAt"] = in.WatchedAt.Format(time.RFC3339)
	}
	return data
}

// postEntryActivity posts the activity for a saved entry, or updates the entry's latest
// activity when it is younger than ActivityMergeWindow.
func postEntryActivity(app core.App, entry, title *core.Record, in EntryInput) (*core.Record, error) {
	typ := ActivityType(in.Kind, in.Status, in.Rating, in.Review)
	if in.Status == StatusWatched && len(in.WatchedWith) > 0 {
		typ = "collaborative_" + string(in.Kind) // watched together: friends rate in secret (collab domain)
	}
	post, _, err := posts.Upsert(app, posts.Post{
		User:  entry.GetString("user"),
		Type:  typ,
		Links: map[string]string{"entry": entry.Id, in.Kind.RelationField(): title.Id},
		Data:  activityData(app, in.Kind, title, in),
	}, posts.Group{Key: posts.Match{"entry": entry.Id}, Window: ActivityMergeWindow})
	return post, err
}
