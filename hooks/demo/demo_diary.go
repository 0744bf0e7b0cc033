package demo

import (
	"context"
	"fmt"
	"sort"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// seededPost is a post the seed wrote, in the order the feed shows them (oldest first).
type seededPost struct {
	author int // index in members
	id     string
}

// seedDiaries logs every demo member's diary through the diary's own calls (so entries,
// diary rows and activities are exactly what members get), then dates each change at its
// watch so the feed reads naturally, and has friends like each other's posts. A member
// who already has entries or episode reviews is left alone: running the seed twice adds
// nothing.
func seedDiaries(tx core.App, ids []string, now time.Time) error {
	index := map[string]int{}
	fresh := map[string]bool{}
	for i, m := range members {
		index[m.first] = i
		var n int
		err := tx.DB().NewQuery(`SELECT (SELECT COUNT(*) FROM watch_entries WHERE user = {:u})
			+ (SELECT COUNT(*) FROM episode_reviews WHERE user = {:u})`).Bind(dbx.Params{"u": ids[i]}).Row(&n)
		if err != nil {
			return err
		}
		fresh[m.first] = n == 0
	}
	type step struct {
		at  time.Time
		run func(at time.Time) (string, error)
		who int
	}
	var steps []step
	for _, l := range diaries {
		if fresh[l.who] {
			steps = append(steps, step{at: when(index[l.who], l.daysAgo, now), who: index[l.who],
				run: func(at time.Time) (string, error) { return logWatch(tx, ids, index, l, at) }})
		}
	}
	for _, ep := range episodes {
		if fresh[ep.who] {
			steps = append(steps, step{at: when(index[ep.who], ep.daysAgo, now).Add(-time.Hour), who: index[ep.who],
				run: func(at time.Time) (string, error) { return logEpisode(tx, ids[index[ep.who]], ep, at) }})
		}
	}
	// Oldest first, so a title logged twice (watching, then watched) posts twice.
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].at.Before(steps[j].at) })
	posts := make([]seededPost, 0, len(steps))
	for _, s := range steps {
		id, err := s.run(s.at)
		if err != nil {
			return err
		}
		posts = append(posts, seededPost{author: s.who, id: id})
	}
	return seedLikes(tx, ids, posts)
}

// when is the moment a member logged something daysAgo days back: an evening hour that
// varies by member and day, always in the past.
func when(member, daysAgo int, now time.Time) time.Time {
	midnight := now.UTC().Truncate(24 * time.Hour)
	hour := 17 + (member+daysAgo)%6
	minute := (member*7 + daysAgo*13) % 60
	return midnight.Add(-time.Duration(daysAgo)*24*time.Hour + time.Duration(hour)*time.Hour + time.Duration(minute)*time.Minute)
}

// logWatch saves one watch entry through the diary's own call and dates its post and
// entry. Rating, review, date and companions go with watched and dropped only, as the
// add dialog sends them.
func logWatch(tx core.App, ids []string, index map[string]int, l logEntry, at time.Time) (string, error) {
	in := diary.EntryInput{Kind: l.kind, TitleID: l.id, Status: l.status}
	if l.status == diary.StatusWatched || l.status == diary.StatusDropped {
		in.Rating, in.Review, in.WatchedAt = l.rating, l.review, at.UTC()
		for _, name := range l.with {
			in.WatchedWith = append(in.WatchedWith, ids[index[name]])
		}
	}
	user, err := tx.FindRecordById("users", ids[index[l.who]])
	if err != nil {
		return "", err
	}
	entry, activity, err := diary.SaveEntry(context.Background(), tx, user, in)
	if err != nil {
		return "", fmt.Errorf("demo diary of %s, title %d: %w", l.who, l.id, err)
	}
	stamp := dbx.Params{"at": dbTime(at), "activity": activity.Id, "entry": entry.Id}
	for _, q := range []string{
		`UPDATE activities SET created = {:at}, updated = {:at} WHERE id = {:activity}`,
		`UPDATE watch_entries SET created = MIN(created, {:at}), updated = {:at} WHERE id = {:entry}`,
		`UPDATE diary SET created = watchedAt WHERE entry = {:entry}`,
	} {
		if _, err := tx.DB().NewQuery(q).Bind(stamp).Execute(); err != nil {
			return "", err
		}
	}
	return activity.Id, nil
}

// logEpisode saves one episode review and dates it and its post.
func logEpisode(tx core.App, userID string, ep episodeEntry, at time.Time) (string, error) {
	show, err := catalog.Find(context.Background(), tx, catalog.TV, ep.show)
	if err != nil {
		return "", err
	}
	review, err := diary.CreateEpisodeReview(tx, userID, show, diary.EpisodeInput{
		Season: ep.season, Episode: ep.episode, Name: ep.name, Rating: ep.rating, Review: ep.review,
	})
	if err != nil {
		return "", fmt.Errorf("demo episode review of %s: %w", ep.who, err)
	}
	var activityID string
	err = tx.DB().Select("id").From("activities").
		Where(dbx.NewExp("user = {:u} AND type = 'episode_review' AND json_extract(data, '$.episodeReviewId') = {:r}",
			dbx.Params{"u": userID, "r": review.Id})).Row(&activityID)
	if err != nil {
		return "", err
	}
	stamp := dbx.Params{"at": dbTime(at), "activity": activityID, "review": review.Id}
	for _, q := range []string{
		`UPDATE activities SET created = {:at}, updated = {:at} WHERE id = {:activity}`,
		`UPDATE episode_reviews SET created = {:at}, updated = {:at} WHERE id = {:review}`,
	} {
		if _, err := tx.DB().NewQuery(q).Bind(stamp).Execute(); err != nil {
			return "", err
		}
	}
	return activityID, nil
}

// seedLikes has followers like some of the posts of the members they follow: about two
// in five, chosen by the post's place and the follower, so every seed likes the same.
func seedLikes(tx core.App, ids []string, posts []seededPost) error {
	position := make(map[string]int, len(ids))
	for i, id := range ids {
		position[id] = i
	}
	for k, p := range posts {
		var followers []string
		err := tx.DB().Select("follower").From("follows").
			Where(dbx.HashExp{"following": ids[p.author]}).OrderBy("follower").Column(&followers)
		if err != nil {
			return err
		}
		for _, f := range followers {
			i, ok := position[f]
			if !ok || (k*7+i*3)%5 >= 2 {
				continue
			}
			if _, err := social.Like(tx, p.id, f); err != nil {
				return err
			}
		}
	}
	return nil
}

// dbTime formats t as PocketBase stores dates.
func dbTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000Z")
}
