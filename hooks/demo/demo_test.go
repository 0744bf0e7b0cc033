package demo_test

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/demo"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"
	"cinecircle/hooks/tv"
	"cinecircle/hooks/year"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

func TestSeedIsBelievableAndIdempotent(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	if _, err := catalog.SyncEmbedded(app); err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(app); err != nil {
		t.Fatal(err)
	}
	users, err := app.FindAllRecords("users")
	if err != nil {
		t.Fatal(err)
	}
	if len(users) < 10 || len(users) > 15 {
		t.Fatalf("expected about 12 members, got %d", len(users))
	}
	nicknames := 0
	for _, u := range users {
		if u.GetString("firstName") == "" || u.GetString("lastName") == "" {
			t.Fatalf("member without a real name: %v", u.Email())
		}
		if u.GetString("nickname") != "" {
			nicknames++
		}
		if !u.ValidatePassword(demo.Password) {
			t.Fatalf("%s cannot sign in with the demo password", u.Email())
		}
		n, err := app.FindRecordsByFilter("follows", "follower = {:id}", "", 0, 0, map[string]any{"id": u.Id})
		if err != nil || len(n) < 2 {
			t.Fatalf("%s follows %d members, want at least 2", u.Email(), len(n))
		}
		expectDiary(t, app, u)
	}
	if nicknames == 0 || nicknames == len(users) {
		t.Fatalf("some but not all members should have nicknames, got %d of %d", nicknames, len(users))
	}
	expectCommunity(t, app)
	expectScrobbles(t, app)

	// Seeding again must not duplicate anything (the unique indexes would refuse some
	// of it anyway; diaries have no such guard).
	counts := func() map[string]int64 {
		out := map[string]int64{}
		for _, c := range []string{"users", "follows", "watch_entries", "diary", "activities", "activity_likes", "episode_reviews", "episode_watches", "tv_progress", "scrobble_plays", "imports"} {
			out[c], _ = app.CountRecords(c)
		}
		return out
	}
	before := counts()
	if err := demo.Seed(app); err != nil {
		t.Fatal(err)
	}
	for c, n := range counts() {
		if n != before[c] {
			t.Fatalf("%s grew from %d to %d on a re-seed", c, before[c], n)
		}
	}

	maya, err := app.FindAuthRecordByEmail("users", demo.Email("Maya", "Okafor"))
	if err == nil {
		expectYearInReview(t, app, maya)
	}
	if err != nil {
		t.Fatalf("the printed demo sign-in must exist: %v", err)
	}
	feed, err := social.FeedPage(app, maya.Id, 20, 1)
	if err != nil || len(feed) != 20 {
		t.Fatalf("the demo sign-in's first feed page has %d posts (%v), want a full page", len(feed), err)
	}
	authors, liked := map[string]bool{}, 0
	for i, a := range feed {
		authors[a.UserID] = true
		if a.IsLiked {
			liked++
		}
		if i > 0 && a.CreatedAt > feed[i-1].CreatedAt {
			t.Fatalf("the feed is not newest first at %d", i)
		}
	}
	if len(authors) < 3 || liked == 0 {
		t.Fatalf("the first page should show several friends (%d) and posts Maya liked (%d)", len(authors), liked)
	}
	expectShowsInProgress(t, app, maya)
}

// expectShowsInProgress checks that the demo sign-in has shows in Up Next and a friend's
// episode review guarded as a spoiler.
func expectShowsInProgress(t *testing.T, app core.App, maya *core.Record) {
	t.Helper()
	up, err := tv.UpNext(app, maya.Id, 20)
	if err != nil || len(up) < 3 {
		t.Fatalf("Maya's Up Next: %+v %v, want at least 3 shows", up, err)
	}
	lucas, err := app.FindAuthRecordByEmail("users", demo.Email("Lucas", "Ferreira"))
	if err != nil {
		t.Fatal(err)
	}
	posts, err := social.MemberPosts(app, maya.Id, lucas.Id, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range posts {
		if p.Type == "episode_review" {
			var d struct {
				Spoiler *tv.Spoiler `json:"spoiler"`
			}
			_ = json.Unmarshal(p.Data, &d)
			if d.Spoiler == nil || d.Spoiler.YoureOn == nil || *d.Spoiler.YoureOn != (tv.Ep{Season: 1, Episode: 2}) {
				t.Fatalf("Lucas's review of The Last of Us S1E3 for Maya (on S1E2): %s", p.Data)
			}
			return
		}
	}
	t.Fatal("Lucas's episode review is not on his profile")
}

// expectDiary checks one member's diary: several titles, ratings with decimals, dates in
// the last two months and in the past.
func expectDiary(t *testing.T, app core.App, u *core.Record) {
	t.Helper()
	entries, err := app.FindRecordsByFilter("watch_entries", "user = {:u}", "", 0, 0, dbx.Params{"u": u.Id})
	if err != nil || len(entries) < 5 {
		t.Fatalf("%s has %d watch entries, want at least 5", u.GetString("firstName"), len(entries))
	}
	rows, err := app.FindRecordsByFilter("diary", "user = {:u}", "", 0, 0, dbx.Params{"u": u.Id})
	if err != nil || len(rows) < 3 {
		t.Fatalf("%s has %d diary rows, want at least 3", u.GetString("firstName"), len(rows))
	}
	now := time.Now()
	for _, r := range rows {
		at := r.GetDateTime("watchedAt").Time()
		if r.GetBool("rewatch") && now.Sub(at) < 740*24*time.Hour {
			continue // the year of older watches Year in Review shows
		}
		if at.After(now) || now.Sub(at) > 61*24*time.Hour {
			t.Fatalf("%s watched on %v: not in the last two months", u.GetString("firstName"), at)
		}
	}
}

// expectCommunity checks the whole seed: decimals, reviews, every status, episode
// reviews, posts dated at their watch, and like counts equal to the like rows.
func expectCommunity(t *testing.T, app core.App) {
	t.Helper()
	q := func(sql string) int {
		var n int
		if err := app.DB().NewQuery(sql).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for what, n := range map[string]int{
		"ratings with decimals":        q(`SELECT COUNT(*) FROM watch_entries WHERE rating > 0 AND rating != ROUND(rating)`),
		"reviews":                      q(`SELECT COUNT(*) FROM watch_entries WHERE review != ''`),
		"plan_to_watch":                q(`SELECT COUNT(*) FROM watch_entries WHERE status = 'plan_to_watch'`),
		"currently_watching":           q(`SELECT COUNT(*) FROM watch_entries WHERE status = 'currently_watching'`),
		"dropped":                      q(`SELECT COUNT(*) FROM watch_entries WHERE status = 'dropped'`),
		"episode reviews":              q(`SELECT COUNT(*) FROM activities WHERE type = 'episode_review'`),
		"liked posts":                  q(`SELECT COUNT(*) FROM activities WHERE likeCount > 0`),
		"posts watched with a friend":  q(`SELECT COUNT(*) FROM watch_entries WHERE watchedWith != '[]' AND watchedWith != ''`),
		"posts dated at their watch":   q(`SELECT COUNT(*) FROM activities WHERE json_extract(data, '$.watchedAt') IS NOT NULL AND strftime('%s', created) = strftime('%s', json_extract(data, '$.watchedAt'))`),
		"a title watched, then posted": q(`SELECT COUNT(*) FROM (SELECT entry FROM activities WHERE entry != '' GROUP BY entry HAVING COUNT(*) > 1)`),
		"replies from the fediverse":   q(`SELECT COUNT(*) FROM comments WHERE remoteActor != ''`),
		"shared posts":                 q(`SELECT COUNT(*) FROM activities WHERE shareCount > 0`),
	} {
		if n == 0 {
			t.Errorf("the seed has no %s", what)
		}
	}
	if n := q(`SELECT COUNT(*) FROM activities WHERE json_extract(data, '$.watchedAt') IS NOT NULL AND strftime('%s', created) != strftime('%s', json_extract(data, '$.watchedAt'))`); n != 0 {
		t.Errorf("%d posts are not dated at their watch", n)
	}
	if n := q(`SELECT COUNT(*) FROM activities WHERE created > strftime('%Y-%m-%d %H:%M:%fZ', 'now')`); n != 0 {
		t.Errorf("%d posts are dated in the future", n)
	}
	// members' likes and the fediverse's (#23: the demo's Mastodon friend likes a post)
	if n := q(`SELECT COUNT(*) FROM activities a WHERE likeCount != (SELECT COUNT(*) FROM activity_likes l WHERE l.activity = a.id)
		+ (SELECT COUNT(*) FROM federation_reactions r WHERE r.post = a.id AND r.kind = 'like')`); n != 0 {
		t.Errorf("%d posts have a like count that differs from their likes", n)
	}
	if avg := float64(q(`SELECT CAST(AVG(rating) * 100 AS INTEGER) FROM watch_entries WHERE rating > 0`)) / 100; math.Abs(avg-8.5) > 1 {
		t.Errorf("the average rating is %.2f: a believable circle rates around 8", avg)
	}
}

func TestSeedJoinsChallenges(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	if _, err := catalog.SyncEmbedded(app); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := demo.Seed(app); err != nil {
			t.Fatal(err)
		}
	}
	q := func(sql string) int {
		var n int
		if err := app.DB().NewQuery(sql).Row(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := q(`SELECT COUNT(*) FROM challenges`); n != 8 {
		t.Errorf("%d challenges, want this month's and last month's 4", n)
	}
	if n := q(`SELECT COUNT(*) FROM user_challenges u JOIN challenges c ON c.id = u.challenge
		WHERE c.endsAt > strftime('%Y-%m-%d %H:%M:%fZ', 'now')`); n < 20 {
		t.Errorf("%d joins of this month's challenges, want most members in a few", n)
	}
	if n := q(`SELECT COUNT(*) FROM user_challenges WHERE isCompleted`); n == 0 {
		t.Error("no demo member completed a challenge")
	}
	if n := q(`SELECT COUNT(*) FROM user_challenges WHERE progress > 0 AND NOT isCompleted`); n == 0 {
		t.Error("no demo member is on the way")
	}
	if a, b := q(`SELECT COUNT(*) FROM user_challenges`), q(`SELECT COUNT(*) FROM activities WHERE type = 'challenge_joined'`); a != b {
		t.Errorf("%d joins but %d challenge_joined posts", a, b)
	}
	if n := q(`SELECT COUNT(*) FROM activities WHERE created > strftime('%Y-%m-%d %H:%M:%fZ', 'now')`); n != 0 {
		t.Errorf("%d posts are dated in the future", n)
	}
}

// expectYearInReview checks Maya has a last year worth reviewing, and its notice.
func expectYearInReview(t *testing.T, app core.App, maya *core.Record) {
	t.Helper()
	last := time.Now().UTC().Year() - 1
	r, err := year.Compute(app, maya, last, func(core.App, string) (bool, error) { return true, nil })
	if err != nil || r.Films < 5 || r.LongestStreak.Days < 3 {
		t.Fatalf("Maya's %d: %+v, %v", last, r, err)
	}
	if !maya.GetBool("public") || maya.GetString("handle") == "" {
		t.Fatalf("Maya should show a public profile: public %v handle %q", maya.GetBool("public"), maya.GetString("handle"))
	}
	n, err := app.CountRecords("notifications", dbx.HashExp{"user": maya.Id, "type": "year_review"})
	if err != nil || n != 1 {
		t.Fatalf("Maya has %d year_review notices, want 1 (%v)", n, err)
	}
}

// expectScrobbles: on first run, logging by watching shows: Maya's Plex logged Paris, Texas
// into her diary, Daniel's Jellyfin marked Better Call Saul S3E5, and Maya's unmatched
// home video waits in 'Needs matching'.
func expectScrobbles(t *testing.T, app core.App) {
	t.Helper()
	var film, episode, held int
	err := app.DB().NewQuery(`SELECT COUNT(*) FROM diary d JOIN movies m ON m.id = d.movie JOIN users u ON u.id = d.user
		WHERE u.firstName = 'Maya' AND m.title = 'Paris, Texas'`).Row(&film)
	if err == nil {
		err = app.DB().NewQuery(`SELECT COUNT(*) FROM episode_watches w JOIN users u ON u.id = w.user
			WHERE u.firstName = 'Daniel' AND w.season = 3 AND w.episode = 5 AND w.source = 'scrobble'`).Row(&episode)
	}
	if err == nil {
		err = app.DB().NewQuery(`SELECT COALESCE(SUM(json_array_length(i.unmatched)), 0) FROM imports i JOIN users u ON u.id = i.user
			WHERE u.firstName = 'Maya' AND i.source = 'scrobble'`).Row(&held)
	}
	if err != nil || film != 1 || episode != 1 || held != 1 {
		t.Errorf("demo scrobbles: Paris, Texas %d, BCS S3E5 %d, held %d (%v); want 1, 1, 1", film, episode, held, err)
	}
}
