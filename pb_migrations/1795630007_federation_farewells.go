package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// When a federated member deletes their account, the servers that know them are told
	// (Delete of their actor, as Mastodon sends), so they drop the account and its copies
	// of the member's posts. Those deliveries outlive the member's users record and key,
	// which the deletion removes within seconds: a farewell keeps the actor's address and
	// a copy of its private key to sign them with, and its delivery rows name the farewell
	// instead of a member. The farewell and its rows go once every delivery is done or
	// given up. Superusers only.
	m.Register(func(app core.App) error {
		farewells := core.NewBaseCollection("federation_farewells")
		farewells.Fields.Add(
			&core.TextField{Name: "actor", Required: true, Max: 2000},
			&core.TextField{Name: "privateKeyPem", Required: true, Max: 8000, Hidden: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		if err := app.Save(farewells); err != nil {
			return err
		}
		q, err := app.FindCollectionByNameOrId("federation_deliveries")
		if err != nil {
			return err
		}
		if user, ok := q.Fields.GetByName("user").(*core.RelationField); ok {
			user.Required = false // a farewell's rows have no member any more
		}
		q.Fields.Add(&core.RelationField{Name: "farewell", CollectionId: farewells.Id, MaxSelect: 1, CascadeDelete: true})
		q.AddIndex("idx_federation_deliveries_farewell", false, "farewell, id", "") // led by the field and holding the id, as the cascade's lookups need (1795630004)
		return app.Save(q)
	}, func(app core.App) error {
		q, err := app.FindCollectionByNameOrId("federation_deliveries")
		if err != nil {
			return err
		}
		if _, err := app.DB().NewQuery("DELETE FROM federation_deliveries WHERE farewell != ''").Execute(); err != nil {
			return err
		}
		q.RemoveIndex("idx_federation_deliveries_farewell")
		q.Fields.RemoveByName("farewell")
		if user, ok := q.Fields.GetByName("user").(*core.RelationField); ok {
			user.Required = true
		}
		if err := app.Save(q); err != nil {
			return err
		}
		farewells, err := app.FindCollectionByNameOrId("federation_farewells")
		if err != nil {
			return err
		}
		return app.Delete(farewells)
	})
}
