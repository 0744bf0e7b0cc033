package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// catalogSettingsId is the id of the one catalog_settings record.
const catalogSettingsId = "catalogsettings"

func init() {
	m.Register(func(app core.App) error {
		if err := catalogTitles(app, "movies"); err != nil {
			return err
		}
		if err := catalogTitles(app, "tv_shows"); err != nil {
			return err
		}
		return catalogSettings(app)
	}, func(app core.App) error {
		for _, name := range []string{"catalog_settings", "tv_shows", "movies"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// catalogTitles creates movies or tv_shows: the local catalog (embedded and imported
// titles) and the cache of provider data, keyed by the public numeric id tmdbId. The
// browser reads it only through the catalog routes (their shapes, their cache headers),
// so the REST rules stay superuser-only; superusers edit titles in the dashboard.
func catalogTitles(app core.App, name string) error {
	tv := name == "tv_shows"
	title, original, date, runtime := "title", "originalTitle", "releaseDate", "runtime"
	if tv {
		title, original, date, runtime = "name", "originalName", "firstAirDate", "episodeRuntime"
	}
	datePattern := `^(\d{4}(-\d{2}-\d{2})?)?$`
	c := core.NewBaseCollection(name)
	c.Fields.Add(
		&core.NumberField{Name: "tmdbId", Required: true, OnlyInt: true, Min: types.Pointer(1.0),
			Help: "Public id used in routes (/movie/{id}): the TMDB id, or 1,000,000,000+ for embedded and imported titles."},
		&core.TextField{Name: title, Required: true, Max: 500, Presentable: true},
		&core.TextField{Name: original, Max: 500},
		&core.TextField{Name: "overview", Max: 10000},
		&core.TextField{Name: "posterPath", Max: 300, Help: "TMDB image path, e.g. /abc123.jpg (served through /img/{size}/...)."},
		&core.TextField{Name: "backdropPath", Max: 300},
		&core.TextField{Name: date, Max: 10, Pattern: datePattern, Help: "YYYY-MM-DD or YYYY."},
	)
	if tv {
		c.Fields.Add(&core.TextField{Name: "lastAirDate", Max: 10, Pattern: datePattern})
	}
	c.Fields.Add(
		&core.NumberField{Name: "year", OnlyInt: true},
		&core.NumberField{Name: runtime, OnlyInt: true, Min: types.Pointer(0.0), Help: "Minutes; 0 when unknown."},
	)
	if tv {
		c.Fields.Add(
			&core.NumberField{Name: "numberOfSeasons", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.JSONField{Name: "seasons", MaxSize: 5 << 20,
				Help: "[{seasonNumber, episodeCount, name, airDate, episodes?}] — episodes are cached provider data."},
		)
	}
	c.Fields.Add(
		&core.JSONField{Name: "genres", MaxSize: 4000, Help: `Array of genre names, e.g. ["Drama","Crime"].`},
		&core.NumberField{Name: "voteAverage", Min: types.Pointer(0.0), Max: types.Pointer(10.0)},
		&core.NumberField{Name: "voteCount", OnlyInt: true, Min: types.Pointer(0.0)},
		&core.NumberField{Name: "popularity", Min: types.Pointer(0.0)},
		&core.TextField{Name: "country", Max: 50},
		&core.TextField{Name: "language", Max: 20},
		&core.SelectField{Name: "source", Required: true, MaxSelect: 1,
			Values: []string{"embedded", "tmdb", "import"}},
		&core.DateField{Name: "fetchedAt", Help: "When full details last came from the provider (fresh for 15 minutes)."},
		&core.TextField{Name: "searchText", Max: 2000,
			Help: "Maintained by CineCircle: folded title and original title that search ranks against."},
	)
	c.AddIndex("idx_"+name+"_tmdbId", true, "tmdbId", "")
	// Covering index for the ranking pass of the search (see catalog.searchLocal).
	c.AddIndex("idx_"+name+"_search", false, "searchText, popularity, voteAverage, year, tmdbId", "")
	// Trending padding: the most popular embedded titles.
	c.AddIndex("idx_"+name+"_popularity", false, "source, popularity DESC, year DESC, tmdbId", "")
	return app.Save(c)
}

// catalogSettings creates the single-record settings of the catalog, editable in the
// dashboard: the TMDB key (the TMDB_API_KEY environment variable wins over it) and the
// fingerprint of the embedded catalog last written to the collections.
func catalogSettings(app core.App) error {
	c := core.NewBaseCollection("catalog_settings")
	c.Fields.Add(
		&core.TextField{Name: "tmdbApiKey", Max: 1000,
			Help: "TMDB v3 API key or v4 read access token. Leave empty to use the embedded catalog only. The TMDB_API_KEY environment variable takes precedence."},
		&core.TextField{Name: "embeddedHash", Max: 200,
			Help: "Fingerprint of the embedded catalog last synced. Clear it to re-sync on the next start."},
	)
	if err := app.Save(c); err != nil {
		return err
	}
	r := core.NewRecord(c)
	r.Id = catalogSettingsId
	return app.Save(r)
}
