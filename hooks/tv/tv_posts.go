package tv

import (
	"database/sql"
	"errors"
	"slices"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// PostType is the activity type of episode watches: one post per member, show and hour
// ('Ana watched 3 episodes of Severance · S1E4–E6'), updated while the burst goes on
// rather than a post per episode in friends' feeds.
const PostType = "tv_episodes_watched"

// PostWindow is how long a post about a show keeps gathering the member's episodes.
const PostWindow = time.Hour

// maxPostedEpisodes bounds the list a post carries (a whole-series catch-up of a long
// show); the count stays exact.
const maxPostedEpisodes = 500

// postGroup is the member's open post about the show.
func postGroup(userID, showID string) posts.Match {
	return posts.Match{"user": userID, "type": PostType, catalog.TV.RelationField(): showID}
}

// postWatches posts the newly watched episodes, joining the member's post about the show
// from the last hour when there is one.
func postWatches(tx core.App, userID string, show *core.Record, added []Ep) error {
	data := postData(show, added)
	_, _, err := posts.Upsert(tx, posts.Post{
		User: userID, Type: PostType,
		Links: map[string]string{catalog.TV.RelationField(): show.Id},
		Data:  data,
	}, posts.Group{Key: postGroup(userID, show.Id), Window: PostWindow, Merge: MergeEpisodes})
	return err
}

// postData is the data of a post about episodes of a show: the show as TV posts carry it
// (tvShowId, tvShowTitle, tvShowPoster, tvShowYear), the episodes in order and their count.
func postData(show *core.Record, eps []Ep) map[string]any {
	eps = sortedUnique(eps)
	return map[string]any{
		catalog.TV.IDField():         show.GetInt("tmdbId"),
		catalog.TV.DataKey("Title"):  show.GetString("name"),
		catalog.TV.DataKey("Poster"): show.GetString("posterPath"),
		catalog.TV.DataKey("Year"):   show.GetInt("year"),
		"episodes":                   capped(eps),
		"episodeCount":               len(eps),
	}
}

// MergeEpisodes joins the episodes of the post so far with the new ones.
func MergeEpisodes(earlier, next map[string]any) map[string]any {
	all := append(episodesIn(earlier), episodesIn(next)...)
	all = sortedUnique(all)
	out := map[string]any{}
	for k, v := range next {
		out[k] = v
	}
	count := len(all)
	if n, ok := earlier["episodeCount"].(float64); ok && int(n) > len(episodesIn(earlier)) {
		count += int(n) - len(episodesIn(earlier)) // episodes beyond the cap stay counted
	}
	out["episodes"], out["episodeCount"] = capped(all), count
	return out
}

// unpostWatch takes an unmarked episode out of the member's open post about the show,
// deleting the post when it was its only episode: an unmark right after a mark leaves no
// trace in friends' feeds.
func unpostWatch(tx core.App, userID string, show *core.Record, e Ep) error {
	post, err := tx.FindFirstRecordByFilter(posts.Collection,
		"user = {:u} && type = {:t} && tvShow = {:s} && created >= {:since}", dbx.Params{
			"u": userID, "t": PostType, "s": show.Id, "since": time.Now().Add(-PostWindow).UTC().Format(dbTime)})
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	data := map[string]any{}
	if err := post.UnmarshalJSONField("data", &data); err != nil {
		return err
	}
	eps := episodesIn(data)
	rest := slices.DeleteFunc(slices.Clone(eps), func(x Ep) bool { return x == e })
	if len(rest) == len(eps) {
		return nil
	}
	if len(rest) == 0 {
		return posts.Delete(tx, post)
	}
	data["episodes"], data["episodeCount"] = rest, len(rest)
	return posts.Edit(tx, post, "", data)
}

// episodesIn reads a post's episode list (as stored: objects with season and episode).
func episodesIn(data map[string]any) []Ep {
	switch list := data["episodes"].(type) {
	case []Ep:
		return list
	case []any:
		out := make([]Ep, 0, len(list))
		for _, item := range list {
			m, _ := item.(map[string]any)
			s, okS := m["season"].(float64)
			e, okE := m["episode"].(float64)
			if okS && okE {
				out = append(out, Ep{int(s), int(e)})
			}
		}
		return out
	}
	return nil
}

// sortedUnique orders episodes and drops repeats.
func sortedUnique(eps []Ep) []Ep {
	out := slices.Clone(eps)
	slices.SortFunc(out, func(a, b Ep) int {
		switch {
		case a.less(b):
			return -1
		case b.less(a):
			return 1
		}
		return 0
	})
	return slices.Compact(out)
}

// capped keeps the first maxPostedEpisodes episodes.
func capped(eps []Ep) []Ep {
	if eps == nil {
		return []Ep{}
	}
	return eps[:min(len(eps), maxPostedEpisodes)]
}
