package bench_test

import (
	"context"
	"database/sql"
	"io"
	"strconv"
	"testing"
	"time"

	"cinecircle/bench"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestSeedSmall builds a small community and checks it is consistent the way the app
// keeps it: counters equal their rows, follows have a heavy head, members can sign in.
func TestSeedSmall(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	s := bench.DefaultSizes()
	s.Users, s.Activities, s.MedianFollows, s.EntriesPerUser, s.EpisodeWatchesPerUser = 300, 3000, 20, 5, 30
	s.Lists, s.ListItems = 100, 3000
	if err := bench.Seed(app, s, io.Discard); err != nil {
		t.Fatal(err)
	}
	count := func(q string) int {
		var n int
		if err := app.DB().NewQuery(q).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count("SELECT COUNT(*) FROM users"); n != 300 {
		t.Fatalf("%d users", n)
	}
	if n := count("SELECT COUNT(*) FROM activities"); n != 3000 {
		t.Fatalf("%d activities", n)
	}
	if bad := count("SELECT COUNT(*) FROM activities a WHERE likeCount != (SELECT COUNT(*) FROM activity_likes l WHERE l.activity = a.id)"); bad != 0 {
		t.Fatalf("%d activities with a wrong likeCount", bad)
	}
	if bad := count("SELECT COUNT(*) FROM activities a WHERE commentCount != (SELECT COUNT(*) FROM comments c WHERE c.activity = a.id)"); bad != 0 {
		t.Fatalf("%d activities with a wrong commentCount", bad)
	}
	if bad := count(`SELECT COUNT(*) FROM tv_progress p WHERE watched != (SELECT COUNT(DISTINCT season || ':' || episode)
		FROM episode_watches w WHERE w.user = p.user AND w.tvShow = p.tvShow) OR total <= 0 OR (watched < total AND nextEpisode = 0)`); bad != 0 {
		t.Fatalf("%d progress rows that are not their watches", bad)
	}
	if bad := count(`SELECT COUNT(*) FROM list_items i JOIN lists l ON l.id = i.list
		WHERE i.listOpen != (l.visibility != 'private' AND l.hidden = FALSE) OR i.owner != l.owner`); bad != 0 {
		t.Fatalf("%d list items whose owner or openness is not their list's", bad)
	}
	if n := count("SELECT COUNT(*) FROM episode_watches"); n < 300*15 {
		t.Fatalf("%d episode watches, want about 30 a member", n)
	}
	if n := count("SELECT COUNT(*) FROM tv_progress p JOIN watch_entries w ON w.user = p.user AND w.tvShow = p.tvShow " +
		"WHERE p.user = 'u00000000000042' AND p.nextEpisode > 0 AND w.status = 'currently_watching'"); n < bench.UpNextShows {
		t.Fatalf("the Up Next member has %d shows in progress, want %d", n, bench.UpNextShows)
	}
	top := count("SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM follows GROUP BY following)")
	median := count("SELECT n FROM (SELECT COUNT(*) AS n FROM follows GROUP BY follower ORDER BY n) LIMIT 1 OFFSET 150")
	if top < 5*median {
		t.Fatalf("the follow graph needs a heavy head: top %d followers, median %d follows", top, median)
	}
	for _, idx := range []string{"idx_activities_feed", "idx_activity_likes_pair", "idx_follows_pair", "idx_comments_activity_created"} {
		if count("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = '"+idx+"'") != 1 {
			t.Fatalf("index %s must be rebuilt after the load", idx)
		}
	}
	// the triggers dropped for the load are back: the entries' companions stay kept
	if n := count("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'watch_entries'"); n != 3 {
		t.Fatalf("watch_entries has %d triggers after the seed, want the 3 that keep watch_companions", n)
	}
	// every table with rows has its statistics, the episode watches' taken early included
	if n := count(`SELECT COUNT(*) FROM sqlite_stat1 WHERE idx IN ('idx_episode_watches_user_show', 'idx_activities_feed',
		'idx_list_items_movie_open', 'idx_follows_following')`); n != 4 {
		t.Fatalf("%d of 4 indexes have statistics", n)
	}
	// The list workloads' 1,000-item list: its known owner, its count, distinct ranks.
	big := count(`SELECT COUNT(*) FROM list_items i JOIN lists l ON l.id = i.list JOIN users u ON u.id = l.owner
		WHERE l.id = '` + bench.BigList + `' AND l.itemCount = 1000 AND l.visibility = 'public'
		AND u.email = 'member` + strconv.Itoa(bench.BigListOwner) + `@bench.example.com'`)
	if ranks := count("SELECT COUNT(DISTINCT rank) FROM list_items WHERE list = '" + bench.BigList + "'"); big != bench.BigListItems || ranks != big {
		t.Fatalf("the big list holds %d titles with %d distinct ranks, want %d of its owner's", big, ranks, bench.BigListItems)
	}
	u, err := app.FindFirstRecordByFilter("users", "email = {:e}", dbx.Params{"e": "member7@bench.example.com"})
	if err != nil || !u.ValidatePassword(bench.Password) {
		t.Fatalf("a seeded member must be able to sign in: %v", err)
	}
}

// TestSeedWaitsOutABriefReader: the seed changes the journal mode, which needs the
// database alone; a read still open on another connection when it starts (as the
// background checkpoint's, every 100 ms) delays it instead of failing it.
func TestSeedWaitsOutABriefReader(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	db, ok := app.ConcurrentDB().(*dbx.DB)
	if !ok {
		t.Fatalf("the read pool is a %T", app.ConcurrentDB())
	}
	ctx := context.Background()
	conn, err := db.DB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := tx.QueryRow("SELECT COUNT(*) FROM users").Scan(&n); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(300 * time.Millisecond)
		_ = tx.Rollback()
		_ = conn.Close()
	}()
	s := bench.DefaultSizes()
	s.Users, s.Activities, s.MedianFollows, s.EntriesPerUser, s.EpisodeWatchesPerUser = 50, 200, 5, 2, 5
	s.Lists, s.ListItems = 10, 50
	if err := bench.Seed(app, s, io.Discard); err != nil {
		t.Fatalf("a reader that leaves within a second must not fail the seed: %v", err)
	}
}
