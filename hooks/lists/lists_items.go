package lists

import (
	"net/http"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// itemAnswer responds with one item as the viewer sees it now.
func itemAnswer(e *core.RequestEvent, status int, list, item *core.Record) error {
	// Read the one item by its rank: the page after the item just before it (the first
	// page when it is first).
	var prev []string
	if err := e.App.DB().NewQuery("SELECT id FROM list_items WHERE list = {:list} AND rank < {:rank} ORDER BY rank DESC LIMIT 1").
		Bind(dbx.Params{"list": list.Id, "rank": item.GetInt("rank")}).Column(&prev); err != nil {
		return err
	}
	before := ""
	if len(prev) > 0 {
		before = prev[0]
	}
	items, _, err := Items(e.App, e.Auth.Id, list, before, 1)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return e.NotFoundError("That item does not exist.", nil)
	}
	return e.JSON(status, items[0])
}

// addItemHandler answers POST /api/lists/{id}/items {movieId | tvShowId, note}: an owner
// or editor adds a title at the end.
func addItemHandler(e *core.RequestEvent) error {
	list, err := editableList(e)
	if err != nil {
		return err
	}
	var body ItemBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, err := ParseItem(body)
	if err != nil {
		return answer(e, err)
	}
	item, err := AddItem(e.Request.Context(), e.App, e.Auth.Id, list, in)
	if err != nil {
		return answer(e, err)
	}
	tellCollaborators(e.App, list, e.Auth.Id, "added a title to "+list.GetString("name"))
	return itemAnswer(e, http.StatusCreated, list, item)
}

// patchItemHandler answers PATCH /api/lists/{id}/items/{itemId} {position?, note?}:
// move the item to a 1-based position in rank order, or change its note.
func patchItemHandler(e *core.RequestEvent) error {
	list, err := editableList(e)
	if err != nil {
		return err
	}
	item, err := FindItem(e.App, list, e.Request.PathValue("itemId"))
	if err != nil {
		return e.NotFoundError("That item does not exist.", nil)
	}
	var body ItemPatchBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	p, err := ParseItemPatch(body, list.GetInt("itemCount"))
	if err != nil {
		return answer(e, err)
	}
	saved, err := PatchItem(e.App, e.Auth.Id, list, item, p)
	if err != nil {
		return answer(e, err)
	}
	return itemAnswer(e, http.StatusOK, list, saved)
}

// removeItemHandler answers DELETE /api/lists/{id}/items/{itemId}.
func removeItemHandler(e *core.RequestEvent) error {
	list, err := editableList(e)
	if err != nil {
		return err
	}
	item, err := FindItem(e.App, list, e.Request.PathValue("itemId"))
	if err != nil {
		return e.NotFoundError("That item does not exist.", nil)
	}
	if err := RemoveItem(e.App, e.Auth.Id, list, item); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// addEditorHandler answers POST /api/lists/{id}/editors {userId}: the owner invites a
// member they follow to edit the list; the member is told.
func addEditorHandler(e *core.RequestEvent) error {
	list, _, err := findList(e)
	if err != nil {
		return err
	}
	if list.GetString("owner") != e.Auth.Id {
		return answer(e, ErrForbidden)
	}
	var body EditorBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	user := body.UserID.Value
	if !body.UserID.Given() || user == "" || user == e.Auth.Id {
		return answer(e, validation.Errors{"userId": validation.NewError("validation_required", "Choose someone you follow.")})
	}
	ok, err := followsVisible(e.App, e.Auth.Id, user)
	if err != nil {
		return err
	}
	if !ok {
		return answer(e, validation.Errors{"userId": validation.NewError("validation_not_following", "You can only invite people you follow.")})
	}
	added, err := AddEditor(e.App, list, user)
	if err != nil {
		return err
	}
	if added {
		tellEditor(e.App, list, e.Auth.Id, user)
	}
	return respondDetail(e, http.StatusOK, list, RoleOwner)
}

// removeEditorHandler answers DELETE /api/lists/{id}/editors/{userId}: the owner removes
// an editor, or an editor leaves.
func removeEditorHandler(e *core.RequestEvent) error {
	list, role, err := findList(e)
	if err != nil {
		return err
	}
	user := e.Request.PathValue("userId")
	if user == "me" {
		user = e.Auth.Id
	}
	if role != RoleOwner && user != e.Auth.Id {
		return answer(e, ErrForbidden)
	}
	if _, err := e.App.DB().Delete(EditorsCollection, dbx.HashExp{"list": list.Id, "user": user}).Execute(); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}

// followsVisible reports whether me follows user and may see them.
func followsVisible(app core.App, me, user string) (bool, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("follows").Where(dbx.HashExp{"follower": me, "following": user}).Row(&n)
	if err != nil || n == 0 {
		return false, err
	}
	return canSee(app, me, user)
}

// AddEditor makes user an editor of list and reports whether they were not one yet.
func AddEditor(app core.App, list *core.Record, user string) (bool, error) {
	var n int
	if err := app.DB().Select("COUNT(*)").From(EditorsCollection).Where(dbx.HashExp{"list": list.Id, "user": user}).Row(&n); err != nil || n > 0 {
		return false, err
	}
	col, err := app.FindCachedCollectionByNameOrId(EditorsCollection)
	if err != nil {
		return false, err
	}
	r := core.NewRecord(col)
	r.Load(map[string]any{"list": list.Id, "user": user})
	return true, app.Save(r)
}

// tellEditor notifies a member that the owner made them an editor.
func tellEditor(app core.App, list *core.Record, owner, user string) {
	if _, err := sendNotice(app, user, owner, "list_editor", list, "invited you to edit "+list.GetString("name")); err != nil {
		app.Logger().Warn("lists: editor notice", "error", err.Error())
	}
}
