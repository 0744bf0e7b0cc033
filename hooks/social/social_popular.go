package social

import (
	"encoding/json"
	"slices"
	"sync"
	"time"

	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The most-followed members, for the suggestions after friends of friends. Ranking every
// member by their followers counts the whole follows table: 21.6 s at 100k members (7.4M
// follows) on every sidebar of a member whose friends have too few friends to suggest,
// a new member's first. The ranking is kept in memory instead, made off the request path
// (0.7 s there) at most every popularTTL, and members who sign up meanwhile join it at
// once, as the newest members without followers (where the ranking puts them).
const (
	popularKeep = 500              // how many of the ranking's first members are kept
	popularTTL  = 10 * time.Minute // how old the ranking may be before it is made again
)

// popularSQL ranks members by followers, then newest first (suspended ones are left out
// here and again, as they may be suspended since, when the ranking is read).
const popularSQL = `SELECT u.id AS id, COALESCE(c.n, 0) AS followers FROM users u
	LEFT JOIN (SELECT following, COUNT(*) AS n FROM follows GROUP BY following) c ON c.following = u.id
	WHERE u.suspended = FALSE
	ORDER BY followers DESC, u.created DESC LIMIT {:keep}`

// popularStoreKey is the app-store key of the app's ranking.
const popularStoreKey = "cinecircle.social.popular"

// popular is an app's ranking of members by followers.
type popular struct {
	mu       sync.Mutex
	ranked   []rankedMember
	made     time.Time
	newcomer []string // members who signed up since the ranking was made, newest first
	making   bool
}

// rankedMember is one member of the ranking.
type rankedMember struct {
	ID        string `db:"id"`
	Followers int    `db:"followers"`
}

// popularOf returns app's ranking (kept in its store, so test apps do not share it).
func popularOf(app core.App) *popular {
	return app.Store().GetOrSet(popularStoreKey, func() any { return &popular{} }).(*popular)
}

// registerPopular adds each new member to the ranking.
func registerPopular(app core.App) {
	app.OnRecordAfterCreateSuccess("users").BindFunc(func(e *core.RecordEvent) error {
		p := popularOf(e.App)
		p.mu.Lock()
		p.newcomer = slices.Insert(p.newcomer, 0, e.Record.Id)
		p.newcomer = p.newcomer[:min(len(p.newcomer), popularKeep)]
		p.mu.Unlock()
		return e.Next()
	})
}

// order returns the ranking's ids: members with followers, then the newcomers, then the
// members without followers. It makes the ranking the first time (in the request), and
// again in the background once it is older than popularTTL.
func (p *popular) order(app core.App) ([]string, error) {
	p.mu.Lock()
	first := p.made.IsZero()
	stale := !first && !p.making && time.Since(p.made) > popularTTL
	if stale {
		p.making = true
	}
	p.mu.Unlock()
	if first {
		if err := p.make(app); err != nil {
			return nil, err
		}
	} else if stale {
		go func() {
			if err := p.make(app); err != nil {
				app.Logger().Warn("ranking the most followed members failed (tried again at the next suggestions)", "error", err.Error())
			}
		}()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, 0, len(p.ranked)+len(p.newcomer))
	i := 0
	for ; i < len(p.ranked) && p.ranked[i].Followers > 0; i++ {
		ids = append(ids, p.ranked[i].ID)
	}
	ids = append(ids, p.newcomer...)
	for ; i < len(p.ranked); i++ {
		ids = append(ids, p.ranked[i].ID)
	}
	return ids, nil
}

// make ranks the members anew.
func (p *popular) make(app core.App) error {
	started := time.Now()
	var ranked []rankedMember
	err := app.DB().NewQuery(popularSQL).Bind(dbx.Params{"keep": popularKeep}).All(&ranked)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.making = false
	if err != nil {
		return err
	}
	p.ranked, p.made = ranked, started
	// the members who signed up while it ran stay newcomers; the ranking has the others
	kept := p.newcomer[:0]
	for _, id := range p.newcomer {
		if !slices.ContainsFunc(ranked, func(r rankedMember) bool { return r.ID == id }) {
			kept = append(kept, id)
		}
	}
	p.newcomer = kept
	return nil
}

// popularFor returns up to limit of the ranking's members for me (suggestable), none of
// skip.
func popularFor(app core.App, me string, skip []string, limit int) ([]string, error) {
	ids, err := popularOf(app).order(app)
	if err != nil {
		return nil, err
	}
	return suggestable(app, me, ids, skip, limit)
}

// suggestable returns up to limit of ids, in their order, that may be suggested to me as
// things stand now: never me, whom I follow, who blocked me or whom I blocked, a
// suspended member, or one of skip. The kept rankings are filtered by it on each request.
func suggestable(app core.App, me string, ids, skip []string, limit int) ([]string, error) {
	if skip == nil {
		skip = []string{} // json null would make NOT IN unknown for every id
	}
	ranked, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	skipped, err := json.Marshal(skip)
	if err != nil {
		return nil, err
	}
	out := []string{}
	err = app.DB().NewQuery(`SELECT j.value FROM json_each({:ranked}) j
		WHERE j.value != {:me}
		  AND j.value NOT IN (SELECT value FROM json_each({:skip}))
		  AND j.value NOT IN (SELECT following FROM follows WHERE follower = {:me})
		  AND j.value NOT IN (` + moderation.ExcludedSQL + `)
		ORDER BY j.key LIMIT {:limit}`).
		Bind(dbx.Params{"ranked": string(ranked), "skip": string(skipped), "me": me, "viewer": me, "limit": limit}).Column(&out)
	return out, err
}
