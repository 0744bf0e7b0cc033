package portability

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/lists"

	"github.com/pocketbase/pocketbase/core"
)

// Letterboxd exports each list as lists/<slug>.csv: a first line naming the format, a
// header block (Date,Name,Tags,URL,Description) with the list's one row, a blank line,
// then the titles (Position,Name,Year,URL,Description), the Description being the note.
const letterboxdListMagic = "Letterboxd list export"

// statusList marks an Item that is a title of a list, not a watch.
const statusList = "list"

// ListRef says which list an Item belongs to and where.
type ListRef struct {
	Key         string `json:"key"` // the list's URL in the export: a re-import updates the same list
	Name        string `json:"name"`
	Description string `json:"description,omitzero"`
	Position    int    `json:"position"`
	Note        string `json:"note,omitzero"`
}

// isLetterboxdList reports whether data is a Letterboxd list export.
func isLetterboxdList(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), []byte(letterboxdListMagic))
}

// parseLetterboxdList reads one list export into Items in position order.
func parseLetterboxdList(name string, data []byte) ([]Item, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	rows, err := r.ReadAll() // blank lines are skipped by encoding/csv
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var ref ListRef
	var header []string
	var out []Item
	for i, row := range rows {
		switch {
		case i == 0: // the format line
		case len(row) > 0 && row[0] == "Date" && ref.Name == "":
			header = row
		case header != nil && ref.Name == "":
			m := fields(header, row)
			ref = ListRef{Key: strings.TrimSpace(m["URL"]), Name: strings.TrimSpace(m["Name"]), Description: strings.TrimSpace(m["Description"])}
			if ref.Key == "" {
				ref.Key = "letterboxd:" + ref.Name
			}
			header = nil
		case len(row) > 0 && row[0] == "Position":
			header = row
		case header != nil:
			m := fields(header, row)
			item := ref
			item.Position, item.Note = atoi(m["Position"]), strings.TrimSpace(m["Description"])
			out = append(out, Item{Kind: catalog.Movie, Title: strings.TrimSpace(m["Name"]), Year: atoi(m["Year"]),
				Status: statusList, Source: "lists/" + name, List: &item})
		}
	}
	if ref.Name == "" {
		return nil, fmt.Errorf("%s: no list name in its header", name)
	}
	return out, nil
}

// fields maps a CSV row by its header.
func fields(header, row []string) map[string]string {
	m := map[string]string{}
	for i, h := range header {
		if i < len(row) {
			m[strings.TrimSpace(h)] = row[i]
		}
	}
	return m
}

// ownListURL matches the URL our own export writes for a list, so re-importing our
// export updates that list rather than making a copy.
var ownListURL = regexp.MustCompile(`/list/([a-z0-9]{15})$`)

// applyListItem puts a matched title into the member's list named by it.List (found by
// its key, or made private the first time, so an import never floods the feed). Adding a
// title the list already holds adds nothing: importing twice gives the same lists.
func applyListItem(ctx context.Context, app core.App, user *core.Record, it Item, id int) (bool, error) {
	ref := it.List
	var list *core.Record
	if m := ownListURL.FindStringSubmatch(ref.Key); m != nil {
		if l, err := app.FindRecordById(lists.Collection, m[1]); err == nil && l.GetString("owner") == user.Id {
			list = l
		}
	}
	if list == nil {
		var err error
		if list, err = lists.ImportList(app, user.Id, ref.Key, ref.Name, ref.Description); err != nil {
			return false, err
		}
	}
	_, err := lists.AddItem(ctx, app, user.Id, list, lists.ItemInput{Kind: it.Kind, TitleID: id, Note: ref.Note})
	if lists.IsDuplicate(err) {
		return false, nil
	}
	return err == nil, err
}

// WriteLetterboxdLists writes every list the member owns as lists/<name>.csv in
// Letterboxd's list format, with our list's address as its URL.
func WriteLetterboxdLists(zw *zip.Writer, app core.App, me, origin string) error {
	owned, err := app.FindRecordsByFilter(lists.Collection, "owner = {:me}", "created", 0, 0, map[string]any{"me": me})
	if err != nil {
		return err
	}
	used := map[string]int{}
	for _, l := range owned {
		slug := slugify(l.GetString("name"))
		if used[slug]++; used[slug] > 1 {
			slug += "-" + strconv.Itoa(used[slug])
		}
		w, err := zw.Create("lists/" + slug + ".csv")
		if err != nil {
			return err
		}
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{letterboxdListMagic + " v7"})
		_ = cw.Write([]string{"Date", "Name", "Tags", "URL", "Description"})
		_ = cw.Write([]string{l.GetDateTime("created").Time().Format("2006-01-02"), l.GetString("name"), "", origin + "/list/" + l.Id, l.GetString("description")})
		_ = cw.Write([]string{})
		_ = cw.Write([]string{"Position", "Name", "Year", "URL", "Description"})
		items, _, err := lists.Items(app, me, l, "", lists.MaxExport)
		if err != nil {
			return err
		}
		for _, it := range items {
			kind, id := catalog.Movie, it.MovieID
			if it.TvShowID != 0 {
				kind, id = catalog.TV, it.TvShowID
			}
			_ = cw.Write([]string{strconv.Itoa(it.Position), it.Title, strconv.Itoa(it.Year), origin + kind.PagePath(strconv.Itoa(id)), it.Note})
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
	}
	return nil
}

// slugify makes a file name from a list's name.
func slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(b.String(), "-")
	if s == "" {
		s = "list"
	}
	return s
}
