package lists

import (
	"slices"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// listsWhere returns up to limit lists matching cond (on lists aliased l) that viewerID
// may read, most recently changed first, skipping offset.
func listsWhere(app core.App, viewerID, cond string, params dbx.Params, limit, offset int) ([]*core.Record, error) {
	var ids []string
	params["viewer"] = viewerID
	params["limit"], params["offset"] = limit, offset
	err := app.DB().NewQuery(`SELECT l.id FROM lists l WHERE ` + cond + ` AND ` + visibleListsSQL + `
		ORDER BY l.updated DESC, l.id DESC LIMIT {:limit} OFFSET {:offset}`).Bind(params).Column(&ids)
	if err != nil || len(ids) == 0 {
		return []*core.Record{}, err
	}
	records, err := app.FindRecordsByIds(Collection, ids)
	if err != nil {
		return nil, err
	}
	byID := map[string]*core.Record{}
	for _, r := range records {
		byID[r.Id] = r
	}
	out := make([]*core.Record, 0, len(ids))
	for _, id := range ids {
		if r := byID[id]; r != nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// MemberLists returns a page of memberID's own lists that viewerID may read: the Lists
// tab of a profile.
func MemberLists(app core.App, viewerID, memberID string, limit, offset int) ([]*core.Record, error) {
	return listsWhere(app, viewerID, "l.owner = {:member}", dbx.Params{"member": memberID}, limit, offset)
}

// MemberSummaries is MemberLists as cards with their first posters: a profile's Lists
// tab, and a public member's lists on their public page (viewerID "" for a visitor).
func MemberSummaries(app core.App, viewerID, memberID string, limit, offset int) ([]Summary, error) {
	records, err := MemberLists(app, viewerID, memberID, limit, offset)
	if err != nil {
		return nil, err
	}
	return summaries(app, records)
}

// SharedLists returns the lists viewerID edits (owned by someone else).
func SharedLists(app core.App, viewerID string, limit int) ([]*core.Record, error) {
	return listsWhere(app, viewerID, "l.id IN (SELECT list FROM list_editors WHERE user = {:viewer})", dbx.Params{}, limit, 0)
}

// FriendsLists returns the recently changed lists of members viewerID follows.
func FriendsLists(app core.App, viewerID string, limit int) ([]*core.Record, error) {
	return listsWhere(app, viewerID, "l.owner IN (SELECT following FROM follows WHERE follower = {:viewer}) AND l.itemCount > 0",
		dbx.Params{}, limit, 0)
}

// titleListsSQL selects the lists of members viewerID follows that hold the title whose
// record id is {:title} in the relation column rel, and that viewerID may read. For each
// member followed (idx_follows_pair), one search of idx_list_items_<kind> (title, owner,
// list: partial, so the repeated not-empty condition lets SQLite use it) finds their
// lists holding it, then each list is read by its id for the visibility rules. The CROSS
// JOINs keep that order. Items carry their list's owner for this (migration 1795610000):
// starting from the title read every list holding it to learn its owner (a few hundred
// at 10k members, ~7 ms a title page), and starting from the follows without it read
// every list of every member followed (8,668 for a bench viewer: ~97 ms).
func titleListsSQL(rel string) string {
	return `SELECT l.id FROM follows f CROSS JOIN list_items i ON i.owner = f.following AND i.` + rel + ` = {:title}
		CROSS JOIN lists l ON l.id = i.list
		WHERE f.follower = {:viewer} AND i.` + rel + ` != '' AND ` + visibleListsSQL + `
		ORDER BY l.updated DESC, l.id DESC`
}

// titleCountSQL counts what titleListsSQL selects, for the title with TMDB id {:tmdb} of
// the catalog collection: the title page's 'In N lists by friends' in one statement, in
// two parts. A list of a member the viewer follows is theirs to read when it is open
// (public or followers-only, not hidden) and its owner is not excluded: for each member
// followed, one range of idx_list_items_<kind>_open (title, owner) counts those, reading
// no list (items carry listOpen, lists_open.go). A private list is theirs when they edit
// it: the few lists the viewer edits are counted apart, with the same rules as
// visibleListsSQL's editor branch.
func titleCountSQL(kind catalog.Kind) string {
	rel := kind.RelationField()
	title := `(SELECT id FROM ` + kind.Collection() + ` WHERE tmdbId = +{:tmdb})`
	return `SELECT (SELECT COUNT(*) FROM follows f CROSS JOIN list_items i ON i.owner = f.following AND i.` + rel + ` = ` + title + `
			WHERE f.follower = +{:viewer} AND i.` + rel + ` != '' AND i.listOpen = TRUE
			AND f.following NOT IN (` + moderation.ExcludedSQL + `))
		+ (SELECT COUNT(*) FROM list_editors ev CROSS JOIN lists l ON l.id = ev.list
			CROSS JOIN list_items i ON i.list = l.id AND i.` + rel + ` = ` + title + `
			WHERE ev.user = +{:viewer} AND l.visibility = 'private' AND l.hidden = FALSE AND i.` + rel + ` != ''
			AND EXISTS (SELECT 1 FROM follows fv WHERE fv.follower = +{:viewer} AND fv.following = l.owner)
			AND l.owner NOT IN (` + moderation.ExcludedSQL + `))`
}

// FriendsListsCount returns how many lists of members viewerID follows hold the title
// with TMDB id tmdbID and may be read by viewerID: 'In N lists by friends' on a title
// page, which fetches the lists themselves (FriendsListsWithTitle) only when opened.
func FriendsListsCount(app core.App, viewerID string, kind catalog.Kind, tmdbID int) (int, error) {
	var n int
	err := app.DB().NewQuery(titleCountSQL(kind)).Bind(dbx.Params{"viewer": viewerID, "tmdb": tmdbID}).Row(&n)
	return n, err
}

// FriendsListsWithTitle returns how many lists of members viewerID follows hold the
// title (record id titleID) and up to limit of them, most recently changed first.
func FriendsListsWithTitle(app core.App, viewerID string, kind catalog.Kind, titleID string, limit int) (int, []*core.Record, error) {
	var ids []string
	if err := app.DB().NewQuery(titleListsSQL(kind.RelationField())).
		Bind(dbx.Params{"viewer": viewerID, "title": titleID}).Column(&ids); err != nil {
		return 0, nil, err
	}
	if len(ids) == 0 {
		return 0, []*core.Record{}, nil
	}
	records, err := app.FindRecordsByIds(Collection, ids[:min(limit, len(ids))])
	if err != nil {
		return 0, nil, err
	}
	slices.SortFunc(records, func(a, b *core.Record) int { return slices.Index(ids, a.Id) - slices.Index(ids, b.Id) })
	return len(ids), records, nil
}

// containing returns which of lists hold the title (record id titleID).
func containing(app core.App, lists []*core.Record, kind catalog.Kind, titleID string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(lists) == 0 || titleID == "" {
		return out, nil
	}
	ids := make([]any, len(lists))
	for i, l := range lists {
		ids[i] = l.Id
	}
	var found []string
	err := app.DB().Select("list").From(ItemsCollection).Where(dbx.HashExp{kind.RelationField(): titleID}).
		AndWhere(dbx.NewExp(kind.RelationField() + " != ''")).AndWhere(dbx.In("list", ids...)).Column(&found)
	for _, id := range found {
		out[id] = true
	}
	return out, err
}
