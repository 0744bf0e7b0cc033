package diary

import (
	"context"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// collection is where titles of this kind live.
func (k Kind) collection() string {
	if k == TV {
		return "tv_shows"
	}
	return "movies"
}

// relField is the watch-entry relation field that points at a title of this kind.
func (k Kind) relField() string {
	if k == TV {
		return "tvShow"
	}
	return "movie"
}

// catalogKind is the catalog's name for this kind.
func (k Kind) catalogKind() catalog.Kind {
	if k == TV {
		return catalog.TV
	}
	return catalog.Movie
}

// findTitle returns the catalog record whose public id is id, fetching it from the
// catalog provider when this instance has not cached it yet. Call it outside
// transactions: a provider fetch would hold the write lock for its round trip.
func findTitle(ctx context.Context, app core.App, kind Kind, id int) (*core.Record, error) {
	return catalog.Find(ctx, app, kind.catalogKind(), id)
}

// localTitle returns the cached catalog record whose public id is id, without fetching.
func localTitle(app core.App, kind Kind, id int) (*core.Record, error) {
	return app.FindFirstRecordByFilter(kind.collection(), "tmdbId = {:id}", dbx.Params{"id": id})
}

// TitleSummary is the title data entries and activities carry: enough for a card.
type TitleSummary struct {
	ID         int      `json:"id"`
	Title      string   `json:"title,omitzero"`
	Name       string   `json:"name,omitzero"`
	PosterPath string   `json:"posterPath"`
	Date       string   `json:"releaseDate,omitzero"`
	FirstAir   string   `json:"firstAirDate,omitzero"`
	Year       int      `json:"year"`
	Runtime    int      `json:"runtime,omitzero"`
	Seasons    int      `json:"numberOfSeasons,omitzero"`
	Genres     []string `json:"genres"`
	Overview   string   `json:"overview"`
}

// Summarize reads the card data of a title record (for other domains' answers).
func Summarize(kind Kind, r *core.Record) TitleSummary { return summarize(kind, r) }

// summarize reads the card data of a title record.
func summarize(kind Kind, r *core.Record) TitleSummary {
	s := TitleSummary{
		ID:         r.GetInt("tmdbId"),
		PosterPath: r.GetString("posterPath"),
		Year:       r.GetInt("year"),
		Overview:   r.GetString("overview"),
		Genres:     genresOf(r),
	}
	if kind == TV {
		s.Name = r.GetString("name")
		s.FirstAir = r.GetString("firstAirDate")
		s.Seasons = r.GetInt("numberOfSeasons")
		s.Runtime = r.GetInt("episodeRuntime")
	} else {
		s.Title = r.GetString("title")
		s.Date = r.GetString("releaseDate")
		s.Runtime = r.GetInt("runtime")
	}
	return s
}

// genresOf reads the genres JSON array of a title record.
func genresOf(r *core.Record) []string {
	var genres []string
	if err := r.UnmarshalJSONField("genres", &genres); err != nil || genres == nil {
		genres = []string{}
	}
	return genres
}
