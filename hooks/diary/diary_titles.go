package diary

import (
	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// localTitle returns the cached catalog record whose public id is id, without fetching.
func localTitle(app core.App, kind catalog.Kind, id int) (*core.Record, error) {
	return app.FindFirstRecordByFilter(kind.Collection(), "tmdbId = {:id}", dbx.Params{"id": id})
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
func Summarize(kind catalog.Kind, r *core.Record) TitleSummary { return summarize(kind, r) }

// summaryColumns are the columns of kind's collection summarize reads.
func summaryColumns(kind catalog.Kind) []string {
	common := []string{"id", "tmdbId", "posterPath", "year", "overview", "genres"}
	if kind == catalog.TV {
		return append(common, "name", "firstAirDate", "numberOfSeasons", "episodeRuntime")
	}
	return append(common, "title", "releaseDate", "runtime")
}

// summarize reads the card data of a title record.
func summarize(kind catalog.Kind, r *core.Record) TitleSummary {
	s := TitleSummary{
		ID:         r.GetInt("tmdbId"),
		PosterPath: r.GetString("posterPath"),
		Year:       r.GetInt("year"),
		Overview:   r.GetString("overview"),
		Genres:     genresOf(r),
	}
	if kind == catalog.TV {
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
