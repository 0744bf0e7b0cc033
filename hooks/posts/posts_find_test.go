package posts_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/posts"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestFindSearchesTheLinksIndex: the posts of a list or of a remote actor are found with
// a search of the partial index that holds the posts having that link, on a community
// where almost no post has one (as ANALYZE then sees it), never by reading every post
// newest first; and what is found is just those posts, newest first.
func TestFindSearchesTheLinksIndex(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	for i := range 400 {
		if _, err := app.DB().NewQuery(`INSERT INTO activities (id, user, type, created, updated, data)
			VALUES ({:id}, {:user}, 'movie_watched', {:at}, {:at}, '{}')`).Bind(dbx.Params{
			"id": fmt.Sprintf("plain%010d", i), "user": ana.Id,
			"at": time.Now().Add(-time.Duration(i) * time.Minute).UTC().Format("2006-01-02 15:04:05.000Z"),
		}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	lists, err := app.FindCollectionByNameOrId("lists")
	if err != nil {
		t.Fatal(err)
	}
	list := core.NewRecord(lists)
	list.Load(map[string]any{"owner": ana.Id, "name": "Heists", "visibility": "public"})
	if err := app.Save(list); err != nil {
		t.Fatal(err)
	}
	older := testutil.CreateActivity(t, app, "listpost0000001", ana.Id, "list_created", time.Now().Add(-2*time.Hour), map[string]any{})
	newer := testutil.CreateActivity(t, app, "listpost0000002", ana.Id, "list_updated", time.Now().Add(-time.Hour), map[string]any{})
	for _, r := range []string{older.Id, newer.Id} {
		if _, err := app.DB().Update(posts.Collection, dbx.Params{"list": list.Id}, dbx.HashExp{"id": r}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	for _, stage := range []string{"after ANALYZE", "with the 10x data set's sampled statistics"} {
		if stage != "after ANALYZE" {
			testutil.UseSampledStatistics(t, app)
		}
		for _, c := range []struct {
			match posts.Match
			index string
		}{
			{posts.Match{"list": list.Id}, "idx_activities_list (list=?)"},
			{posts.Match{"type": "list_updated", "list": list.Id, "data.actorId": ana.Id}, "idx_activities_list (list=?)"},
			{posts.Match{"remoteActor": "https://remote.example/users/bo"}, "idx_activities_remote (remoteActor=?)"},
		} {
			sql, params, err := posts.FindSQL(app, c.match)
			if err != nil {
				t.Fatal(err)
			}
			if plan := testutil.QueryPlan(t, app, sql, params); !strings.Contains(strings.Join(plan, "\n"), "SEARCH activities USING INDEX "+c.index) {
				t.Errorf("%s: posts matching %v: plan %q, want a search of %s", stage, c.match, plan, c.index)
			}
		}
	}
	n, err := posts.SetAudience(app, posts.Match{"list": list.Id}, "private")
	if err != nil || n != 2 {
		t.Fatalf("SetAudience on the list's posts: %d, %v; want its 2 posts", n, err)
	}
	if got := count(t, app, "audience = 'private'", nil); got != 2 {
		t.Fatalf("%d private posts, want the list's 2", got)
	}
	if found, _, err := posts.Upsert(app, posts.Post{User: ana.Id, Type: "list_updated", Links: map[string]string{"list": list.Id}},
		posts.Group{Key: posts.Match{"list": list.Id}, Window: 3 * time.Hour}); err != nil || found.Id != newer.Id {
		t.Fatalf("the list's group joins its newest post: %v, %v", found, err)
	}
}
