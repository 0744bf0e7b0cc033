package demo

import (
	"context"
	"fmt"
	"time"

	"cinecircle/hooks/catalog"
	tracking "cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// progressEntry is a demo member's episode watches of a show: everything up to an episode
// (a whole season when episode is 0), watched daysAgo.
type progressEntry struct {
	who             string
	show            int
	season, episode int
	daysAgo         int
}

// progress puts demo members at different points of their shows, so Up Next, the
// progress bars and the spoiler guard show on first run: Maya (the suggested sign-in) is
// on The Last of Us S1E2 while Lucas reviewed S1E3, and on The Bear S2E1 while Hana
// reviewed S2E6, so both reviews are guarded for her.
var progress = []progressEntry{
	{"Maya", severance, 1, 0, 2},
	{"Maya", strangerThings, 2, 4, 9},
	{"Maya", theBear, 1, 8, 3},
	{"Maya", theLastOfUs, 1, 1, 1},
	{"Lucas", theLastOfUs, 1, 6, 6},
	{"Hana", theBear, 2, 6, 5},
	{"Daniel", breakingBad, 5, 16, 22},
	{"Daniel", betterCallSaul, 3, 4, 8},
	{"Priya", fleabag, 1, 0, 4},
	{"Amira", shogun, 1, 5, 3},
	{"Ben", strangerThings, 3, 8, 20},
	{"Jonah", theOffice, 2, 10, 2},
}

// seedProgress records the demo members' episode watches through tv's own call, each
// burst dated at its day (its post too). A member who already has episode watches is left
// alone, so seeding twice adds nothing.
func seedProgress(tx core.App, ids []string, now time.Time) error {
	index := map[string]int{}
	fresh := map[string]bool{}
	for i, m := range members {
		index[m.first] = i
		var n int
		if err := tx.DB().Select("COUNT(*)").From("episode_watches").Where(dbx.HashExp{"user": ids[i]}).Row(&n); err != nil {
			return err
		}
		fresh[m.first] = n == 0
	}
	for _, p := range progress {
		if !fresh[p.who] {
			continue
		}
		user := ids[index[p.who]]
		show, err := catalog.Find(context.Background(), tx, catalog.TV, p.show)
		if err != nil {
			return err
		}
		at := when(index[p.who], p.daysAgo, now).Add(-2 * time.Hour)
		mark := tracking.Mark{UserID: user, Show: show, Scope: tracking.UpTo, At: tracking.Ep{Season: p.season, Episode: p.episode}, WatchedAt: at}
		if p.episode == 0 {
			mark.Scope = tracking.WholeSeason
		}
		if _, err := tracking.Apply(tx, mark); err != nil {
			return fmt.Errorf("demo episodes of %s: %w", p.who, err)
		}
		if _, err := tx.DB().NewQuery(`UPDATE activities SET created = {:at}, updated = {:at}
			WHERE user = {:u} AND tvShow = {:s} AND type = {:t} AND created > {:at}`).
			Bind(dbx.Params{"at": dbTime(at), "u": user, "s": show.Id, "t": tracking.PostType}).Execute(); err != nil {
			return err
		}
	}
	return nil
}
