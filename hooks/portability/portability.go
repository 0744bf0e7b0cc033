// Package portability lets members bring their history from Letterboxd, Trakt and IMDb in
// one upload, and take everything out at any time.
package portability

import (
	"io"
	"net/http"

	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// parsers are the supported sources.
var parsers = map[string]func(name string, data []byte) ([]Item, error){
	"letterboxd": ParseLetterboxd,
	"trakt":      ParseTrakt,
	"imdb":       ParseIMDb,
	"cinecircle": ParseCineCircle,
}

// Register binds the import and export routes to app.
func Register(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		g := se.Router.Group("/api")
		g.Bind(apis.RequireAuth("users"))
		g.POST("/import/{source}", importHandler).Bind(apis.BodyLimit(64 << 20))
		g.GET("/imports", importsHandler)
		g.GET("/imports/{id}", importStatusHandler)
		g.POST("/imports/{id}/match", matchHandler)
		g.GET("/export", exportHandler)
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		Wait()
		return e.Next()
	})
}

// ImportJSON is an import's progress and report.
type ImportJSON struct {
	ID             string      `json:"id"`
	Source         string      `json:"source"`
	Status         string      `json:"status"`
	Total          int         `json:"total"`
	Processed      int         `json:"processed"`
	Imported       int         `json:"imported"`
	AlreadyPresent int         `json:"alreadyPresent"`
	Unmatched      []Unmatched `json:"unmatched"`
	Error          string      `json:"error"`
	CreatedAt      string      `json:"createdAt"`
}

func toJSON(r *core.Record) ImportJSON {
	var unmatched []Unmatched
	_ = r.UnmarshalJSONField("unmatched", &unmatched)
	if unmatched == nil {
		unmatched = []Unmatched{}
	}
	return ImportJSON{ID: r.Id, Source: r.GetString("source"), Status: r.GetString("status"), Total: r.GetInt("total"),
		Processed: r.GetInt("processed"), Imported: r.GetInt("imported"), AlreadyPresent: r.GetInt("alreadyPresent"),
		Unmatched: unmatched, Error: r.GetString("error"), CreatedAt: r.GetDateTime("created").String()}
}

// importHandler answers POST /api/import/{source} (multipart, field "file"): it reads the
// upload, and runs the import in the background; the answer is the queued import.
func importHandler(e *core.RequestEvent) error {
	source := e.Request.PathValue("source")
	parse, ok := parsers[source]
	if !ok {
		return e.NotFoundError("Import from letterboxd, trakt, imdb or cinecircle.", nil)
	}
	files, err := e.FindUploadedFiles("file")
	if err != nil || len(files) == 0 {
		return e.BadRequestError("Attach the export file.", validation.Errors{
			"file": validation.NewError("validation_required", "Attach the export ZIP or CSV file."),
		})
	}
	rc, err := files[0].Reader.Open()
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(rc, 64<<20))
	rc.Close()
	if err != nil {
		return err
	}
	items, err := parse(files[0].OriginalName, data)
	if err != nil {
		return e.BadRequestError(err.Error(), validation.Errors{"file": validation.NewError("validation_invalid_file", err.Error())})
	}
	rec, err := newImport(e.App, e.Auth.Id, source, len(items))
	if err != nil {
		return err
	}
	start(e.App, e.Auth, rec, items)
	return e.JSON(http.StatusAccepted, toJSON(rec))
}

// newImport saves a queued import of n items from source for userID: its record, which
// the import reports into.
func newImport(app core.App, userID, source string, n int) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId("imports")
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Load(map[string]any{"user": userID, "source": source, "status": "queued", "total": n, "unmatched": []Unmatched{}})
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// importsHandler answers GET /api/imports: the member's 20 latest imports.
func importsHandler(e *core.RequestEvent) error {
	recs, err := e.App.FindRecordsByFilter("imports", "user = {:u}", "-created", 20, 0, dbx.Params{"u": e.Auth.Id})
	if err != nil {
		return err
	}
	out := make([]ImportJSON, 0, len(recs))
	for _, r := range recs {
		out = append(out, toJSON(r))
	}
	return e.JSON(http.StatusOK, out)
}

// ownImport finds the member's own import named by the {id} path value.
func ownImport(e *core.RequestEvent) (*core.Record, error) {
	r, err := e.App.FindRecordById("imports", e.Request.PathValue("id"))
	if err != nil || r.GetString("user") != e.Auth.Id {
		return nil, e.NotFoundError("That import does not exist.", nil)
	}
	return r, nil
}

// importStatusHandler answers GET /api/imports/{id}: progress and report (the UI polls it).
func importStatusHandler(e *core.RequestEvent) error {
	r, err := ownImport(e)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toJSON(r))
}

// MatchBody is the POST /api/imports/{id}/match body: which unmatched item (its index)
// is which title (its public id).
type MatchBody struct {
	Index  security.Field[float64] `json:"index"`
	TmdbID security.Field[float64] `json:"tmdbId"`
}

// ParseMatch validates a match body against the import's unmatched items: it returns
// the item's position in unmatched and the title id.
func ParseMatch(b MatchBody, unmatched []Unmatched) (int, int, error) {
	pos := -1
	for p, u := range unmatched {
		if b.Index.Given() && u.Index == int(b.Index.Value) {
			pos = p
		}
	}
	if pos < 0 || !b.TmdbID.Given() || b.TmdbID.Value <= 0 {
		return 0, 0, validation.Errors{
			"index": validation.NewError("validation_unknown_item", "Pick an item from the unmatched list."),
		}
	}
	return pos, int(b.TmdbID.Value), nil
}

// matchHandler answers POST /api/imports/{id}/match {index, tmdbId}: the member matches an
// unmatched item by hand (with a title they found in search); it is saved and leaves the list.
func matchHandler(e *core.RequestEvent) error {
	r, err := ownImport(e)
	if err != nil {
		return err
	}
	var body MatchBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	j := toJSON(r)
	pos, id, err := ParseMatch(body, j.Unmatched)
	if err != nil {
		return e.BadRequestError("Pick an unmatched item and a title.", err)
	}
	added, err := ApplyItem(e.Request.Context(), e.App, e.Auth, j.Unmatched[pos].Item, id)
	if err != nil {
		return e.NotFoundError("That title is not in the catalog.", validation.Errors{
			"tmdbId": validation.NewError("validation_unknown_title", "That title is not in the catalog."),
		})
	}
	j.Unmatched = append(j.Unmatched[:pos], j.Unmatched[pos+1:]...)
	r.Set("unmatched", j.Unmatched)
	if added {
		r.Set("imported", j.Imported+1)
	} else {
		r.Set("alreadyPresent", j.AlreadyPresent+1)
	}
	if err := e.App.Save(r); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, toJSON(r))
}
