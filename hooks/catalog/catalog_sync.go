package catalog

import (
	"fmt"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Settings is the catalog_settings collection and the id of its one record.
const (
	SettingsCollection = "catalog_settings"
	SettingsID         = "catalogsettings"
)

// settingsRecord returns the catalog settings record, recreating it when a superuser
// deleted it.
func settingsRecord(app core.App) (*core.Record, error) {
	r, err := app.FindRecordById(SettingsCollection, SettingsID)
	if err == nil {
		return r, nil
	}
	c, cerr := app.FindCachedCollectionByNameOrId(SettingsCollection)
	if cerr != nil {
		return nil, cerr
	}
	r = core.NewRecord(c)
	r.Id = SettingsID
	return r, app.Save(r)
}

// SyncResult says what SyncEmbedded did.
type SyncResult struct {
	Movies, TV int  // titles written
	Skipped    bool // the collections already held this embedded catalog
}

// SyncEmbedded writes the embedded catalog into the movies and tv_shows collections so
// diary entries can relate to its records. It runs on every serve but does work only
// when the embedded set changed (its fingerprint differs from the one stored in
// catalog_settings) or its rows went missing, in one transaction.
func SyncEmbedded(app core.App) (SyncResult, error) {
	set, err := LoadEmbedded()
	if err != nil {
		return SyncResult{}, err
	}
	settings, err := settingsRecord(app)
	if err != nil {
		return SyncResult{}, err
	}
	if settings.GetString("embeddedHash") == set.hash {
		complete, err := embeddedRowsPresent(app, set)
		if err != nil || complete {
			return SyncResult{Skipped: true}, err
		}
	}
	res := SyncResult{Movies: len(set.titles[Movie]), TV: len(set.titles[TV])}
	err = app.RunInTransaction(func(tx core.App) error {
		for _, kind := range []Kind{Movie, TV} {
			if err := upsertTitles(tx, set.titles[kind], upsertMerge); err != nil {
				return err
			}
		}
		settings.Set("embeddedHash", set.hash)
		return tx.Save(settings)
	})
	if err != nil {
		return SyncResult{}, fmt.Errorf("sync embedded catalog: %w", err)
	}
	return res, nil
}

// embeddedRowsPresent reports whether every embedded title has its row (counted over
// the embedded id range, which the unique tmdbId index serves).
func embeddedRowsPresent(app core.App, set *EmbeddedSet) (bool, error) {
	for _, kind := range []Kind{Movie, TV} {
		var n int
		err := app.DB().Select("COUNT(*)").From(kind.Collection()).
			Where(dbx.Between("tmdbId", LocalIDFloor, ImportMovieFloor-1)).Row(&n)
		if err != nil {
			return false, err
		}
		if n < len(set.titles[kind]) {
			return false, nil
		}
	}
	return true, nil
}
