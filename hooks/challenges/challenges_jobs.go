package challenges

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// monthly are the challenges every month brings: slug suffix, name, type, target and the
// description (%s is the month's name).
var monthly = []struct {
	slug, name, typ string
	target          int
	description     string
}{
	{"movies", "Watch 10 movies this month", TypeMovies, 10, "Watch 10 different movies in %s."},
	{"genres", "Explore 5 genres", TypeGenres, 5, "Watch titles from 5 different genres in %s."},
	{"episodes", "Binge 20 episodes", TypeEpisodes, 20, "Watch 20 episodes in %s."},
	{"shows", "Try 3 new shows", TypeShows, 3, "Watch or start 3 different TV shows in %s."},
}

// NotificationRetention is how long a read notification is kept.
const NotificationRetention = 90 * 24 * time.Hour

// EnsureMonth creates the monthly challenges of now's month (UTC) that do not exist yet,
// keyed by slug ('2026-11-movies'), and returns how many it created: the rollover job
// and every server start call it, and running it again creates nothing.
func EnsureMonth(app core.App, now time.Time) (int, error) {
	start := monthStart(now)
	end := start.AddDate(0, 1, 0)
	col, err := app.FindCachedCollectionByNameOrId("challenges")
	if err != nil {
		return 0, err
	}
	created := 0
	for _, m := range monthly {
		slug := start.Format("2006-01") + "-" + m.slug
		_, err := app.FindFirstRecordByData(col, "slug", slug)
		if err == nil {
			continue
		} else if !errors.Is(err, sql.ErrNoRows) {
			return created, err
		}
		r := core.NewRecord(col)
		r.Load(map[string]any{
			"slug": slug, "name": m.name, "type": m.typ, "targetCount": m.target,
			"description": fmt.Sprintf(m.description, start.Format("January")), "startsAt": start, "endsAt": end,
		})
		if err := app.Save(r); err != nil {
			return created, err
		}
		created++
	}
	return created, nil
}

// pruneBatch is how many notifications one statement of the prune deletes, so members'
// writes never wait long behind it for SQLite's one writer.
const pruneBatch = 500

// PruneNotifications deletes read notifications last updated more than
// NotificationRetention before now, and returns how many went. Unread ones stay however
// old: the member has not seen them yet. They are found in the partial index of read
// notifications (idx_notifications_read_updated: the condition is written out, not
// bound, so SQLite can use it) and deleted pruneBatch at a time.
func PruneNotifications(app core.App, now time.Time) (int64, error) {
	var total int64
	for {
		res, err := app.DB().NewQuery(`DELETE FROM notifications WHERE id IN (SELECT id FROM notifications
			WHERE isRead = TRUE AND updated < {:cutoff} LIMIT {:n})`).
			Bind(dbx.Params{"cutoff": dbTime(now.Add(-NotificationRetention)), "n": pruneBatch}).Execute()
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		total += n
		if err != nil || n < pruneBatch {
			return total, err
		}
	}
}
