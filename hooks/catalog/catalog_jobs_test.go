package catalog_test

import (
	"context"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"
)

func TestRefreshTrending(t *testing.T) {
	f := newFakeTMDB(t)
	withTMDB(t, f, fakeKey)
	app := testutil.NewTestApp(t)
	for range 2 { // each run asks TMDB again: the cached answer is replaced, not reused
		if err := catalog.RefreshTrending(context.Background(), app); err != nil {
			t.Fatal(err)
		}
	}
	if f.count("/trending/movie/week") != 2 || f.count("/trending/tv/week") != 2 {
		t.Fatalf("trending asked %d and %d times, want 2 each", f.count("/trending/movie/week"), f.count("/trending/tv/week"))
	}
	if app.Cron().Total() == 0 {
		t.Fatal("the refresh job must be scheduled")
	}
	withoutTMDB(t)
	quiet := testutil.NewTestApp(t)
	if err := catalog.RefreshTrending(context.Background(), quiet); err != nil {
		t.Fatalf("without TMDB there is nothing to refresh: %v", err)
	}
}
