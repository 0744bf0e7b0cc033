package tv

import (
	"encoding/json"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Spoiler is what the UI needs to guard an episode review: the episode it is about and
// where the viewer is in the show (nil when they have not started it). The UI blurs the
// review and its comments: 'Spoiler for S2E3 — you're on S2E1 · Show anyway'.
type Spoiler struct {
	Season  int `json:"season"`
	Episode int `json:"episode"`
	YoureOn *Ep `json:"youreOn"`
}

// spoilerSQL answers, for each episode review of a page (the JSON list {:items} of
// [show record id, season, episode]), where the viewer stands: their progress row and
// status for the show and whether they watched that episode. One query for the page,
// each lookup by a unique index (tv_progress, watch_entries) or idx_episode_watches_user_show.
const spoilerSQL = `SELECT CAST(j.key AS INTEGER) AS idx,
	COALESCE(p.nextSeason, 0) AS nextSeason, COALESCE(p.nextEpisode, 0) AS nextEpisode,
	p.id IS NOT NULL AS started, COALESCE(w.status, '') AS status,
	EXISTS (SELECT 1 FROM episode_watches x WHERE x.user = {:v} AND x.tvShow = j.value ->> 0
		AND x.season = j.value ->> 1 AND x.episode = j.value ->> 2) AS seen
	FROM json_each({:items}) j
	LEFT JOIN tv_progress p ON p.user = {:v} AND p.tvShow = j.value ->> 0
	LEFT JOIN watch_entries w ON w.user = {:v} AND w.tvShow = j.value ->> 0 AND w.tvShow != ''`

// decorateSpoilers adds data.spoiler to the episode reviews on a page (feed, profile, a
// single post) that would spoil the viewer: they track the show (started it, or have it
// on their watchlist or in progress) and have not watched that episode. Viewers who do not
// track the show, who finished or dropped it, and the review's author read it plainly. A
// page without episode reviews costs nothing; one with some costs one query.
func decorateSpoilers(app core.App, viewerID string, rows []posts.Row, items []social.Activity) error {
	if viewerID == "" {
		return nil
	}
	var probes [][3]any
	var at []int
	for i, r := range rows {
		if r.Type != diary.EpisodeReviewPost || r.User == viewerID {
			continue
		}
		show := r.TVShow
		var d struct {
			Season  *int `json:"seasonNumber"`
			Episode *int `json:"episodeNumber"`
		}
		if show == "" || json.Unmarshal(items[i].Data, &d) != nil || d.Season == nil || d.Episode == nil {
			continue
		}
		probes = append(probes, [3]any{show, *d.Season, *d.Episode})
		at = append(at, i)
	}
	if len(probes) == 0 {
		return nil
	}
	list, _ := json.Marshal(probes)
	var found []struct {
		Idx         int    `db:"idx"`
		NextSeason  int    `db:"nextSeason"`
		NextEpisode int    `db:"nextEpisode"`
		Started     bool   `db:"started"`
		Status      string `db:"status"`
		Seen        bool   `db:"seen"`
	}
	if err := app.DB().NewQuery(spoilerSQL).Bind(dbx.Params{"v": viewerID, "items": string(list)}).All(&found); err != nil {
		return err
	}
	for _, row := range found {
		tracks := row.Started || row.Status == diary.StatusWatching || row.Status == diary.StatusPlanned
		if !tracks || row.Seen || row.Status == diary.StatusWatched || row.Status == diary.StatusDropped {
			continue
		}
		i := at[row.Idx]
		s := Spoiler{Season: probes[row.Idx][1].(int), Episode: probes[row.Idx][2].(int)}
		switch {
		case row.NextEpisode > 0:
			s.YoureOn = &Ep{row.NextSeason, row.NextEpisode}
		case !row.Started:
			s.YoureOn = &Ep{1, 1}
		}
		var data map[string]any
		if err := json.Unmarshal(items[i].Data, &data); err != nil {
			continue
		}
		data["spoiler"] = s
		raw, err := json.Marshal(data)
		if err != nil {
			return err
		}
		items[i].Data = raw
	}
	return nil
}
