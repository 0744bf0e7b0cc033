package auth

import (
	"errors"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// sessionCache remembers which member each session token belongs to, so a request need
// not verify the token's signature and read the member's record every time (about a
// tenth of a feed request's CPU). It stays exact: any users record saved or deleted, and
// any change to the users collection (its token secrets), empties it once the write has
// committed, so a password change, a suspension or a deleted account counts on the very
// next request; an entry is never used past its token's expiry. Every request gets its
// own copy of the record, since handlers may change e.Auth.
type sessionCache struct {
	mu sync.Mutex
	// gen counts the purges: a request that read the record from the database stores it
	// only if no purge happened meanwhile (it may have read the record before the write).
	gen     uint64
	byToken map[string]cachedSession
}

// cachedSession is a verified token's member, when the token expires and when it is due
// for renewal (half its lifetime used).
type cachedSession struct {
	record  *core.Record
	sid     string
	expires time.Time
	renewAt time.Time
}

// sessionCacheMax bounds the cache (an entry is a member record, a few KB); when full
// it starts over.
const sessionCacheMax = 10000

// sessionCacheKey is the app-store key of the app's session cache.
const sessionCacheKey = "cinecircle.auth.sessions"

// registerSessionCache gives app a session cache and empties it whenever a member's
// record or the users collection changes.
func registerSessionCache(app core.App) {
	c := &sessionCache{byToken: map[string]cachedSession{}}
	app.Store().Set(sessionCacheKey, c)
	app.OnRecordAfterUpdateSuccess(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		c.purge()
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess(UsersCollection).BindFunc(func(e *core.RecordEvent) error {
		c.purge()
		return e.Next()
	})
	app.OnRecordAfterDeleteSuccess(SessionsCollection).BindFunc(func(e *core.RecordEvent) error {
		c.purge() // a signed-out browser counts on its very next request
		return e.Next()
	})
	app.OnCollectionAfterUpdateSuccess(UsersCollection).BindFunc(func(e *core.CollectionEvent) error {
		c.purge()
		return e.Next()
	})
}

// purge forgets every session.
func (c *sessionCache) purge() {
	c.mu.Lock()
	c.gen++
	clear(c.byToken)
	c.mu.Unlock()
}

// sessionMember returns the member a session token belongs to, whether the token is due
// for renewal and its session id ("" for a token from before sessions); an invalid,
// expired or revoked token, or one whose session was ended, is an error.
func sessionMember(app core.App, token string) (*core.Record, bool, string, error) {
	c, _ := app.Store().Get(sessionCacheKey).(*sessionCache)
	now := time.Now()
	var gen uint64
	if c != nil {
		c.mu.Lock()
		gen = c.gen
		hit, ok := c.byToken[token]
		c.mu.Unlock()
		if ok && now.Before(hit.expires) {
			return hit.record.Clone(), now.After(hit.renewAt), hit.sid, nil
		}
	}
	record, err := app.FindAuthRecordByToken(token, core.TokenTypeAuth)
	if err != nil {
		return nil, false, "", err
	}
	sid := tokenSession(token)
	if sid != "" {
		if alive, err := sessionAlive(app, sid, record.Id); err != nil {
			return nil, false, "", err
		} else if !alive {
			return nil, false, "", errSessionEnded
		}
	}
	expires, renewAt := tokenTimes(token, record)
	if c != nil {
		c.mu.Lock()
		if c.gen == gen {
			if len(c.byToken) >= sessionCacheMax {
				clear(c.byToken)
			}
			c.byToken[token] = cachedSession{record: record.Clone(), sid: sid, expires: expires, renewAt: renewAt}
		}
		c.mu.Unlock()
	}
	return record, now.After(renewAt), sid, nil
}

// errSessionEnded: the browser was signed out from another one.
var errSessionEnded = errors.New("session ended")

// tokenTimes reads a verified token's expiry and the moment past half its lifetime,
// when an active member's session slides forward instead of ending mid-visit. An
// unreadable expiry counts as already expired (and so due for renewal).
func tokenTimes(token string, record *core.Record) (expires, renewAt time.Time) {
	claims, err := security.ParseUnverifiedJWT(token)
	if err != nil {
		return time.Time{}, time.Time{}
	}
	exp, err := claims.GetExpirationTime()
	if err != nil || exp == nil {
		return time.Time{}, time.Time{}
	}
	return exp.Time, exp.Time.Add(-record.Collection().AuthToken.DurationTime() / 2)
}
