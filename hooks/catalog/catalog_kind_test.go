package catalog_test

import (
	"testing"

	"cinecircle/hooks/catalog"
)

// TestKindNames pins every name a kind gives other domains: collections, relation
// fields, body and post-data keys, post and notification types, and page paths.
func TestKindNames(t *testing.T) {
	cases := []struct {
		kind                                        catalog.Kind
		collection, name, relation, id, title, post string
		entity, page                                string
	}{
		{catalog.Movie, "movies", "title", "movie", "movieId", "movieTitle", "movie_review", "movie", "/movie/603"},
		{catalog.TV, "tv_shows", "name", "tvShow", "tvShowId", "tvShowTitle", "tv_review", "tv_show", "/tv/1396"},
	}
	for _, c := range cases {
		id := map[catalog.Kind]string{catalog.Movie: "603", catalog.TV: "1396"}[c.kind]
		got := []string{c.kind.Collection(), c.kind.NameField(), c.kind.RelationField(), c.kind.IDField(),
			c.kind.DataKey("Title"), c.kind.PostType("review"), c.kind.EntityType(), c.kind.PagePath(id)}
		want := []string{c.collection, c.name, c.relation, c.id, c.title, c.post, c.entity, c.page}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: name %d is %q, want %q", c.kind, i, got[i], want[i])
			}
		}
		if k, ok := catalog.KindOfPostType(c.post); !ok || k != c.kind {
			t.Errorf("KindOfPostType(%q) = %q, %v", c.post, k, ok)
		}
		if k, ok := catalog.KindOfEntityType(c.entity); !ok || k != c.kind {
			t.Errorf("KindOfEntityType(%q) = %q, %v", c.entity, k, ok)
		}
	}
	for _, typ := range []string{"episode_review", "challenge_completed", "collaborative_movie", ""} {
		if k, ok := catalog.KindOfPostType(typ); ok {
			t.Errorf("KindOfPostType(%q) = %q: a post about no title", typ, k)
		}
	}
}

// TestTitleNameIn reads the title a post's data names, whichever domain wrote it.
func TestTitleNameIn(t *testing.T) {
	cases := []struct {
		data map[string]any
		want string
	}{
		{map[string]any{"movieTitle": "The Matrix", "review": "Whoa"}, "The Matrix"},
		{map[string]any{"tvShowTitle": "Severance"}, "Severance"},
		{map[string]any{"tvShowName": "Breaking Bad", "episodeName": "Pilot"}, "Breaking Bad"},
		{map[string]any{"movieTitle": "  ", "tvShowTitle": "Dark"}, "Dark"},
		{map[string]any{"challengeName": "November"}, ""},
		{nil, ""},
	}
	for _, c := range cases {
		if got := catalog.TitleNameIn(c.data); got != c.want {
			t.Errorf("TitleNameIn(%v) = %q, want %q", c.data, got, c.want)
		}
	}
}
