package posts_test

import (
	"database/sql"
	"errors"
	"testing"
	"time"

	"cinecircle/hooks/posts"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// age dates a post d in the past, as if it had been posted then.
func age(t *testing.T, app core.App, id string, d time.Duration) {
	t.Helper()
	at := time.Now().Add(-d).UTC().Format("2006-01-02 15:04:05.000Z")
	if _, err := app.DB().NewQuery("UPDATE activities SET created = {:at} WHERE id = {:id}").
		Bind(dbx.Params{"at": at, "id": id}).Execute(); err != nil {
		t.Fatal(err)
	}
}

// count is how many posts match filter.
func count(t *testing.T, app core.App, filter string, params dbx.Params) int {
	t.Helper()
	n, err := app.CountRecords(posts.Collection, dbx.NewExp(filter, params))
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestCreateAndEdit(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7)
	p, err := posts.Create(app, posts.Post{User: ana.Id, Type: "tv_watchlist",
		Links: map[string]string{"tvShow": show.Id}, Data: map[string]any{"tvShowTitle": "Breaking Bad"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetString("user") != ana.Id || p.GetString("tvShow") != show.Id || p.GetString("type") != "tv_watchlist" {
		t.Fatalf("created %v", p.FieldsData())
	}
	if err := posts.Edit(app, p, "", map[string]any{"tvShowTitle": "Breaking Bad", "review": "soon"}); err != nil {
		t.Fatal(err)
	}
	if err := posts.Edit(app, p, "tv_review", map[string]any{"review": "Yes."}); err != nil {
		t.Fatal(err)
	}
	stored, err := app.FindRecordById(posts.Collection, p.Id)
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]any
	_ = stored.UnmarshalJSONField("data", &data)
	if stored.GetString("type") != "tv_review" || data["review"] != "Yes." {
		t.Fatalf("after edits: %s %v", stored.GetString("type"), data)
	}
}

// TestUpsertGroupsWithinTheWindow: the second post of a group inside the window updates
// the first (merged when the group says how); outside it, or in another group, it is a
// post of its own.
func TestUpsertGroupsWithinTheWindow(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7)
	other := testutil.CreateShow(t, app, 1399, "Game of Thrones", 2011, 57, 10)
	// An episode burst: one post per member, show and hour, counting the episodes.
	episodes := func(user, showID string, n int) (*core.Record, bool) {
		t.Helper()
		r, created, err := posts.Upsert(app, posts.Post{User: user, Type: "tv_currently_watching",
			Links: map[string]string{"tvShow": showID}, Data: map[string]any{"episodes": float64(n)}},
			posts.Group{
				Key:    posts.Match{"user": user, "type": "tv_currently_watching", "tvShow": showID},
				Window: time.Hour,
				Merge: func(earlier, next map[string]any) map[string]any {
					e, _ := earlier["episodes"].(float64)
					n, _ := next["episodes"].(float64)
					return map[string]any{"episodes": e + n}
				},
			})
		if err != nil {
			t.Fatal(err)
		}
		return r, created
	}
	first, created := episodes(ana.Id, show.Id, 1)
	if !created {
		t.Fatal("the first post of a group is created")
	}
	if again, created := episodes(ana.Id, show.Id, 2); created || again.Id != first.Id {
		t.Fatalf("within the hour the group's post is updated, got created=%v %s", created, again.Id)
	}
	if r, created := episodes(ana.Id, other.Id, 1); !created || r.Id == first.Id {
		t.Fatal("another show is another group")
	}
	if r, created := episodes(bea.Id, show.Id, 1); !created || r.Id == first.Id {
		t.Fatal("another member is another group")
	}
	stored, _ := app.FindRecordById(posts.Collection, first.Id)
	var data map[string]any
	_ = stored.UnmarshalJSONField("data", &data)
	if data["episodes"] != 3.0 {
		t.Fatalf("merged data %v, want 3 episodes", data)
	}
	age(t, app, first.Id, time.Hour+time.Minute)
	if r, created := episodes(ana.Id, show.Id, 1); !created || r.Id == first.Id {
		t.Fatal("after the window a new post starts the group again")
	}
	if n := count(t, app, "user = {:u} AND tvShow = {:s}", dbx.Params{"u": ana.Id, "s": show.Id}); n != 2 {
		t.Fatalf("%d posts of Ana about the show, want 2", n)
	}

	// Without Merge the new post replaces type and data (a re-saved diary entry).
	if _, _, err := posts.Upsert(app, posts.Post{User: bea.Id, Type: "tv_review", Data: map[string]any{"review": "Now I know."}},
		posts.Group{Key: posts.Match{"user": bea.Id, "tvShow": show.Id}, Window: time.Hour}); err != nil {
		t.Fatal(err)
	}
	replaced, err := app.FindFirstRecordByFilter(posts.Collection, "user = {:u} && tvShow = {:s}", dbx.Params{"u": bea.Id, "s": show.Id})
	if err != nil {
		t.Fatal(err)
	}
	data = nil
	_ = replaced.UnmarshalJSONField("data", &data)
	if replaced.GetString("type") != "tv_review" || data["review"] != "Now I know." || data["episodes"] != nil {
		t.Fatalf("replaced post: %s %v", replaced.GetString("type"), data)
	}

	if _, _, err := posts.Upsert(app, posts.Post{User: ana.Id, Type: "tv_review"}, posts.Group{Key: posts.Match{"user": ana.Id}}); err == nil {
		t.Fatal("a group without a window is refused")
	}
	if _, _, err := posts.Upsert(app, posts.Post{User: ana.Id, Type: "tv_review"},
		posts.Group{Key: posts.Match{"user = '' || 1": 1}, Window: time.Hour}); err == nil {
		t.Fatal("a match names fields, never expressions")
	}
	if _, _, err := posts.Upsert(app, posts.Post{User: ana.Id, Type: "tv_review"}, posts.Group{Window: time.Hour}); err == nil {
		t.Fatal("an empty match is refused: it would group every post")
	}
}

func TestCreateOnce(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	post := func() (*core.Record, bool) {
		r, created, err := posts.CreateOnce(app, posts.Post{User: ana.Id, Type: "challenge_completed",
			Data: map[string]any{"challengeId": "c1", "challengeName": "Ten in October"}},
			posts.Match{"user": ana.Id, "type": "challenge_completed", "data.challengeId": "c1"})
		if err != nil {
			t.Fatal(err)
		}
		return r, created
	}
	first, created := post()
	if !created {
		t.Fatal("the first call creates the post")
	}
	age(t, app, first.Id, 30*24*time.Hour)
	if again, created := post(); created || again.Id != first.Id {
		t.Fatal("a second call, at any age, returns the first post")
	}
}

// TestDeleteDetaches: a post's registered detach runs in the deleting transaction, and a
// failing one keeps the post.
func TestDeleteDetaches(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	var detached []string
	posts.OnDelete(app, "movie_watched", func(tx core.App, post *core.Record) error {
		if post.GetString("type") != "movie_watched" {
			t.Errorf("detach called for %s", post.GetString("type"))
		}
		detached = append(detached, post.Id)
		if len(detached) > 2 {
			return errors.New("the third cannot go")
		}
		return nil
	})
	mk := func(typ string) *core.Record {
		r, err := posts.Create(app, posts.Post{User: ana.Id, Type: typ, Data: map[string]any{}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	watched, review := mk("movie_watched"), mk("movie_review")
	if err := posts.Delete(app, watched); err != nil {
		t.Fatal(err)
	}
	if err := posts.Delete(app, review); err != nil {
		t.Fatal(err)
	}
	if len(detached) != 1 || detached[0] != watched.Id {
		t.Fatalf("detached %v, want only the watched post", detached)
	}
	mk("movie_watched")
	mk("movie_watched")
	mk("movie_rating")
	if n, err := posts.DeleteMatching(app, posts.Match{"user": ana.Id}); err == nil {
		t.Fatalf("a failing detach must fail the delete, deleted %d", n)
	}
	if n := count(t, app, "user = {:u}", dbx.Params{"u": ana.Id}); n != 3 {
		t.Fatalf("%d posts left, want all 3: the transaction rolls back", n)
	}
	detached = nil
	posts.OnDelete(app, "movie_watched", func(core.App, *core.Record) error { return nil })
	if n, err := posts.DeleteMatching(app, posts.Match{"user": ana.Id, "type": "movie_watched"}); err != nil || n != 2 {
		t.Fatalf("deleted %d (%v), want the 2 watched posts", n, err)
	}
	if _, err := app.FindFirstRecordByFilter(posts.Collection, "user = {:u}", dbx.Params{"u": ana.Id}); errors.Is(err, sql.ErrNoRows) {
		t.Fatal("the rating post does not match and stays")
	}
}
