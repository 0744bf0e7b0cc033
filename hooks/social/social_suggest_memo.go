package social

import (
	"sync"
	"time"

	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A member's friends of friends, ranked, are kept between requests: the sidebar that
// shows three of them is on every home page, and counting them reads the follows of
// everyone the member follows (35,000 rows for a member following 475 at 100k members:
// 13-75 ms a page). The list is made again after fofTTL, or at once when the member's
// own follows change; what changes since (a suspension, a block, a follow) is filtered
// out on each request (suggestable).
const (
	fofKeep    = 20               // the ranking's first members kept (the sidebar shows 3, Discover 20)
	fofTTL     = 10 * time.Minute // how old a kept list may be
	fofViewers = 10000            // members whose lists are kept at most (about 1 KB each); past it the memo starts afresh
)

// fofStoreKey is the app-store key of the app's memo.
const fofStoreKey = "cinecircle.social.friendsOfFriends"

// fofMemo keeps members' friends of friends.
type fofMemo struct {
	mu       sync.Mutex
	byViewer map[string]fofList
}

// fofList is one member's friends of friends as ranked at made.
type fofList struct {
	rows []suggestRow
	made time.Time
}

// suggestRow is a member to suggest, with how many of the viewer's follows follow them.
type suggestRow struct {
	ID     string `db:"id"`
	Mutual int    `db:"mutual"`
}

// fofOf returns app's memo (kept in its store, so test apps do not share it).
func fofOf(app core.App) *fofMemo {
	return app.Store().GetOrSet(fofStoreKey, func() any { return &fofMemo{byViewer: map[string]fofList{}} }).(*fofMemo)
}

// registerSuggestMemo forgets a member's list when their own follows change.
func registerSuggestMemo(app core.App) {
	forget := func(e *core.RecordEvent) error {
		m := fofOf(e.App)
		m.mu.Lock()
		delete(m.byViewer, e.Record.GetString("follower"))
		m.mu.Unlock()
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess("follows").BindFunc(forget)
	app.OnRecordAfterDeleteSuccess("follows").BindFunc(forget)
}

// friendsOfFriends ranks the members that those I follow follow, by how many of them do,
// then by whom they were followed by most recently: up to limit, from the kept list when
// it is fresh and long enough.
func friendsOfFriends(app core.App, me string, limit int) ([]suggestRow, error) {
	m := fofOf(app)
	m.mu.Lock()
	kept, ok := m.byViewer[me]
	m.mu.Unlock()
	if ok && time.Since(kept.made) < fofTTL && (limit <= fofKeep || len(kept.rows) < fofKeep) {
		return kept.rows, nil
	}
	made := time.Now()
	var rows []suggestRow
	// "Most recently" is the follow's rowid, which grows with each follow made:
	// idx_follows_pair holds it, so the follows counted are read from the index alone.
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
		LIMIT {:limit}`).Bind(dbx.Params{"me": me, "viewer": me, "limit": max(limit, fofKeep)}).All(&rows)
	if err != nil || limit > fofKeep {
		return rows, err
	}
	m.mu.Lock()
	if len(m.byViewer) >= fofViewers {
		m.byViewer = map[string]fofList{}
	}
	m.byViewer[me] = fofList{rows: rows, made: made}
	m.mu.Unlock()
	return rows, nil
}
