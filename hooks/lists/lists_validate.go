package lists

import (
	"strings"
	"unicode/utf8"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// Limits of a list (issue #20).
const (
	MaxNameLength        = 100
	MaxDescriptionLength = 2000
	MaxNoteLength        = 1000
	MaxFavorites         = 4
)

// ListBody is POST /api/lists and PATCH /api/lists/{id}: on a PATCH an absent member
// keeps its value.
type ListBody struct {
	Name        security.Field[string] `json:"name"`
	Description security.Field[string] `json:"description"`
	Ranked      security.Field[bool]   `json:"ranked"`
	Visibility  security.Field[string] `json:"visibility"`
}

// ListInput is a validated ListBody; nil members were absent.
type ListInput struct {
	Name, Description, Visibility *string
	Ranked                        *bool
}

// ParseList validates a list body. creating says whether the name is required (a new
// list) or may be absent (a PATCH keeps it); visibility defaults to public on create.
func ParseList(b ListBody, creating bool) (ListInput, error) {
	in := ListInput{}
	errs := validation.Errors{}
	switch {
	case b.Name.Present && (b.Name.Null || b.Name.Invalid):
		errs["name"] = validation.NewError("validation_invalid_type", "A list's name is text.")
	case b.Name.Given():
		name := strings.TrimSpace(b.Name.Value)
		switch n := utf8.RuneCountInString(name); {
		case n == 0:
			errs["name"] = validation.NewError("validation_required", "Give the list a name.")
		case n > MaxNameLength:
			errs["name"] = validation.NewError("validation_length_too_long", "A list's name can be at most 100 characters.")
		}
		in.Name = &name
	case creating:
		errs["name"] = validation.NewError("validation_required", "Give the list a name.")
	}
	if b.Description.Present {
		d := strings.TrimSpace(b.Description.Value)
		if b.Description.Invalid {
			errs["description"] = validation.NewError("validation_invalid_type", "A description is text.")
		} else if utf8.RuneCountInString(d) > MaxDescriptionLength {
			errs["description"] = validation.NewError("validation_length_too_long", "A description can be at most 2,000 characters.")
		}
		in.Description = &d
	}
	if b.Ranked.Present {
		if b.Ranked.Invalid || b.Ranked.Null {
			errs["ranked"] = validation.NewError("validation_invalid_type", "ranked is true or false.")
		}
		in.Ranked = &b.Ranked.Value
	}
	if b.Visibility.Present {
		v := b.Visibility.Value
		if !b.Visibility.Given() || (v != Public && v != Followers && v != Private) {
			errs["visibility"] = validation.NewError("validation_in_invalid", "Visibility is public, followers or private.")
		}
		in.Visibility = &v
	} else if creating {
		v := Public
		in.Visibility = &v
	}
	return in, errs.Filter()
}

// ItemBody is POST /api/lists/{id}/items: one title, by movieId or tvShowId, and a note.
type ItemBody struct {
	MovieID  security.Field[catalog.ID] `json:"movieId"`
	TvShowID security.Field[catalog.ID] `json:"tvShowId"`
	Note     security.Field[string]     `json:"note"`
}

// ItemInput is a validated ItemBody.
type ItemInput struct {
	Kind    catalog.Kind
	TitleID int
	Note    string
}

// ParseItem validates an item body: exactly one title id, a note of at most 1,000
// characters.
func ParseItem(b ItemBody) (ItemInput, error) {
	errs := validation.Errors{}
	in := ItemInput{}
	switch {
	case b.MovieID.Given() && b.TvShowID.Given():
		errs["movieId"] = validation.NewError("validation_one_title", "Name one title: movieId or tvShowId.")
	case b.MovieID.Given():
		in.Kind, in.TitleID = catalog.Movie, int(b.MovieID.Value)
	case b.TvShowID.Given():
		in.Kind, in.TitleID = catalog.TV, int(b.TvShowID.Value)
	case b.TvShowID.Present:
		errs["tvShowId"] = validation.NewError("validation_invalid_title", "tvShowId is a title's id.")
	default:
		errs["movieId"] = validation.NewError("validation_required", "Choose a title to add.")
	}
	note, err := parseNote(b.Note)
	if err != nil {
		errs["note"] = err
	}
	in.Note = note
	return in, errs.Filter()
}

// parseNote validates an item's note.
func parseNote(f security.Field[string]) (string, error) {
	if f.Invalid {
		return "", validation.NewError("validation_invalid_type", "A note is text.")
	}
	note := strings.TrimSpace(f.Value)
	if utf8.RuneCountInString(note) > MaxNoteLength {
		return "", validation.NewError("validation_length_too_long", "A note can be at most 1,000 characters.")
	}
	return note, nil
}

// ItemPatchBody is PATCH /api/lists/{id}/items/{itemId}: a new 1-based position in rank
// order, a new note, or both.
type ItemPatchBody struct {
	Position security.Field[int]    `json:"position"`
	Note     security.Field[string] `json:"note"`
}

// ItemPatch is a validated ItemPatchBody; nil members were absent.
type ItemPatch struct {
	Position *int
	Note     *string
}

// ParseItemPatch validates an item change. count is the list's length: a position
// outside 1..count is out of range.
func ParseItemPatch(b ItemPatchBody, count int) (ItemPatch, error) {
	errs := validation.Errors{}
	out := ItemPatch{}
	if b.Position.Present {
		p := b.Position.Value
		if !b.Position.Given() || p < 1 || p > count {
			errs["position"] = validation.NewError("validation_out_of_range", "Position must be a number from 1 to the list's length.")
		}
		out.Position = &p
	}
	if b.Note.Present {
		note, err := parseNote(b.Note)
		if err != nil {
			errs["note"] = err
		}
		out.Note = &note
	}
	if !b.Position.Present && !b.Note.Present {
		errs["position"] = validation.NewError("validation_required", "Give a new position or note.")
	}
	return out, errs.Filter()
}

// EditorBody is POST /api/lists/{id}/editors.
type EditorBody struct {
	UserID security.Field[string] `json:"userId"`
}

// FavoritesBody is PUT /api/user/favorites: up to four film ids in order.
type FavoritesBody struct {
	MovieIDs security.Field[[]catalog.ID] `json:"movieIds"`
}

// ParseFavorites validates favourites: at most four distinct films.
func ParseFavorites(b FavoritesBody) ([]int, error) {
	if b.MovieIDs.Invalid || (!b.MovieIDs.Given() && b.MovieIDs.Present && !b.MovieIDs.Null) {
		return nil, validation.Errors{"movieIds": validation.NewError("validation_invalid_type", "movieIds is a list of film ids.")}
	}
	if len(b.MovieIDs.Value) > MaxFavorites {
		return nil, validation.Errors{"movieIds": validation.NewError("validation_too_many", "Choose up to four favourite films.")}
	}
	ids := make([]int, 0, len(b.MovieIDs.Value))
	seen := map[int]bool{}
	for _, id := range b.MovieIDs.Value {
		if seen[int(id)] {
			return nil, validation.Errors{"movieIds": validation.NewError("validation_duplicate", "A film can be a favourite once.")}
		}
		seen[int(id)] = true
		ids = append(ids, int(id))
	}
	return ids, nil
}
