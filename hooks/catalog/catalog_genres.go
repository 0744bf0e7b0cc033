package catalog

import "strings"

// importGenres maps the genre labels of the import formats (streaming catalogs'
// listed_in, Wikipedia's genres) loosely to TMDB's genre names, per kind. A label mapped
// to nothing is a market or format tag, not a genre ("International Movies"); a label
// not in the table is kept as given.
var importGenres = map[string][]string{
	// streaming catalogs, movies
	"action & adventure": {"Action", "Adventure"}, "anime features": {"Animation"},
	"children & family movies": {"Family"}, "classic movies": nil, "comedies": {"Comedy"},
	"cult movies": nil, "documentaries": {"Documentary"}, "dramas": {"Drama"},
	"faith & spirituality": nil, "horror movies": {"Horror"}, "independent movies": nil,
	"international movies": nil, "lgbtq movies": nil, "movies": nil, "music & musicals": {"Music"},
	"romantic movies": {"Romance"}, "sci-fi & fantasy": {"Science Fiction", "Fantasy"},
	"sports movies": nil, "stand-up comedy": {"Comedy"}, "thrillers": {"Thriller"},
	// streaming catalogs, TV
	"anime series": {"Animation"}, "british tv shows": nil, "classic & cult tv": nil,
	"crime tv shows": {"Crime"}, "docuseries": {"Documentary"}, "international tv shows": nil,
	"kids' tv": {"Kids"}, "korean tv shows": nil, "reality tv": {"Reality"},
	"romantic tv shows": {"Romance"}, "science & nature tv": {"Documentary"},
	"spanish-language tv shows": nil, "stand-up comedy & talk shows": {"Comedy", "Talk"},
	"teen tv shows": {"Family"}, "tv action & adventure": {"Action & Adventure"},
	"tv comedies": {"Comedy"}, "tv dramas": {"Drama"}, "tv horror": {"Mystery"},
	"tv mysteries": {"Mystery"}, "tv sci-fi & fantasy": {"Sci-Fi & Fantasy"}, "tv shows": nil,
	"tv thrillers": {"Mystery"},
	// Wikipedia film genres
	"animated": {"Animation"}, "biographical": {"History"}, "historical": {"History"},
	"musical": {"Music"}, "dance": {"Music"}, "superhero": {"Action"}, "martial arts": {"Action"},
	"disaster": {"Action"}, "spy": {"Thriller"}, "suspense": {"Thriller"}, "slasher": {"Horror"},
	"supernatural": {"Horror"}, "noir": {"Crime"}, "legal": {"Drama"}, "political": {"Drama"},
	"satire": {"Comedy"}, "parody": {"Comedy"}, "sci-fi": {"Science Fiction"},
	"science fiction": {"Science Fiction"}, "romance": {"Romance"}, "romantic comedy": {"Romance", "Comedy"},
	"independent": nil, "short": nil, "live action": nil, "silent": nil,
}

// tvGenreNames turns movie genre names into TMDB's TV ones, which merge some.
var tvGenreNames = map[string]string{
	"Action": "Action & Adventure", "Adventure": "Action & Adventure", "Science Fiction": "Sci-Fi & Fantasy",
	"Fantasy": "Sci-Fi & Fantasy", "War": "War & Politics", "Thriller": "Mystery", "Horror": "Mystery",
}

// mapGenres maps import genre labels for a kind, keeping order and dropping repeats.
func mapGenres(kind Kind, labels []string) []string {
	out := []string{}
	seen := map[string]bool{}
	add := func(g string) {
		if kind == TV {
			if tv, ok := tvGenreNames[g]; ok {
				g = tv
			}
		}
		if g != "" && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	for _, label := range labels {
		label = strings.TrimSpace(label)
		mapped, known := importGenres[strings.ToLower(label)]
		if !known {
			if tm := tmdbGenreName(label); tm != "" {
				add(tm)
			} else if label != "" {
				add(label)
			}
			continue
		}
		for _, g := range mapped {
			add(g)
		}
	}
	return out
}

// tmdbGenreName returns the TMDB spelling of label when it is one of TMDB's genres.
func tmdbGenreName(label string) string {
	for _, names := range tmdbGenres {
		for _, n := range names {
			if strings.EqualFold(n, label) {
				return n
			}
		}
	}
	return ""
}

// countryCodes maps the country names of the streaming catalogs to the ISO 3166-1 codes
// TMDB uses; other names are left out rather than stored in a second spelling.
var countryCodes = map[string]string{
	"united states": "US", "united kingdom": "GB", "india": "IN", "canada": "CA", "france": "FR",
	"japan": "JP", "spain": "ES", "south korea": "KR", "germany": "DE", "mexico": "MX", "china": "CN",
	"australia": "AU", "egypt": "EG", "turkey": "TR", "hong kong": "HK", "nigeria": "NG", "italy": "IT",
	"brazil": "BR", "argentina": "AR", "belgium": "BE", "indonesia": "ID", "taiwan": "TW",
	"philippines": "PH", "thailand": "TH", "south africa": "ZA", "colombia": "CO", "ireland": "IE",
	"denmark": "DK", "sweden": "SE", "poland": "PL", "netherlands": "NL", "norway": "NO",
	"israel": "IL", "russia": "RU", "new zealand": "NZ", "chile": "CL", "lebanon": "LB",
	"pakistan": "PK", "malaysia": "MY", "singapore": "SG", "germany, west": "DE", "west germany": "DE",
	"soviet union": "SU", "austria": "AT", "switzerland": "CH", "portugal": "PT", "czech republic": "CZ",
}
