// Package bench builds community-scale data sets and measures CineCircle against them
// (issue: performance). Seed writes a realistic data set straight into the SQLite tables,
// in one transaction per table, because going through record saves would take hours at a
// million activities; the counters it writes equal their rows, like the app keeps them.
package bench

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
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

// benchTitle is a movie the activities are about.
type benchTitle struct {
	ID    string `db:"id"`
	TMDB  int    `db:"tmdbId"`
	Title string `db:"title"`
	Year  int    `db:"year"`
}

// Seed fills app's (fresh, migrated) database with a community of the given sizes and
// reports progress to out.
func Seed(app core.App, s Sizes, out io.Writer) error {
	start := time.Now()
	rng := rand.New(rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15))
	if _, err := catalog.SyncEmbedded(app); err != nil {
		return err
	}
	var titles []benchTitle
	if err := app.DB().Select("id", "tmdbId", "title", "year").From("movies").OrderBy("tmdbId").All(&titles); err != nil {
		return err
	}
	if len(titles) == 0 {
		return fmt.Errorf("the catalog is empty")
	}
	movies := make([]string, len(titles))
	for i, t := range titles {
		movies[i] = t.ID
	}
	now := time.Now().UTC()
	when := func() string { return now.Add(-time.Duration(rng.Int64N(int64(365 * 24 * time.Hour)))).Format(dbTime) }
	shows, err := seedShows(app)
	if err != nil {
		return err
	}
	hash, err := passwordHash(app)
	if err != nil {
		return err
	}

	// Secondary indexes with random keys are dropped for the load and built once at the
	// end: maintaining them row by row is most of a naive bulk load's time (keptDuringLoad).
	indexes, err := dropIndexes(app, "follows", "activities", "activity_likes", "comments", "notifications", "watch_entries", "diary",
		"episode_watches", "tv_progress", "lists", "list_items")
	if err != nil {
		return err
	}
	c, err := openSeedConn(app, out)
	if err != nil {
		return err
	}
	steps := []struct {
		name string
		fn   func(tx *sql.Tx) (int, error)
	}{
		{"users", func(tx *sql.Tx) (int, error) { return seedUsers(tx, s, hash, now) }},
		{"follows", func(tx *sql.Tx) (int, error) { return seedFollows(tx, s, rng, when) }},
		{"activities", func(tx *sql.Tx) (int, error) { return seedActivities(tx, s, rng, titles, when) }},
		{"notifications", func(tx *sql.Tx) (int, error) { return seedNotifications(tx, s, rng, when) }},
		{"entries", func(tx *sql.Tx) (int, error) { return seedEntries(tx, s, rng, movies, when) }},
		{"episodes", func(tx *sql.Tx) (int, error) { return seedTV(tx, s, rng, shows, now) }},
		// The episode watches keep every index during the load: analyzed now, their pages
		// are still in memory (at 10x, 43 s of the last step's minute read them back).
		{"analyze watches", func(tx *sql.Tx) (int, error) { return 0, analyze(tx, analyzedEarly, nil) }},
		{"lists", func(tx *sql.Tx) (int, error) { return seedLists(tx, s, rng, movies, when) }},
		{"indexes", func(tx *sql.Tx) (int, error) { return len(indexes), recreate(tx, indexes) }},
		{"analyze", func(tx *sql.Tx) (int, error) { return 0, analyze(tx, nil, analyzedEarly) }},
	}
	for _, st := range steps {
		if err := c.step(st.name, st.fn); err != nil {
			return errors.Join(err, c.close())
		}
	}
	if err := c.close(); err != nil {
		return err
	}
	rec := SeedRecord{Sizes: s, Took: time.Since(start), PeakRSS: peakRSS(), Steps: c.steps}
	fmt.Fprintf(out, "seeded in %v, peak memory %d MB\n", rec.Took.Round(time.Millisecond), rec.PeakRSS>>20)
	return writeJSON(filepath.Join(app.DataDir(), SeedRecordFile), rec)
}

// seedActivities writes the activities with their likes and comments: each activity
// draws its numbers of likes and comments (Poisson, means LikesPerActivity and
// CommentsPerActivity) and is written with the counters they make, as the app keeps them.
// A quarter of the comments reply to the activity's comment before.
func seedActivities(tx *sql.Tx, s Sizes, rng *rand.Rand, titles []benchTitle, when func() string) (int, error) {
	acts := newInserter(tx, "activities", "id", "user", "type", "movie", "data", "likeCount", "commentCount", "created", "updated")
	likes := newInserter(tx, "activity_likes", "id", "activity", "user", "created")
	comments := newInserter(tx, "comments", "id", "activity", "user", "parent", "depth", "content", "commentType", "created", "updated")
	types := []string{"movie_watched", "movie_rating", "movie_review", "movie_watchlist"}
	seen := map[int]bool{}
	for i := range s.Activities {
		t := titles[rng.IntN(len(titles))]
		author := zipfUser(rng, s.Users)
		rating := math.Round(rng.Float64()*100) / 10
		typ := types[rng.IntN(len(types))]
		data := fmt.Sprintf(`{"movieId":%d,"movieTitle":%q,"movieYear":%d,"rating":%g,"review":"","status":"watched"}`, t.TMDB, t.Title, t.Year, rating)
		created := when()
		nLikes := min(poisson(rng, s.LikesPerActivity), s.Users)
		nComments := poisson(rng, s.CommentsPerActivity)
		act := id('a', i)
		acts.add(act, id('u', author), typ, t.ID, data, nLikes, nComments, created, created)
		clear(seen)
		for len(seen) < nLikes { // distinct likers: the (activity, user) index is unique
			if u := rng.IntN(s.Users); !seen[u] {
				seen[u] = true
				likes.add(id('l', likes.rows), act, id('u', u), when())
			}
		}
		for k := range nComments {
			parent, depth := "", 0
			if k > 0 && rng.IntN(4) == 0 {
				parent, depth = id('c', comments.rows-1), 1
			}
			at := when()
			comments.add(id('c', comments.rows), act, id('u', rng.IntN(s.Users)), parent, depth, "Loved this one", "text", at, at)
		}
	}
	return closeAll(acts, likes, comments)
}

// seedNotifications writes NotificationsPerPost notifications an activity, two thirds read.
func seedNotifications(tx *sql.Tx, s Sizes, rng *rand.Rand, when func() string) (int, error) {
	t := newInserter(tx, "notifications", "id", "user", "actor", "type", "message", "entityType", "entityId", "isRead", "count", "created", "updated")
	for i := range int(float64(s.Activities) * s.NotificationsPerPost) {
		c := when()
		t.add(id('n', i), id('u', rng.IntN(s.Users)), id('u', rng.IntN(s.Users)), "like", "Someone liked your review",
			"activity", id('a', rng.IntN(s.Activities)), rng.IntN(3) > 0, 1, c, c)
	}
	return t.close()
}

// analyzedEarly are the tables analyzed right after their load (see Seed).
var analyzedEarly = []string{"episode_watches"}

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
