package challenges

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Achievement is a badge a member earns once.
type Achievement struct {
	Code, Name, Description string
}

// Achievements are every badge, in the order the profile shows them.
var Achievements = []Achievement{
	{"first_review", "First Review", "Wrote your first review."},
	{"movies_10", "Movie Buff", "Watched 10 different movies."},
	{"movies_50", "Cinephile", "Watched 50 different movies."},
	{"movies_100", "Centurion", "Watched 100 different movies."},
	{"streak_7", "Week Streak", "Watched something 7 days in a row."},
	{"first_collaboration", "Better Together", "Watched something with a friend."},
	{"all_genres", "Genre Explorer", "Watched titles in all 10 core genres."},
	{"first_season", "Season Finale", "Watched every episode of a season."},
	{"episodes_100", "Binge Watcher", "Watched 100 different episodes."},
	{"show_finished", "Completionist", "Watched every episode of a show."},
}

// CoreGenres are the genres all_genres asks for: ten of TMDB's movie genres that every
// catalog carries plenty of (all 19 would make the badge hang on a lone Western or TV
// Movie). TV's merged names count for each part: 'Sci-Fi & Fantasy' is Science Fiction.
var CoreGenres = []string{"Action", "Adventure", "Animation", "Comedy", "Crime", "Documentary",
	"Drama", "Horror", "Romance", "Science Fiction"}

// AchievementJSON is one badge as the routes answer it: every badge is listed, earned or not.
type AchievementJSON struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Earned      bool   `json:"earned"`
	EarnedAt    string `json:"earnedAt"`
}

// CheckAchievements awards userID every badge they now qualify for and have not earned,
// each with a notification, and returns the codes awarded. Badges stay once earned,
// even if the watch that earned them is removed.
func CheckAchievements(app core.App, userID string, now time.Time) ([]string, error) {
	var have []string
	if err := app.DB().Select("code").From("achievements").Where(dbx.HashExp{"user": userID}).Column(&have); err != nil {
		return nil, err
	}
	earned := map[string]bool{}
	for _, c := range have {
		earned[c] = true
	}
	p := dbx.Params{"u": userID}
	exists := func(q string) (bool, error) {
		var n int
		err := app.DB().NewQuery(`SELECT EXISTS (` + q + `)`).Bind(p).Row(&n)
		return n > 0, err
	}
	var movies = -1
	countMovies := func() (int, error) {
		if movies < 0 {
			err := app.DB().NewQuery(`SELECT COUNT(DISTINCT movie) FROM diary WHERE user = {:u} AND movie != ''`).Bind(p).Row(&movies)
			if err != nil {
				return 0, err
			}
		}
		return movies, nil
	}
	atLeast := func(n int) func() (bool, error) {
		return func() (bool, error) {
			got, err := countMovies()
			return got >= n, err
		}
	}
	checks := map[string]func() (bool, error){
		"first_review": func() (bool, error) {
			return exists(`SELECT 1 FROM diary WHERE user = {:u} AND review != ''
				UNION ALL SELECT 1 FROM episode_reviews WHERE user = {:u} AND review != ''
				UNION ALL SELECT 1 FROM watch_entries WHERE user = {:u} AND review != ''`)
		},
		"movies_10":  atLeast(10),
		"movies_50":  atLeast(50),
		"movies_100": atLeast(100),
		"streak_7": func() (bool, error) {
			n, err := longestStreak(app, userID)
			return n >= 7, err
		},
		"first_collaboration": func() (bool, error) {
			return exists(`SELECT 1 FROM watch_entries WHERE user = {:u} AND status = 'watched'
				AND watchedWith NOT IN ('', '[]', 'null')`)
		},
		"first_season": func() (bool, error) {
			return exists(`SELECT 1 FROM (SELECT tvShow, season, COUNT(DISTINCT episode) AS n FROM episode_watches
				WHERE user = {:u} AND season > 0 GROUP BY tvShow, season) w
				JOIN tv_shows t ON t.id = w.tvShow, json_each(CASE WHEN json_valid(t.seasons) THEN t.seasons ELSE '[]' END) s
				WHERE s.value ->> 'seasonNumber' = w.season AND s.value ->> 'episodeCount' > 0 AND w.n >= s.value ->> 'episodeCount'`)
		},
		"episodes_100": func() (bool, error) {
			var n int
			err := app.DB().NewQuery(`SELECT COUNT(*) FROM (SELECT DISTINCT tvShow, season, episode FROM episode_watches
				WHERE user = {:u} LIMIT 100)`).Bind(p).Row(&n)
			return n >= 100, err
		},
		"show_finished": func() (bool, error) {
			return exists(`SELECT 1 FROM tv_progress WHERE user = {:u} AND total > 0 AND watched >= total`)
		},
		"all_genres": func() (bool, error) {
			genres, err := watchedGenres(app, userID, "", "9999")
			return coversCoreGenres(genres), err
		},
	}
	var awarded []string
	for _, a := range Achievements {
		if earned[a.Code] {
			continue
		}
		ok, err := checks[a.Code]()
		if err != nil {
			return awarded, err
		}
		if !ok {
			continue
		}
		if err := award(app, userID, a, now); err != nil {
			return awarded, err
		}
		awarded = append(awarded, a.Code)
	}
	return awarded, nil
}

// award saves the badge and tells the member.
func award(app core.App, userID string, a Achievement, now time.Time) error {
	col, err := app.FindCachedCollectionByNameOrId("achievements")
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Load(map[string]any{"user": userID, "code": a.Code, "name": a.Name, "description": a.Description, "earnedAt": now.UTC()})
	if err := app.Save(r); err != nil {
		// A concurrent check awarded it first (the unique index refused the second).
		if _, ferr := app.FindFirstRecordByFilter("achievements", "user = {:u} && code = {:c}",
			dbx.Params{"u": userID, "c": a.Code}); ferr == nil {
			return nil
		}
		return err
	}
	notifyMember(app, userID, "user", userID, "You earned the badge “"+a.Name+"”")
	return nil
}

// longestStreak is the longest run of consecutive UTC days on which userID watched
// something (a diary watch, an episode watch or an episode review).
func longestStreak(app core.App, userID string) (int, error) {
	var days []string
	err := app.DB().NewQuery(`
		SELECT DISTINCT day FROM (
			SELECT substr(watchedAt, 1, 10) AS day FROM diary WHERE user = {:u}
			UNION ALL SELECT substr(created, 1, 10) FROM episode_reviews WHERE user = {:u}
			UNION ALL SELECT DISTINCT substr(watchedAt, 1, 10) FROM episode_watches WHERE user = {:u}
		) ORDER BY day`).Bind(dbx.Params{"u": userID}).Column(&days)
	if err != nil {
		return 0, err
	}
	best, run := 0, 0
	var prev time.Time
	for _, d := range days {
		t, err := time.Parse("2006-01-02", d)
		if err != nil {
			continue
		}
		if !prev.IsZero() && t.Sub(prev) == 24*time.Hour {
			run++
		} else {
			run = 1
		}
		prev = t
		best = max(best, run)
	}
	return best, nil
}

// coversCoreGenres reports whether the genre names cover every core genre, reading TV's
// merged names ('Action & Adventure', 'Sci-Fi & Fantasy') part by part.
func coversCoreGenres(genres []string) bool {
	seen := map[string]bool{}
	for _, g := range genres {
		for _, part := range strings.Split(g, "&") {
			part = strings.ToLower(strings.TrimSpace(part))
			if part == "sci-fi" {
				part = "science fiction"
			}
			seen[part] = true
		}
	}
	for _, g := range CoreGenres {
		if !seen[strings.ToLower(g)] {
			return false
		}
	}
	return true
}

// MemberAchievements lists every badge with whether userID earned it and when.
func MemberAchievements(app core.App, userID string) ([]AchievementJSON, error) {
	records, err := app.FindRecordsByFilter("achievements", "user = {:u}", "", 0, 0, dbx.Params{"u": userID})
	if err != nil {
		return nil, err
	}
	byCode := make(map[string]*core.Record, len(records))
	for _, r := range records {
		byCode[r.GetString("code")] = r
	}
	out := make([]AchievementJSON, 0, len(Achievements))
	for _, a := range Achievements {
		item := AchievementJSON{Code: a.Code, Name: a.Name, Description: a.Description}
		if r := byCode[a.Code]; r != nil {
			item.Earned, item.EarnedAt = true, isoTime(r.GetDateTime("earnedAt"))
		}
		out = append(out, item)
	}
	return out, nil
}

// myAchievementsHandler answers GET /api/user/achievements.
func myAchievementsHandler(e *core.RequestEvent) error {
	out, err := MemberAchievements(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// memberAchievementsHandler answers GET /api/users/{id}/achievements ('me' is the
// signed-in member): badges are public to members, like a profile.
func memberAchievementsHandler(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	u, err := e.App.FindRecordById(auth.UsersCollection, id)
	if errors.Is(err, sql.ErrNoRows) {
		return e.NotFoundError("That member does not exist.", nil)
	} else if err != nil {
		return err
	}
	out, err := MemberAchievements(e.App, u.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
