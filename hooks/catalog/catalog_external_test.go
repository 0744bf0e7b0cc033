package catalog_test

import (
	"errors"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"
)

// TestResolveExternalIDs: with TMDB, an IMDb or TheTVDB id names the title TMDB's /find
// answers (an episode's id names its show), cached after the first answer; ids TMDB does
// not know, ids in the wrong shape and a catalog without TMDB resolve to nothing.
func TestResolveExternalIDs(t *testing.T) {
	f := newFakeTMDB(t)
	withTMDB(t, f, fakeKey)
	app := testutil.NewTestApp(t)
	for _, c := range []struct {
		name string
		kind catalog.Kind
		ids  catalog.ExternalIDs
		want int // 0: ErrNotFound
	}{
		{"a film's IMDb id", catalog.Movie, catalog.ExternalIDs{IMDb: "tt0133093"}, 603},
		{"a show's TheTVDB id", catalog.TV, catalog.ExternalIDs{TVDB: 81189}, 1396},
		{"an episode's IMDb id names its show", catalog.TV, catalog.ExternalIDs{IMDb: "tt0959621"}, 1396},
		{"IMDb first, TheTVDB when IMDb knows nothing", catalog.TV, catalog.ExternalIDs{IMDb: "tt9999999", TVDB: 81189}, 1396},
		{"a film's id asked as a show", catalog.TV, catalog.ExternalIDs{IMDb: "tt0133093"}, 0},
		{"an id TMDB does not know", catalog.Movie, catalog.ExternalIDs{IMDb: "tt0000001"}, 0},
		{"not an IMDb id", catalog.Movie, catalog.ExternalIDs{IMDb: "603"}, 0},
		{"nothing", catalog.Movie, catalog.ExternalIDs{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			id, err := catalog.Resolve(t.Context(), app, c.kind, c.ids)
			if c.want == 0 {
				if !errors.Is(err, catalog.ErrNotFound) {
					t.Fatalf("want ErrNotFound, got %d %v", id, err)
				}
				return
			}
			if err != nil || id != c.want {
				t.Fatalf("want %d, got %d %v", c.want, id, err)
			}
		})
	}
	if n := f.count("/find/tt0133093"); n != 2 { // once as a film, once as a show
		t.Errorf("/find/tt0133093 asked %d times, want 2", n)
	}
	if _, err := catalog.Resolve(t.Context(), app, catalog.Movie, catalog.ExternalIDs{IMDb: "tt0133093"}); err != nil || f.count("/find/tt0133093") != 2 {
		t.Errorf("the answer is cached: %v, %d requests", err, f.count("/find/tt0133093"))
	}
	if f.count("/find/603") != 0 {
		t.Error("an id in the wrong shape is never sent")
	}
	r, err := catalog.Find(t.Context(), app, catalog.Movie, 603)
	if err != nil || r.GetString("title") != "The Matrix" {
		t.Errorf("the resolved title is in the catalog: %v %v", r, err)
	}

	withoutTMDB(t)
	bare := testutil.NewTestApp(t)
	if _, err := catalog.Resolve(t.Context(), bare, catalog.Movie, catalog.ExternalIDs{IMDb: "tt0133093"}); !errors.Is(err, catalog.ErrNotFound) {
		t.Errorf("without TMDB nothing resolves: %v", err)
	}
}
