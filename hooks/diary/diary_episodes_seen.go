package diary

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// episodesSeenSQL selects, once each, the episodes the member {:u} watched (hooks/tv's
// episode_watches) or reviewed (episode_reviews) from {:from} until before {:to}, with the
// first time in that span: what "episodes" counts everywhere (profile totals, public
// pages, Year in Review). Rewatches and a review of a watched episode count once.
const episodesSeenSQL = `SELECT s.tvShow, s.season, s.episode, MIN(s.at) AS first FROM (
		SELECT tvShow, season, episode, watchedAt AS at FROM episode_watches
		WHERE user = {:u} AND watchedAt >= {:from} AND watchedAt < {:to}
		UNION ALL SELECT tvShow, seasonNumber, episodeNumber, created FROM episode_reviews
		WHERE user = {:u} AND created >= {:from} AND created < {:to}
	) s GROUP BY s.tvShow, s.season, s.episode`

// episodesEverSQL selects, once each, every episode the member {:u} watched or
// reviewed: the all-time count of episodesSeenSQL without the first dates, read from
// idx_episode_watches_user_show alone.
const episodesEverSQL = `SELECT tvShow, season, episode FROM episode_watches WHERE user = {:u}
	UNION SELECT tvShow, seasonNumber, episodeNumber FROM episode_reviews WHERE user = {:u}`

// storedLayout is how the database stores dates (UTC), so spans compare as text.
const storedLayout = "2006-01-02 15:04:05.000Z"

// allTime are span bounds before and after every stored date.
var allTime = dbx.Params{"from": "0000", "to": "9999"}

// EpisodeSeen is one distinct episode a member watched or reviewed in a span.
type EpisodeSeen struct {
	First   string `db:"first"`   // the first watch or review in the span, as stored (UTC)
	Minutes int    `db:"minutes"` // the episode's runtime, else its show's episode runtime
}

// EpisodesSeen lists the distinct episodes userID watched or reviewed from from until
// before to, each at its first watch or review in the span: Year in Review counts them
// by the rule the profile's totals use.
func EpisodesSeen(app core.App, userID string, from, to time.Time) ([]EpisodeSeen, error) {
	var out []EpisodeSeen
	err := app.DB().NewQuery(`SELECT x.first, ` + episodeMinutes + ` AS minutes FROM (` + episodesSeenSQL + `) x
		JOIN tv_shows t ON t.id = x.tvShow
		LEFT JOIN tv_episodes e ON e.tvShow = x.tvShow AND e.season = x.season AND e.episode = x.episode
		ORDER BY x.first`).
		Bind(dbx.Params{"u": userID, "from": from.UTC().Format(storedLayout), "to": to.UTC().Format(storedLayout)}).All(&out)
	return out, err
}
