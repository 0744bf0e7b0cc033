package diary

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// saveEntryHandler answers POST /api/user/movies and /api/user/tv-shows.
func saveEntryHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var body EntryBody
		if err := security.DecodeJSON(e, &body); err != nil {
			return err
		}
		in, err := ParseEntry(kind, body, time.Now())
		if err != nil {
			return e.BadRequestError("Please check the highlighted fields.", err)
		}
		entry, activity, err := SaveEntry(e.Request.Context(), e.App, e.Auth, in)
		var verrs validation.Errors
		switch {
		case errors.Is(err, catalog.ErrUnavailable):
			return e.Error(http.StatusServiceUnavailable, "The catalog provider is not answering. Please try again in a minute.", nil)
		case errors.Is(err, ErrTitleNotFound):
			return e.NotFoundError("That title is not in the catalog.", validation.Errors{
				kind.IDField(): validation.NewError("validation_unknown_title", "That title is not in the catalog."),
			})
		case errors.As(err, &verrs):
			return e.BadRequestError("Please check the highlighted fields.", verrs)
		case err != nil:
			return err
		}
		title, err := e.App.FindRecordById(kind.Collection(), entry.GetString(kind.RelationField()))
		if err != nil {
			return err
		}
		out := entryJSON(e.App, entry, kind, title)
		if activity != nil {
			out.ActivityID = activity.Id
		}
		return e.JSON(http.StatusOK, out)
	}
}

// entryPaging is how the lists read ?limit: the UI asks for a whole list at once.
var entryPaging = security.PageRules{DefaultLimit: 500, MaxLimit: 1000}

// listEntriesHandler answers GET /api/user/movies and /api/user/tv-shows: the member's
// entries with their title data, newest change first, optionally one status only.
func listEntriesHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		status := e.Request.URL.Query().Get("status")
		filter := "user = {:u} && " + kind.RelationField() + " != ''"
		if status != "" {
			switch status {
			case StatusWatched, StatusPlanned, StatusWatching, StatusDropped:
				filter += " && status = {:s}"
			default:
				return e.BadRequestError("Unknown status filter.", validation.Errors{
					"status": validation.NewError("validation_in_invalid", "Status must be watched, plan_to_watch, currently_watching or dropped."),
				})
			}
		}
		page, err := security.ReadPage(e, entryPaging)
		if err != nil {
			return err
		}
		entries, err := e.App.FindRecordsByFilter("watch_entries", filter, "-updated", page.Limit, page.Offset(),
			dbx.Params{"u": e.Auth.Id, "s": status})
		if err != nil {
			return err
		}
		titles, err := titlesByField(e.App, kind, entries)
		if err != nil {
			return err
		}
		out := make([]EntryJSON, 0, len(entries))
		for _, entry := range entries {
			out = append(out, entryJSON(e.App, entry, kind, titles[entry.GetString(kind.RelationField())]))
		}
		return e.JSON(http.StatusOK, out)
	}
}

// deleteEntryHandler answers DELETE /api/user/movies/{id} and /api/user/tv-shows/{id}:
// the title leaves the member's lists and diary; posted activities stay until deleted.
func deleteEntryHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id, err := strconv.Atoi(e.Request.PathValue("id"))
		if err != nil || id <= 0 {
			return e.BadRequestError("The title id must be a positive whole number.", nil)
		}
		title, err := localTitle(e.App, kind, id)
		if err != nil {
			return e.NotFoundError("That title is not in your lists.", nil)
		}
		entry, err := e.App.FindFirstRecordByFilter("watch_entries", "user = {:u} && "+kind.RelationField()+" = {:t}",
			dbx.Params{"u": e.Auth.Id, "t": title.Id})
		if err != nil {
			return e.NotFoundError("That title is not in your lists.", nil)
		}
		if err := e.App.Delete(entry); err != nil {
			return err
		}
		return e.NoContent(http.StatusNoContent)
	}
}
