package lists

import (
	"errors"
	"net/http"
	"strconv"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// listPaging is how lists of lists read ?limit and ?page.
var listPaging = security.PageRules{DefaultLimit: 20, MaxLimit: 50}

// itemPaging is how a list's items read ?limit and ?before.
var itemPaging = security.PageRules{DefaultLimit: DefaultItemPage, MaxLimit: MaxItemPage}

// answer turns a domain error into the route's answer: field errors are a 400 naming
// the field, a list the viewer may not read a 404, a change they may not make a 403.
func answer(e *core.RequestEvent, err error) error {
	var fields validation.Errors
	switch {
	case errors.As(err, &fields):
		return e.BadRequestError("Please check the highlighted fields.", fields)
	case errors.Is(err, ErrNotVisible):
		return e.NotFoundError("That list does not exist.", nil)
	case errors.Is(err, ErrForbidden):
		return e.ForbiddenError("Only the list's owner can do that.", nil)
	}
	return err
}

// findList loads the {id} list for the signed-in member, as a 404 when they may not read it.
func findList(e *core.RequestEvent) (*core.Record, Role, error) {
	list, role, err := Find(e.App, e.Auth.Id, e.Request.PathValue("id"))
	return list, role, answer(e, err)
}

// editableList loads the {id} list when the member may change its items.
func editableList(e *core.RequestEvent) (*core.Record, error) {
	list, role, err := findList(e)
	if err != nil {
		return nil, err
	}
	if !CanEdit(role) {
		return nil, e.ForbiddenError("Only the list's owner and editors can change its titles.", nil)
	}
	return list, nil
}

// respondDetail answers with the first page of list as the member sees it.
func respondDetail(e *core.RequestEvent, status int, list *core.Record, role Role) error {
	d, err := LoadDetail(e.App, e.Auth.Id, role, list, "", DefaultItemPage)
	if err != nil {
		return err
	}
	return e.JSON(status, d)
}

// createHandler answers POST /api/lists {name, description, ranked, visibility}.
func createHandler(e *core.RequestEvent) error {
	var body ListBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, err := ParseList(body, true)
	if err != nil {
		return answer(e, err)
	}
	list, err := Create(e.App, e.Auth.Id, in)
	if err != nil {
		return err
	}
	return respondDetail(e, http.StatusCreated, list, RoleOwner)
}

// getHandler answers GET /api/lists/{id}?limit=&before=: the list and a page of items.
func getHandler(e *core.RequestEvent) error {
	list, role, err := findList(e)
	if err != nil {
		return err
	}
	page, err := security.ReadPage(e, itemPaging)
	if err != nil {
		return err
	}
	d, err := LoadDetail(e.App, e.Auth.Id, role, list, page.Before, page.Limit)
	if errors.Is(err, ErrNotVisible) {
		return e.BadRequestError("Please check the highlighted fields.", validation.Errors{
			"before": validation.NewError("validation_bad_cursor", "before must be the id of an item of this list."),
		})
	} else if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, d)
}

// updateHandler answers PATCH /api/lists/{id}: the owner renames, re-describes, makes it
// ranked or not, or changes its visibility.
func updateHandler(e *core.RequestEvent) error {
	list, role, err := findList(e)
	if err != nil {
		return err
	}
	var body ListBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	in, err := ParseList(body, false)
	if err != nil {
		return answer(e, err)
	}
	if err := Update(e.App, e.Auth.Id, list, in); err != nil {
		return answer(e, err)
	}
	return respondDetail(e, http.StatusOK, list, role)
}

// deleteHandler answers DELETE /api/lists/{id}: the owner deletes the list.
func deleteHandler(e *core.RequestEvent) error {
	list, _, err := findList(e)
	if err != nil {
		return err
	}
	if err := Delete(e.App, e.Auth.Id, list); err != nil {
		return answer(e, err)
	}
	return e.NoContent(http.StatusNoContent)
}

// memberListsHandler answers GET /api/users/{id}/lists?limit=&page= ("me" for the
// signed-in member): a profile's Lists tab, only the lists the viewer may read.
func memberListsHandler(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	if _, err := moderation.FindVisibleMember(e.App, e.Auth.Id, id); errors.Is(err, moderation.ErrNotVisible) {
		return e.NotFoundError("That member does not exist.", nil)
	} else if err != nil {
		return err
	}
	page, err := security.ReadPage(e, listPaging)
	if err != nil {
		return err
	}
	out, err := MemberSummaries(e.App, e.Auth.Id, id, page.Limit, page.Offset())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// MyLists is GET /api/user/lists: the /lists page's three sections.
type MyLists struct {
	Own     []Summary `json:"own"`
	Shared  []Summary `json:"shared"`
	Friends []Summary `json:"friends"`
}

// myListsHandler answers GET /api/user/lists[?movieId=|?tvShowId=]: my lists, the lists
// I edit, and my friends' recent lists. With a title, my own and shared lists say
// whether they contain it (the 'Add to list' menu).
func myListsHandler(e *core.RequestEvent) error {
	var out MyLists
	own, err := MemberLists(e.App, e.Auth.Id, e.Auth.Id, 100, 0)
	if err != nil {
		return err
	}
	shared, err := SharedLists(e.App, e.Auth.Id, 100)
	if err != nil {
		return err
	}
	friends, err := FriendsLists(e.App, e.Auth.Id, 20)
	if err != nil {
		return err
	}
	for _, part := range []struct {
		dst     *[]Summary
		records []*core.Record
	}{{&out.Own, own}, {&out.Shared, shared}, {&out.Friends, friends}} {
		if *part.dst, err = summaries(e.App, part.records); err != nil {
			return err
		}
	}
	if kind, titleID, ok := titleQuery(e); ok {
		for _, part := range []*[]Summary{&out.Own, &out.Shared} {
			records := own
			if part == &out.Shared {
				records = shared
			}
			in, err := containing(e.App, records, kind, titleID)
			if err != nil {
				return err
			}
			for i := range *part {
				c := in[(*part)[i].ID]
				(*part)[i].Contains = &c
			}
		}
	}
	return e.JSON(http.StatusOK, out)
}

// titleQuery reads ?movieId= or ?tvShowId= as a cached title's record id.
func titleQuery(e *core.RequestEvent) (catalog.Kind, string, bool) {
	for _, kind := range catalog.Kinds {
		if id, err := strconv.Atoi(e.Request.URL.Query().Get(kind.IDField())); err == nil && id > 0 {
			t, err := e.App.FindFirstRecordByFilter(kind.Collection(), "tmdbId = {:id}", dbx.Params{"id": id})
			if err != nil {
				return kind, "", true // not cached: in no list
			}
			return kind, t.Id, true
		}
	}
	return "", "", false
}

// TitleLists is 'In N lists by friends' opened on a title page: the count and the lists.
type TitleLists struct {
	Count int       `json:"count"`
	Lists []Summary `json:"lists"`
}

// titleListsHandler answers GET /api/movies/{id}/lists?limit= and /api/tv-shows/{id}/lists:
// how many lists of members the viewer follows hold the title, and the most recently
// changed of them (20 unless limit says otherwise), which the title page reads when the
// member opens 'In N lists by friends'.
func titleListsHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		page, err := security.ReadPage(e, listPaging)
		if err != nil {
			return err
		}
		id, _ := strconv.Atoi(e.Request.PathValue("id"))
		out := TitleLists{Lists: []Summary{}}
		t, err := e.App.FindFirstRecordByFilter(kind.Collection(), "tmdbId = {:id}", dbx.Params{"id": id})
		if err != nil || id <= 0 {
			return e.JSON(http.StatusOK, out) // a title nobody cached is in nobody's list
		}
		n, records, err := FriendsListsWithTitle(e.App, e.Auth.Id, kind, t.Id, page.Limit)
		if err != nil {
			return err
		}
		out.Count = n
		if out.Lists, err = summaries(e.App, records); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, out)
	}
}

// TitleListsCount is 'In N lists by friends' as a title page first shows it.
type TitleListsCount struct {
	Count int `json:"count"`
}

// titleCountHandler answers GET /api/movies/{id}/lists/count and
// /api/tv-shows/{id}/lists/count: the count alone, one query, so a title page pays
// almost nothing for it (issue #20: ≤ 1 ms at 10k members).
func titleCountHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id, _ := strconv.Atoi(e.Request.PathValue("id"))
		out := TitleListsCount{}
		if id > 0 {
			n, err := FriendsListsCount(e.App, e.Auth.Id, kind, id)
			if err != nil {
				return err
			}
			out.Count = n
		}
		return e.JSON(http.StatusOK, out)
	}
}
