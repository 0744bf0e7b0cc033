package year

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/diary"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// addEpisodes counts the distinct episodes the member watched or reviewed in the year
// (diary.EpisodesSeen: episode watches and episode reviews, each episode once, in the
// month it was first seen) and adds their runtimes to the hours.
func addEpisodes(app core.App, r *Review, memberID string, year int, p dbx.Params) error {
	from := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	eps, err := diary.EpisodesSeen(app, memberID, from, from.AddDate(1, 0, 0))
	minutes := 0
	for _, e := range eps {
		r.Episodes++
		minutes += e.Minutes
		if m := monthOf(e.First); m >= 0 {
			r.Months[m].Episodes++
		}
	}
	r.Hours = math.Round((r.Hours+float64(minutes)/60)*10) / 10
	var reviews int
	if err == nil {
		err = app.DB().NewQuery(`SELECT COUNT(*) FROM episode_reviews
			WHERE user = {:u} AND review != '' AND created >= {:from} AND created < {:to}`).Bind(p).Row(&reviews)
	}
	r.Reviews += reviews
	return err
}

// completedChallenges lists the challenges the member completed in the year.
func completedChallenges(app core.App, p dbx.Params) ([]Challenge, error) {
	out := []Challenge{}
	err := app.DB().NewQuery(`
		SELECT c.id, c.name, uc.completedAt FROM user_challenges uc JOIN challenges c ON c.id = uc.challenge
		WHERE uc.user = {:u} AND uc.isCompleted = TRUE AND uc.completedAt >= {:from} AND uc.completedAt < {:to}
		ORDER BY uc.completedAt`).Bind(p).All(&out)
	for i := range out {
		out[i].CompletedAt = isoDate(out[i].CompletedAt)
	}
	return out, err
}

// companion finds the friend named most often in the watchedWith of the year's watches
// that the reader may see named; nil when there is none.
func companion(app core.App, rows []row, canName CanName) (*Companion, error) {
	counts := map[string]int{}
	companions := map[*titleRow][]string{}
	for _, d := range rows {
		ids, ok := companions[d.titleRow]
		if !ok {
			_ = json.Unmarshal([]byte(d.With), &ids)
			companions[d.titleRow] = ids
		}
		for _, id := range ids {
			counts[id]++
		}
	}
	type pair struct {
		id string
		n  int
	}
	pairs := make([]pair, 0, len(counts))
	for id, n := range counts {
		pairs = append(pairs, pair{id, n})
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.id, b.id)) })
	for _, c := range pairs {
		ok, err := canName(app, c.id)
		if err != nil {
			return nil, err // fail closed
		}
		if !ok {
			continue
		}
		u, err := app.FindRecordById("users", c.id)
		if err != nil {
			continue // a deleted member
		}
		return &Companion{User: auth.PublicUser(u), Count: c.n}, nil
	}
	return nil, nil
}
