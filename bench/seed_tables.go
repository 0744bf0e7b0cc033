package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// insertMany inserts n rows of cols into table, 400 rows a statement, ignoring rows that
// break a unique index (a random like drawn twice). It returns how many it tried.
func insertMany(tx core.App, table string, cols []string, n int, row func(i int) []any) (int, error) {
	const batch = 400
	for start := 0; start < n; start += batch {
		end := min(n, start+batch)
		var sb strings.Builder
		sb.WriteString("INSERT OR IGNORE INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
		params := make(dbx.Params, (end-start)*len(cols))
		for i := start; i < end; i++ {
			if i > start {
				sb.WriteString(", ")
			}
			sb.WriteByte('(')
			for j, v := range row(i) {
				name := "p" + strconv.Itoa((i-start)*len(cols)+j)
				if j > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString("{:" + name + "}")
				params[name] = v
			}
			sb.WriteByte(')')
		}
		if _, err := tx.DB().NewQuery(sb.String()).Bind(params).Execute(); err != nil {
			return 0, fmt.Errorf("%s: %w", table, err)
		}
	}
	return n, nil
}

// seedUsers creates the members: real-looking names, one shared password hash.
func seedUsers(tx core.App, s Sizes, now time.Time) (int, error) {
	users, err := tx.FindCollectionByNameOrId("users")
	if err != nil {
		return 0, err
	}
	probe := core.NewRecord(users)
	probe.SetPassword(Password)
	hash := probe.GetString("password")
	if pv, ok := probe.GetRaw("password").(*core.PasswordFieldValue); ok {
		hash = pv.Hash
	}
	first := []string{"Ana", "Ben", "Chiara", "Dev", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Lars", "Mina", "Nico", "Oona", "Pablo"}
	last := []string{"Silva", "Okoro", "Rossi", "Patel", "Yilmaz", "Adeyemi", "Berg", "Tanaka", "Garcia", "Weber", "Nakamura", "Moreau"}
	c := now.Format(dbTime)
	return insertMany(tx, "users", []string{"id", "email", "password", "tokenKey", "verified", "firstName", "lastName",
		"displayPreference", "profileCompleted", "created", "updated"}, s.Users, func(i int) []any {
		return []any{id('u', i), fmt.Sprintf("member%d@bench.example.com", i), hash, fmt.Sprintf("tk%013d", i), true,
			first[i%len(first)], last[(i/len(first))%len(last)], "fullname", true, c, c}
	})
}

// seedFollows draws each member's follow count from a log-normal around the median and
// its targets from the power law, so a few members gather thousands of followers.
func seedFollows(tx core.App, s Sizes, rng *rand.Rand, when func() string) (int, error) {
	type edge struct{ a, b int }
	var edges []edge
	for u := 0; u < s.Users; u++ {
		k := int(math.Exp(math.Log(float64(max(1, s.MedianFollows))) + rng.NormFloat64()*0.9))
		k = max(1, min(k, s.Users-1, 3000))
		seen := map[int]bool{u: true}
		for len(seen) <= k {
			t := zipfUser(rng, s.Users)
			if rng.IntN(3) == 0 {
				t = rng.IntN(s.Users) // some follows are to anyone
			}
			if !seen[t] {
				seen[t] = true
				edges = append(edges, edge{u, t})
			}
			if len(seen) >= s.Users {
				break
			}
		}
	}
	return insertMany(tx, "follows", []string{"id", "follower", "following", "created"}, len(edges), func(i int) []any {
		return []any{id('f', i), id('u', edges[i].a), id('u', edges[i].b), when()}
	})
}

// seedEntries gives each member a diary: distinct watched movies, each with one dated watch.
func seedEntries(tx core.App, s Sizes, rng *rand.Rand, movies []string, when func() string) (int, error) {
	type entry struct {
		user   int
		movie  string
		rating float64
		at     string
	}
	var list []entry
	for u := 0; u < s.Users; u++ {
		for _, m := range rng.Perm(len(movies))[:min(s.EntriesPerUser, len(movies))] {
			list = append(list, entry{u, movies[m], math.Round(rng.Float64()*100) / 10, when()})
		}
	}
	if _, err := insertMany(tx, "watch_entries", []string{"id", "user", "movie", "status", "rating", "watchedAt", "created", "updated"},
		len(list), func(i int) []any {
			e := list[i]
			return []any{id('w', i), id('u', e.user), e.movie, "watched", e.rating, e.at, e.at, e.at}
		}); err != nil {
		return 0, err
	}
	return insertMany(tx, "diary", []string{"id", "user", "entry", "movie", "watchedAt", "rating", "created"}, len(list), func(i int) []any {
		e := list[i]
		return []any{id('d', i), id('u', e.user), id('w', i), e.movie, e.at, e.rating, e.at}
	})
}

// recount sets every counter from its rows, as the app's hooks keep them.
func recount(tx core.App) (int, error) {
	for _, q := range []string{
		`UPDATE activities SET likeCount = (SELECT COUNT(*) FROM activity_likes l WHERE l.activity = activities.id)`,
		`UPDATE activities SET commentCount = (SELECT COUNT(*) FROM comments c WHERE c.activity = activities.id)`,
		`ANALYZE`,
	} {
		if _, err := tx.DB().NewQuery(q).Execute(); err != nil {
			return 0, err
		}
	}
	var n int
	err := tx.DB().Select("COUNT(*)").From("activities").Row(&n)
	return n, err
}

// dropIndexes drops the secondary indexes of tables and returns their definitions.
func dropIndexes(app core.App, tables ...string) ([]string, error) {
	args := make([]any, len(tables))
	for i, t := range tables {
		args[i] = t
	}
	var rows []struct {
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}
	err := app.DB().Select("name", "sql").From("sqlite_master").
		Where(dbx.HashExp{"type": "index"}).AndWhere(dbx.In("tbl_name", args...)).
		AndWhere(dbx.NewExp("sql IS NOT NULL")).All(&rows)
	if err != nil {
		return nil, err
	}
	defs := make([]string, 0, len(rows))
	for _, r := range rows {
		if _, err := app.DB().NewQuery("DROP INDEX IF EXISTS `" + r.Name + "`").Execute(); err != nil {
			return nil, err
		}
		defs = append(defs, r.SQL)
	}
	return defs, nil
}

// recreate builds the dropped indexes again.
func recreate(tx core.App, defs []string) error {
	for _, d := range defs {
		if _, err := tx.DB().NewQuery(d).Execute(); err != nil {
			return err
		}
	}
	return nil
}
