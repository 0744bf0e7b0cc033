// Package bench builds community-scale data sets and measures CineCircle against them
// (issue: performance). Seed writes a realistic data set straight into the SQLite tables,
// in one transaction per table, because going through record saves would take hours at a
// million activities; the counters it writes equal their rows, like the app keeps them.
package bench

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/pocketbase/core"
)

// Sizes says how big a data set to build.
type Sizes struct {
	Users, Activities    int
	LikesPerActivity     float64 // mean; 3 in the target set (3M likes for 1M activities)
	CommentsPerActivity  float64 // 0.5 (500k comments)
	NotificationsPerPost float64 // 0.2 (200k notifications)
	MedianFollows        int     // ~50
	EntriesPerUser       int     // watch entries (with one diary watch each)
	// EpisodeWatchesPerUser is the mean number of episode watches per member (500: 5M
	// at 10,000 members), spread over a few shows each watched from the pilot on.
	EpisodeWatchesPerUser int
	Lists, ListItems      int // ~50k lists holding ~1M titles (issue #20)
	Seed                  uint64
}

// DefaultSizes is the community the performance targets are stated for.
func DefaultSizes() Sizes {
	return Sizes{Users: 10000, Activities: 1000000, LikesPerActivity: 3, CommentsPerActivity: 0.5,
		NotificationsPerPost: 0.2, MedianFollows: 50, EntriesPerUser: 20, EpisodeWatchesPerUser: 500, Lists: 50000, ListItems: 1000000, Seed: 1}
}

// Password is every seeded member's password (one bcrypt hash serves them all).
const Password = "bench-password"

const dbTime = "2006-01-02 15:04:05.000Z"

// id makes a PocketBase-shaped id (15 characters, [a-z0-9]) from a prefix letter and n.
func id(prefix byte, n int) string { return fmt.Sprintf("%c%014d", prefix, n) }

// Seed fills app's (fresh, migrated) database with a community of the given sizes and
// reports progress to out.
func Seed(app core.App, s Sizes, out io.Writer) error {
	start := time.Now()
	rng := rand.New(rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15))
	if _, err := catalog.SyncEmbedded(app); err != nil {
		return err
	}
	var movies []string
	if err := app.DB().Select("id").From("movies").OrderBy("tmdbId").Column(&movies); err != nil {
		return err
	}
	var titles []struct {
		ID    string `db:"id"`
		TMDB  int    `db:"tmdbId"`
		Title string `db:"title"`
		Year  int    `db:"year"`
	}
	if err := app.DB().Select("id", "tmdbId", "title", "year").From("movies").OrderBy("tmdbId").All(&titles); err != nil {
		return err
	}
	if len(titles) == 0 {
		return fmt.Errorf("the catalog is empty")
	}
	step := func(name string, fn func(tx core.App) (int, error)) error {
		t := time.Now()
		var n int
		err := app.RunInTransaction(func(tx core.App) error {
			var err error
			n, err = fn(tx)
			return err
		})
		if err == nil {
			fmt.Fprintf(out, "  %-14s %9d rows in %v\n", name, n, time.Since(t).Round(time.Millisecond))
		}
		return err
	}
	now := time.Now().UTC()
	when := func() string { return now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour)))).Format(dbTime) }

	// Secondary indexes are dropped for the load and built once at the end: maintaining
	// them row by row with random keys is most of a naive bulk load's time.
	indexes, err := dropIndexes(app, "follows", "activities", "activity_likes", "comments", "notifications", "watch_entries", "diary",
		"episode_watches", "tv_progress", "lists", "list_items")
	if err != nil {
		return err
	}
	if err := step("users", func(tx core.App) (int, error) { return seedUsers(tx, s, now) }); err != nil {
		return err
	}
	if err := step("follows", func(tx core.App) (int, error) { return seedFollows(tx, s, rng, when) }); err != nil {
		return err
	}
	if err := step("activities", func(tx core.App) (int, error) {
		return insertMany(tx, "activities", []string{"id", "user", "type", "movie", "data", "created", "updated"}, s.Activities, func(i int) []any {
			t := titles[rng.IntN(len(titles))]
			author := zipfUser(rng, s.Users)
			rating := math.Round(rng.Float64()*100) / 10
			typ := []string{"movie_watched", "movie_rating", "movie_review", "movie_watchlist"}[rng.IntN(4)]
			data := fmt.Sprintf(`{"movieId":%d,"movieTitle":%q,"movieYear":%d,"rating":%g,"review":"","status":"watched"}`, t.TMDB, t.Title, t.Year, rating)
			c := when()
			return []any{id('a', i), id('u', author), typ, t.ID, data, c, c}
		})
	}); err != nil {
		return err
	}
	if err := step("likes", func(tx core.App) (int, error) {
		// Each activity gets a Poisson-like number of distinct likers (mean LikesPerActivity),
		// so the unique (activity, user) index can be built after the load.
		type like struct{ act, user int }
		var likes []like
		for a := 0; a < s.Activities; a++ {
			k := poisson(rng, s.LikesPerActivity)
			seen := map[int]bool{}
			for len(seen) < min(k, s.Users) {
				u := rng.IntN(s.Users)
				if !seen[u] {
					seen[u] = true
					likes = append(likes, like{a, u})
				}
			}
		}
		return insertMany(tx, "activity_likes", []string{"id", "activity", "user", "created"}, len(likes), func(i int) []any {
			return []any{id('l', i), id('a', likes[i].act), id('u', likes[i].user), when()}
		})
	}); err != nil {
		return err
	}
	if err := step("comments", func(tx core.App) (int, error) {
		n := int(float64(s.Activities) * s.CommentsPerActivity)
		return insertMany(tx, "comments", []string{"id", "activity", "user", "parent", "depth", "content", "commentType", "created", "updated"}, n, func(i int) []any {
			act := rng.IntN(s.Activities)
			parent, depth := "", 0
			if i > 0 && rng.IntN(4) == 0 { // a quarter are replies to the comment before
				parent, depth = id('c', i-1), 1
			}
			c := when()
			return []any{id('c', i), id('a', act), id('u', rng.IntN(s.Users)), parent, depth, "Loved this one", "text", c, c}
		})
	}); err != nil {
		return err
	}
	if err := step("notifications", func(tx core.App) (int, error) {
		n := int(float64(s.Activities) * s.NotificationsPerPost)
		return insertMany(tx, "notifications", []string{"id", "user", "actor", "type", "message", "entityType", "entityId", "isRead", "count", "created", "updated"}, n, func(i int) []any {
			c := when()
			return []any{id('n', i), id('u', rng.IntN(s.Users)), id('u', rng.IntN(s.Users)), "like", "Someone liked your review",
				"activity", id('a', rng.IntN(s.Activities)), rng.IntN(3) > 0, 1, c, c}
		})
	}); err != nil {
		return err
	}
	if err := step("entries", func(tx core.App) (int, error) { return seedEntries(tx, s, rng, movies, when) }); err != nil {
		return err
	}
	if err := step("episodes", func(tx core.App) (int, error) { return seedTV(tx, s, rng, now) }); err != nil {
		return err
	}
	if err := step("lists", func(tx core.App) (int, error) { return seedLists(tx, s, rng, movies, when) }); err != nil {
		return err
	}
	if err := step("indexes", func(tx core.App) (int, error) { return len(indexes), recreate(tx, indexes) }); err != nil {
		return err
	}
	if err := step("counters", func(tx core.App) (int, error) { return recount(tx) }); err != nil {
		return err
	}
	fmt.Fprintf(out, "seeded in %v\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// poisson draws a count with the given mean (Knuth's method; fine for small means).
func poisson(rng *rand.Rand, mean float64) int {
	l, k, p := math.Exp(-mean), 0, 1.0
	for {
		p *= rng.Float64()
		if p <= l {
			return k
		}
		k++
	}
}

// zipfUser picks a member with a power-law bias (P(k) ∝ 1/k): low indexes post and are
// followed most, so a few members have thousands of followers.
func zipfUser(rng *rand.Rand, n int) int {
	return max(0, min(n-1, int(math.Pow(float64(n), rng.Float64()))-1))
}
