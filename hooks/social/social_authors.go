package social

import (
	"sync"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/pocketbase/core"
)

// authorCache keeps the public profiles of activities' authors (the fields an Activity
// shows), so a feed page reads from the database only the authors it has not met yet
// instead of twenty user records every time. It holds display fields only: whose posts a
// viewer may see (suspension, blocks, hidden posts) is decided by the feed's own queries,
// never here. A users record saved or deleted drops its entry once the write has
// committed, so a new name or avatar shows on the next read.
type authorCache struct {
	mu sync.Mutex
	// gen counts the drops: a reader that went to the database stores what it read only if
	// no drop happened meanwhile (it may have read the record before the write).
	gen  uint64
	byID map[string]cachedAuthor
}

// cachedAuthor is one author's profile as every viewer but the author sees it, and the
// email that only the author sees.
type cachedAuthor struct {
	user  ActivityUser
	email string
}

// authorCacheMax bounds the cache (a profile is a few hundred bytes); when full it
// starts over.
const authorCacheMax = 50000

// authorCacheKey is the app-store key of the app's author cache.
const authorCacheKey = "cinecircle.social.authors"

// registerAuthorCache gives app an author cache and drops an author's entry whenever
// their users record changes or goes.
func registerAuthorCache(app core.App) {
	c := &authorCache{byID: map[string]cachedAuthor{}}
	app.Store().Set(authorCacheKey, c)
	drop := func(e *core.RecordEvent) error {
		c.forget(e.Record.Id)
		return e.Next()
	}
	app.OnRecordAfterUpdateSuccess(auth.UsersCollection).BindFunc(drop)
	app.OnRecordAfterDeleteSuccess(auth.UsersCollection).BindFunc(drop)
}

// forget drops id's entry.
func (c *authorCache) forget(id string) {
	c.mu.Lock()
	c.gen++
	delete(c.byID, id)
	c.mu.Unlock()
}

// loadAuthors returns the authors with ids shaped for viewerID; an id with no users
// record is absent (the caller shows it as an unknown member). The cache serves outside
// transactions only: inside one the transaction's own writes must be read, and what it
// reads may never commit.
func loadAuthors(app core.App, viewerID string, ids []string) (map[string]ActivityUser, error) {
	out := make(map[string]ActivityUser, len(ids))
	c, _ := app.Store().Get(authorCacheKey).(*authorCache)
	if c == nil || app.IsTransactional() {
		return out, readAuthors(app, viewerID, ids, out, nil)
	}
	missing := ids[:0:0]
	c.mu.Lock()
	gen := c.gen
	for _, id := range ids {
		if a, ok := c.byID[id]; ok {
			out[id] = a.shaped(id, viewerID)
		} else {
			missing = append(missing, id)
		}
	}
	c.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	read := map[string]cachedAuthor{}
	if err := readAuthors(app, viewerID, missing, out, read); err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.gen == gen {
		if len(c.byID)+len(read) > authorCacheMax {
			c.byID = map[string]cachedAuthor{}
		}
		for id, a := range read {
			c.byID[id] = a
		}
	}
	c.mu.Unlock()
	return out, nil
}

// readAuthors reads the users records of ids in one query into out (shaped for viewerID)
// and, when read is not nil, their cacheable profiles into read.
func readAuthors(app core.App, viewerID string, ids []string, out map[string]ActivityUser, read map[string]cachedAuthor) error {
	records, err := app.FindRecordsByIds(auth.UsersCollection, ids)
	if err != nil {
		return err
	}
	for _, r := range records {
		a := cachedAuthor{user: activityUser(r), email: r.Email()}
		out[r.Id] = a.shaped(r.Id, viewerID)
		if read != nil {
			read[r.Id] = a
		}
	}
	return nil
}

// shaped is the profile as viewerID sees it: with the email only when it is their own.
func (a cachedAuthor) shaped(id, viewerID string) ActivityUser {
	u := a.user
	if id == viewerID {
		u.Email = a.email
	}
	return u
}

// activityUser shapes an author record as any member sees it (no email).
func activityUser(r *core.Record) ActivityUser {
	u := auth.PublicUser(r)
	return ActivityUser{
		ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Nickname: u.Nickname,
		DisplayPreference: u.DisplayPreference, ProfileImageURL: u.ProfileImageURL,
	}
}
