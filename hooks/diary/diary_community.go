package diary

import (
	"errors"
	"math"
	"net/http"
	"strconv"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// CommunityRating is the body of GET /api/movies/{id}/ratings and /api/tv-shows/{id}/ratings:
// how this instance's members rate the title, and the viewer's own entry if any.
type CommunityRating struct {
	Average float64    `json:"average"` // one decimal; 0 when nobody rated
	Count   int        `json:"count"`
	Mine    *EntryJSON `json:"mine"`
	// FriendsLists is 'In N lists by friends' (hooks/lists counts it through
	// SetFriendsListsCounter): the title page learns it from this request, none of its own.
	FriendsLists int `json:"friendsLists"`
}

// FriendsListsCounter counts the lists of members viewerID follows that hold a title and
// that viewerID may see.
type FriendsListsCounter func(app core.App, viewerID string, kind catalog.Kind, tmdbID int) (int, error)

const friendsListsKey = "diary.friendsListsCounter"

// SetFriendsListsCounter lets the lists domain add 'In N lists by friends' to the
// community rating, which every title page reads per viewer.
func SetFriendsListsCounter(app core.App, count FriendsListsCounter) {
	app.Store().Set(friendsListsKey, count)
}

// communityRatingHandler answers the title pages' community rating.
func communityRatingHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id, err := strconv.Atoi(e.Request.PathValue("id"))
		if err != nil || id <= 0 {
			return e.BadRequestError("The title id must be a positive whole number.", nil)
		}
		title, err := localTitle(e.App, kind, id)
		if err != nil {
			if title, err = catalog.Find(e.Request.Context(), e.App, kind, id); errors.Is(err, catalog.ErrNotFound) {
				return e.NotFoundError("That title is not in the catalog.", nil)
			} else if err != nil {
				return err
			}
		}
		var out CommunityRating
		var avg float64
		err = e.App.DB().NewQuery(`SELECT COALESCE(AVG(rating), 0), COUNT(*) FROM watch_entries
			WHERE `+kind.RelationField()+` = {:t} AND rating > 0`).
			Bind(dbx.Params{"t": title.Id}).Row(&avg, &out.Count)
		if err != nil {
			return err
		}
		out.Average = math.Round(avg*10) / 10
		mine, err := e.App.FindFirstRecordByFilter("watch_entries", "user = {:u} && "+kind.RelationField()+" = {:t}",
			dbx.Params{"u": e.Auth.Id, "t": title.Id})
		if err == nil {
			j := entryJSON(e.App, mine, kind, title)
			out.Mine = &j
		}
		if count, ok := e.App.Store().Get(friendsListsKey).(FriendsListsCounter); ok {
			if out.FriendsLists, err = count(e.App, e.Auth.Id, kind, id); err != nil {
				return err
			}
		}
		return e.JSON(http.StatusOK, out)
	}
}
