package collab

import (
	"encoding/json"
	"strconv"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// open starts the collaboration of a collaborative post: the author (with the rating they
// logged) and each friend they watched with (yet to rate).
func open(app core.App, activity *core.Record) error {
	var data struct {
		Rating      float64 `json:"rating"`
		Review      string  `json:"review"`
		WatchedWith []struct {
			ID string `json:"id"`
		} `json:"watchedWith"`
	}
	_ = activity.UnmarshalJSONField("data", &data)
	col, err := app.FindCachedCollectionByNameOrId("collaborations")
	if err != nil {
		return err
	}
	c := core.NewRecord(col)
	c.Load(map[string]any{"activity": activity.Id, "initiator": activity.GetString("user")})
	if kind, titleID, ok := catalog.RelatedTitle(activity); ok {
		c.Set(kind.RelationField(), titleID)
	}
	if err := app.Save(c); err != nil {
		return err
	}
	pcol, err := app.FindCachedCollectionByNameOrId("collaboration_participants")
	if err != nil {
		return err
	}
	add := func(user string, initiator bool, rating float64, review string) error {
		p := core.NewRecord(pcol)
		p.Load(map[string]any{"collaboration": c.Id, "user": user, "initiator": initiator})
		if rating > 0 {
			p.Load(map[string]any{"rating": rating, "review": review, "ratedAt": time.Now().UTC()})
		}
		return app.Save(p)
	}
	if err := add(activity.GetString("user"), true, data.Rating, data.Review); err != nil {
		return err
	}
	for _, f := range data.WatchedWith {
		if f.ID != "" && f.ID != activity.GetString("user") {
			if err := add(f.ID, false, 0, ""); err != nil {
				return err
			}
		}
	}
	return nil
}

// inviteNotice tells an invited friend to add their rating.
func inviteNotice(app core.App, p *core.Record) error {
	if p.GetBool("initiator") {
		return nil
	}
	c, err := app.FindRecordById("collaborations", p.GetString("collaboration"))
	if err != nil {
		return err
	}
	kind, titleID, name := titleOf(app, c)
	_, err = notify.Send(app, notify.Notice{UserID: p.GetString("user"), ActorID: c.GetString("initiator"),
		Type: kind.PostType("collaboration"), EntityType: kind.EntityType(), EntityID: titleID,
		Action: "watched " + name + " with you: add your rating"})
	return err
}

// titleOf reads a collaboration's kind and its title's public id and name ("a movie" or
// "a show", without an id, when the title record is gone).
func titleOf(app core.App, c *core.Record) (catalog.Kind, string, string) {
	kind, id, ok := catalog.RelatedTitle(c)
	if !ok {
		kind = catalog.Movie
	}
	t, err := app.FindRecordById(kind.Collection(), id)
	if err != nil {
		return kind, "", map[catalog.Kind]string{catalog.Movie: "a movie", catalog.TV: "a show"}[kind]
	}
	return kind, strconv.Itoa(t.GetInt("tmdbId")), t.GetString(kind.NameField())
}

// participants lists a collaboration's participants, initiator first.
func participants(app core.App, collaborationID string) ([]*core.Record, error) {
	return app.FindRecordsByFilter("collaboration_participants", "collaboration = {:c}", "-initiator,created",
		0, 0, dbx.Params{"c": collaborationID})
}

// maybeReveal reveals the collaboration once every participant who did not decline has rated.
func maybeReveal(app core.App, c *core.Record) error {
	if !c.GetDateTime("revealedAt").IsZero() {
		return nil
	}
	list, err := participants(app, c.Id)
	if err != nil {
		return err
	}
	for _, p := range list {
		if !p.GetBool("declined") && p.GetDateTime("ratedAt").IsZero() {
			return nil
		}
	}
	return reveal(app, c)
}

func reveal(app core.App, c *core.Record) error {
	c.Set("revealedAt", time.Now().UTC())
	return app.Save(c)
}

// RevealExpired reveals every collaboration still pending RevealAfter after it started,
// with the ratings given so far. It returns how many it revealed.
func RevealExpired(app core.App, now time.Time) (int, error) {
	cutoff := now.Add(-RevealAfter).UTC().Format("2006-01-02 15:04:05.000Z")
	list, err := app.FindRecordsByFilter("collaborations", "revealedAt = '' && created <= {:cutoff}", "", 0, 0,
		dbx.Params{"cutoff": cutoff})
	if err != nil {
		return 0, err
	}
	for _, c := range list {
		if err := reveal(app, c); err != nil {
			return 0, err
		}
	}
	return len(list), nil
}

// ParticipantRating is one entry of SPEC §3's allParticipantRatings.
type ParticipantRating struct {
	UserID string    `json:"userId"`
	User   auth.User `json:"user"`
	Rating float64   `json:"rating"`
	Review string    `json:"review"`
}

// decorate fills a collaborative post's data for the viewer: while pending, nobody's
// rating or review is in it (the author's included); the viewer learns whether they can
// rate and whom the post waits for. Once revealed, every rating given is listed.
func decorate(app core.App, viewerID string, rows []posts.Row, items []social.Activity) error {
	// Three queries for the whole page, whatever the number of collaborative posts: their
	// collaborations, those collaborations' participants, and the participants' members.
	var postIDs []any
	for _, r := range rows {
		if r.Type == "collaborative_movie" || r.Type == "collaborative_tv" {
			postIDs = append(postIDs, r.ID)
		}
	}
	if len(postIDs) == 0 {
		return nil
	}
	var collabs []*core.Record
	if err := app.RecordQuery("collaborations").Where(dbx.In("activity", postIDs...)).All(&collabs); err != nil {
		return err
	}
	byPost := map[string]*core.Record{}
	collabIDs := make([]any, 0, len(collabs))
	for _, c := range collabs {
		byPost[c.GetString("activity")] = c
		collabIDs = append(collabIDs, c.Id)
	}
	var everyone []*core.Record
	if len(collabIDs) > 0 {
		err := app.RecordQuery("collaboration_participants").Where(dbx.In("collaboration", collabIDs...)).
			OrderBy("initiator DESC", "created ASC").All(&everyone)
		if err != nil {
			return err
		}
	}
	byCollab := map[string][]*core.Record{}
	var userIDs []string
	for _, p := range everyone {
		byCollab[p.GetString("collaboration")] = append(byCollab[p.GetString("collaboration")], p)
		userIDs = append(userIDs, p.GetString("user"))
	}
	users, err := app.FindRecordsByIds("users", userIDs)
	if err != nil {
		return err
	}
	byID := map[string]*core.Record{}
	for _, u := range users {
		byID[u.Id] = u
	}
	for i, r := range rows {
		c := byPost[r.ID]
		if c == nil {
			continue // not collaborative, or a collaborative post without its collaboration shows as is
		}
		list := byCollab[c.Id]
		var data map[string]any
		_ = json.Unmarshal(items[i].Data, &data)
		if data == nil {
			data = map[string]any{}
		}
		pendingState := c.GetDateTime("revealedAt").IsZero()
		ratings := []ParticipantRating{}
		pending := []auth.User{}
		canRate := false
		for _, p := range list {
			u := byID[p.GetString("user")]
			rated := !p.GetDateTime("ratedAt").IsZero()
			if !rated && !p.GetBool("declined") {
				pending = append(pending, auth.PublicUser(u))
				if p.GetString("user") == viewerID && pendingState {
					canRate = true
				}
			}
			if rated && !pendingState {
				ratings = append(ratings, ParticipantRating{UserID: p.GetString("user"), User: auth.PublicUser(u),
					Rating: p.GetFloat("rating"), Review: p.GetString("review")})
			}
		}
		if pendingState {
			delete(data, "rating")
			delete(data, "review")
		} else {
			pending = []auth.User{}
		}
		data["isCollaborationPending"] = pendingState
		data["currentUserCanRate"] = canRate
		data["pendingFriends"] = pending
		data["allParticipantRatings"] = ratings
		raw, err := json.Marshal(data)
		if err != nil {
			return err
		}
		items[i].Data = raw
	}
	return nil
}
