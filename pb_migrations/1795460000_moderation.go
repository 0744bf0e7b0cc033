package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// Moderation: members report posts, comments and members, and block each other;
	// moderators (superusers, in the dashboard) hide posts and comments, suspend members
	// and resolve reports. reports and blocks have no API rules: superusers read them in
	// the dashboard, members reach them only through /api/reports and /api/blocks.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(&core.BoolField{Name: "suspended", Help: "A suspended member cannot sign in or write, and their content is hidden from everyone."})
		// The suspended set is tiny: a partial index keeps "everyone suspended" a few rows.
		users.AddIndex("idx_users_suspended", false, "id", "suspended = TRUE")
		if err := app.Save(users); err != nil {
			return err
		}
		for _, name := range []string{"activities", "comments"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			c.Fields.Add(&core.BoolField{Name: "hidden", Help: "Hidden by a moderator: gone for everyone but its author, who sees a notice."})
			c.AddIndex("idx_"+name+"_hidden", false, "id", "hidden = TRUE")
			if err := app.Save(c); err != nil {
				return err
			}
		}

		reports := core.NewBaseCollection("reports")
		reports.Fields.Add(
			&core.RelationField{Name: "reporter", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.SelectField{Name: "entityType", Values: []string{"activity", "comment", "user"}, MaxSelect: 1, Required: true},
			&core.TextField{Name: "entityId", Required: true, Max: 64},
			&core.RelationField{Name: "targetUser", CollectionId: users.Id, MaxSelect: 1, Help: "Who wrote the reported content (or the reported member)."},
			&core.TextField{Name: "target", Max: 400, Help: "What was reported, as it read when the report was made."},
			&core.TextField{Name: "reason", Required: true, Max: 1000},
			&core.SelectField{Name: "status", Values: []string{"open", "resolved"}, MaxSelect: 1, Required: true},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		// One open report per member and target; a resolved one may be reported again.
		reports.AddIndex("idx_reports_open_pair", true, "reporter, entityType, entityId", "status = 'open'")
		reports.AddIndex("idx_reports_status_created", false, "status, created", "")
		if err := app.Save(reports); err != nil {
			return err
		}

		blocks := core.NewBaseCollection("blocks")
		blocks.Fields.Add(
			&core.RelationField{Name: "blocker", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "blocked", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		blocks.AddIndex("idx_blocks_pair", true, "blocker, blocked", "")
		blocks.AddIndex("idx_blocks_blocked", false, "blocked", "")
		return app.Save(blocks)
	}, func(app core.App) error {
		for _, name := range []string{"blocks", "reports"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		for _, name := range []string{"activities", "comments"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				c.RemoveIndex("idx_" + name + "_hidden")
				c.Fields.RemoveByName("hidden")
				if err := app.Save(c); err != nil {
					return err
				}
			}
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.RemoveIndex("idx_users_suspended")
		users.Fields.RemoveByName("suspended")
		return app.Save(users)
	})
}
