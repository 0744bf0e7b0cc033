package demo

import (
	"time"

	"cinecircle/hooks/challenges"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// seedChallenges has the demo members join last month's and this month's challenges,
// each member a different few, so the challenges page, the sidebar's 'Current Challenge'
// and the leaderboards have something to show. Progress is counted from the diaries the
// seed logged, so some members have completed challenges and others are on their way.
// Last month's joins and completions are dated inside last month. It runs after the
// seed's transaction (completions notify members at once, which must not happen inside
// one) and is idempotent: a join that exists is kept as it is.
func seedChallenges(app core.App, now time.Time) error {
	this := time.Date(now.UTC().Year(), now.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	last := this.AddDate(0, -1, 0)
	for _, month := range []time.Time{last, this} {
		if _, err := challenges.EnsureMonth(app, month); err != nil {
			return err
		}
	}
	for i, m := range members {
		user, err := app.FindAuthRecordByEmail("users", Email(m.first, m.last))
		if err != nil {
			return err
		}
		for j, slug := range []string{"movies", "genres", "episodes", "shows"} {
			if (i+j)%3 == 0 {
				continue // not everyone joins everything
			}
			if err := joinDemo(app, user.Id, last.Format("2006-01-")+slug, last.AddDate(0, 0, 2+i)); err != nil {
				return err
			}
			// This month's joins are spread over the days gone by, so the feed doesn't open
			// on a wall of challenge posts from a moment ago.
			frac := float64((i*7+j*3)%10+1) / 11
			at := this.Add(time.Duration(frac * float64(now.Sub(this)-time.Hour)))
			if err := joinDemo(app, user.Id, this.Format("2006-01-")+slug, at); err != nil {
				return err
			}
		}
	}
	return nil
}

// joinDemo joins one challenge at the moment at; for a challenge that has ended by now,
// the join, the completion and their posts are dated inside its window.
func joinDemo(app core.App, userID, slug string, at time.Time) error {
	c, err := app.FindFirstRecordByData("challenges", "slug", slug)
	if err != nil {
		return err
	}
	uc, _, err := challenges.Join(app, userID, c.Id, at)
	if err != nil {
		return err
	}
	done := c.GetDateTime("endsAt").Time().Add(-20 * time.Hour)
	if now := time.Now(); now.Before(done) { // still running: completed a little after joining
		done = at.Add(6 * time.Hour)
		if done.After(now) {
			done = now.Add(-time.Minute)
		}
	}
	stamp := dbx.Params{"at": dbTime(at), "done": dbTime(done), "uc": uc.Id, "u": userID, "c": c.Id}
	for _, q := range []string{
		`UPDATE user_challenges SET joinedAt = {:at}, completedAt = CASE WHEN isCompleted THEN {:done} ELSE '' END WHERE id = {:uc}`,
		`UPDATE activities SET created = {:at}, updated = {:at} WHERE user = {:u} AND type = 'challenge_joined' AND json_extract(data, '$.challengeId') = {:c}`,
		`UPDATE activities SET created = {:done}, updated = {:done} WHERE user = {:u} AND type = 'challenge_completed' AND json_extract(data, '$.challengeId') = {:c}`,
	} {
		if _, err := app.DB().NewQuery(q).Bind(stamp).Execute(); err != nil {
			return err
		}
	}
	return nil
}
