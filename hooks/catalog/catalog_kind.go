package catalog

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Kind tells movies from TV shows. Its values are the ones TMDB uses in its paths and the
// UI in its page addresses (/movie/{id}, /tv/{id}). Every name that differs between the
// two kinds (collection, relation field, payload and post data keys, post types,
// notification entity type) comes from its methods, so no domain spells "tvShow" itself.
type Kind string

// The two kinds of title.
const (
	Movie Kind = "movie"
	TV    Kind = "tv"
)

// Kinds lists both kinds, movies first.
var Kinds = []Kind{Movie, TV}

// ParseKind accepts "movie" and "tv" (the /api/tmdb/{kind}/... spelling).
func ParseKind(s string) (Kind, error) {
	switch Kind(s) {
	case Movie, TV:
		return Kind(s), nil
	}
	return "", fmt.Errorf("unknown kind %q: use movie or tv", s)
}

// Collection is the name of the collection that holds titles of this kind.
func (k Kind) Collection() string {
	if k == TV {
		return "tv_shows"
	}
	return "movies"
}

// NameField is the title record's field holding its name: a movie's title, a show's name.
func (k Kind) NameField() string {
	if k == TV {
		return "name"
	}
	return "title"
}

// RelationField is the field that points at a title of this kind in every collection
// that links to titles: watch entries, the diary, activities, collaborations,
// recommendations and episode reviews.
func (k Kind) RelationField() string {
	if k == TV {
		return "tvShow"
	}
	return "movie"
}

// IDField is the key that carries a title's public id in request bodies, answers and
// post data: movieId or tvShowId.
func (k Kind) IDField() string { return k.DataKey("Id") }

// DataKey is the key of one detail of the title in a post's data (SPEC §3):
// DataKey("Title") is movieTitle or tvShowTitle.
func (k Kind) DataKey(detail string) string { return k.RelationField() + detail }

// PostType is the activity type of a post about a title of this kind: PostType("review")
// is movie_review or tv_review.
func (k Kind) PostType(what string) string { return string(k) + "_" + what }

// EntityType is what a notification about a title of this kind names as its entity:
// movie or tv_show.
func (k Kind) EntityType() string {
	if k == TV {
		return "tv_show"
	}
	return "movie"
}

// PagePath is the UI page of the title with public id: /movie/{id} or /tv/{id}.
func (k Kind) PagePath(id string) string { return "/" + string(k) + "/" + id }

// KindOfPostType reads the kind of a post about a title from its type (movie_review is
// Movie); false for posts about no title (challenges, episode reviews, collaborations).
func KindOfPostType(typ string) (Kind, bool) {
	for _, k := range Kinds {
		if strings.HasPrefix(typ, k.PostType("")) {
			return k, true
		}
	}
	return "", false
}

// KindOfEntityType reads the kind a notification entity type names; false for entities
// that are not titles.
func KindOfEntityType(entityType string) (Kind, bool) {
	for _, k := range Kinds {
		if entityType == k.EntityType() {
			return k, true
		}
	}
	return "", false
}

// RelatedTitle returns the kind and record id of the title a record points at through
// its movie or TV relation field (an entry, a diary row, a collaboration, a
// recommendation); false when it points at none.
func RelatedTitle(r *core.Record) (Kind, string, bool) {
	for _, k := range Kinds {
		if id := r.GetString(k.RelationField()); id != "" {
			return k, id, true
		}
	}
	return "", "", false
}

// TitleNameIn returns the name of the title a post's data is about: movieTitle,
// tvShowTitle, or tvShowName (an episode review's); "" for posts about no title.
func TitleNameIn(data map[string]any) string {
	for _, key := range []string{Movie.DataKey("Title"), TV.DataKey("Title"), TV.DataKey("Name")} {
		if s, _ := data[key].(string); strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
