package comments

import (
	"strings"
	"unicode/utf8"

	"cinecircle/hooks/security"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// Limits of a comment.
const (
	MaxLength = 2000
	// MaxDepth is the deepest a comment can be: a reply to a depth-3 comment is refused
	// (SPEC §5: replies only below depth 3).
	MaxDepth = 3
)

// Body is the POST /api/activities/{id}/comments body (SPEC §7): the text under content
// or comment (SPEC §7 sends it under both), an optional GIF (gifUrl, gifId) and the
// comment it replies to. A client's commentType is not read: the server decides it.
type Body struct {
	Content  security.Field[string] `json:"content"`
	Comment  security.Field[string] `json:"comment"`
	GifURL   security.Field[string] `json:"gifUrl"`
	GifID    security.Field[string] `json:"gifId"`
	ParentID security.Field[string] `json:"parentCommentId"`
}

// Input is a validated comment payload.
type Input struct {
	Content  string
	GifURL   string
	GifID    string
	ParentID string
}

// Type is the commentType the server decides from the parts (SPEC §4).
func (in Input) Type() string {
	switch {
	case in.Content != "" && in.GifURL != "":
		return "text_with_gif"
	case in.GifURL != "":
		return "gif"
	}
	return "text"
}

// ParseInput validates a comment body. allowedGIF decides whether a gifUrl comes from a
// source we serve.
func ParseInput(b Body, allowedGIF func(string) bool) (Input, error) {
	var in Input
	errs := validation.Errors{}
	text, err := optionalString(b.Content, "content")
	if err != nil {
		errs["content"] = err
	}
	if text == "" {
		if alt, err := optionalString(b.Comment, "comment"); err != nil {
			errs["content"] = err
		} else {
			text = alt
		}
	}
	in.Content = strings.TrimSpace(strings.ToValidUTF8(text, "\uFFFD"))
	if utf8.RuneCountInString(in.Content) > MaxLength {
		errs["content"] = validation.NewError("validation_length_too_long", "Comments can be at most 2,000 characters.")
	}
	if in.GifURL, err = optionalString(b.GifURL, "gifUrl"); err != nil {
		errs["gifUrl"] = err
	}
	in.GifURL = strings.TrimSpace(in.GifURL)
	if in.GifURL != "" && (len(in.GifURL) > 2000 || !allowedGIF(in.GifURL)) {
		errs["gifUrl"] = validation.NewError("validation_gif_source", "Pick a GIF from the GIF picker.")
	}
	if in.GifID, err = optionalString(b.GifID, "gifId"); err != nil || len(in.GifID) > 200 {
		errs["gifId"] = validation.NewError("validation_invalid_gif_id", "The GIF id is not valid.")
	}
	if in.ParentID, err = optionalString(b.ParentID, "parentCommentId"); err != nil {
		errs["parentCommentId"] = err
	}
	if errs["content"] == nil && errs["gifUrl"] == nil && in.Content == "" && in.GifURL == "" {
		errs["content"] = validation.NewError("validation_required", "Write something or pick a GIF.")
	}
	if len(errs) > 0 {
		return in, errs
	}
	return in, nil
}

// optionalString reads a text member that may be absent or null; key names it in the
// error when it is not text.
func optionalString(f security.Field[string], key string) (string, error) {
	if f.Invalid {
		return "", validation.NewError("validation_not_a_string", key+" must be text.")
	}
	return f.Value, nil
}
