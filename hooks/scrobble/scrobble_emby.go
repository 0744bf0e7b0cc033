package scrobble

import (
	"strings"

	"cinecircle/hooks/catalog"
)

// embyPayload is an Emby webhook's JSON: Event (playback.start, playback.stop, …), Date,
// the Item (Type Movie or Episode, Name, ProductionYear, RunTimeTicks, ProviderIds; for
// an episode SeriesName, ParentIndexNumber the season and IndexNumber the episode) and
// PlaybackInfo (PositionTicks, PlayedToCompletion).
type embyPayload struct {
	Event string `json:"Event"`
	Date  string `json:"Date"`
	Item  struct {
		Type              string          `json:"Type"`
		Name              string          `json:"Name"`
		ProductionYear    number          `json:"ProductionYear"`
		RunTimeTicks      number          `json:"RunTimeTicks"`
		SeriesName        string          `json:"SeriesName"`
		ParentIndexNumber number          `json:"ParentIndexNumber"`
		IndexNumber       number          `json:"IndexNumber"`
		ProviderIds       map[string]text `json:"ProviderIds"`
	} `json:"Item"`
	PlaybackInfo struct {
		PositionTicks      number `json:"PositionTicks"`
		PlayedToCompletion flag   `json:"PlayedToCompletion"`
	} `json:"PlaybackInfo"`
}

// embyEvents maps Emby's events that matter: playback.start and playback.unpause start a
// play, playback.stop ends one, item.markplayed is the member marking it played.
var embyEvents = map[string]Event{
	"playback.start":   Started,
	"playback.unpause": Started,
	"playback.stop":    Stopped,
	"item.markplayed":  Scrobbled,
}

// parseEmby reads an Emby webhook payload.
func parseEmby(b []byte) (Play, error) {
	var x embyPayload
	if err := decode(b, &x); err != nil {
		return Play{}, err
	}
	it := x.Item
	kind, ok := kindOf(it.Type)
	ev := embyEvents[strings.ToLower(strings.TrimSpace(x.Event))]
	if !ok || ev == Ignored {
		return Play{Server: "Emby"}, nil
	}
	p := Play{Server: "Emby", Event: ev, Kind: kind, Title: strings.TrimSpace(it.Name), Year: it.ProductionYear.int(),
		Runtime: ticks(it.RunTimeTicks.int64()), Position: ticks(x.PlaybackInfo.PositionTicks.int64()),
		Completed: bool(x.PlaybackInfo.PlayedToCompletion), At: parseTime(x.Date)}
	field := map[string]string{"title": "Item.Name", "season": "Item.ParentIndexNumber", "episode": "Item.IndexNumber"}
	if kind == catalog.TV {
		p.Title, p.Year = strings.TrimSpace(it.SeriesName), 0
		p.Season, p.Episode = it.ParentIndexNumber.int(), it.IndexNumber.int()
		field["title"] = "Item.SeriesName"
		return p, p.check(field)
	}
	for k, v := range it.ProviderIds { // Emby spells them Tmdb, Imdb, Tvdb (any case)
		switch strings.ToLower(k) {
		case "tmdb":
			p.TMDBID = positiveID(v)
		case "imdb":
			p.IMDbID = imdbID(v)
		case "tvdb":
			p.TVDBID = positiveID(v)
		}
	}
	return p, p.check(field)
}
