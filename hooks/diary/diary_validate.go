package diary

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// Statuses a watch entry can have (SPEC §4).
const (
	StatusWatched   = "watched"
	StatusPlanned   = "plan_to_watch"
	StatusWatching  = "currently_watching"
	StatusDropped   = "dropped"
	MaxReviewLength = 10000
	maxWatchedWith  = 20
	// futureSlack lets a member in the furthest time zone (UTC+14) log "today".
	futureSlack = 14 * time.Hour
)

// EntryInput is a validated watch-entry payload (SPEC §3), ready to save.
type EntryInput struct {
	Kind        catalog.Kind
	TitleID     int
	Status      string
	Rating      float64 // one decimal; 0 means no rating
	Review      string
	WatchedWith []string
	WatchedAt   time.Time // zero unless watched or dropped
	// Quiet saves the entry without posting an activity: a friend's rating of a
	// collaboration already has its post.
	Quiet bool
}

// EntryBody is the POST /api/user/movies and /api/user/tv-shows body (SPEC §7): the
// title's id under movieId or tvShowId (as the route's kind says), status, rating,
// review, watchedWith and watchedAt. ParseEntry validates it.
type EntryBody struct {
	MovieID     security.Field[catalog.ID] `json:"movieId"`
	TvShowID    security.Field[catalog.ID] `json:"tvShowId"`
	Status      security.Field[string]     `json:"status"`
	Rating      security.Field[float64]    `json:"rating"`
	Review      security.Field[string]     `json:"review"`
	WatchedWith security.Field[[]string]   `json:"watchedWith"`
	WatchedAt   security.Field[string]     `json:"watchedAt"`
}

// titleID is the member that carries the title id for kind.
func (b EntryBody) titleID(kind catalog.Kind) security.Field[catalog.ID] {
	if kind == catalog.TV {
		return b.TvShowID
	}
	return b.MovieID
}

// withDetails reports whether a status carries rating, review, date and companions.
func withDetails(status string) bool {
	return status == StatusWatched || status == StatusDropped
}

// ParseEntry validates an entry body field by field, so every failure names its field.
// now is the server's clock (a blank date becomes now for watched and dropped).
func ParseEntry(kind catalog.Kind, b EntryBody, now time.Time) (EntryInput, error) {
	in := EntryInput{Kind: kind}
	errs := validation.Errors{}
	idField := kind.IDField()
	if id, err := parseID(b.titleID(kind)); err != nil {
		errs[idField] = err
	} else {
		in.TitleID = id
	}

	in.Status = strings.TrimSpace(b.Status.Value) // a status of the wrong type is a missing one
	switch in.Status {
	case StatusWatched, StatusPlanned, StatusWatching, StatusDropped:
	case "":
		errs["status"] = validation.NewError("validation_required", "Choose a status: watched, plan_to_watch, currently_watching or dropped.")
	default:
		errs["status"] = validation.NewError("validation_in_invalid", "Status must be watched, plan_to_watch, currently_watching or dropped.")
	}

	if r, err := ParseRating(b.Rating); err != nil {
		errs["rating"] = err
	} else {
		in.Rating = r
	}
	if s, err := ParseReview(b.Review); err != nil {
		errs["review"] = err
	} else {
		in.Review = s
	}
	if ids, err := parseIDList(b.WatchedWith); err != nil {
		errs["watchedWith"] = err
	} else {
		in.WatchedWith = ids
	}
	at, hasDate, err := parseDate(b.WatchedAt, now)
	if err != nil {
		errs["watchedAt"] = err
	}

	if errs["status"] == nil && !withDetails(in.Status) {
		only := func(field string) validation.Error {
			return validation.NewError("validation_status_mismatch", "A "+field+" can only be given for watched or dropped titles.")
		}
		if errs["rating"] == nil && in.Rating > 0 {
			errs["rating"] = only("rating")
		}
		if errs["review"] == nil && in.Review != "" {
			errs["review"] = only("review")
		}
		if errs["watchedWith"] == nil && len(in.WatchedWith) > 0 {
			errs["watchedWith"] = only("watched-with list")
		}
		if errs["watchedAt"] == nil && hasDate {
			errs["watchedAt"] = only("watched date")
		}
	} else if errs["watchedAt"] == nil {
		in.WatchedAt = now.UTC()
		if hasDate {
			in.WatchedAt = at
		}
	}
	if len(errs) > 0 {
		return in, errs
	}
	return in, nil
}

// ParseRating accepts a JSON number from 0 to 10 (or null/absent, meaning no rating) and
// rounds it to one decimal: 7.25 becomes 7.3. Strings such as "7,5" are refused rather
// than guessed at.
func ParseRating(f security.Field[float64]) (float64, error) {
	if f.Invalid {
		return 0, validation.NewError("validation_not_a_number", "Rating must be a number from 0 to 10.")
	}
	v := f.Value // 0 when absent or null
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 10 {
		return 0, validation.NewError("validation_out_of_range", "Rating must be between 0 and 10.")
	}
	return math.Round(v*10) / 10, nil
}

// ParseReview applies the review rules wherever a review is written (entries, episode
// reviews, post edits): text, trimmed, valid UTF-8, at most MaxReviewLength characters;
// null or absent means no review.
func ParseReview(f security.Field[string]) (string, error) {
	if f.Invalid {
		return "", validation.NewError("validation_not_a_string", "Review must be text.")
	}
	s := strings.TrimSpace(strings.ToValidUTF8(f.Value, "\uFFFD"))
	if utf8.RuneCountInString(s) > MaxReviewLength {
		return "", validation.NewError("validation_length_too_long", "Reviews can be at most 10,000 characters.")
	}
	return s, nil
}

// parseID reads a title id: required, a positive whole number or a string of digits
// (catalog.ID's decoding).
func parseID(f security.Field[catalog.ID]) (int, error) {
	switch {
	case f.Missing():
		return 0, validation.NewError("validation_required", "Choose a title.")
	case f.Invalid:
		return 0, validation.NewError("validation_invalid_id", "The title id must be a positive whole number.")
	}
	return int(f.Value), nil
}

// parseIDList accepts a list of member ids (null or absent means none), without repeats.
func parseIDList(f security.Field[[]string]) ([]string, error) {
	if f.Invalid {
		return nil, validation.NewError("validation_not_a_list", "watchedWith must be a list of member ids.")
	}
	if f.Missing() {
		return nil, nil
	}
	if len(f.Value) > maxWatchedWith {
		return nil, validation.NewError("validation_too_many", "You can add at most 20 friends.")
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(f.Value))
	for _, id := range f.Value {
		id = strings.TrimSpace(id)
		if id == "" {
			return nil, validation.NewError("validation_invalid_id", "watchedWith must be a list of member ids.")
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// parseDate accepts an ISO date (YYYY-MM-DD) or date-time, not in the future. It reports
// whether a non-blank date was given.
func parseDate(f security.Field[string], now time.Time) (time.Time, bool, error) {
	if f.Invalid {
		return time.Time{}, false, validation.NewError("validation_invalid_date", "The watched date must be an ISO date such as 2026-11-22.")
	}
	s := strings.TrimSpace(f.Value)
	if s == "" {
		return time.Time{}, false, nil
	}
	var t time.Time
	var err error
	if len(s) == len("2006-01-02") {
		t, err = time.Parse("2006-01-02", s)
	} else {
		t, err = time.Parse(time.RFC3339Nano, s)
	}
	if err != nil {
		return time.Time{}, true, validation.NewError("validation_invalid_date", "The watched date must be an ISO date such as 2026-11-22.")
	}
	if t.After(now.Add(futureSlack)) {
		return time.Time{}, true, validation.NewError("validation_future_date", "The watched date cannot be in the future.")
	}
	if t.Year() < 1870 {
		return time.Time{}, true, validation.NewError("validation_invalid_date", "The watched date is too far in the past.")
	}
	return t.UTC(), true, nil
}
