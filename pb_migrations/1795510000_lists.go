package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

func init() {
	// Lists (issue #20): members' named lists of movies and shows, ranked or not, public to
	// members, followers only or private, with editors the owner invites; and each member's
	// four favourite films. No API rules: members reach them only through /api/lists and
	// /api/user/favorites (hooks/lists), which check visibility.
	//
	// Posts about a list (list_created, list_updated) relate to it through activities.list
	// and carry its audience: "" (everyone who may see the author), "followers" or
	// "private". The feed and profiles leave out the few restricted posts through partial
	// indexes, the way they leave out hidden posts.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		movies, err := app.FindCollectionByNameOrId("movies")
		if err != nil {
			return err
		}
		shows, err := app.FindCollectionByNameOrId("tv_shows")
		if err != nil {
			return err
		}

		lists := core.NewBaseCollection("lists")
		lists.Fields.Add(
			&core.RelationField{Name: "owner", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.TextField{Name: "name", Required: true, Max: 100},
			&core.TextField{Name: "description", Max: 2000},
			&core.BoolField{Name: "ranked"},
			&core.SelectField{Name: "visibility", Values: []string{"public", "followers", "private"}, MaxSelect: 1, Required: true},
			&core.BoolField{Name: "hidden", Help: "Hidden by a moderator: gone for everyone but its owner."},
			&core.NumberField{Name: "itemCount", Min: types.Pointer(0.0), OnlyInt: true},
			&core.RelationField{Name: "updatedBy", CollectionId: users.Id, MaxSelect: 1, Help: "Who made the last change."},
			&core.TextField{Name: "importKey", Max: 200, Help: "The Letterboxd list this list was imported from, so a re-import updates it."},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		lists.AddIndex("idx_lists_owner_updated", false, "owner, updated", "")
		lists.AddIndex("idx_lists_owner_import", true, "owner, importKey", "importKey != ''")
		lists.AddIndex("idx_lists_hidden", false, "id", "hidden = TRUE")
		if err := app.Save(lists); err != nil {
			return err
		}

		items := core.NewBaseCollection("list_items")
		items.Fields.Add(
			&core.RelationField{Name: "list", CollectionId: lists.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movie", CollectionId: movies.Id, MaxSelect: 1},
			&core.RelationField{Name: "tvShow", CollectionId: shows.Id, MaxSelect: 1},
			&core.NumberField{Name: "rank", OnlyInt: true, Help: "Gapped order key: position is the item's place in rank order."},
			&core.TextField{Name: "note", Max: 1000},
			&core.RelationField{Name: "addedBy", CollectionId: users.Id, MaxSelect: 1},
			&core.RelationField{Name: "editedBy", CollectionId: users.Id, MaxSelect: 1, Help: "Who last moved or annotated it."},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		// A title once per list; ranks distinct within a list (a lost update would collide).
		items.AddIndex("idx_list_items_movie_once", true, "list, movie", "movie != ''")
		items.AddIndex("idx_list_items_tv_once", true, "list, tvShow", "tvShow != ''")
		items.AddIndex("idx_list_items_rank", true, "list, rank", "")
		// 'In N lists by friends': the lists holding a title.
		items.AddIndex("idx_list_items_movie", false, "movie, list", "")
		items.AddIndex("idx_list_items_tv", false, "tvShow, list", "")
		if err := app.Save(items); err != nil {
			return err
		}

		editors := core.NewBaseCollection("list_editors")
		editors.Fields.Add(
			&core.RelationField{Name: "list", CollectionId: lists.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		editors.AddIndex("idx_list_editors_pair", true, "list, user", "")
		editors.AddIndex("idx_list_editors_user", false, "user", "")
		if err := app.Save(editors); err != nil {
			return err
		}

		favorites := core.NewBaseCollection("favorites")
		favorites.Fields.Add(
			&core.RelationField{Name: "user", CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
			&core.RelationField{Name: "movies", CollectionId: movies.Id, MaxSelect: 4, Help: "Up to four films, in the member's order."},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		favorites.AddIndex("idx_favorites_user", true, "user", "")
		if err := app.Save(favorites); err != nil {
			return err
		}

		activities, err := app.FindCollectionByNameOrId("activities")
		if err != nil {
			return err
		}
		if f, ok := activities.Fields.GetByName("type").(*core.SelectField); ok {
			f.Values = append(f.Values, "list_created", "list_updated")
		}
		activities.Fields.Add(
			&core.RelationField{Name: "list", CollectionId: lists.Id, MaxSelect: 1, CascadeDelete: true},
			&core.SelectField{Name: "audience", Values: []string{"followers", "private"}, MaxSelect: 1,
				Help: "Empty: everyone who may see the author. Set on posts about a list that is not public."},
		)
		activities.AddIndex("idx_activities_list", false, "list", "list != ''")
		activities.AddIndex("idx_activities_restricted", false, "id", "audience != ''")
		activities.AddIndex("idx_activities_private", false, "id", "audience = 'private'")
		if err := app.Save(activities); err != nil {
			return err
		}

		// The list's thread: its first post, where its likes and comments live.
		lists.Fields.Add(&core.RelationField{Name: "thread", CollectionId: activities.Id, MaxSelect: 1})
		if err := app.Save(lists); err != nil {
			return err
		}

		for _, name := range []string{"reports", "notifications"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if f, ok := c.Fields.GetByName("entityType").(*core.SelectField); ok {
				f.Values = append(f.Values, "list")
			}
			// list_editor: the owner made you an editor; list_update: a collaborator changed
			// a list you own or edit.
			if f, ok := c.Fields.GetByName("type").(*core.SelectField); ok && name == "notifications" {
				f.Values = append(f.Values, "list_editor", "list_update")
			}
			if err := app.Save(c); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		activities, err := app.FindCollectionByNameOrId("activities")
		if err == nil {
			for _, idx := range []string{"idx_activities_list", "idx_activities_restricted", "idx_activities_private"} {
				activities.RemoveIndex(idx)
			}
			activities.Fields.RemoveByName("list")
			activities.Fields.RemoveByName("audience")
			if err := app.Save(activities); err != nil {
				return err
			}
		}
		for _, name := range []string{"favorites", "list_editors", "list_items", "lists"} {
			if c, err := app.FindCollectionByNameOrId(name); err == nil {
				if err := app.Delete(c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
