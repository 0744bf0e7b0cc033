package challenges

import (
	"database/sql"
	"errors"
	"net/http"
	"sort"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Errors of the join calls.
var (
	ErrChallengeNotFound = errors.New("challenge not found")
	ErrChallengeEnded    = errors.New("challenge has ended")
)

// ChallengeJSON is a challenge as the routes answer it. isActive tells whether now is
// inside its window.
type ChallengeJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Type        string `json:"type"`
	TargetCount int    `json:"targetCount"`
	Genre       string `json:"genre"`
	StartsAt    string `json:"startsAt"`
	EndsAt      string `json:"endsAt"`
	IsActive    bool   `json:"isActive"`
}

// AvailableJSON is a challenge the member may join, with how many members joined it.
type AvailableJSON struct {
	ChallengeJSON
	ParticipantCount int `json:"participantCount"`
}

// UserChallengeJSON is SPEC §3's User challenge: a joined challenge with the member's
// progress; progressPercent is capped at 100.
type UserChallengeJSON struct {
	ID              string        `json:"id"`
	Challenge       ChallengeJSON `json:"challenge"`
	Progress        int           `json:"progress"`
	ProgressPercent int           `json:"progressPercent"`
	IsCompleted     bool          `json:"isCompleted"`
	CompletedAt     string        `json:"completedAt"`
	JoinedAt        string        `json:"joinedAt"`
}

func challengeJSON(c *core.Record, now time.Time) ChallengeJSON {
	return ChallengeJSON{
		ID: c.Id, Name: c.GetString("name"), Description: c.GetString("description"),
		Type: c.GetString("type"), TargetCount: c.GetInt("targetCount"), Genre: c.GetString("genre"),
		StartsAt: isoTime(c.GetDateTime("startsAt")), EndsAt: isoTime(c.GetDateTime("endsAt")),
		IsActive: isActive(c, now),
	}
}

func userChallengeJSON(uc, c *core.Record, now time.Time) UserChallengeJSON {
	return UserChallengeJSON{
		ID: uc.Id, Challenge: challengeJSON(c, now), Progress: uc.GetInt("progress"),
		ProgressPercent: Percent(uc.GetInt("progress"), c.GetInt("targetCount")),
		IsCompleted:     uc.GetBool("isCompleted"), CompletedAt: isoTime(uc.GetDateTime("completedAt")),
		JoinedAt: isoTime(uc.GetDateTime("joinedAt")),
	}
}

// Percent is progress as a whole percentage of target, capped at 100.
func Percent(progress, target int) int {
	if target <= 0 {
		return 100
	}
	return min(100, progress*100/target)
}

// isActive reports whether now is inside c's window [startsAt, endsAt).
func isActive(c *core.Record, now time.Time) bool {
	return !now.Before(c.GetDateTime("startsAt").Time()) && now.Before(c.GetDateTime("endsAt").Time())
}

// Join enrols userID in challenge id and counts their progress from what they already
// watched inside its window (a member who joins late keeps the month they had). Joining
// twice returns the same row; a challenge that has ended cannot be joined. The first join
// posts a challenge_joined activity.
func Join(app core.App, userID, id string, now time.Time) (*core.Record, *core.Record, error) {
	c, err := app.FindRecordById("challenges", id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrChallengeNotFound
	} else if err != nil {
		return nil, nil, err
	}
	uc, err := app.FindFirstRecordByFilter("user_challenges", "user = {:u} && challenge = {:c}",
		dbx.Params{"u": userID, "c": c.Id})
	if err == nil {
		return uc, c, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, nil, err
	}
	if !now.Before(c.GetDateTime("endsAt").Time()) {
		return nil, nil, ErrChallengeEnded
	}
	err = app.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCachedCollectionByNameOrId("user_challenges")
		if err != nil {
			return err
		}
		uc = core.NewRecord(col)
		uc.Set("user", userID)
		uc.Set("challenge", c.Id)
		uc.Set("joinedAt", now.UTC())
		if err := tx.Save(uc); err != nil {
			return err
		}
		_, _, err = postOnce(tx, userID, "challenge_joined", c)
		return err
	})
	if err != nil {
		// A concurrent join of the same member won the unique index: answer with its row.
		if again, ferr := app.FindFirstRecordByFilter("user_challenges", "user = {:u} && challenge = {:c}",
			dbx.Params{"u": userID, "c": c.Id}); ferr == nil {
			return again, c, nil
		}
		return nil, nil, err
	}
	return uc, c, updateProgress(app, uc, c, now)
}

// Leave takes userID out of challenge id (their progress row goes; their posts stay).
// Leaving a challenge one never joined is not an error.
func Leave(app core.App, userID, id string) error {
	c, err := app.FindRecordById("challenges", id)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrChallengeNotFound
	} else if err != nil {
		return err
	}
	uc, err := app.FindFirstRecordByFilter("user_challenges", "user = {:u} && challenge = {:c}",
		dbx.Params{"u": userID, "c": c.Id})
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	return app.Delete(uc)
}

// MyChallenges lists the challenges userID joined: running ones first (soonest to end),
// then the ones that ended, newest first.
func MyChallenges(app core.App, userID string, now time.Time) ([]UserChallengeJSON, error) {
	joined, err := app.FindRecordsByFilter("user_challenges", "user = {:u}", "", 0, 0, dbx.Params{"u": userID})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(joined))
	for i, uc := range joined {
		ids[i] = uc.GetString("challenge")
	}
	list, err := app.FindRecordsByIds("challenges", ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*core.Record, len(list))
	for _, c := range list {
		byID[c.Id] = c
	}
	out := make([]UserChallengeJSON, 0, len(joined))
	for _, uc := range joined {
		if c := byID[uc.GetString("challenge")]; c != nil {
			out = append(out, userChallengeJSON(uc, c, now))
		}
	}
	sortJoined(out)
	return out, nil
}

// sortJoined orders running challenges first by end (then name), ended ones after, the
// latest ended first.
func sortJoined(out []UserChallengeJSON) {
	less := func(a, b UserChallengeJSON) bool {
		if a.Challenge.IsActive != b.Challenge.IsActive {
			return a.Challenge.IsActive
		}
		if a.Challenge.EndsAt != b.Challenge.EndsAt {
			if a.Challenge.IsActive {
				return a.Challenge.EndsAt < b.Challenge.EndsAt
			}
			return a.Challenge.EndsAt > b.Challenge.EndsAt
		}
		return a.Challenge.Name < b.Challenge.Name
	}
	sort.SliceStable(out, func(i, j int) bool { return less(out[i], out[j]) })
}

// Available lists the running challenges userID has not joined, with their participant
// counts, in one query: soonest to end first, then by name.
func Available(app core.App, userID string, now time.Time) ([]AvailableJSON, error) {
	var rows []struct {
		ID    string `db:"id"`
		Count int    `db:"n"`
	}
	err := app.DB().NewQuery(`
		SELECT c.id AS id, (SELECT COUNT(*) FROM user_challenges p WHERE p.challenge = c.id) AS n
		FROM challenges c
		WHERE c.startsAt <= {:now} AND c.endsAt > {:now}
			AND NOT EXISTS (SELECT 1 FROM user_challenges m WHERE m.challenge = c.id AND m.user = {:u})
		ORDER BY c.endsAt, c.name, c.id`).
		Bind(dbx.Params{"u": userID, "now": dbTime(now)}).All(&rows)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	list, err := app.FindRecordsByIds("challenges", ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*core.Record, len(list))
	for _, c := range list {
		byID[c.Id] = c
	}
	out := make([]AvailableJSON, 0, len(rows))
	for _, r := range rows {
		if c := byID[r.ID]; c != nil {
			out = append(out, AvailableJSON{ChallengeJSON: challengeJSON(c, now), ParticipantCount: r.Count})
		}
	}
	return out, nil
}

// myChallengesHandler answers GET /api/user/challenges.
func myChallengesHandler(e *core.RequestEvent) error {
	out, err := MyChallenges(e.App, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// availableHandler answers GET /api/challenges/available.
func availableHandler(e *core.RequestEvent) error {
	out, err := Available(e.App, e.Auth.Id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// joinHandler answers POST /api/challenges/{id}/join with the member's challenge.
func joinHandler(e *core.RequestEvent) error {
	now := time.Now()
	uc, c, err := Join(e.App, e.Auth.Id, e.Request.PathValue("id"), now)
	switch {
	case errors.Is(err, ErrChallengeNotFound):
		return e.NotFoundError("That challenge does not exist.", nil)
	case errors.Is(err, ErrChallengeEnded):
		return e.BadRequestError("That challenge has ended.", nil)
	case err != nil:
		return err
	}
	return e.JSON(http.StatusOK, userChallengeJSON(uc, c, now))
}

// leaveHandler answers DELETE /api/challenges/{id}/join.
func leaveHandler(e *core.RequestEvent) error {
	err := Leave(e.App, e.Auth.Id, e.Request.PathValue("id"))
	if errors.Is(err, ErrChallengeNotFound) {
		return e.NotFoundError("That challenge does not exist.", nil)
	} else if err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
