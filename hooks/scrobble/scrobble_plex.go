package scrobble

import (
	"strings"
	"time"

	"cinecircle/hooks/catalog"
)

// plexPayload is the JSON of a Plex webhook (Plex Pass; multipart/form-data, part
// "payload"): the event and the item's Metadata: type movie or episode; title and year;
// for an episode grandparentTitle (the show), parentIndex (season) and index (episode);
// the Guid list of agent ids (tmdb://, imdb://, tvdb://: an episode's are its own);
// viewOffset and duration in milliseconds.
type plexPayload struct {
	Event    string `json:"event"`
	Metadata struct {
		Type             string `json:"type"`
		Title            string `json:"title"`
		Year             number `json:"year"`
		GrandparentTitle string `json:"grandparentTitle"`
		ParentIndex      number `json:"parentIndex"`
		Index            number `json:"index"`
		ViewOffset       number `json:"viewOffset"`
		Duration         number `json:"duration"`
		Guid             []struct {
			ID string `json:"id"`
		} `json:"Guid"`
	} `json:"Metadata"`
}

// plexEvents maps Plex's events that matter: media.play and media.resume start a play,
// media.stop ends one, media.scrobble is Plex's "watched" (90% played).
var plexEvents = map[string]Event{
	"media.play":     Started,
	"media.resume":   Started,
	"media.stop":     Stopped,
	"media.scrobble": Scrobbled,
}

// parsePlex reads a Plex webhook payload.
func parsePlex(b []byte) (Play, error) {
	var x plexPayload
	if err := decode(b, &x); err != nil {
		return Play{}, err
	}
	m := x.Metadata
	kind, ok := kindOf(m.Type)
	ev := plexEvents[strings.TrimSpace(x.Event)]
	if !ok || ev == Ignored {
		return Play{Server: "Plex"}, nil
	}
	p := Play{Server: "Plex", Event: ev, Kind: kind, Title: strings.TrimSpace(m.Title), Year: m.Year.int(),
		Position: time.Duration(m.ViewOffset.int64()) * time.Millisecond,
		Runtime:  time.Duration(m.Duration.int64()) * time.Millisecond}
	field := map[string]string{"title": "Metadata.title", "season": "Metadata.parentIndex", "episode": "Metadata.index"}
	if kind == catalog.TV {
		p.Title, p.Year = strings.TrimSpace(m.GrandparentTitle), 0
		p.Season, p.Episode = m.ParentIndex.int(), m.Index.int()
		field["title"] = "Metadata.grandparentTitle"
		return p, p.check(field)
	}
	for _, g := range m.Guid {
		scheme, id, _ := strings.Cut(g.ID, "://")
		switch scheme {
		case "tmdb":
			p.TMDBID = positiveID(text(id))
		case "imdb":
			p.IMDbID = imdbID(text(id))
		case "tvdb":
			p.TVDBID = positiveID(text(id))
		}
	}
	return p, p.check(field)
}
