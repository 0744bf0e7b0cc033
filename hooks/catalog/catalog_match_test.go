package catalog_test

import (
	"context"
	"errors"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/testutil"
)

func TestMatch(t *testing.T) {
	withoutTMDB(t)
	app := testutil.NewTestApp(t)
	if _, err := catalog.SyncEmbedded(app); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind  catalog.Kind
		name  string
		year  int
		found bool
		want  string
	}{
		{catalog.Movie, "The Matrix", 1999, true, "The Matrix"},
		{catalog.Movie, "matrix", 2000, true, "The Matrix"}, // a year off, no article
		{catalog.Movie, "AMÉLIE", 2001, true, "Amélie"},
		{catalog.Movie, "The Matrix", 1980, false, ""},
		{catalog.Movie, "A film nobody made", 2020, false, ""},
		{catalog.TV, "Breaking Bad", 2008, true, "Breaking Bad"},
		{catalog.TV, "breaking bad", 0, true, "Breaking Bad"},
	}
	for _, c := range cases {
		id, err := catalog.Match(context.Background(), app, c.kind, c.name, c.year)
		if !c.found {
			if !errors.Is(err, catalog.ErrNotFound) {
				t.Errorf("%q %d: got %d, %v; want not found", c.name, c.year, id, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q %d: %v", c.name, c.year, err)
			continue
		}
		r, err := app.FindFirstRecordByData(c.kind.Collection(), "tmdbId", id)
		field := "title"
		if c.kind == catalog.TV {
			field = "name"
		}
		if err != nil || r.GetString(field) != c.want {
			t.Errorf("%q %d: matched %v", c.name, c.year, r)
		}
	}
}
