package scrobble

import (
	"strings"
	"time"

	"cinecircle/hooks/catalog"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// genericPayload is CineCircle's own shape, for Kodi (through a script or add-on that
// posts JSON on playback events) and anything else (README, "Kodi and other players"):
//
//	{"event": "play" | "resume" | "stop" | "scrobble", "type": "movie" | "episode",
//	 "title": "Heat", "year": 1995, "ids": {"tmdb": 949, "imdb": "tt0113277"},
//	 "show": {"title": "…", "year": 2008, "ids": {"tmdb": 1396}}, "season": 1, "episode": 2,
//	 "progress": 97.5, "watchedAt": "2026-03-01T21:30:00Z"}
//
// For an episode, show names the show and title (optional) the episode; progress is the
// percent played (or position and duration, in seconds).
type genericPayload struct {
	Event string     `json:"event"`
	Type  string     `json:"type"`
	Title string     `json:"title"`
	Year  number     `json:"year"`
	IDs   genericIDs `json:"ids"`
	Show  struct {
		Title string     `json:"title"`
		Year  number     `json:"year"`
		IDs   genericIDs `json:"ids"`
	} `json:"show"`
	Season    number `json:"season"`
	Episode   number `json:"episode"`
	Progress  number `json:"progress"`
	Position  number `json:"position"`
	Duration  number `json:"duration"`
	WatchedAt string `json:"watchedAt"`
}

// genericIDs are a title's ids in the generic shape.
type genericIDs struct {
	TMDB text `json:"tmdb"`
	IMDb text `json:"imdb"`
	TVDB text `json:"tvdb"`
}

// genericEvents are the generic shape's events.
var genericEvents = map[string]Event{"play": Started, "resume": Started, "stop": Stopped, "scrobble": Scrobbled}

// parseGeneric reads the generic (Kodi) shape.
func parseGeneric(b []byte) (Play, error) {
	var x genericPayload
	if err := decode(b, &x); err != nil {
		return Play{}, err
	}
	ev, known := genericEvents[strings.ToLower(strings.TrimSpace(x.Event))]
	if !known {
		return Play{Server: "Kodi"}, nil // pause, and events of later versions
	}
	kind, ok := kindOf(x.Type)
	if !ok {
		return Play{}, validation.Errors{"type": validation.NewError("validation_invalid_type", `The type is "movie" or "episode".`)}
	}
	p := Play{Server: "Kodi", Event: ev, Kind: kind, Title: strings.TrimSpace(x.Title), Year: x.Year.int(), At: parseTime(x.WatchedAt)}
	if x.Progress > 0 {
		p.Position, p.Runtime = time.Duration(min(float64(x.Progress), 100)*float64(time.Second)), 100*time.Second
	} else {
		p.Position, p.Runtime = time.Duration(x.Position.int64())*time.Second, time.Duration(x.Duration.int64())*time.Second
	}
	ids, field := x.IDs, map[string]string{"title": "title", "season": "season", "episode": "episode"}
	if kind == catalog.TV {
		p.Title, p.Year, ids = strings.TrimSpace(x.Show.Title), x.Show.Year.int(), x.Show.IDs
		p.Season, p.Episode = x.Season.int(), x.Episode.int()
		field["title"] = "show.title"
	}
	p.TMDBID, p.IMDbID, p.TVDBID = positiveID(ids.TMDB), imdbID(ids.IMDb), positiveID(ids.TVDB)
	return p, p.check(field)
}
