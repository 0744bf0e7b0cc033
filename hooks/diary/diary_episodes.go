package diary

import (
	"database/sql"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/posts"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// EpisodeReviewJSON is an episode review as the API returns it.
type EpisodeReviewJSON struct {
	ID            string    `json:"id"`
	TvShowID      int       `json:"tvShowId"`
	SeasonNumber  int       `json:"seasonNumber"`
	EpisodeNumber int       `json:"episodeNumber"`
	EpisodeName   string    `json:"episodeName"`
	Rating        float64   `json:"rating"`
	Review        string    `json:"review"`
	User          auth.User `json:"user"`
	CreatedAt     string    `json:"createdAt"`
}

// EpisodeBody is the POST /api/tv-shows/{id}/episode-reviews body; ParseEpisode
// validates it.
type EpisodeBody struct {
	SeasonNumber  security.Field[float64] `json:"seasonNumber"`
	EpisodeNumber security.Field[float64] `json:"episodeNumber"`
	EpisodeName   security.Field[string]  `json:"episodeName"`
	Rating        security.Field[float64] `json:"rating"`
	Review        security.Field[string]  `json:"review"`
}

// EpisodeInput is a validated episode review, ready to save.
type EpisodeInput struct {
	Season, Episode int
	Name            string
	Rating          float64
	Review          string
}

// ParseEpisode validates an episode review body against the show's known seasons.
func ParseEpisode(b EpisodeBody, show *core.Record) (EpisodeInput, error) {
	var seasons []seasonCount
	_ = show.UnmarshalJSONField("seasons", &seasons) // a show without seasons knows no episode
	var in EpisodeInput
	errs := validation.Errors{}
	in.Season, errs["seasonNumber"] = wholeNumber(b.SeasonNumber, 0)
	in.Episode, errs["episodeNumber"] = wholeNumber(b.EpisodeNumber, 1)
	var err error
	if in.Rating, err = ParseRating(b.Rating); err != nil {
		errs["rating"] = err
	}
	if in.Review, err = ParseReview(b.Review); err != nil {
		errs["review"] = err
	}
	if b.EpisodeName.Given() { // a name of the wrong type is no name
		in.Name = strings.TrimSpace(b.EpisodeName.Value)
		if len([]rune(in.Name)) > 300 {
			errs["episodeName"] = validation.NewError("validation_length_too_long", "Episode names can be at most 300 characters.")
		}
	}
	if errs["seasonNumber"] == nil && errs["episodeNumber"] == nil {
		known := false
		for _, s := range seasons {
			if s.SeasonNumber == in.Season {
				known = true
				if s.EpisodeCount > 0 && in.Episode > s.EpisodeCount {
					errs["episodeNumber"] = validation.NewError("validation_unknown_episode",
						"Season "+strconv.Itoa(in.Season)+" has "+strconv.Itoa(s.EpisodeCount)+" episodes.")
				}
			}
		}
		if !known {
			errs["seasonNumber"] = validation.NewError("validation_unknown_season", "This show has no season "+strconv.Itoa(in.Season)+".")
		}
	}
	if in.Rating == 0 && in.Review == "" && errs["rating"] == nil && errs["review"] == nil {
		errs["rating"] = validation.NewError("validation_required", "Give a rating or write a review.")
	}
	return in, errs.Filter()
}

// wholeNumber reads a JSON number that must be a whole number ≥ min.
func wholeNumber(f security.Field[float64], min int) (int, error) {
	v := f.Value
	if !f.Given() || v != math.Trunc(v) || v < float64(min) || v > 100000 {
		return 0, validation.NewError("validation_invalid_number", "Must be a whole number from "+strconv.Itoa(min)+".")
	}
	return int(v), nil
}

// seasonCount is the part of a show's seasons JSON episode checks need.
type seasonCount struct {
	SeasonNumber int `json:"seasonNumber"`
	EpisodeCount int `json:"episodeCount"`
}

// createEpisodeReview answers POST /api/tv-shows/{id}/episode-reviews.
func createEpisodeReview(e *core.RequestEvent) error {
	show, err := ShowFromPath(e)
	if err != nil {
		return err
	}
	var body EpisodeBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, err := ParseEpisode(body, show)
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	review, err := CreateEpisodeReview(e.App, e.Auth.Id, show, in)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, episodeJSON(review, show, e.Auth))
}

// CreateEpisodeReview saves a validated episode review with its episode_review post in
// one transaction.
func CreateEpisodeReview(app core.App, userID string, show *core.Record, in EpisodeInput) (*core.Record, error) {
	var review *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCachedCollectionByNameOrId("episode_reviews")
		if err != nil {
			return err
		}
		review = core.NewRecord(col)
		review.Load(map[string]any{
			"user": userID, catalog.TV.RelationField(): show.Id, "seasonNumber": in.Season, "episodeNumber": in.Episode,
			"episodeName": in.Name, "rating": in.Rating, "review": in.Review,
		})
		if err := tx.Save(review); err != nil {
			return err
		}
		_, err = posts.Create(tx, posts.Post{
			User: userID, Type: EpisodeReviewPost, Links: map[string]string{catalog.TV.RelationField(): show.Id},
			Data: map[string]any{
				catalog.TV.IDField(): show.GetInt("tmdbId"), catalog.TV.DataKey("Name"): show.GetString("name"),
				catalog.TV.DataKey("PosterPath"): show.GetString("posterPath"), "seasonNumber": in.Season,
				"episodeNumber": in.Episode, "episodeName": in.Name, "rating": in.Rating,
				"review": in.Review, "episodeReviewId": review.Id,
			},
		})
		return err
	})
	return review, err
}

// listEpisodeReviews answers GET /api/tv-shows/{id}/episode-reviews, newest first,
// optionally for one season (?season=N).
func listEpisodeReviews(e *core.RequestEvent) error {
	show, err := ShowFromPath(e)
	if err != nil {
		return err
	}
	filter, params := "tvShow = {:s}", dbx.Params{"s": show.Id}
	if season, err := strconv.Atoi(e.Request.URL.Query().Get("season")); err == nil {
		filter += " && seasonNumber = {:n}"
		params["n"] = season
	}
	reviews, err := e.App.FindRecordsByFilter("episode_reviews", filter, "-created", 200, 0, params)
	if err != nil {
		return err
	}
	if reviews, err = moderation.WithoutExcluded(e.App, e.Auth.Id, reviews, "user"); err != nil {
		return err
	}
	authors := map[string]*core.Record{}
	for _, r := range reviews {
		authors[r.GetString("user")] = nil
	}
	ids := make([]string, 0, len(authors))
	for id := range authors {
		ids = append(ids, id)
	}
	users, err := e.App.FindRecordsByIds("users", ids)
	if err != nil {
		return err
	}
	for _, u := range users {
		authors[u.Id] = u
	}
	out := make([]EpisodeReviewJSON, 0, len(reviews))
	for _, r := range reviews {
		out = append(out, episodeJSON(r, show, authors[r.GetString("user")]))
	}
	return e.JSON(http.StatusOK, out)
}

// deleteEpisodeReview answers DELETE /api/episode-reviews/{id}: only its author may,
// and its activity goes with it.
func deleteEpisodeReview(e *core.RequestEvent) error {
	review, err := e.App.FindRecordById("episode_reviews", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("That episode review does not exist.", nil)
	}
	if review.GetString("user") != e.Auth.Id {
		return e.ForbiddenError("Only the author can delete this episode review.", nil)
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		if err := tx.Delete(review); err != nil {
			return err
		}
		_, err := posts.DeleteMatching(tx, episodeReviewPosts(e.Auth.Id, review.Id))
		return err
	})
	if err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// EpisodeReviewPost is the type of the post an episode review makes.
const EpisodeReviewPost = "episode_review"

// episodeReviewPosts matches the posts of userID's episode review reviewID.
func episodeReviewPosts(userID, reviewID string) posts.Match {
	return posts.Match{"type": EpisodeReviewPost, "user": userID, "data.episodeReviewId": reviewID}
}

// detachEpisodeReview deletes the episode review of a deleted episode_review post (when
// it is the post author's): the review was the post, so it goes with it.
func detachEpisodeReview(tx core.App, post *core.Record) error {
	var data struct {
		EpisodeReviewID string `json:"episodeReviewId"`
	}
	if err := post.UnmarshalJSONField("data", &data); err != nil || data.EpisodeReviewID == "" {
		return err
	}
	review, err := tx.FindRecordById("episode_reviews", data.EpisodeReviewID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	case review.GetString("user") != post.GetString("user"):
		return nil
	}
	return tx.Delete(review)
}

// ShowFromPath finds the show named by the {id} path value (its public id), answering
// 400 for an id that is no positive whole number, 404 for a show the catalog lacks (a
// movie's id included) and 503 when the provider cannot answer.
func ShowFromPath(e *core.RequestEvent) (*core.Record, error) {
	id, err := strconv.Atoi(e.Request.PathValue("id"))
	if err != nil || id <= 0 {
		return nil, e.BadRequestError("The show id must be a positive whole number.", nil)
	}
	show, err := catalog.Find(e.Request.Context(), e.App, catalog.TV, id)
	switch {
	case errors.Is(err, catalog.ErrNotFound):
		return nil, e.NotFoundError("That show is not in the catalog.", nil)
	case errors.Is(err, catalog.ErrUnavailable):
		return nil, e.Error(http.StatusServiceUnavailable, "The catalog provider is not answering. Please try again in a minute.", nil)
	}
	return show, err
}

func episodeJSON(r, show, author *core.Record) EpisodeReviewJSON {
	return EpisodeReviewJSON{
		ID: r.Id, TvShowID: show.GetInt("tmdbId"), SeasonNumber: r.GetInt("seasonNumber"),
		EpisodeNumber: r.GetInt("episodeNumber"), EpisodeName: r.GetString("episodeName"),
		Rating: r.GetFloat("rating"), Review: r.GetString("review"), User: auth.PublicUser(author),
		CreatedAt: r.GetDateTime("created").Time().UTC().Format(time.RFC3339),
	}
}
