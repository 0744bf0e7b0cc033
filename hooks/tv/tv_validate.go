package tv

import (
	"math"
	"strconv"
	"time"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// Bounds of the numbers a request may name, far beyond any show (the catalog's seasons
// decide what exists; these keep the arithmetic sane).
const (
	maxSeason  = 10000
	maxEpisode = 100000
)

// EpisodeBody names one episode: {season, episode}.
type EpisodeBody struct {
	Season  security.Field[float64] `json:"season"`
	Episode security.Field[float64] `json:"episode"`
}

// MarkBody is the POST /api/tv-shows/{id}/episodes/watched body: {season, episode} (one
// episode), {season} (the whole season) or {upTo: {season, episode}} (everything before
// and including it), with an optional watchedAt (default now). ParseMark validates it.
type MarkBody struct {
	Season    security.Field[float64]     `json:"season"`
	Episode   security.Field[float64]     `json:"episode"`
	UpTo      security.Field[EpisodeBody] `json:"upTo"`
	WatchedAt security.Field[string]      `json:"watchedAt"`
}

// MarkRequest is a validated mark, before the show's seasons are checked (Apply does).
type MarkRequest struct {
	Scope     Scope
	At        Ep
	WatchedAt time.Time
}

// ParseMark validates a mark body field by field (every failure names its field) with
// now as the server's clock.
func ParseMark(b MarkBody, now time.Time) (MarkRequest, error) {
	var r MarkRequest
	errs := validation.Errors{}
	switch {
	case b.UpTo.Present && !b.UpTo.Null:
		r.Scope = UpTo
		if b.Season.Present || b.Episode.Present {
			errs["upTo"] = validation.NewError("validation_one_of", "Send {season, episode}, {season} or {upTo: {season, episode}}, not several.")
			break
		}
		if b.UpTo.Invalid {
			errs["upTo"] = validation.NewError("validation_invalid_episode", "upTo must be an object {season, episode}.")
			break
		}
		at, err := parseEpisode(b.UpTo.Value)
		if err != nil {
			errs["upTo"] = err
		}
		r.At = at
	case !b.Episode.Present && b.Season.Present:
		r.Scope = WholeSeason
		var err error
		if r.At.Season, err = wholeNumber(b.Season, 0, maxSeason); err != nil {
			errs["season"] = err
		}
	default:
		at, err := parseEpisode(EpisodeBody{b.Season, b.Episode})
		if err != nil {
			return r, err
		}
		r.At = at
	}
	r.WatchedAt = now.UTC()
	at, given, err := diary.ParseWatchedDate(b.WatchedAt, now)
	switch {
	case err != nil:
		errs["watchedAt"] = err
	case given:
		r.WatchedAt = at
	}
	return r, errs.Filter()
}

// ParseEpisode validates an {season, episode} body (the DELETE of a watch).
func ParseEpisode(b EpisodeBody) (Ep, error) { return parseEpisode(b) }

func parseEpisode(b EpisodeBody) (Ep, error) {
	var e Ep
	errs := validation.Errors{}
	var err error
	if e.Season, err = wholeNumber(b.Season, 0, maxSeason); err != nil {
		errs["season"] = err
	}
	if e.Episode, err = wholeNumber(b.Episode, 1, maxEpisode); err != nil {
		errs["episode"] = err
	}
	return e, errs.Filter()
}

// wholeNumber reads a required JSON number that must be whole and within [lo, hi]: a
// string ("3"), a fraction, a negative or a huge number is refused, never guessed at.
func wholeNumber(f security.Field[float64], lo, hi int) (int, error) {
	switch v := f.Value; {
	case f.Missing():
		return 0, validation.NewError("validation_required", "Required: a whole number from "+strconv.Itoa(lo)+".")
	case f.Invalid || math.IsNaN(v) || v != math.Trunc(v):
		return 0, validation.NewError("validation_invalid_number", "Must be a whole number (not text, not a fraction).")
	case v < float64(lo) || v > float64(hi):
		return 0, validation.NewError("validation_out_of_range", "Must be from "+strconv.Itoa(lo)+" to "+strconv.Itoa(hi)+".")
	default:
		return int(v), nil
	}
}
