package collab

import (
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// FriendRating is one rating of a title by someone the viewer follows.
type FriendRating struct {
	User      auth.User `json:"user"`
	Rating    float64   `json:"rating"`
	Review    string    `json:"review"`
	WatchedAt string    `json:"watchedAt"`
}

// friendRatingsHandler answers GET /api/movies/{id}/friend-ratings and the TV route: the
// current ratings of people the viewer follows, leaving out ratings still hidden in a
// pending collaboration.
func friendRatingsHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		title, err := titleFromPath(e, kind)
		if err != nil {
			return err
		}
		rel := kind.RelationField()
		type row struct {
			User      string  `db:"user"`
			Rating    float64 `db:"rating"`
			Review    string  `db:"review"`
			WatchedAt string  `db:"watchedAt"`
		}
		var rows []row
		err = e.App.DB().NewQuery(`
			SELECT w.user, w.rating, w.review, w.watchedAt FROM watch_entries w
			JOIN follows f ON f.following = w.user AND f.follower = {:me}
			WHERE w.` + rel + ` = {:t} AND w.rating > 0
			  AND w.user NOT IN (` + moderation.SuspendedSQL + `) AND NOT EXISTS (
				SELECT 1 FROM collaboration_participants p JOIN collaborations c ON c.id = p.collaboration
				WHERE p.user = w.user AND c.` + rel + ` = {:t} AND c.revealedAt = '')
			ORDER BY w.updated DESC`).Bind(dbx.Params{"me": e.Auth.Id, "t": title.Id}).All(&rows)
		if err != nil {
			return err
		}
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.User
		}
		users, err := e.App.FindRecordsByIds("users", ids)
		if err != nil {
			return err
		}
		byID := map[string]*core.Record{}
		for _, u := range users {
			byID[u.Id] = u
		}
		out := make([]FriendRating, 0, len(rows))
		for _, r := range rows {
			at := ""
			if t, err := time.Parse("2006-01-02 15:04:05.000Z", r.WatchedAt); err == nil {
				at = t.Format(time.RFC3339)
			}
			out = append(out, FriendRating{User: auth.PublicUser(byID[r.User]), Rating: r.Rating, Review: r.Review, WatchedAt: at})
		}
		return e.JSON(http.StatusOK, out)
	}
}

// recommendHandler answers POST /api/recommendations {movieId|tvShowId, userIds, message?}:
// recommend a title to people you follow, each of whom is notified.
func recommendHandler(e *core.RequestEvent) error {
	var body RecommendBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, errs := ParseRecommendation(body, e.Auth.Id)
	if errs["userIds"] == nil {
		following, err := followsAll(e.App, e.Auth.Id, in.Recipients)
		if err != nil {
			return err
		}
		if !following {
			errs["userIds"] = validation.NewError("validation_not_following", "You can only recommend to people you follow.")
		}
	}
	if len(errs) > 0 {
		return e.BadRequestError("Please check the highlighted fields.", errs)
	}
	kind := in.Kind
	title, err := titleByID(e, kind, in.TitleID)
	if err != nil {
		return err
	}
	col, err := e.App.FindCachedCollectionByNameOrId("recommendations")
	if err != nil {
		return err
	}
	for _, to := range in.Recipients {
		r := core.NewRecord(col)
		r.Load(map[string]any{"from": e.Auth.Id, "to": to, kind.RelationField(): title.Id, "message": in.Message})
		if err := e.App.Save(r); err != nil {
			return err
		}
		if _, err := notify.Send(e.App, notify.Notice{UserID: to, ActorID: e.Auth.Id, Type: "recommendation",
			EntityType: kind.EntityType(), EntityID: strconv.Itoa(title.GetInt("tmdbId")), Action: "recommends " + title.GetString(kind.NameField())}); err != nil {
			e.App.Logger().Warn("collab: recommendation notice", "error", err.Error())
		}
	}
	return e.JSON(http.StatusOK, map[string]int{"sent": len(in.Recipients)})
}

// followsAll reports whether me follows every member in ids.
func followsAll(app core.App, me string, ids []string) (bool, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	var n int
	err := app.DB().Select("COUNT(*)").From("follows").Where(dbx.HashExp{"follower": me}).
		AndWhere(dbx.In("following", args...)).Row(&n)
	return err == nil && n == len(ids), err
}

// Recommendation is a title a friend recommended to the viewer.
type Recommendation struct {
	ID        string              `json:"id"`
	From      auth.User           `json:"from"`
	Message   string              `json:"message"`
	Kind      catalog.Kind        `json:"kind"`
	Title     *diary.TitleSummary `json:"title"`
	CreatedAt string              `json:"createdAt"`
}

// recommendationsHandler answers GET /api/recommendations: received and not dismissed.
func recommendationsHandler(e *core.RequestEvent) error {
	recs, err := e.App.FindRecordsByFilter("recommendations", "to = {:me} && dismissed = false", "-created", 100, 0,
		dbx.Params{"me": e.Auth.Id})
	if err != nil {
		return err
	}
	if recs, err = moderation.WithoutExcluded(e.App, e.Auth.Id, recs, "from"); err != nil {
		return err
	}
	for _, err := range e.App.ExpandRecords(recs, []string{"from", catalog.Movie.RelationField(), catalog.TV.RelationField()}, nil) {
		return err
	}
	out := make([]Recommendation, 0, len(recs))
	for _, r := range recs {
		item := Recommendation{ID: r.Id, From: auth.PublicUser(r.ExpandedOne("from")), Message: r.GetString("message"),
			CreatedAt: r.GetDateTime("created").Time().UTC().Format(time.RFC3339)}
		if kind, _, ok := catalog.RelatedTitle(r); ok {
			if t := r.ExpandedOne(kind.RelationField()); t != nil {
				s := diary.Summarize(kind, t)
				item.Kind, item.Title = kind, &s
			}
		}
		out = append(out, item)
	}
	return e.JSON(http.StatusOK, out)
}

// dismissHandler answers DELETE /api/recommendations/{id}: the recipient dismisses it.
func dismissHandler(e *core.RequestEvent) error {
	r, err := e.App.FindRecordById("recommendations", e.Request.PathValue("id"))
	if err != nil || r.GetString("to") != e.Auth.Id {
		return e.NotFoundError("That recommendation does not exist.", nil)
	}
	r.Set("dismissed", true)
	if err := e.App.Save(r); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
