package collab

import (
	"net/http"
	"strconv"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"
	"cinecircle/hooks/social"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// ratingBody reads and validates a participant's rating body.
func ratingBody(e *core.RequestEvent) (RatingInput, error) {
	var body RatingBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return RatingInput{}, err
	}
	in, err := ParseParticipantRating(body)
	if err != nil {
		return in, e.BadRequestError("Please check the highlighted fields.", err)
	}
	return in, nil
}

// openInvitation finds the newest pending collaboration on the title where the member is
// invited and has not rated or declined.
func openInvitation(app core.App, kind catalog.Kind, titleRecordID, userID string) (*core.Record, *core.Record, error) {
	var ids []string
	err := app.DB().NewQuery(`
		SELECT p.id FROM collaboration_participants p JOIN collaborations c ON c.id = p.collaboration
		WHERE p.user = {:u} AND c.` + kind.RelationField() + ` = {:t} AND c.revealedAt = '' AND p.ratedAt = '' AND p.declined = FALSE
		ORDER BY c.created DESC LIMIT 1`).Bind(dbx.Params{"u": userID, "t": titleRecordID}).Column(&ids)
	if err != nil || len(ids) == 0 {
		return nil, nil, err
	}
	p, err := app.FindRecordById("collaboration_participants", ids[0])
	if err != nil {
		return nil, nil, err
	}
	c, err := app.FindRecordById("collaborations", p.GetString("collaboration"))
	return c, p, err
}

// titleByID finds the title of kind with the public id a body or path names, as a 404
// naming tmdbId when there is none.
func titleByID(e *core.RequestEvent, kind catalog.Kind, id int) (*core.Record, error) {
	t, err := e.App.FindFirstRecordByFilter(kind.Collection(), "tmdbId = {:id}", dbx.Params{"id": id})
	if err != nil || id <= 0 {
		return nil, e.NotFoundError("That title is not in the catalog.", validation.Errors{
			"tmdbId": validation.NewError("validation_unknown_title", "That title is not in the catalog."),
		})
	}
	return t, nil
}

// titleFromPath finds the title named by the {id} path value.
func titleFromPath(e *core.RequestEvent, kind catalog.Kind) (*core.Record, error) {
	id, _ := strconv.Atoi(e.Request.PathValue("id"))
	return titleByID(e, kind, id)
}

// rateHandler answers POST /api/user-movies and POST /api/tv-shows: an invited friend adds
// their secret rating. Only a participant who has not rated yet may (403 otherwise).
func rateHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		in, err := ratingBody(e)
		if err != nil {
			return err
		}
		title, err := titleByID(e, kind, in.TitleID)
		if err != nil {
			return err
		}
		c, p, err := openInvitation(e.App, kind, title.Id, e.Auth.Id)
		if err != nil {
			return err
		}
		if c == nil {
			return e.ForbiddenError("You are not invited to rate this title, or you already did.", nil)
		}
		if err := saveRating(e, kind, title, c, p, in.Rating, in.Review); err != nil {
			return err
		}
		return answerActivity(e, c)
	}
}

// saveRating records the participant's rating, their own diary entry (without a post of
// its own) and reveals the collaboration when everyone has rated.
func saveRating(e *core.RequestEvent, kind catalog.Kind, title, c, p *core.Record, rating float64, review string) error {
	in := diary.EntryInput{Kind: kind, TitleID: title.GetInt("tmdbId"), Status: diary.StatusWatched,
		Rating: rating, Review: review, WatchedAt: time.Now().UTC(), Quiet: true}
	if _, _, err := diary.SaveEntry(e.Request.Context(), e.App, e.Auth, in); err != nil {
		return err
	}
	return e.App.RunInTransaction(func(tx core.App) error {
		p.Load(map[string]any{"rating": rating, "review": review, "ratedAt": time.Now().UTC()})
		if err := tx.Save(p); err != nil {
			return err
		}
		return maybeReveal(tx, c)
	})
}

// editHandler answers PATCH /api/movies/{id} and /api/tv-shows/{id}: a participant edits
// their own rating and review in their newest collaboration on the title.
func editHandler(kind catalog.Kind) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		in, err := ratingBody(e)
		if err != nil {
			return err
		}
		title, err := titleFromPath(e, kind)
		if err != nil {
			return err
		}
		var ids []string
		err = e.App.DB().NewQuery(`
			SELECT p.id FROM collaboration_participants p JOIN collaborations c ON c.id = p.collaboration
			WHERE p.user = {:u} AND c.` + kind.RelationField() + ` = {:t} AND p.ratedAt != '' ORDER BY c.created DESC LIMIT 1`).
			Bind(dbx.Params{"u": e.Auth.Id, "t": title.Id}).Column(&ids)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return e.ForbiddenError("You have no rating in a collaboration on this title to edit.", nil)
		}
		p, err := e.App.FindRecordById("collaboration_participants", ids[0])
		if err != nil {
			return err
		}
		c, err := e.App.FindRecordById("collaborations", p.GetString("collaboration"))
		if err != nil {
			return err
		}
		if err := saveRating(e, kind, title, c, p, in.Rating, in.Review); err != nil {
			return err
		}
		return answerActivity(e, c)
	}
}

// declineHandler answers POST /api/collaborations/{activityId}/decline.
func declineHandler(e *core.RequestEvent) error {
	c, err := e.App.FindFirstRecordByData("collaborations", "activity", e.Request.PathValue("activityId"))
	if err != nil {
		return e.NotFoundError("That collaboration does not exist.", nil)
	}
	p, err := e.App.FindFirstRecordByFilter("collaboration_participants", "collaboration = {:c} && user = {:u}",
		dbx.Params{"c": c.Id, "u": e.Auth.Id})
	if err != nil || p.GetBool("initiator") || !p.GetDateTime("ratedAt").IsZero() {
		return e.ForbiddenError("Only an invited friend who has not rated can decline.", nil)
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		p.Set("declined", true)
		if err := tx.Save(p); err != nil {
			return err
		}
		return maybeReveal(tx, c)
	})
	if err != nil {
		return err
	}
	return answerActivity(e, c)
}

// answerActivity responds with the collaboration's post as the viewer now sees it.
func answerActivity(e *core.RequestEvent, c *core.Record) error {
	activity, err := e.App.FindRecordById("activities", c.GetString("activity"))
	if err != nil {
		return err
	}
	item, err := social.LoadActivity(e.App, e.Auth.Id, activity)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, item)
}
