package lists

import (
	"encoding/json"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Post types of lists.
const (
	PostCreated = "list_created"
	PostUpdated = "list_updated"
)

// Posts about a list are written as its owner's, whoever made the change (the data names
// the actor: 'Ana added 3 titles to Best of 2025'). That way the feed, which shows a
// member's posts to their followers, reaches exactly the readers a followers-only list
// has, and a post's audience only has to narrow it for private lists and for profiles.
//
// A list's first post (list_created) is its thread: the likes and comments of the list
// live there, with the existing threads, GIFs and emoji, so a list needs no second kind
// of like or comment. Later additions group per list, actor and hour into list_updated
// posts (posts.Upsert); additions by the same member in the hour after creating the
// list join the thread's post instead, so creating a list and filling it is one post.

// postGroupWindow is how long a burst of additions gathers into one post.
const postGroupWindow = time.Hour

// maxPostTitles is how many added titles a post keeps for its card's posters.
const maxPostTitles = 4

// audienceOf is the audience of a post about a list with visibility.
func audienceOf(visibility string) string {
	switch visibility {
	case Followers:
		return posts.AudienceFollowers
	case Private:
		return posts.AudiencePrivate
	}
	return ""
}

// publish keeps list's posts' audience in step with its visibility and, the first time
// the list is public or followers-only, posts it (the thread).
func publish(tx core.App, list *core.Record) error {
	audience := audienceOf(list.GetString("visibility"))
	if _, err := posts.SetAudience(tx, posts.Match{"list": list.Id}, audience); err != nil {
		return err
	}
	if list.GetString("visibility") == Private || list.GetString("thread") != "" {
		return nil
	}
	owner := list.GetString("owner")
	post, err := posts.Create(tx, posts.Post{User: owner, Type: PostCreated, Links: map[string]string{"list": list.Id},
		Audience: audience, Data: map[string]any{"listId": list.Id, "listName": list.GetString("name"),
			"actorId": owner, "added": 0, "titles": []any{}}})
	if err != nil {
		return err
	}
	list.Set("thread", post.Id)
	return tx.Save(list)
}

// deletePosts deletes every post about list, with their likes, comments and notices.
func deletePosts(tx core.App, list *core.Record) error {
	_, err := posts.DeleteMatching(tx, posts.Match{"list": list.Id})
	return err
}

// postAddition records that actor added title to list in the list's posts (not for a
// private list, which has no readers to tell).
func postAddition(tx core.App, list *core.Record, actor string, kind catalog.Kind, title *core.Record) error {
	if list.GetString("visibility") == Private {
		return nil
	}
	added := map[string]any{"kind": string(kind), "id": title.GetInt("tmdbId"),
		"title": title.GetString(kind.NameField()), "posterPath": title.GetString("posterPath")}
	merge := func(earlier, next map[string]any) map[string]any {
		n, _ := earlier["added"].(float64)
		titles, _ := earlier["titles"].([]any)
		if len(titles) < maxPostTitles {
			titles = append(titles, added)
		}
		earlier["added"], earlier["titles"], earlier["listName"] = int(n)+1, titles, list.GetString("name")
		return earlier
	}
	if thread, err := tx.FindRecordById(posts.Collection, list.GetString("thread")); err == nil &&
		time.Since(thread.GetDateTime("created").Time()) < postGroupWindow && actor == list.GetString("owner") {
		data := map[string]any{}
		if err := thread.UnmarshalJSONField("data", &data); err != nil {
			return err
		}
		return posts.Edit(tx, thread, "", merge(data, nil))
	}
	_, _, err := posts.Upsert(tx, posts.Post{User: list.GetString("owner"), Type: PostUpdated,
		Links: map[string]string{"list": list.Id}, Audience: audienceOf(list.GetString("visibility")),
		Data: map[string]any{"listId": list.Id, "listName": list.GetString("name"), "actorId": actor, "added": 1, "titles": []any{added}}},
		posts.Group{Key: posts.Match{"type": PostUpdated, "list": list.Id, "data.actorId": actor}, Window: postGroupWindow, Merge: merge})
	return err
}

// tellCollaborators notifies the list's owner and editors, except the actor, of a
// change a collaborator made ("added Heat to Best of 2025"), gathered per list and actor.
func tellCollaborators(app core.App, list *core.Record, actor, action string) {
	var ids []string
	if err := app.DB().Select("user").From(EditorsCollection).Where(dbx.HashExp{"list": list.Id}).Column(&ids); err != nil {
		app.Logger().Warn("lists: collaborators", "error", err.Error())
		return
	}
	ids = append(ids, list.GetString("owner"))
	for _, id := range ids {
		if id == actor {
			continue
		}
		if _, err := notify.Send(app, notify.Notice{UserID: id, ActorID: actor, Type: "list_update", EntityType: "list",
			EntityID: list.Id, GroupKey: "list:" + list.Id + ":" + actor, Action: action}); err != nil {
			app.Logger().Warn("lists: change notice", "error", err.Error())
		}
	}
}

// decorate fills posts about a list with the list as it is now (its name may have
// changed since the post), its size and its first posters, for the feed card.
func decorate(app core.App, viewerID string, rows []posts.Row, items []social.Activity) error {
	ids := []string{}
	for _, r := range rows {
		if r.List != "" {
			ids = append(ids, r.List)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := app.FindRecordsByIds(Collection, ids)
	if err != nil {
		return err
	}
	byID := map[string]*core.Record{}
	for _, l := range found {
		byID[l.Id] = l
	}
	for i, r := range rows {
		l := byID[r.List]
		if l == nil {
			continue
		}
		data := map[string]any{}
		if err := json.Unmarshal(items[i].Data, &data); err != nil {
			return err
		}
		posters, err := firstPosters(app, l.Id, maxPostTitles)
		if err != nil {
			return err
		}
		data["listName"], data["itemCount"], data["ranked"], data["posters"] = l.GetString("name"), l.GetInt("itemCount"), l.GetBool("ranked"), posters
		if actor, _ := data["actorId"].(string); actor != "" && actor != r.User {
			if u, err := app.FindRecordById("users", actor); err == nil {
				data["actor"] = auth.PublicUser(u)
			}
		}
		raw, err := json.Marshal(data)
		if err != nil {
			return err
		}
		items[i].Data = raw
	}
	return nil
}

// firstPostersSQL reads the first {:n} items of list {:list} in rank order: four steps
// of idx_list_items_rank (TestQueryPlans).
const firstPostersSQL = `SELECT COALESCE(m.posterPath, s.posterPath, '') FROM list_items i
	LEFT JOIN movies m ON m.id = i.movie LEFT JOIN tv_shows s ON s.id = i.tvShow
	WHERE i.list = +{:list} ORDER BY i.rank LIMIT +{:n}`

// firstPosters returns the poster paths of list's first n items in rank order.
func firstPosters(app core.App, listID string, n int) ([]string, error) {
	out := []string{}
	err := app.DB().NewQuery(firstPostersSQL).Bind(dbx.Params{"list": listID, "n": n}).Column(&out)
	return out, err
}
