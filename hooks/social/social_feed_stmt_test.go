package social_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// TestFeedPreparedQueries: the feed's prepared queries serve many readers at once, each
// getting their own feed, and keep working after the activities collection changes (a
// kept statement is prepared again for the new table).
func TestFeedPreparedQueries(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	now := time.Now().UTC()
	var viewers []string
	want := map[string][]string{}
	for i := range 6 {
		u := testutil.CreateUser(t, app, fmt.Sprintf("Reader%c", 'a'+i))
		viewers = append(viewers, u.Id)
		for j := range 5 {
			id := fmt.Sprintf("prep%02d%09d", i, j)
			testutil.CreateActivity(t, app, id, u.Id, "movie_watched", now.Add(-time.Duration(j)*time.Minute), map[string]any{"movieId": j})
			want[u.Id] = append(want[u.Id], id)
		}
	}
	var wg sync.WaitGroup
	for w := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				v := viewers[(w+i)%len(viewers)]
				if got := feedIDs(t, app, v, social.FeedCursor{Limit: 5, Page: 1}); !slices.Equal(got, want[v]) {
					t.Errorf("%s read %v, want %v", v, got, want[v])
					return
				}
			}
		}()
	}
	wg.Wait()

	col, err := app.FindCollectionByNameOrId("activities")
	if err != nil {
		t.Fatal(err)
	}
	col.Fields.Add(&core.TextField{Name: "mood"})
	if err := app.Save(col); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB().NewQuery("UPDATE activities SET mood = 'glad', likeCount = 3").Execute(); err != nil {
		t.Fatal(err)
	}
	rows, err := social.FeedRows(app, viewers[0], social.FeedCursor{Limit: 5, Page: 1})
	if err != nil || len(rows) != 5 {
		t.Fatalf("after the collection changed: %d posts, %v", len(rows), err)
	}
	if rows[0].LikeCount != 3 || rows[0].ID != want[viewers[0]][0] {
		t.Fatalf("after the collection changed the feed reads %+v", rows[0])
	}
}
