package federation

import (
	"time"

	"cinecircle/hooks/public"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// federatedMembersSQL selects the members the fediverse may see (Federated, in SQL).
const federatedMembersSQL = `SELECT id FROM users
	WHERE federated = TRUE AND public = TRUE AND handle != '' AND suspended = FALSE`

// federatedUsage counts, for NodeInfo, federated members only (members who stay local
// are invisible, even as a number): how many, how many posted in the last month and half
// year, and how many reviews they show the fediverse.
func federatedUsage(app core.App, now time.Time) (NodeUsage, error) {
	const layout = "2006-01-02 15:04:05.000Z"
	params := dbx.Params{
		"month": now.UTC().AddDate(0, 0, -30).Format(layout),
		"half":  now.UTC().AddDate(0, 0, -180).Format(layout),
	}
	var u NodeUsage
	err := app.DB().NewQuery(`SELECT COUNT(*),
		COALESCE(SUM(EXISTS(SELECT 1 FROM activities a WHERE a.user = m.id AND a.created >= {:month})), 0),
		COALESCE(SUM(EXISTS(SELECT 1 FROM activities a WHERE a.user = m.id AND a.created >= {:half})), 0)
		FROM (`+federatedMembersSQL+`) m`).Bind(params).Row(&u.Users.Total, &u.Users.ActiveMonth, &u.Users.ActiveHalfyear)
	if err != nil {
		return u, err
	}
	types := []any{}
	for _, t := range public.ReviewTypes() {
		types = append(types, t)
	}
	err = app.DB().Select("COUNT(*)").From("activities").
		Where(dbx.NewExp("user IN (" + federatedMembersSQL + ")")).
		AndWhere(dbx.HashExp{"hidden": false}).AndWhere(dbx.In("type", types...)).Row(&u.LocalPosts)
	return u, err
}
