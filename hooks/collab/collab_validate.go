package collab

import (
	"strings"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// RatingBody is a participant's rating: POST /api/user-movies and /api/tv-shows name the
// title by tmdbId (or movieId/tvShowId), PATCH /api/movies/{id} and /api/tv-shows/{id}
// by the path. Status, when given, must be watched; the rating must be above 0.
type RatingBody struct {
	TmdbID   security.Field[catalog.ID] `json:"tmdbId"`
	MovieID  security.Field[catalog.ID] `json:"movieId"`
	TvShowID security.Field[catalog.ID] `json:"tvShowId"`
	Status   security.Field[string]     `json:"status"`
	Rating   security.Field[float64]    `json:"rating"`
	Review   security.Field[string]     `json:"review"`
}

// RatingInput is a validated rating.
type RatingInput struct {
	TitleID int // the public id the body names; 0 when it names none
	Rating  float64
	Review  string
}

// ParseParticipantRating validates a rating body field by field (SPEC §5: a collaboration rating
// must be above 0; the review is optional and trimmed).
func ParseParticipantRating(b RatingBody) (RatingInput, error) {
	in := RatingInput{TitleID: firstID(b.TmdbID, b.MovieID, b.TvShowID)}
	errs := validation.Errors{}
	rating, err := diary.ParseRating(b.Rating)
	if err != nil {
		errs["rating"] = err
	} else if rating == 0 {
		errs["rating"] = validation.NewError("validation_required", "Please provide a rating before submitting.")
	}
	in.Rating = rating
	in.Review = strings.TrimSpace(b.Review.Value) // a review of the wrong type is no review
	if len([]rune(in.Review)) > diary.MaxReviewLength {
		errs["review"] = validation.NewError("validation_length_too_long", "Reviews can be at most 10,000 characters.")
	}
	if b.Status.Present && !b.Status.Null && (b.Status.Invalid || b.Status.Value != diary.StatusWatched) {
		errs["status"] = validation.NewError("validation_in_invalid", "A collaboration rating is for a watched title.")
	}
	return in, errs.Filter()
}

// RecommendBody is the POST /api/recommendations body: the title by movieId or
// tvShowId, up to 20 members the sender follows, and an optional note.
type RecommendBody struct {
	MovieID  security.Field[catalog.ID] `json:"movieId"`
	TvShowID security.Field[catalog.ID] `json:"tvShowId"`
	UserIDs  security.Field[[]string]   `json:"userIds"`
	Message  security.Field[string]     `json:"message"`
}

// RecommendInput is a validated recommendation.
type RecommendInput struct {
	Kind       catalog.Kind
	TitleID    int // 0 when the body names none
	Recipients []string
	Message    string
}

// maxRecipients is how many members one recommendation may reach.
const maxRecipients = 20

// ParseRecommendation validates a recommendation body sent by me: the note at most 500
// characters, 1 to 20 recipients other than me. Whether I follow them is the
// handler's question (it needs the database).
func ParseRecommendation(b RecommendBody, me string) (RecommendInput, validation.Errors) {
	in := RecommendInput{Kind: catalog.Movie, TitleID: firstID(b.MovieID)}
	if b.TvShowID.Present {
		in.Kind, in.TitleID = catalog.TV, firstID(b.TvShowID)
	}
	errs := validation.Errors{}
	in.Message = strings.TrimSpace(b.Message.Value) // a note of the wrong type is no note
	if len([]rune(in.Message)) > 500 {
		errs["message"] = validation.NewError("validation_length_too_long", "A note can be at most 500 characters.")
	}
	for _, id := range b.UserIDs.Value {
		if id != "" && id != me {
			in.Recipients = append(in.Recipients, id)
		}
	}
	if len(in.Recipients) == 0 || len(in.Recipients) > maxRecipients {
		errs["userIds"] = validation.NewError("validation_required", "Choose 1 to 20 people you follow.")
	}
	return in, errs
}

// firstID is the first of ids that holds a title id, or 0.
func firstID(ids ...security.Field[catalog.ID]) int {
	for _, f := range ids {
		if f.Given() {
			return int(f.Value)
		}
	}
	return 0
}
