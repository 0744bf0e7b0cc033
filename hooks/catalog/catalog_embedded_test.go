package catalog_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"cinecircle/hooks/catalog"
)

// TestEmbeddedCatalogSize guards the curated catalog compiled into the binary: enough
// titles for search and trending to feel alive with no key, each one usable.
func TestEmbeddedCatalogSize(t *testing.T) {
	t.Parallel()
	set, err := catalog.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(set.Titles(catalog.Movie)); n < 1000 {
		t.Errorf("embedded movies: %d, want at least 1000", n)
	}
	if n := len(set.Titles(catalog.TV)); n < 300 {
		t.Errorf("embedded TV shows: %d, want at least 300", n)
	}
	for _, kind := range []catalog.Kind{catalog.Movie, catalog.TV} {
		for _, ti := range set.Titles(kind) {
			if ti.ID < catalog.LocalIDFloor || ti.ID >= catalog.ImportMovieFloor {
				t.Errorf("%s %q: id %d outside the embedded range", kind, ti.Title, ti.ID)
			}
			if ti.Year < 1890 || len(ti.Genres) == 0 || strings.TrimSpace(ti.Title) == "" {
				t.Errorf("%s %d %q: needs a title, a year and genres (year %d, genres %v)", kind, ti.ID, ti.Title, ti.Year, ti.Genres)
			}
			if kind == catalog.TV && (ti.NumberOfSeasons == 0 || ti.Seasons[0].EpisodeCount == 0) {
				t.Errorf("tv %d %q: needs seasons with episode counts", ti.ID, ti.Title)
			}
		}
	}
}

func TestParseEmbedded(t *testing.T) {
	t.Parallel()
	movie := `{"id":1000000001,"title":"Heat","originalTitle":"Heat","year":1995,"genres":["Crime"],"runtime":170}`
	movie2 := `{"id":1000000002,"title":"Alien","year":1979,"genres":["Horror"],"runtime":117}`
	show := `{"id":1000100001,"name":"Breaking Bad","firstAirYear":2008,"lastAirYear":2013,"genres":["Drama"],"episodeRuntime":47,"seasons":[7,13]}`
	cases := []struct {
		name  string
		files map[string]string
		err   string
	}{
		{"movies and shows", map[string]string{"data/movies_1.jsonl": movie + "\n\n" + movie2 + "\n", "data/tv.jsonl": show}, ""},
		{"only the TV file", map[string]string{"data/tv.jsonl": show + "\n"}, ""},
		{"bad JSON names the line", map[string]string{"data/tv.jsonl": show + "\n{oops\n"}, "tv.jsonl:2"},
		{"an id below the embedded range", map[string]string{"data/movies_1.jsonl": `{"id":603,"title":"The Matrix"}`}, "needs an id"},
		{"a repeated id", map[string]string{"data/movies_1.jsonl": movie, "data/movies_2.jsonl": movie}, "duplicate movie id"},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		for name, body := range c.files {
			fsys[name] = &fstest.MapFile{Data: []byte(body)}
		}
		set, err := catalog.ParseEmbedded(fsys)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if set.Hash() == "" {
			t.Errorf("%s: no fingerprint", c.name)
		}
	}

	set, err := catalog.ParseEmbedded(fstest.MapFS{
		"data/movies_1.jsonl": {Data: []byte(movie + "\n" + movie2)},
		"data/tv.jsonl":       {Data: []byte(show)},
	})
	if err != nil {
		t.Fatal(err)
	}
	heat, okHeat := set.Title(catalog.Movie, 1000000001)
	alien, okAlien := set.Title(catalog.Movie, 1000000002)
	bb, okBB := set.Title(catalog.TV, 1000100001)
	if !okHeat || !okAlien || !okBB {
		t.Fatalf("titles by id: heat %v, alien %v, breaking bad %v", okHeat, okAlien, okBB)
	}
	if heat.Popularity <= alien.Popularity || set.Titles(catalog.Movie)[0].ID != heat.ID {
		t.Errorf("file order is popularity: heat %v, alien %v", heat.Popularity, alien.Popularity)
	}
	if heat.Date != "1995" || heat.Runtime != 170 || heat.Source != catalog.SourceEmbedded {
		t.Errorf("heat = %+v", heat)
	}
	if bb.Kind != catalog.TV || bb.Date != "2008" || bb.EndDate != "2013" || bb.Runtime != 47 || bb.NumberOfSeasons != 2 ||
		bb.Seasons[1].SeasonNumber != 2 || bb.Seasons[1].EpisodeCount != 13 || bb.Seasons[1].Name != "Season 2" {
		t.Errorf("breaking bad = %+v", bb)
	}
	other, err := catalog.ParseEmbedded(fstest.MapFS{"data/tv.jsonl": {Data: []byte(show + "\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if other.Hash() == set.Hash() {
		t.Error("a different catalog must have a different fingerprint")
	}
}

func TestFilePopularity(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		years []int
		ranks []int
		peers []int
	}{
		{"a file sorted by year ranks within each year",
			[]int{1990, 1990, 1991, 1991, 1991, 1992},
			[]int{0, 1, 0, 1, 2, 0}, []int{2, 2, 3, 3, 3, 1}},
		{"any other file ranks as a whole",
			[]int{2008, 2011, 2005, 2016},
			[]int{0, 1, 2, 3}, []int{4, 4, 4, 4}},
	}
	// One title in 40 filed under the previous year still reads as sorted by year.
	var nearly []int
	for i := range 40 {
		nearly = append(nearly, 2000+i/2)
	}
	nearly[21] = 2009
	if ranks, peers := catalog.FilePopularity(nearly); ranks[21] != 2 || peers[21] != 3 || ranks[39] != 1 {
		t.Errorf("nearly sorted: ranks %v peers %v", ranks, peers)
	}
	for _, c := range cases {
		ranks, peers := catalog.FilePopularity(c.years)
		if !slices.Equal(ranks, c.ranks) || !slices.Equal(peers, c.peers) {
			t.Errorf("%s: ranks %v peers %v, want %v %v", c.name, ranks, peers, c.ranks, c.peers)
		}
	}
}
