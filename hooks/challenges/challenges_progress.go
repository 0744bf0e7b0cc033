package challenges

import (
	"fmt"
	"strings"
	"time"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// sourceCollections are the records whose changes recount progress and badges: dated
// watches, episode reviews, watch entries (a show being watched counts as a show tried; a
// companion makes a collaboration) and TV progress rows. Episode watches are counted from
// their own rows, but hooks/tv writes them in bulk and saves the member's tv_progress row
// once per change, so a 60-episode catch-up recounts once, not 60 times.
var sourceCollections = []string{"diary", "episode_reviews", "watch_entries", "tv_progress"}

// bindProgressHooks recounts a member's progress and checks their badges after any change
// to what they watched commits. Failures are logged, never returned: the member's change
// is already saved, and the next change (or a rejoin) recounts from scratch anyway.
func bindProgressHooks(app core.App) {
	handler := func(e *core.RecordEvent) error {
		userID := e.Record.GetString("user")
		if userID != "" {
			if err := Refresh(e.App, userID, time.Now()); err != nil {
				e.App.Logger().Warn("challenges: progress of "+userID, "error", err.Error())
			}
		}
		return e.Next()
	}
	for _, c := range sourceCollections {
		app.OnRecordAfterCreateSuccess(c).BindFunc(handler)
		app.OnRecordAfterUpdateSuccess(c).BindFunc(handler)
		app.OnRecordAfterDeleteSuccess(c).BindFunc(handler)
	}
}

// Refresh recounts userID's progress in the challenges they joined that are running at
// now, and awards any badge they newly earned.
func Refresh(app core.App, userID string, now time.Time) error {
	joined, err := app.FindRecordsByFilter("user_challenges",
		"user = {:u} && challenge.startsAt <= {:now} && challenge.endsAt > {:now}", "", 0, 0,
		dbx.Params{"u": userID, "now": dbTime(now)})
	if err != nil {
		return err
	}
	if len(joined) > 0 {
		ids := make([]string, len(joined))
		for i, uc := range joined {
			ids[i] = uc.GetString("challenge")
		}
		list, err := app.FindRecordsByIds("challenges", ids)
		if err != nil {
			return err
		}
		byID := make(map[string]*core.Record, len(list))
		for _, c := range list {
			byID[c.Id] = c
		}
		for _, uc := range joined {
			if c := byID[uc.GetString("challenge")]; c != nil {
				if err := updateProgress(app, uc, c, now); err != nil {
					return err
				}
			}
		}
	}
	_, err = CheckAchievements(app, userID, now)
	return err
}

// Progress counts what userID did toward challenge c inside its window [startsAt, endsAt):
// movie_count counts distinct movies with a diary watch; tv_show_count distinct shows with
// a diary watch, an episode watch, an episode review, or a watch entry set to currently
// watching; episode_count distinct episodes watched or reviewed (an episode review needs
// no watch, and a watch needs no review); genre_diversity distinct genres over the titles
// watched or episode-reviewed. A genre, when set, keeps only titles of that genre (TV's merged names
// such as 'Action & Adventure' match 'Action'); genre_diversity ignores it.
func Progress(app core.App, userID string, c *core.Record) (int, error) {
	from, to := dbTime(c.GetDateTime("startsAt").Time()), dbTime(c.GetDateTime("endsAt").Time())
	p := dbx.Params{"u": userID, "from": from, "to": to, "genre": strings.TrimSpace(c.GetString("genre"))}
	var sql string
	switch c.GetString("type") {
	case TypeMovies:
		sql = `SELECT COUNT(DISTINCT d.movie) FROM diary d JOIN movies t ON t.id = d.movie
			WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to} AND ` + genreMatch
	case TypeShows:
		sql = `SELECT COUNT(DISTINCT x.sid) FROM (
				SELECT d.tvShow AS sid FROM diary d
				WHERE d.user = {:u} AND d.tvShow != '' AND d.watchedAt >= {:from} AND d.watchedAt < {:to}
				UNION ALL
				SELECT e.tvShow FROM episode_reviews e
				WHERE e.user = {:u} AND e.created >= {:from} AND e.created < {:to}
				UNION ALL
				SELECT x.tvShow FROM episode_watches x
				WHERE x.user = {:u} AND x.watchedAt >= {:from} AND x.watchedAt < {:to}
				UNION ALL
				SELECT w.tvShow FROM watch_entries w
				WHERE w.user = {:u} AND w.tvShow != '' AND w.status = 'currently_watching'
					AND w.updated >= {:from} AND w.updated < {:to}
			) x JOIN tv_shows t ON t.id = x.sid WHERE ` + genreMatch
	case TypeEpisodes:
		sql = `SELECT COUNT(*) FROM (
				SELECT e.tvShow, e.seasonNumber, e.episodeNumber
				FROM episode_reviews e JOIN tv_shows t ON t.id = e.tvShow
				WHERE e.user = {:u} AND e.created >= {:from} AND e.created < {:to} AND ` + genreMatch + `
				UNION
				SELECT x.tvShow, x.season, x.episode
				FROM episode_watches x JOIN tv_shows t ON t.id = x.tvShow
				WHERE x.user = {:u} AND x.watchedAt >= {:from} AND x.watchedAt < {:to} AND ` + genreMatch + `)`
	case TypeGenres:
		genres, err := watchedGenres(app, userID, from, to)
		if err != nil {
			return 0, err
		}
		seen := map[string]bool{}
		for _, g := range genres {
			seen[strings.ToLower(g)] = true
		}
		return len(seen), nil
	default:
		return 0, fmt.Errorf("challenge %s has unknown type %q", c.Id, c.GetString("type"))
	}
	var n int
	err := app.DB().NewQuery(sql).Bind(p).Row(&n)
	return n, err
}

// genreMatch keeps titles (aliased t) of the genre {:genre}, or all when it is empty.
const genreMatch = `({:genre} = '' OR EXISTS (
	SELECT 1 FROM json_each(CASE WHEN json_valid(t.genres) THEN t.genres ELSE '[]' END) g
	WHERE g.value = {:genre} COLLATE NOCASE OR g.value LIKE {:genre} || ' & %' OR g.value LIKE '% & ' || {:genre}))`

// watchedGenres lists the distinct genre names (as the catalog spells them) of the titles
// userID watched, watched episodes of or episode-reviewed in [from, to).
func watchedGenres(app core.App, userID, from, to string) ([]string, error) {
	var out []string
	err := app.DB().NewQuery(`
		SELECT DISTINCT g.value FROM (
			SELECT t.genres AS genres FROM diary d JOIN movies t ON t.id = d.movie
			WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to}
			UNION ALL
			SELECT t.genres FROM diary d JOIN tv_shows t ON t.id = d.tvShow
			WHERE d.user = {:u} AND d.watchedAt >= {:from} AND d.watchedAt < {:to}
			UNION ALL
			SELECT t.genres FROM episode_reviews e JOIN tv_shows t ON t.id = e.tvShow
			WHERE e.user = {:u} AND e.created >= {:from} AND e.created < {:to}
			UNION ALL
			SELECT t.genres FROM (SELECT DISTINCT tvShow FROM episode_watches
				WHERE user = {:u} AND watchedAt >= {:from} AND watchedAt < {:to}) x JOIN tv_shows t ON t.id = x.tvShow
		) w, json_each(CASE WHEN json_valid(w.genres) THEN w.genres ELSE '[]' END) g
		WHERE g.type = 'text'`).
		Bind(dbx.Params{"u": userID, "from": from, "to": to}).Column(&out)
	return out, err
}

// updateProgress recounts one joined challenge. isCompleted follows the count (removing
// a watch can take a member back under the target), but the completion is announced
// only the first time: one challenge_completed post and one notification per member and
// challenge, ever. The count and its save are one write transaction, so two concurrent
// recounts of the same member cannot interleave and leave the older count behind; the
// announcement follows the commit.
func updateProgress(app core.App, uc, c *core.Record, now time.Time) error {
	announce := false
	err := app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("user_challenges", uc.Id)
		if err != nil {
			return err
		}
		n, err := Progress(tx, fresh.GetString("user"), c)
		if err != nil {
			return err
		}
		done := n >= c.GetInt("targetCount")
		was := fresh.GetBool("isCompleted")
		if n == fresh.GetInt("progress") && done == was {
			return nil
		}
		fresh.Set("progress", n)
		fresh.Set("isCompleted", done)
		switch {
		case done && !was:
			fresh.Set("completedAt", now.UTC())
		case !done:
			fresh.Set("completedAt", "")
		}
		if err := tx.Save(fresh); err != nil {
			return err
		}
		announce = done && !was
		uc.Load(fresh.FieldsData())
		return nil
	})
	if err != nil || !announce {
		return err
	}
	return announceCompletion(app, uc.GetString("user"), c)
}

// RecountRunning recounts every member's progress in the challenges running at now. The
// server runs it on start: progress is recounted after a change commits, so a process
// killed between the two (power cut, OOM killer) would otherwise leave a count behind
// its rows until the member's next change.
func RecountRunning(app core.App, now time.Time) (int, error) {
	var users []string
	err := app.DB().NewQuery(`
		SELECT DISTINCT uc.user FROM user_challenges uc JOIN challenges c ON c.id = uc.challenge
		WHERE c.startsAt <= {:now} AND c.endsAt > {:now}`).
		Bind(dbx.Params{"now": dbTime(now)}).Column(&users)
	if err != nil {
		return 0, err
	}
	for _, u := range users {
		if err := Refresh(app, u, now); err != nil {
			return 0, err
		}
	}
	return len(users), nil
}

// announceCompletion posts the challenge_completed activity and tells the member, unless
// this member's completion of c was announced before.
func announceCompletion(app core.App, userID string, c *core.Record) error {
	activity, created, err := postOnce(app, userID, "challenge_completed", c)
	if err != nil || !created {
		return err
	}
	notifyMember(app, userID, "activity", activity.Id, "You completed the challenge “"+c.GetString("name")+"”")
	return nil
}

// postOnce posts a challenge activity of typ for userID and c, unless one exists already.
func postOnce(app core.App, userID, typ string, c *core.Record) (*core.Record, bool, error) {
	return posts.CreateOnce(app, posts.Post{User: userID, Type: typ, Data: map[string]any{
		"challengeId": c.Id, "challengeName": c.GetString("name"),
		"challengeDescription": c.GetString("description"), "challengeType": c.GetString("type"),
		"targetCount": c.GetInt("targetCount"),
	}}, posts.Match{"user": userID, "type": typ, "data.challengeId": c.Id})
}

// notifyMember sends the member a 'challenge' notification about their own milestone
// (no actor: notify words it as the text alone).
func notifyMember(app core.App, userID, entityType, entityID, text string) {
	if _, err := notify.Send(app, notify.Notice{
		UserID: userID, Type: "challenge", EntityType: entityType, EntityID: entityID, Action: text,
	}); err != nil {
		app.Logger().Warn("challenges: notifying "+userID, "error", err.Error())
	}
}
