package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	m.Register(func(app core.App) error {
		// gifs is the local GIF library: superusers upload reactions in the dashboard and
		// members pick them through /api/gifs/* (no key, no network). The files are public
		// once attached to a comment, so the collection rules stay superuser-only and the
		// file field is not protected.
		gifs := core.NewBaseCollection("gifs")
		gifs.Fields.Add(
			&core.FileField{Name: "file", Required: true, MaxSelect: 1, MaxSize: 8 << 20,
				MimeTypes: []string{"image/gif", "image/webp", "image/png"}},
			&core.TextField{Name: "title", Required: true, Max: 200, Presentable: true},
			&core.TextField{Name: "tags", Max: 500, Help: "Words members may search for, separated by commas or spaces."},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		gifs.AddIndex("idx_gifs_created", false, "created", "")
		return app.Save(gifs)
	}, func(app core.App) error {
		c, err := app.FindCollectionByNameOrId("gifs")
		if err != nil {
			return nil
		}
		return app.Delete(c)
	})
}
