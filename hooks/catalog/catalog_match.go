package catalog

import (
	"context"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Match finds the public id of the title named name from year (0 when unknown), for
// imports of other services' histories: an exact title match (folded, article-free, title
// or original title) from the same year, or one year off (release dates differ between
// countries), the most popular first. With TMDB configured, a TMDB search runs first when
// the local catalog has no match. It returns ErrNotFound when nothing matches.
func Match(ctx context.Context, app core.App, kind Kind, name string, year int) (int, error) {
	key := SearchKey(name)
	if key == "" {
		return 0, ErrNotFound
	}
	if id, ok := matchLocal(app, kind, key, year); ok {
		return id, nil
	}
	if s := from(app); s != nil && s.remote() != nil {
		if _, _, err := s.search(ctx, app, kind, name, 20); err == nil { // caches the listing
			if id, ok := matchLocal(app, kind, key, year); ok {
				return id, nil
			}
		}
	}
	return 0, ErrNotFound
}

// matchLocal looks the key up in the collection's searchText ("|key|" is an exact match).
func matchLocal(app core.App, kind Kind, key string, year int) (int, bool) {
	var ids []int
	err := app.DB().NewQuery(`
		SELECT tmdbId FROM ` + kind.Collection() + `
		WHERE instr(searchText, {:k}) > 0 AND ({:y} = 0 OR year BETWEEN {:y} - 1 AND {:y} + 1)
		ORDER BY abs(year - {:y}), popularity DESC, tmdbId LIMIT 1`).
		Bind(dbx.Params{"k": "|" + key + "|", "y": year}).Column(&ids)
	if err != nil || len(ids) == 0 {
		return 0, false
	}
	return ids[0], true
}
