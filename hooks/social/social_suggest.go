package social

import (
	"net/http"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Suggestion is a member you may know: the User shape plus how many of the people you
// follow already follow them.
type Suggestion struct {
	auth.User
	MutualCount int `json:"mutualCount"`
}

// suggestedFriends answers the sidebar's 'People You May Know': three members.
func suggestedFriends(e *core.RequestEvent) error {
	list, err := Suggestions(e.App, e.Auth.Id, 3)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

// userSuggestions answers the Discover tab: the same ranking, a longer list (limit ≤ 50).
func userSuggestions(e *core.RequestEvent) error {
	page, err := security.ReadPage(e, security.PageRules{DefaultLimit: 20, MaxLimit: 50})
	if err != nil {
		return err
	}
	list, err := Suggestions(e.App, e.Auth.Id, page.Limit)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, list)
}

// Suggestions ranks members for me to follow: friends of friends first (by how many of the
// people I follow follow them, then by whom they were followed by most recently), then the
// most-followed other members (social_popular.go). It never includes me or anyone I
// already follow. "Most recently" is the follow's rowid, which grows with each follow
// made: idx_follows_pair holds it, so the ~3,700 follows counted for a member at 100k
// members are read from the index alone (their created time took a row read each: 10 ms
// of a sidebar shown on every home page).
func Suggestions(app core.App, me string, limit int) ([]Suggestion, error) {
	type row struct {
		ID     string `db:"id"`
		Mutual int    `db:"mutual"`
	}
	var rows []row
	err := app.DB().NewQuery(`
		SELECT f2.following AS id, COUNT(*) AS mutual
		FROM follows f1
		JOIN follows f2 ON f2.follower = f1.following
		WHERE f1.follower = {:me}
		  AND f2.following != {:me}
		  AND f2.following NOT IN (SELECT following FROM follows WHERE follower = {:me})
		  AND f2.following NOT IN (` + moderation.ExcludedSQL + `)
		GROUP BY f2.following
		ORDER BY mutual DESC, MAX(f2.rowid) DESC
		LIMIT {:limit}`).Bind(dbx.Params{"me": me, "viewer": me, "limit": limit}).All(&rows)
	if err != nil {
		return nil, err
	}
	if len(rows) < limit {
		seen := make([]string, len(rows))
		for i, r := range rows {
			seen[i] = r.ID
		}
		popular, err := popularFor(app, me, seen, limit-len(rows))
		if err != nil {
			return nil, err
		}
		for _, id := range popular {
			rows = append(rows, row{ID: id})
		}
	}
	ids := make([]string, len(rows))
	mutual := make(map[string]int, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		mutual[r.ID] = r.Mutual
	}
	users, err := findUsersInOrder(app, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Suggestion, len(users))
	for i, u := range users {
		out[i] = Suggestion{User: auth.PublicUser(u), MutualCount: mutual[u.Id]}
	}
	return out, nil
}
