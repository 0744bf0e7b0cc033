package scrobble

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"mime"
	"slices"
	"strings"

	"cinecircle/hooks/catalog"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// MaxBody is the most a webhook request may carry: Plex attaches a poster thumbnail to
// some events, nothing else comes near it.
const MaxBody int64 = 1 << 20

// errUnknownShape says the body is JSON but no server's shape.
var errUnknownShape = validation.Errors{"body": validation.NewError("validation_unknown_payload",
	"Expected a Jellyfin, Plex, Emby or generic (Kodi) webhook payload.")}

// Parse reads one webhook request's body, telling the servers apart by content type and
// shape: Plex posts multipart/form-data with its JSON in a "payload" part (Emby's older
// versions in a "data" part); Jellyfin's plugin, Emby and the generic shape post JSON
// (Jellyfin has NotificationType, Emby Event and Item, Plex-as-JSON event and Metadata,
// the generic shape event). form is the multipart form's JSON part when there is one.
// The errors are validation.Errors naming the field at fault.
func Parse(contentType string, body []byte, form func(name string) string) (Play, error) {
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt == "multipart/form-data" || mt == "application/x-www-form-urlencoded" {
		if raw := form("payload"); raw != "" {
			return parseJSON([]byte(raw), "payload")
		}
		if raw := form("data"); raw != "" {
			return parseJSON([]byte(raw), "data")
		}
		return Play{}, validation.Errors{"payload": validation.NewError("validation_required",
			"The form has no payload part (Plex sends its JSON in one named payload).")}
	}
	return parseJSON(body, "body")
}

// parseJSON tells the JSON shapes apart and reads one; part names where it came from.
func parseJSON(b []byte, part string) (Play, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return Play{}, validation.Errors{part: validation.NewError("validation_invalid_json", "The "+part+" is not a JSON object.")}
	}
	var (
		p   Play
		err error
	)
	switch {
	case keys["NotificationType"] != nil:
		p, err = parseJellyfin(b)
	case keys["Event"] != nil:
		p, err = parseEmby(b)
	case keys["event"] != nil && keys["Metadata"] != nil:
		p, err = parsePlex(b)
	case keys["event"] != nil:
		p, err = parseGeneric(b)
	default:
		return Play{}, errUnknownShape
	}
	var semErr *jsonv2.SemanticError
	if errors.As(err, &semErr) {
		field := strings.Join(slices.Collect(semErr.JSONPointer.Tokens()), ".")
		if field == "" {
			field = part
		}
		return Play{}, validation.Errors{field: validation.NewError("validation_invalid_type", "This field has the wrong type.")}
	}
	if err != nil {
		var verrs validation.Errors
		if errors.As(err, &verrs) {
			return Play{}, verrs
		}
		return Play{}, validation.Errors{part: validation.NewError("validation_invalid_json", "The "+part+" could not be read: "+err.Error())}
	}
	return p, nil
}

// decode reads b into v: names match exactly (Plex sends both guid and Guid), and members
// it does not know are skipped (servers add fields).
func decode(b []byte, v any) error {
	return jsonv2.Unmarshal(b, v)
}

// kindOf maps a server's item type to ours; ok is false for anything but films and
// episodes (music, trailers, photos, whole seasons).
func kindOf(t string) (catalog.Kind, bool) {
	switch strings.ToLower(strings.TrimSpace(t)) {
	case "movie":
		return catalog.Movie, true
	case "episode":
		return catalog.TV, true
	}
	return "", false
}
