package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Federation's moderation (#23): the remote servers (a domain, which covers its
// subdomains) and single remote actors the moderators block or silence, with why. Managed
// in the dashboard: superusers only. hooks/federation normalises each row and applies it
// when it is saved (a block removes that server's or actor's followers and interactions
// and withdraws deliveries to it; a silence drops their interactions).
func init() {
	m.Register(func(app core.App) error {
		blocks := core.NewBaseCollection("federation_blocks")
		blocks.Fields.Add(
			&core.TextField{Name: "domain", Max: 300,
				Help: "A server's domain, e.g. spam.example (its subdomains too). Leave empty to block one actor."},
			&core.TextField{Name: "actor", Max: 2000,
				Help: "One remote actor's URL, e.g. https://mastodon.example/users/spammer. Leave empty to block a domain."},
			&core.SelectField{Name: "severity", Values: []string{"block", "silence"}, MaxSelect: 1, Required: true,
				Help: "block: nothing from them arrives, nothing goes to them, their followers and interactions go. silence: they may follow members, but their likes, shares and replies are dropped."},
			&core.TextField{Name: "reason", Max: 1000, Help: "Why, for the other moderators (never shown to the blocked party)."},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		blocks.AddIndex("idx_federation_blocks_domain", false, "domain", "")
		blocks.AddIndex("idx_federation_blocks_actor", false, "actor", "")
		return app.Save(blocks)
	}, func(app core.App) error {
		if c, err := app.FindCollectionByNameOrId("federation_blocks"); err == nil {
			return app.Delete(c)
		}
		return nil
	})
}
