package auth

import (
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// lastSeenEvery throttles a session's last-seen time: noted at most once a minute per
// session, not on every request.
const lastSeenEvery = time.Minute

// JobLastSeen is the cron job that writes the noted last-seen times, every minute.
const JobLastSeen = "cinecircleSessionsLastSeen"

// lastSeen holds, per app, when each session's last-seen time was last noted and the
// times noted but not yet written. A member with the app open would otherwise cost a
// commit of SQLite's one writer a minute each (800 a second for 50,000 members online);
// flushLastSeen writes them all in one transaction.
type lastSeen struct {
	noted   sync.Map // session id → time.Time of the last note
	mu      sync.Mutex
	pending map[string]string // session id → last-seen time, as stored
}

// lastSeenOf returns app's lastSeen (kept in its store, so test apps do not share it).
func lastSeenOf(app core.App) *lastSeen {
	return app.Store().GetOrSet("auth.sessionSeen", func() any { return &lastSeen{pending: map[string]string{}} }).(*lastSeen)
}

// registerLastSeen writes the noted times every minute and once more at shutdown.
func registerLastSeen(app core.App) {
	app.Cron().MustAdd(JobLastSeen, "* * * * *", func() {
		if err := flushLastSeen(app); err != nil {
			app.Logger().Warn("sessions' last-seen times not saved", "error", err.Error())
		}
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if err := flushLastSeen(e.App); err != nil {
			e.App.Logger().Warn("sessions' last-seen times not saved", "error", err.Error())
		}
		return e.Next()
	})
}

// touchSession notes that the session sid is in use now, at most once per lastSeenEvery;
// the next flush writes it.
func touchSession(app core.App, sid string) {
	ls := lastSeenOf(app)
	now := time.Now()
	if last, ok := ls.noted.Load(sid); ok && now.Sub(last.(time.Time)) < lastSeenEvery {
		return
	}
	ls.noted.Store(sid, now)
	ls.mu.Lock()
	ls.pending[sid] = types.NowDateTime().String()
	ls.mu.Unlock()
}

// flushLastSeen writes the noted last-seen times in one transaction. A session deleted
// meanwhile updates nothing. When the write fails the times stay noted for the next
// flush, unless a newer note replaced them. Notes older than lastSeenEvery are
// forgotten (the next request notes its session again), so ended sessions do not pile
// up in memory.
func flushLastSeen(app core.App) error {
	ls := lastSeenOf(app)
	now := time.Now()
	ls.noted.Range(func(sid, at any) bool {
		if now.Sub(at.(time.Time)) >= lastSeenEvery {
			ls.noted.Delete(sid)
		}
		return true
	})
	ls.mu.Lock()
	pending := ls.pending
	ls.pending = map[string]string{}
	ls.mu.Unlock()
	if len(pending) == 0 {
		return nil
	}
	err := app.RunInTransaction(func(tx core.App) error {
		q := tx.NonconcurrentDB().NewQuery("UPDATE sessions SET lastSeen = {:at} WHERE id = {:id}")
		for sid, at := range pending {
			if _, err := q.Bind(dbx.Params{"at": at, "id": sid}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		ls.mu.Lock()
		for sid, at := range pending {
			if _, newer := ls.pending[sid]; !newer {
				ls.pending[sid] = at
			}
		}
		ls.mu.Unlock()
	}
	return err
}
