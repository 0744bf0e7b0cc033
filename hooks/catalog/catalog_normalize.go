package catalog

import (
	"strings"
	"unicode"
)

// foldTable maps the accented and ligature letters of the Latin scripts our catalog holds
// to plain ASCII, so 'Amélie', 'AMELIE' and 'amelie' are one search key. It is a table
// rather than Unicode decomposition so the module needs no extra dependency.
var foldTable = func() map[rune]string {
	groups := map[string]string{
		"a": "àáâãäåāăąǎȧạả", "c": "çćĉċč", "d": "ďđð", "e": "èéêëēĕėęěẹẻẽ",
		"g": "ĝğġģ", "h": "ĥħ", "i": "ìíîïĩīĭįıǐịỉ", "j": "ĵ", "k": "ķ", "l": "ĺļľŀł",
		"n": "ñńņňŉ", "o": "òóôõöøōŏőǒọỏơ", "r": "ŕŗř", "s": "śŝşšș", "t": "ţťŧț",
		"u": "ùúûüũūŭůűųǔụủư", "w": "ŵ", "y": "ýÿŷỳ", "z": "źżž",
	}
	t := map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'þ': "th", 'ĳ': "ij"}
	for plain, letters := range groups {
		for _, r := range letters {
			t[r] = plain
		}
	}
	return t
}()

// leadingArticles are dropped from the front of titles and queries, so 'The Matrix',
// 'Matrix' and 'the matrix' rank as the same exact match ('Le Fabuleux Destin…' too).
var leadingArticles = []string{"the", "a", "an", "le", "la", "les", "l", "el", "los", "las", "der", "die", "das"}

// Fold lowercases s, replaces accented letters by their plain form, spells '&' as 'and'
// and turns every other non-alphanumeric run into one space. Apostrophes separate too,
// so "d'Amélie" has the word "amelie"; the search's spaces-ignored tier still lets
// "schindlers" find "Schindler's".
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true // suppress leading spaces
	put := func(str string) {
		b.WriteString(str)
		space = false
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
			space = false
		case r == '&':
			if !space {
				b.WriteByte(' ')
			}
			put("and ")
			space = true
		default:
			if f, ok := foldTable[r]; ok {
				put(f)
			} else if r >= 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				put(string(r)) // other scripts stay searchable as they are
			} else if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// SearchKey is the form titles and queries are compared in: folded, without a leading
// article. A title that is only an article ('It', 'The') keeps it.
func SearchKey(s string) string {
	k := Fold(s)
	for _, a := range leadingArticles {
		if rest, ok := strings.CutPrefix(k, a+" "); ok && rest != "" {
			return rest
		}
	}
	return k
}

// SearchText is a title's value of searchText, the indexed column titles are searched
// by: the search keys of its title and original title between '|' marks ("|matrix|"),
// so one instr() tells an exact match ('|q|'), a prefix ('|q'), a word prefix (' q') and
// a substring apart.
func SearchText(title, original string) string {
	keys := []string{SearchKey(title)}
	if o := SearchKey(original); o != "" && o != keys[0] {
		keys = append(keys, o)
	}
	return "|" + strings.Join(keys, "|") + "|"
}

// Rank orders how well a search key matches a title's searchText: lower is better.
type Rank int

// The match ranks, best first.
const (
	RankExact        Rank = iota
	RankCompactExact      // equal once spaces are ignored ('spiderman' → 'Spider-Man')
	RankPrefix
	RankWordPrefix
	RankSubstring
	RankCompact // matches only once spaces are ignored ('spiderman' → 'Spider-Man')
	RankNone
)

// RankOf ranks key against text (a SearchText value) the way the SQL search does
// (searchLocal), for the table of the ranks in the tests.
func RankOf(text, key string) Rank {
	switch {
	case strings.Contains(text, "|"+key+"|"):
		return RankExact
	case strings.Contains(strings.ReplaceAll(text, " ", ""), "|"+strings.ReplaceAll(key, " ", "")+"|"):
		return RankCompactExact
	case strings.Contains(text, "|"+key):
		return RankPrefix
	case strings.Contains(text, " "+key):
		return RankWordPrefix
	case strings.Contains(text, key):
		return RankSubstring
	case strings.Contains(strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(key, " ", "")):
		return RankCompact
	}
	return RankNone
}
