package migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Year in Review (#21): a notification type for 'your year is ready', pointing at a year.
func init() {
	m.Register(func(app core.App) error {
		n, err := app.FindCollectionByNameOrId("notifications")
		if err != nil {
			return err
		}
		addSelectValue(n, "type", "year_review")
		addSelectValue(n, "entityType", "year")
		return app.Save(n)
	}, func(app core.App) error {
		return nil // extra select values are harmless to an older build
	})
}

// addSelectValue adds value to the select field name of c when it is not there yet.
func addSelectValue(c *core.Collection, name, value string) {
	if f, ok := c.Fields.GetByName(name).(*core.SelectField); ok && !slices.Contains(f.Values, value) {
		f.Values = append(f.Values, value)
	}
}
