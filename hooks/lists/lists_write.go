package lists

import (
	"context"
	"errors"
	"strings"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Collections this package owns.
const (
	Collection        = "lists"
	ItemsCollection   = "list_items"
	EditorsCollection = "list_editors"
	FavoritesCol      = "favorites"
)

// ErrForbidden is returned when the actor may read a list but not make this change.
var ErrForbidden = errors.New("not allowed on this list")

// Create saves a new list owned by owner and, unless it is private, posts it to the
// feed (the post is the list's thread).
func Create(app core.App, owner string, in ListInput) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	list := core.NewRecord(col)
	list.Load(map[string]any{"owner": owner, "updatedBy": owner, "visibility": Public})
	applyInput(list, in)
	err = app.RunInTransaction(func(tx core.App) error {
		if err := tx.Save(list); err != nil {
			return err
		}
		return publish(tx, list)
	})
	return list, err
}

// applyInput sets the list fields in names.
func applyInput(list *core.Record, in ListInput) {
	if in.Name != nil {
		list.Set("name", *in.Name)
	}
	if in.Description != nil {
		list.Set("description", *in.Description)
	}
	if in.Ranked != nil {
		list.Set("ranked", *in.Ranked)
	}
	if in.Visibility != nil {
		list.Set("visibility", *in.Visibility)
	}
}

// Update renames or re-describes list, or changes whether it is ranked or its
// visibility: the owner's powers alone. A visibility change moves the list's posts with
// it (a list made private leaves the feed; one made public or followers-only is
// published, posting once).
func Update(app core.App, actor string, list *core.Record, in ListInput) error {
	if list.GetString("owner") != actor {
		return ErrForbidden
	}
	return app.RunInTransaction(func(tx core.App) error {
		applyInput(list, in)
		list.Set("updatedBy", actor)
		if err := tx.Save(list); err != nil {
			return err
		}
		return publish(tx, list)
	})
}

// Delete deletes list with its items, editors and posts (the posts' likes, comments and
// notifications go with them through posts.Delete).
func Delete(app core.App, actor string, list *core.Record) error {
	if list.GetString("owner") != actor {
		return ErrForbidden
	}
	return app.RunInTransaction(func(tx core.App) error {
		if err := deletePosts(tx, list); err != nil {
			return err
		}
		return tx.Delete(list)
	})
}

// errDuplicate names the body field of a title already in the list.
func errDuplicate(kind catalog.Kind) error {
	return validation.Errors{kind.IDField(): validation.NewError("validation_duplicate", "That title is already in this list.")}
}

// AddItem adds a title at the end of list, fetching it into the catalog first when
// TMDB has it and we do not (as the diary does), and posts the addition. The actor must
// be able to edit the list.
func AddItem(ctx context.Context, app core.App, actor string, list *core.Record, in ItemInput) (*core.Record, error) {
	title, err := catalog.Find(ctx, app, in.Kind, in.TitleID)
	if errors.Is(err, catalog.ErrNotFound) {
		return nil, validation.Errors{in.Kind.IDField(): validation.NewError("validation_unknown_title", "That title is not in the catalog.")}
	} else if err != nil {
		return nil, err
	}
	col, err := app.FindCachedCollectionByNameOrId(ItemsCollection)
	if err != nil {
		return nil, err
	}
	item := core.NewRecord(col)
	err = app.RunInTransaction(func(tx core.App) error {
		var n int
		if err := tx.DB().Select("COUNT(*)").From(ItemsCollection).
			Where(dbx.HashExp{"list": list.Id, in.Kind.RelationField(): title.Id}).Row(&n); err != nil {
			return err
		}
		if n > 0 {
			return errDuplicate(in.Kind)
		}
		last, err := lastRank(tx, list.Id)
		if err != nil {
			return err
		}
		open, err := listOpen(tx, list.Id)
		if err != nil {
			return err
		}
		item.Load(map[string]any{"list": list.Id, "owner": list.GetString("owner"), "listOpen": open, in.Kind.RelationField(): title.Id,
			"rank": last + RankGap, "note": in.Note, "addedBy": actor, "editedBy": actor})
		if err := tx.Save(item); err != nil {
			return err
		}
		if err := touch(tx, list, actor); err != nil {
			return err
		}
		return postAddition(tx, list, actor, in.Kind, title)
	})
	return item, err
}

// PatchItem puts item at position (1-based, in rank order) and/or changes its note, and
// returns the item as saved.
func PatchItem(app core.App, actor string, list, item *core.Record, p ItemPatch) (*core.Record, error) {
	var saved *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		// Re-read inside the transaction: a concurrent move may have changed its rank.
		fresh, err := tx.FindRecordById(ItemsCollection, item.Id)
		if err != nil {
			return err
		}
		now := types.NowDateTime()
		set := dbx.Params{"editedBy": actor, "updated": now.String()}
		if p.Position != nil {
			var count int
			if err := tx.DB().Select("COUNT(*)").From(ItemsCollection).Where(dbx.HashExp{"list": list.Id}).Row(&count); err != nil {
				return err
			}
			if *p.Position > count {
				return validation.Errors{"position": validation.NewError("validation_out_of_range", "Position must be a number from 1 to the list's length.")}
			}
			rank, err := moveRank(tx, list.Id, fresh.Id, *p.Position)
			if err != nil {
				return err
			}
			set["rank"] = rank
			fresh.Set("rank", rank)
		}
		if p.Note != nil {
			set["note"] = *p.Note
			fresh.Set("note", *p.Note)
		}
		fresh.Set("editedBy", actor)
		fresh.Set("updated", now)
		// Only the changed columns (ParseItemPatch validated them): saving the record wrote
		// every column, so SQLite rewrote the item's entry in each of its five indexes,
		// and a move wrote ~8 pages. Fewer pages written means fewer of the WAL
		// checkpoints that a commit runs every 1,000 pages, which took 20–60 ms each and
		// were the move's p99 (bench/NOTES.md). list_items has no record hooks.
		if _, err := tx.DB().Update(ItemsCollection, set, dbx.HashExp{"id": fresh.Id}).Execute(); err != nil {
			return err
		}
		saved = fresh
		return stamp(tx, list, actor, -1)
	})
	return saved, err
}

// RemoveItem removes item from list.
func RemoveItem(app core.App, actor string, list, item *core.Record) error {
	return app.RunInTransaction(func(tx core.App) error {
		if err := tx.Delete(item); err != nil {
			return err
		}
		return touch(tx, list, actor)
	})
}

// touch recounts list's items and records who changed it last (which also moves it up
// the 'recent lists').
func touch(tx core.App, list *core.Record, actor string) error {
	var n int
	if err := tx.DB().Select("COUNT(*)").From(ItemsCollection).Where(dbx.HashExp{"list": list.Id}).Row(&n); err != nil {
		return err
	}
	return stamp(tx, list, actor, n)
}

// stamp records that actor changed list, which now holds n items (n < 0: as many as
// before). One UPDATE: lists have no record hooks to run.
func stamp(tx core.App, list *core.Record, actor string, n int) error {
	now := types.NowDateTime()
	set := dbx.Params{"updatedBy": actor, "updated": now.String()}
	if n >= 0 {
		set["itemCount"] = n
		list.Set("itemCount", n)
	}
	_, err := tx.DB().Update(Collection, set, dbx.HashExp{"id": list.Id}).Execute()
	list.Set("updatedBy", actor)
	list.Set("updated", now)
	return err
}

// FindItem returns the item with id in list, or ErrNotVisible.
func FindItem(app core.App, list *core.Record, id string) (*core.Record, error) {
	item, err := app.FindRecordById(ItemsCollection, id)
	if err != nil || item.GetString("list") != list.Id {
		return nil, ErrNotVisible
	}
	return item, nil
}

// MaxExport is how many items an export reads of one list.
const MaxExport = 100000

// IsDuplicate reports whether err says the title is already in the list.
func IsDuplicate(err error) bool {
	var fields validation.Errors
	if !errors.As(err, &fields) {
		return false
	}
	for _, e := range fields {
		var ve validation.Error
		if errors.As(e, &ve) && ve.Code() == "validation_duplicate" {
			return true
		}
	}
	return false
}

// ImportList returns owner's list imported under key, making it (private, so an import
// posts nothing) the first time.
func ImportList(app core.App, owner, key, name, description string) (*core.Record, error) {
	if l, err := app.FindFirstRecordByFilter(Collection, "owner = {:o} && importKey = {:k}", dbx.Params{"o": owner, "k": key}); err == nil {
		return l, nil
	}
	if r := []rune(name); len(r) > MaxNameLength {
		name = string(r[:MaxNameLength])
	}
	if r := []rune(description); len(r) > MaxDescriptionLength {
		description = string(r[:MaxDescriptionLength])
	}
	if strings.TrimSpace(name) == "" {
		name = "Imported list"
	}
	vis := Private
	list, err := Create(app, owner, ListInput{Name: &name, Description: &description, Visibility: &vis})
	if err != nil {
		return nil, err
	}
	list.Set("importKey", key)
	return list, app.Save(list)
}
