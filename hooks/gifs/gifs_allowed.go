package gifs

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// AllowedURL reports whether a GIF URL a member sends (with a comment) comes from a
// source we serve: a file of our own library, or an https URL of the configured hosted
// provider. Anything else is refused, so comments cannot embed arbitrary images.
func AllowedURL(app core.App, u string) bool {
	if rest, ok := strings.CutPrefix(u, "/api/files/"); ok {
		parts := strings.Split(rest, "/")
		if len(parts) != 3 {
			return false
		}
		col, err := app.FindCachedCollectionByNameOrId("gifs")
		if err != nil || (parts[0] != col.Id && parts[0] != col.Name) {
			return false
		}
		r, err := app.FindRecordById(col, parts[1])
		return err == nil && r.GetString("file") == parts[2]
	}
	remote := configured()
	return remote != nil && remote.owns(u)
}
