package scrobble

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/catalog"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// Event is what a media server says happened to a play.
type Event int

const (
	// Ignored is any event that records nothing (library changes, pauses, music, tests).
	Ignored Event = iota
	// Started is a play starting or resuming: the 'watching now' state.
	Started
	// Stopped is a play ending, at whatever position: it counts when far enough.
	Stopped
	// Scrobbled is the server's own verdict that the item was watched (Plex's
	// media.scrobble at 90%, Emby's "mark played"): it counts.
	Scrobbled
)

// Play is one report of a media server, in the servers' common terms.
type Play struct {
	Server string // Jellyfin, Plex, Emby or Kodi (the generic shape)
	Event  Event
	Kind   catalog.Kind // Movie or TV (an episode)
	// Title and Year name the film, or the show for an episode (Year 0 when unknown).
	Title string
	Year  int
	// TMDBID is the film's TMDB id, or the show's (never an episode's own id).
	TMDBID int
	IMDbID string // the film's
	TVDBID int    // the film's or the show's
	// Season and Episode number an episode.
	Season, Episode int
	// Position and Runtime say how far the play went (zero when unknown); Completed is
	// the server's own "played to completion".
	Position, Runtime time.Duration
	Completed         bool
	At                time.Time // when the server says it happened (zero: now)
}

// Percent is how far the play went, 0–100, or -1 when the server did not say.
func (p Play) Percent() float64 {
	if p.Runtime <= 0 || p.Position <= 0 {
		return -1
	}
	return min(100, float64(p.Position)/float64(p.Runtime)*100)
}

// Counts reports whether a stopped or scrobbled play was watched far enough to log, for a
// member whose threshold is threshold percent.
func (p Play) Counts(threshold int) bool {
	switch {
	case p.Event == Scrobbled || p.Completed:
		return true
	case p.Event != Stopped:
		return false
	}
	return p.Percent() >= float64(threshold)
}

// ticks are .NET's 100 ns units, which Jellyfin and Emby count positions in.
func ticks(n int64) time.Duration { return time.Duration(n) * 100 }

// number is a JSON number or a string holding one: templates (Jellyfin's, a Kodi
// script's) often quote numbers, and servers leave fields empty.
type number float64

// UnmarshalJSON reads 12, "12", "" and null (the last two as 0).
func (n *number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return err
		}
		*n = number(f)
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = number(f)
	return nil
}

// int is the number as a whole number, 0 when out of range.
func (n number) int() int {
	if n < 0 || n > 1e9 {
		return 0
	}
	return int(n)
}

// int64 is the number as a whole number of ticks or milliseconds, 0 when out of range.
func (n number) int64() int64 {
	if n < 0 || n > 1e17 {
		return 0
	}
	return int64(n)
}

// text is a JSON string or a number written as one (provider ids come as either).
type text string

// UnmarshalJSON reads "x", 12 and null.
func (t *text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		err := json.Unmarshal(b, &s)
		*t = text(strings.TrimSpace(s))
		return err
	}
	var f json.Number
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*t = text(f.String())
	return nil
}

// flag is a JSON boolean or a string saying one ("True" from a template).
type flag bool

// UnmarshalJSON reads true, "true", "True" and null.
func (f *flag) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*f = flag(v)
	case string:
		*f = flag(strings.EqualFold(strings.TrimSpace(v), "true"))
	}
	return nil
}

// tmdbID reads a TMDB or TVDB id ("27205"), 0 when absent or not a positive number.
func positiveID(t text) int {
	n, err := strconv.Atoi(string(t))
	if err != nil || n <= 0 || n > 1e9 {
		return 0
	}
	return n
}

// imdbID keeps an IMDb id only in its own shape (tt and digits).
func imdbID(t text) string {
	s := strings.ToLower(string(t))
	if len(s) < 3 || len(s) > 12 || !strings.HasPrefix(s, "tt") {
		return ""
	}
	if _, err := strconv.Atoi(s[2:]); err != nil {
		return ""
	}
	return s
}

// parseTime reads the timestamps servers send (RFC 3339, with or without a zone); zero
// when there is none or it is not one.
func parseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.9999999", "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

// check validates what every counted or started play needs: a kind, a name (or an id),
// and an episode's numbers. field names the payload's own field for each, so a 400 says
// which one the server left out.
func (p Play) check(field map[string]string) error {
	if p.Event == Ignored {
		return nil
	}
	errs := validation.Errors{}
	if p.Title == "" && p.TMDBID == 0 {
		errs[field["title"]] = validation.NewError("validation_required", "The payload names no title.")
	}
	if len([]rune(p.Title)) > 500 {
		errs[field["title"]] = validation.NewError("validation_too_long", "The title is longer than 500 characters.")
	}
	if p.Kind == catalog.TV {
		if p.Season < 0 || p.Season > 10000 {
			errs[field["season"]] = validation.NewError("validation_invalid_season", "The season number is missing or out of range.")
		}
		if p.Episode < 1 || p.Episode > 100000 {
			errs[field["episode"]] = validation.NewError("validation_invalid_episode", "The episode number is missing or out of range.")
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}
