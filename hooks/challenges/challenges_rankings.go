package challenges

import (
	"math"
	"net/http"
	"sort"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// RankEntry is one member's place on a leaderboard.
type RankEntry struct {
	User  auth.User `json:"user"`
	Value float64   `json:"value"`
	Rank  int       `json:"rank"`
}

// Boards are the four leaderboards of one period.
type Boards struct {
	MoviesWatched       []RankEntry `json:"moviesWatched"`
	Hours               []RankEntry `json:"hours"`
	Reviews             []RankEntry `json:"reviews"`
	ChallengesCompleted []RankEntry `json:"challengesCompleted"`
}

// MyRanks is the viewer's rank on each board of one period.
type MyRanks struct {
	MoviesWatched       int `json:"moviesWatched"`
	Hours               int `json:"hours"`
	Reviews             int `json:"reviews"`
	ChallengesCompleted int `json:"challengesCompleted"`
}

// Rankings answers GET /api/user/rankings.
type Rankings struct {
	Month   Boards `json:"month"`
	AllTime Boards `json:"allTime"`
	MyRank  struct {
		Month   MyRanks `json:"month"`
		AllTime MyRanks `json:"allTime"`
	} `json:"myRank"`
}

// circleCTE names the viewer and the members they follow: the people a leaderboard ranks.
// Suspended members are left out of everyone's circle while suspended (moderation).
const circleCTE = `WITH circle(id) AS (SELECT {:me} UNION SELECT following FROM follows WHERE follower = {:me}
	AND following NOT IN (` + moderation.SuspendedSQL + `))`

// rankingQueries count each metric for the whole circle in one grouped query, for the
// month ({:from}..{:to}) and all time at once. They count as the monthly stats card does
// (hooks/diary MonthlyStats): every movie watch, runtimes plus an episode runtime per
// reviewed episode, diary reviews plus episode reviews; and challenges completed.
var rankingQueries = [4]string{
	circleCTE + `
		SELECT c.id AS id,
			COALESCE(SUM(d.watchedAt >= {:from} AND d.watchedAt < {:to}), 0) AS month,
			COUNT(d.id) AS allTime
		FROM circle c LEFT JOIN diary d ON d.user = c.id AND d.movie != ''
		GROUP BY c.id`,
	circleCTE + `, w(user, at, minutes) AS (
			SELECT d.user, d.watchedAt, m.runtime FROM diary d JOIN movies m ON m.id = d.movie
			WHERE d.user IN (SELECT id FROM circle)
			UNION ALL
			SELECT e.user, e.created, t.episodeRuntime FROM episode_reviews e JOIN tv_shows t ON t.id = e.tvShow
			WHERE e.user IN (SELECT id FROM circle))
		SELECT c.id AS id,
			COALESCE(SUM(CASE WHEN w.at >= {:from} AND w.at < {:to} THEN w.minutes END), 0) / 60.0 AS month,
			COALESCE(SUM(w.minutes), 0) / 60.0 AS allTime
		FROM circle c LEFT JOIN w ON w.user = c.id
		GROUP BY c.id`,
	circleCTE + `, r(user, at) AS (
			SELECT user, watchedAt FROM diary WHERE review != '' AND user IN (SELECT id FROM circle)
			UNION ALL
			SELECT user, created FROM episode_reviews WHERE review != '' AND user IN (SELECT id FROM circle))
		SELECT c.id AS id,
			COALESCE(SUM(r.at >= {:from} AND r.at < {:to}), 0) AS month,
			COUNT(r.user) AS allTime
		FROM circle c LEFT JOIN r ON r.user = c.id
		GROUP BY c.id`,
	circleCTE + `
		SELECT c.id AS id,
			COALESCE(SUM(u.completedAt >= {:from} AND u.completedAt < {:to}), 0) AS month,
			COUNT(u.id) AS allTime
		FROM circle c LEFT JOIN user_challenges u ON u.user = c.id AND u.isCompleted = TRUE
		GROUP BY c.id`,
}

// metricRow is one member's value of a metric for the month and all time.
type metricRow struct {
	ID      string  `db:"id"`
	Month   float64 `db:"month"`
	AllTime float64 `db:"allTime"`
}

// CircleRankings ranks viewerID and the members they follow on movies watched, hours,
// reviews and challenges completed, this month (UTC) and all time: four grouped queries
// whatever the circle's size, plus one for the members' names. Ties share a rank
// (1, 1, 3); members with nothing yet are ranked last, never left out.
func CircleRankings(app core.App, viewerID string, now time.Time) (Rankings, error) {
	var out Rankings
	from := monthStart(now)
	p := dbx.Params{"me": viewerID, "from": dbTime(from), "to": dbTime(from.AddDate(0, 1, 0))}
	var metrics [4][]metricRow
	for i, q := range rankingQueries {
		if err := app.DB().NewQuery(q).Bind(p).All(&metrics[i]); err != nil {
			return out, err
		}
	}
	ids := make([]string, 0, len(metrics[0]))
	for _, r := range metrics[0] {
		ids = append(ids, r.ID)
	}
	records, err := app.FindRecordsByIds(auth.UsersCollection, ids)
	if err != nil {
		return out, err
	}
	users := make(map[string]auth.User, len(records))
	for _, r := range records {
		users[r.Id] = auth.PublicUser(r)
	}
	board := func(rows []metricRow, allTime bool, hours bool) ([]RankEntry, int) {
		entries := make([]RankEntry, 0, len(rows))
		for _, r := range rows {
			u, ok := users[r.ID]
			if !ok {
				continue
			}
			v := r.Month
			if allTime {
				v = r.AllTime
			}
			if hours {
				v = math.Round(v*10) / 10
			}
			entries = append(entries, RankEntry{User: u, Value: v})
		}
		return rank(entries, viewerID)
	}
	type slot struct {
		list *[]RankEntry
		mine *int
	}
	for period, b := range []struct {
		boards *Boards
		mine   *MyRanks
	}{{&out.Month, &out.MyRank.Month}, {&out.AllTime, &out.MyRank.AllTime}} {
		slots := [4]slot{
			{&b.boards.MoviesWatched, &b.mine.MoviesWatched}, {&b.boards.Hours, &b.mine.Hours},
			{&b.boards.Reviews, &b.mine.Reviews}, {&b.boards.ChallengesCompleted, &b.mine.ChallengesCompleted},
		}
		for i, s := range slots {
			*s.list, *s.mine = board(metrics[i], period == 1, i == 1)
		}
	}
	return out, nil
}

// rank orders entries by value (highest first, then display name), gives tied values the
// same rank (1, 1, 3), and returns the viewer's rank.
func rank(entries []RankEntry, viewerID string) ([]RankEntry, int) {
	name := func(u auth.User) string {
		if u.DisplayPreference == "nickname" && u.Nickname != nil && *u.Nickname != "" {
			return *u.Nickname
		}
		return u.FirstName + " " + u.LastName
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].Value != entries[j].Value {
			return entries[i].Value > entries[j].Value
		}
		if a, b := name(entries[i].User), name(entries[j].User); a != b {
			return a < b
		}
		return entries[i].User.ID < entries[j].User.ID
	})
	mine := 0
	for i := range entries {
		if i > 0 && entries[i].Value == entries[i-1].Value {
			entries[i].Rank = entries[i-1].Rank
		} else {
			entries[i].Rank = i + 1
		}
		if entries[i].User.ID == viewerID {
			mine = entries[i].Rank
		}
	}
	return entries, mine
}

// rankingsHandler answers GET /api/user/rankings.
func rankingsHandler(e *core.RequestEvent) error {
	out, err := CircleRankings(e.App, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
