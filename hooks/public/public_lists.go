package public

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/ogcard"

	"github.com/pocketbase/pocketbase/core"
)

// List is what a visitor sees of a public list: its items in order with rank numbers and
// notes; who added an item or edits the list only when they are public themselves. No
// likes, comments or viewer marks: those are the members'.
type List struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Ranked      bool         `json:"ranked"`
	ItemCount   int          `json:"itemCount"`
	UpdatedAt   string       `json:"updatedAt"`
	Editors     []Member     `json:"editors"`
	Items       []lists.Item `json:"items"`
	Next        string       `json:"next"` // the `before` of the next page of items, "" on the last
}

// listPage is how many items a public list page shows at a time.
const listPage = 100

// findList finds list id of member (already found public) as a visitor may read it:
// lists.Find's visitor rule, and the list must be member's (a list id under another
// member's handle is not there).
func findList(app core.App, member *core.Record, id string) (*core.Record, error) {
	list, _, err := lists.Find(app, "", id)
	if errors.Is(err, lists.ErrNotVisible) {
		return nil, errHidden
	} else if err != nil {
		return nil, err
	}
	if list.GetString("owner") != member.Id {
		return nil, errHidden
	}
	return list, nil
}

// publicList shapes list for visitors, items after the one before ("" for the first).
func publicList(app core.App, list *core.Record, before string) (List, error) {
	d, err := lists.LoadDetail(app, "", lists.RoleVisitor, list, before, listPage)
	if err != nil {
		return List{}, err
	}
	out := List{ID: d.ID, Name: d.Name, Description: d.Description, Ranked: d.Ranked, ItemCount: d.ItemCount,
		UpdatedAt: d.UpdatedAt, Editors: []Member{}, Items: d.Items, Next: d.Next}
	nameable := newNamer(app)
	for _, ed := range d.Editors {
		if m, err := nameable(ed.ID); err != nil {
			return List{}, err
		} else if m != nil {
			out.Editors = append(out.Editors, memberOf(m))
		}
	}
	for i := range out.Items {
		it := &out.Items[i]
		if it.AddedBy != nil {
			if m, err := nameable(it.AddedBy.ID); err != nil {
				return List{}, err
			} else if m == nil {
				it.AddedBy = nil
			}
		}
		it.EditedBy, it.Watched = nil, false
	}
	return out, nil
}

// newNamer returns a memo of which members a visitor may see named: public ones (their
// record), not others (nil). A database error fails closed.
func newNamer(app core.App) func(id string) (*core.Record, error) {
	seen := map[string]*core.Record{}
	return func(id string) (*core.Record, error) {
		if m, ok := seen[id]; ok {
			return m, nil
		}
		m, err := app.FindRecordById("users", id)
		if err != nil {
			seen[id] = nil
			return nil, nil
		}
		ok, err := Visible(app, m)
		if err != nil {
			return nil, err
		}
		if !ok {
			m = nil
		}
		seen[id] = m
		return m, nil
	}
}

// listJSON answers GET /api/public/users/{handle}/lists/{listId}[?before=itemId].
func listJSON(e *core.RequestEvent) error {
	member, _, err := findFor(e, e.Request.PathValue("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	list, err := findList(e.App, member, e.Request.PathValue("listId"))
	if err != nil {
		return answer(e, nil, err)
	}
	l, err := publicList(e.App, list, e.Request.URL.Query().Get("before"))
	if errors.Is(err, lists.ErrNotVisible) { // an unknown `before`
		return e.BadRequestError("Please check the highlighted fields.", map[string]any{
			"before": map[string]string{"code": "validation_unknown_item", "message": "That item is not in this list."}})
	}
	return answer(e, map[string]any{"member": memberOf(member), "list": l}, err)
}

// listHead is the head of a public list's page.
func listHead(member *core.Record, l List) Head {
	name, h := auth.DisplayName(member), member.GetString("handle")
	desc := excerpt(l.Description, 200)
	if desc == "" {
		kind := "A list"
		if l.Ranked {
			kind = "A ranked list"
		}
		desc = fmt.Sprintf("%s of %s by %s on CineCircle.", kind, titles(l.ItemCount), name)
		if first := firstTitles(l.Items, 3); first != "" {
			desc += " " + first
		}
	}
	return Head{Title: fmt.Sprintf("%s, a list by %s · CineCircle", l.Name, name), Description: desc,
		Path: "/u/" + h + "/list/" + l.ID, Image: "/og/list/" + l.ID + ".png", Index: true, Type: "article"}
}

// titles is "1 title" or "N titles".
func titles(n int) string {
	if n == 1 {
		return "1 title"
	}
	return fmt.Sprintf("%d titles", n)
}

// firstTitles names the first n items: "1. The Matrix, 2. Heat, 3. Alien…".
func firstTitles(items []lists.Item, n int) string {
	var parts []string
	for i, it := range items {
		if i == n {
			return strings.Join(parts, ", ") + "…"
		}
		parts = append(parts, fmt.Sprintf("%d. %s", it.Position, it.Title))
	}
	return strings.Join(parts, ", ")
}

// list serves /u/{handle}/list/{listId}.
func (p *pages) list(e *core.RequestEvent) error {
	member, done, err := p.member(e)
	if done {
		return err
	}
	list, err := findList(e.App, member, e.Request.PathValue("listId"))
	if errors.Is(err, errHidden) {
		return p.hidden(e)
	} else if err != nil {
		return err
	}
	l, err := publicList(e.App, list, "")
	if err != nil {
		return err
	}
	return p.render(e, http.StatusOK, listHead(member, l))
}

// ogList serves /og/list/{listId}.png: a mosaic of the list's first four posters.
func ogList(e *core.RequestEvent) error {
	m := pngName.FindStringSubmatch(e.Request.PathValue("file"))
	if m == nil {
		return e.NotFoundError("Nothing to see here.", nil)
	}
	list, _, err := lists.Find(e.App, "", m[1])
	if err != nil {
		return answer(e, nil, errHiddenUnless(err))
	}
	owner, err := e.App.FindRecordById("users", list.GetString("owner"))
	if err != nil {
		return answer(e, nil, errHidden)
	}
	member, _, err := findFor(e, owner.GetString("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	l, err := publicList(e.App, list, "")
	if err != nil {
		return err
	}
	kicker := "List"
	if l.Ranked {
		kicker = "Ranked list"
	}
	card := ogcard.Card{Kicker: kicker, Title: l.Name, Subtitle: titles(l.ItemCount), Body: excerpt(l.Description, 200),
		Member: auth.DisplayName(member), Seed: l.ID}
	files := cardFiles{Avatar: avatarFile(e.App, member)}
	for i, it := range l.Items {
		if i == 4 {
			break
		}
		card.Mosaic = append(card.Mosaic, ogcard.Tile{Title: it.Title})
		files.Mosaic = append(files.Mosaic, posterFile(e.App, it.PosterPath))
	}
	return serveCard(e, "list_"+l.ID, card, files)
}

// errHiddenUnless turns "not visible" into errHidden and keeps any other error.
func errHiddenUnless(err error) error {
	if errors.Is(err, lists.ErrNotVisible) {
		return errHidden
	}
	return err
}
