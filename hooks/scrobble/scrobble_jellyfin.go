package scrobble

import (
	"cinecircle/hooks/catalog"

	"strings"
)

// jellyfinPayload is what the Jellyfin Webhook plugin posts with "Send All Properties"
// (its data names, at the top level): the notification type, the item (for an episode its
// series, season and number; provider ids are the item's own: an episode's TMDB id is the
// episode's, so episodes match by series name), the playback position and the user.
type jellyfinPayload struct {
	NotificationType      string `json:"NotificationType"`
	ItemType              string `json:"ItemType"`
	Name                  string `json:"Name"`
	Year                  number `json:"Year"`
	SeriesName            string `json:"SeriesName"`
	SeasonNumber          number `json:"SeasonNumber"`
	EpisodeNumber         number `json:"EpisodeNumber"`
	ProviderTmdb          text   `json:"Provider_tmdb"`
	ProviderImdb          text   `json:"Provider_imdb"`
	ProviderTvdb          text   `json:"Provider_tvdb"`
	RunTimeTicks          number `json:"RunTimeTicks"`
	PlaybackPositionTicks number `json:"PlaybackPositionTicks"`
	PlayedToCompletion    flag   `json:"PlayedToCompletion"`
	UtcTimestamp          string `json:"UtcTimestamp"`
}

// jellyfinEvents maps the plugin's NotificationType values that matter.
var jellyfinEvents = map[string]Event{
	"PlaybackStart": Started,
	"PlaybackStop":  Stopped,
}

// parseJellyfin reads a Jellyfin Webhook plugin payload.
func parseJellyfin(b []byte) (Play, error) {
	var j jellyfinPayload
	if err := decode(b, &j); err != nil {
		return Play{}, err
	}
	kind, ok := kindOf(j.ItemType)
	ev := jellyfinEvents[strings.TrimSpace(j.NotificationType)]
	if !ok || ev == Ignored {
		return Play{Server: "Jellyfin"}, nil
	}
	p := Play{Server: "Jellyfin", Event: ev, Kind: kind, Title: strings.TrimSpace(j.Name), Year: j.Year.int(),
		Runtime: ticks(j.RunTimeTicks.int64()), Position: ticks(j.PlaybackPositionTicks.int64()),
		Completed: bool(j.PlayedToCompletion), At: parseTime(j.UtcTimestamp)}
	field := map[string]string{"title": "Name", "season": "SeasonNumber", "episode": "EpisodeNumber"}
	if kind == catalog.TV {
		p.Title, p.Year = strings.TrimSpace(j.SeriesName), 0
		p.Season, p.Episode = j.SeasonNumber.int(), j.EpisodeNumber.int()
		field["title"] = "SeriesName"
	} else {
		p.TMDBID, p.IMDbID, p.TVDBID = positiveID(j.ProviderTmdb), imdbID(j.ProviderImdb), positiveID(j.ProviderTvdb)
	}
	return p, p.check(field)
}
