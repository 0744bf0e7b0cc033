package gifs

import (
	"net/url"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// localPage returns up to limit library GIFs matching q (title or tags, any letter case),
// newest first, and whether more follow.
func localPage(app core.App, q string, offset, limit int) ([]GIF, bool, error) {
	query := app.RecordQuery("gifs").OrderBy("created DESC", "id DESC").Offset(int64(offset)).Limit(int64(limit + 1))
	if q != "" {
		like := "%" + escapeLike(strings.ToLower(q)) + "%"
		query = query.AndWhere(dbx.NewExp(
			"(LOWER([[title]]) LIKE {:q} ESCAPE '\\' OR LOWER([[tags]]) LIKE {:q} ESCAPE '\\')", dbx.Params{"q": like}))
	}
	var records []*core.Record
	if err := query.All(&records); err != nil {
		return nil, false, err
	}
	more := len(records) > limit
	if more {
		records = records[:limit]
	}
	out := make([]GIF, 0, len(records))
	for _, r := range records {
		u := FileURL(r)
		out = append(out, GIF{ID: "local-" + r.Id, URL: u, PreviewURL: u, Title: r.GetString("title")})
	}
	return out, more, nil
}

// FileURL is the same-origin URL of a library GIF's file.
func FileURL(r *core.Record) string {
	return "/api/files/" + url.PathEscape(r.Collection().Id) + "/" + url.PathEscape(r.Id) + "/" + url.PathEscape(r.GetString("file"))
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
