package bench

import (
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// passwordHash is the bcrypt hash of Password every seeded member shares.
func passwordHash(app core.App) (string, error) {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return "", err
	}
	probe := core.NewRecord(users)
	probe.SetPassword(Password)
	hash := probe.GetString("password")
	if pv, ok := probe.GetRaw("password").(*core.PasswordFieldValue); ok {
		hash = pv.Hash
	}
	return hash, nil
}

// seedUsers creates the members: real-looking names, one shared password hash.
func seedUsers(tx *sql.Tx, s Sizes, hash string, now time.Time) (int, error) {
	first := []string{"Ana", "Ben", "Chiara", "Dev", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Lars", "Mina", "Nico", "Oona", "Pablo"}
	last := []string{"Silva", "Okoro", "Rossi", "Patel", "Yilmaz", "Adeyemi", "Berg", "Tanaka", "Garcia", "Weber", "Nakamura", "Moreau"}
	c := now.Format(dbTime)
	t := newInserter(tx, "users", "id", "email", "password", "tokenKey", "verified", "firstName", "lastName",
		"displayPreference", "profileCompleted", "created", "updated")
	for i := range s.Users {
		t.add(id('u', i), fmt.Sprintf("member%d@bench.example.com", i), hash, fmt.Sprintf("tk%013d", i), true,
			first[i%len(first)], last[(i/len(first))%len(last)], "fullname", true, c, c)
	}
	return t.close()
}

// seedFollows draws each member's follow count from a log-normal around the median and
// its targets from the power law, so a few members gather thousands of followers.
func seedFollows(tx *sql.Tx, s Sizes, rng *rand.Rand, when func() string) (int, error) {
	t := newInserter(tx, "follows", "id", "follower", "following", "created")
	seen := map[int]bool{}
	for u := range s.Users {
		k := int(math.Exp(math.Log(float64(max(1, s.MedianFollows))) + rng.NormFloat64()*0.9))
		k = max(1, min(k, s.Users-1, 3000))
		clear(seen)
		seen[u] = true
		for len(seen) <= k && len(seen) < s.Users {
			target := zipfUser(rng, s.Users)
			if rng.IntN(3) == 0 {
				target = rng.IntN(s.Users) // some follows are to anyone
			}
			if !seen[target] {
				seen[target] = true
				t.add(id('f', t.rows), id('u', u), id('u', target), when())
			}
		}
	}
	return t.close()
}

// seedEntries gives each member a diary: distinct watched movies, each with one dated watch.
func seedEntries(tx *sql.Tx, s Sizes, rng *rand.Rand, movies []string, when func() string) (int, error) {
	entries := newInserter(tx, "watch_entries", "id", "user", "movie", "status", "rating", "watchedAt", "created", "updated")
	diary := newInserter(tx, "diary", "id", "user", "entry", "movie", "watchedAt", "rating", "created")
	for u := range s.Users {
		for _, m := range rng.Perm(len(movies))[:min(s.EntriesPerUser, len(movies))] {
			rating, at, entry := math.Round(rng.Float64()*100)/10, when(), id('w', entries.rows)
			entries.add(entry, id('u', u), movies[m], "watched", rating, at, at, at)
			diary.add(id('d', diary.rows), id('u', u), entry, movies[m], at, rating, at)
		}
	}
	return closeAll(entries, diary)
}

// keptDuringLoad are the secondary indexes the seed keeps while it loads; it drops the
// others and builds them after the load, each a scan of its table and a sort of its keys.
var keptDuringLoad = map[string]bool{
	// Partial indexes whose condition no seeded row meets (hidden, restricted or remote
	// rows, TV titles in lists): a false condition a row, where building one would scan
	// its whole table (six scans of the 10M activities at 10x).
	"idx_activities_hidden": true, "idx_activities_list": true, "idx_activities_restricted": true,
	"idx_activities_private": true, "idx_activities_remote": true, "idx_activities_remote_object": true,
	"idx_comments_hidden": true, "idx_comments_remote_actor": true,
	"idx_lists_hidden": true, "idx_lists_owner_import": true,
	"idx_list_items_tv": true, "idx_list_items_tv_once": true, "idx_list_items_tv_open": true,
	// Indexes led by the column the seed writes in order (a member's watches, an
	// activity's likes, a list's items): each row's entry lands beside the one before, on
	// a page already in the cache. Sorted after the load instead, the episode watches'
	// two alone would be 5 GB of keys at 10x.
	"idx_episode_watches_user_show": true, "idx_episode_watches_user_watched": true,
	"idx_tv_progress_user_show": true, "idx_tv_progress_up_next": true,
	"idx_activity_likes_pair": true, "idx_comments_activity_created": true, "idx_follows_pair": true,
	"idx_list_items_rank": true, "idx_list_items_movie_once": true, "idx_lists_access": true,
	"idx_diary_user_watched": true, "idx_diary_entry": true,
	"idx_watch_entries_user_status": true, "idx_watch_entries_user_movie": true, "idx_watch_entries_user_tv": true,
	// Indexes for deletions (migration 1795630004) whose keys come in the load's order:
	// no seeded post is in a list or has an entry, so each key is ('', the post's id),
	// and the posts are written in id order; most comments are no reply, ('', its id).
	"idx_activities_list_ref": true, "idx_activities_entry": true, "idx_comments_parent": true,
}

// dropIndexes drops the secondary indexes of tables but keptDuringLoad, and their
// triggers, and returns their definitions. A trigger would run for every row loaded: the
// watch entries' (migration 1795630005) keep watch_companions, and no seeded entry names
// a companion, so made again after the load they have nothing to catch up on.
func dropIndexes(app core.App, tables ...string) ([]string, error) {
	args := make([]any, len(tables))
	for i, t := range tables {
		args[i] = t
	}
	var rows []struct {
		Type string `db:"type"`
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}
	err := app.DB().Select("type", "name", "sql").From("sqlite_master").
		Where(dbx.In("type", "index", "trigger")).AndWhere(dbx.In("tbl_name", args...)).
		AndWhere(dbx.NewExp("sql IS NOT NULL")).All(&rows)
	if err != nil {
		return nil, err
	}
	defs := make([]string, 0, len(rows))
	for _, r := range rows {
		if keptDuringLoad[r.Name] {
			continue
		}
		if _, err := app.DB().NewQuery("DROP " + strings.ToUpper(r.Type) + " IF EXISTS `" + r.Name + "`").Execute(); err != nil {
			return nil, err
		}
		defs = append(defs, r.SQL)
	}
	return defs, nil
}

// recreate builds the dropped indexes again.
func recreate(tx *sql.Tx, defs []string) error {
	for _, d := range defs {
		if _, err := tx.Exec(d); err != nil {
			return err
		}
	}
	return nil
}

// analyze gathers the planner's statistics from a sample of each index (analysis_limit),
// as PRAGMA optimize, PocketBase's nightly job, leaves them on a real data dir: reading
// every row took 4 of the 10x seed's 25 minutes, and the plans the benchmark measures
// should be the ones members get (the 10x load phase measured the same or faster). It
// analyzes tables, or, when none is named, every table but those in done.
func analyze(tx *sql.Tx, tables, done []string) error {
	if len(tables) == 0 {
		rows, err := tx.Query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
		if err != nil {
			return err
		}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				return errors.Join(err, rows.Close())
			}
			if !slices.Contains(done, name) {
				tables = append(tables, name)
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
	}
	stmts := []string{"PRAGMA analysis_limit = 1000"}
	for _, t := range tables {
		stmts = append(stmts, "ANALYZE `"+t+"`")
	}
	for _, q := range append(stmts, "PRAGMA analysis_limit = 0") {
		if _, err := tx.Exec(q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	return nil
}
