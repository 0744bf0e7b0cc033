package lists

import (
	"context"
	"errors"
	"net/http"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/notify"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Favourites are a member's up to four favourite films, in their order, shown at the top
// of their profile. They live in this package (one favorites record per member, its
// movies relation keeping the order) rather than on users because they are a list in
// all but name: the same titles, the same catalog fetch, the same import.

// Favorite is one favourite film as the profile shows it.
type Favorite struct {
	MovieID    int    `json:"movieId"`
	Title      string `json:"title"`
	Year       int    `json:"year"`
	PosterPath string `json:"posterPath"`
}

// Favorites returns member's favourites in order.
func Favorites(app core.App, member string) ([]Favorite, error) {
	out := []Favorite{}
	r, err := app.FindFirstRecordByData(FavoritesCol, "user", member)
	if err != nil {
		return out, nil
	}
	movies, err := app.FindRecordsByIds("movies", r.GetStringSlice("movies"))
	if err != nil {
		return nil, err
	}
	byID := map[string]*core.Record{}
	for _, m := range movies {
		byID[m.Id] = m
	}
	for _, id := range r.GetStringSlice("movies") {
		if m := byID[id]; m != nil {
			out = append(out, Favorite{MovieID: m.GetInt("tmdbId"), Title: m.GetString("title"), Year: m.GetInt("year"), PosterPath: m.GetString("posterPath")})
		}
	}
	return out, nil
}

// SaveFavorites replaces member's favourites with the films ids (public ids, in order),
// fetching any the catalog does not hold yet.
func SaveFavorites(ctx context.Context, app core.App, member string, ids []int) error {
	recordIDs := make([]string, 0, len(ids))
	for _, id := range ids {
		m, err := catalog.Find(ctx, app, catalog.Movie, id)
		if errors.Is(err, catalog.ErrNotFound) {
			return validation.Errors{"movieIds": validation.NewError("validation_unknown_title", "One of those films is not in the catalog.")}
		} else if err != nil {
			return err
		}
		recordIDs = append(recordIDs, m.Id)
	}
	r, err := app.FindFirstRecordByData(FavoritesCol, "user", member)
	if err != nil {
		col, err := app.FindCachedCollectionByNameOrId(FavoritesCol)
		if err != nil {
			return err
		}
		r = core.NewRecord(col)
		r.Set("user", member)
	}
	r.Set("movies", recordIDs)
	return app.Save(r)
}

// myFavoritesHandler answers GET /api/user/favorites.
func myFavoritesHandler(e *core.RequestEvent) error {
	out, err := Favorites(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// putFavoritesHandler answers PUT /api/user/favorites {movieIds: [up to 4, in order]}.
func putFavoritesHandler(e *core.RequestEvent) error {
	var body FavoritesBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	ids, err := ParseFavorites(body)
	if err != nil {
		return answer(e, err)
	}
	if err := SaveFavorites(e.Request.Context(), e.App, e.Auth.Id, ids); err != nil {
		return answer(e, err)
	}
	return myFavoritesHandler(e)
}

// memberFavoritesHandler answers GET /api/users/{id}/favorites: on every profile.
func memberFavoritesHandler(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	if ok, err := canSee(e.App, e.Auth.Id, id); err != nil {
		return err
	} else if !ok {
		return e.NotFoundError("That member does not exist.", nil)
	}
	out, err := Favorites(e.App, id)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// canSee reports whether viewer may see member (exists, not blocked, not suspended).
func canSee(app core.App, viewer, member string) (bool, error) {
	_, err := moderation.FindVisibleMember(app, viewer, member)
	if errors.Is(err, moderation.ErrNotVisible) {
		return false, nil
	}
	return err == nil, err
}

// sendNotice notifies user of what actor did to list.
func sendNotice(app core.App, user, actor, typ string, list *core.Record, action string) (*core.Record, error) {
	return notify.Send(app, notify.Notice{UserID: user, ActorID: actor, Type: typ, EntityType: "list", EntityID: list.Id, Action: action})
}
