package catalog_test

import (
	"testing"

	"cinecircle/hooks/catalog"
)

func TestSearchKey(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"The Matrix", "matrix"},
		{"  THE   MATRIX ", "matrix"},
		{"Matríx", "matrix"},
		{"Amélie", "amelie"},
		{"Le Fabuleux Destin d'Amélie Poulain", "fabuleux destin d amelie poulain"},
		{"Schindler's List", "schindler s list"},
		{"Spider-Man: No Way Home", "spider man no way home"},
		{"Law & Order", "law and order"},
		{"Ænima Œuvre Straße", "aenima oeuvre strasse"},
		{"Das Boot", "boot"},
		{"La La Land", "la land"},
		{"L'Avventura", "avventura"},
		{"The", "the"},
		{"A", "a"},
		{"It", "it"},
		{"千と千尋の神隠し", "千と千尋の神隠し"},
		{"!!!", ""},
		{"WALL·E", "wall e"},
	}
	for _, c := range cases {
		if got := catalog.SearchKey(c.in); got != c.want {
			t.Errorf("SearchKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSearchTextAndRank(t *testing.T) {
	t.Parallel()
	if got := catalog.SearchText("Amélie", "Le Fabuleux Destin d'Amélie Poulain"); got != "|amelie|fabuleux destin d amelie poulain|" {
		t.Fatalf("SearchText = %q", got)
	}
	if got := catalog.SearchText("The Matrix", "The Matrix"); got != "|matrix|" {
		t.Fatalf("searchText keeps one copy of an equal original title, got %q", got)
	}
	cases := []struct {
		title, query string
		want         catalog.Rank
	}{
		{"The Matrix", "the matrix", catalog.RankExact},
		{"The Matrix", "MATRIX", catalog.RankExact},
		{"The Matrix Reloaded", "matrix", catalog.RankPrefix},
		{"Beyond the Matrix", "matrix", catalog.RankWordPrefix},
		{"The Animatrix", "matrix", catalog.RankSubstring},
		{"Spider-Man", "spiderman", catalog.RankCompactExact},
		{"Spider-Man 2", "spiderman", catalog.RankCompact},
		{"Schindler's List", "schindlers list", catalog.RankCompactExact},
		{"Amélie", "poulain", catalog.RankNone},
		{"Heat", "matrix", catalog.RankNone},
	}
	for _, c := range cases {
		if got := catalog.RankOf(catalog.SearchText(c.title, ""), catalog.SearchKey(c.query)); got != c.want {
			t.Errorf("rank of %q for %q = %d, want %d", c.title, c.query, got, c.want)
		}
	}
	// The original title is searched too.
	if got := catalog.RankOf(catalog.SearchText("Amélie", "Le Fabuleux Destin d'Amélie Poulain"), catalog.SearchKey("amelie poulain")); got != catalog.RankWordPrefix {
		t.Errorf("original title word prefix: got %d", got)
	}
}
