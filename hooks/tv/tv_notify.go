package tv

import (
	"encoding/json"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/notify"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// seenReviewNotices words a friend's new episode review for the followers who watched
// that episode: 'Ana reviewed S2E3 of Severance, an episode you've watched', sent even to
// those who muted new posts, unless they muted episode reviews (notification settings).
// The other followers get the general notice, which names no episode (no spoiler).
func seenReviewNotices(app core.App, post *core.Record, followers []string) (map[string]notify.Notice, error) {
	var d struct {
		Season  int    `json:"seasonNumber"`
		Episode int    `json:"episodeNumber"`
		Name    string `json:"tvShowName"`
	}
	show := post.GetString(catalog.TV.RelationField())
	if err := post.UnmarshalJSONField("data", &d); err != nil || show == "" || len(followers) == 0 {
		return nil, err
	}
	list, _ := json.Marshal(followers)
	var seen []string
	err := app.DB().NewQuery(`SELECT u.id FROM users u WHERE u.id IN (SELECT value FROM json_each({:f}))
		AND u.muteEpisodeReviews = FALSE AND EXISTS (SELECT 1 FROM episode_watches w
			WHERE w.user = u.id AND w.tvShow = {:s} AND w.season = {:se} AND w.episode = {:ep})`).
		Bind(dbx.Params{"f": string(list), "s": show, "se": d.Season, "ep": d.Episode}).Column(&seen)
	if err != nil {
		return nil, err
	}
	out := make(map[string]notify.Notice, len(seen))
	action := "reviewed " + Ep{d.Season, d.Episode}.Code() + " of " + d.Name + ", an episode you've watched"
	for _, id := range seen {
		out[id] = notify.Notice{UserID: id, ActorID: post.GetString("user"), Type: "review",
			EntityType: "activity", EntityID: post.Id, Action: action}
	}
	return out, nil
}

// bindNotices registers the episode-review wording with notify.
func bindNotices(app core.App) {
	notify.SetPostNotices(app, diary.EpisodeReviewPost, seenReviewNotices)
}
