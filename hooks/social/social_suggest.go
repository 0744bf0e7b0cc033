package social

import (
	"net/http"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/security"

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
// people I follow follow them, then by whom they were followed by most recently:
// social_suggest_memo.go), then the most-followed other members (social_popular.go).
// Both rankings are kept between requests and filtered on each (suggestable): it never
// includes me, anyone I follow, blocked or suspended.
func Suggestions(app core.App, me string, limit int) ([]Suggestion, error) {
	ranked, err := friendsOfFriends(app, me, limit)
	if err != nil {
		return nil, err
	}
	candidates := make([]string, len(ranked))
	mutualOf := make(map[string]int, len(ranked))
	for i, r := range ranked {
		candidates[i] = r.ID
		mutualOf[r.ID] = r.Mutual
	}
	ids, err := suggestable(app, me, candidates, nil, limit)
	if err != nil {
		return nil, err
	}
	if len(ids) < limit {
		popular, err := popularFor(app, me, ids, limit-len(ids))
		if err != nil {
			return nil, err
		}
		ids = append(ids, popular...)
	}
	users, err := findUsersInOrder(app, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Suggestion, len(users))
	for i, u := range users {
		out[i] = Suggestion{User: auth.PublicUser(u), MutualCount: mutualOf[u.Id]}
	}
	return out, nil
}
