package catalog

import "testing"

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
		if got := SearchKey(c.in); got != c.want {
			t.Errorf("SearchKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSearchTextAndRank(t *testing.T) {
	t.Parallel()
	if got := searchText("Amélie", "Le Fabuleux Destin d'Amélie Poulain"); got != "|amelie|fabuleux destin d amelie poulain|" {
		t.Fatalf("searchText = %q", got)
	}
	if got := searchText("The Matrix", "The Matrix"); got != "|matrix|" {
		t.Fatalf("searchText keeps one copy of an equal original title, got %q", got)
	}
	cases := []struct {
		title, query string
		want         Rank
	}{
		{"The Matrix", "the matrix", RankExact},
		{"The Matrix", "MATRIX", RankExact},
		{"The Matrix Reloaded", "matrix", RankPrefix},
		{"Beyond the Matrix", "matrix", RankWordPrefix},
		{"The Animatrix", "matrix", RankSubstring},
		{"Spider-Man", "spiderman", RankCompactExact},
		{"Spider-Man 2", "spiderman", RankCompact},
		{"Schindler's List", "schindlers list", RankCompactExact},
		{"Amélie", "poulain", RankNone},
		{"Heat", "matrix", RankNone},
	}
	for _, c := range cases {
		if got := rankOf(searchText(c.title, ""), SearchKey(c.query)); got != c.want {
			t.Errorf("rank of %q for %q = %d, want %d", c.title, c.query, got, c.want)
		}
	}
	// The original title is searched too.
	if got := rankOf(searchText("Amélie", "Le Fabuleux Destin d'Amélie Poulain"), SearchKey("amelie poulain")); got != RankWordPrefix {
		t.Errorf("original title word prefix: got %d", got)
	}
}
