package security

import (
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// PageRules are a list route's documented paging: the limit it uses when none is asked
// for, and the most it gives (a larger limit is cut to it).
type PageRules struct {
	DefaultLimit, MaxLimit int
}

// Page is what a list route was asked for: Limit items of page Page (from 1), or the
// items right after the one named Before (keyset paging, where the route offers it;
// Before wins over Page).
type Page struct {
	Limit, Page int
	Before      string
}

// Offset is how many items come before the page.
func (p Page) Offset() int { return (p.Page - 1) * p.Limit }

// MaxPage keeps offset arithmetic far from overflow; no one scrolls this far.
const MaxPage = 100000

// ReadPage reads ?limit, ?page and ?before the same way for every list route: an absent
// limit is rules.DefaultLimit and one above rules.MaxLimit is cut to it; an absent page
// is 1 and one past MaxPage is cut to it; a limit or page that is not a positive whole
// number is a 400 naming the parameter. Before is passed on trimmed: whether it names an
// item is the route's question.
func ReadPage(e *core.RequestEvent, rules PageRules) (Page, error) {
	limit, err := positiveParam(e, "limit", rules.DefaultLimit, rules.MaxLimit)
	if err != nil {
		return Page{}, err
	}
	page, err := positiveParam(e, "page", 1, MaxPage)
	if err != nil {
		return Page{}, err
	}
	return Page{Limit: limit, Page: page, Before: strings.TrimSpace(e.Request.URL.Query().Get("before"))}, nil
}

// positiveParam reads the query parameter name as a whole number from 1, def when
// absent and at most most; anything else is a 400 naming it.
func positiveParam(e *core.RequestEvent, name string, def, most int) (int, error) {
	s := strings.TrimSpace(e.Request.URL.Query().Get(name))
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		msg := "The " + name + " must be a positive number."
		return 0, e.BadRequestError(msg, validation.Errors{name: validation.NewError("validation_invalid_number", msg)})
	}
	return min(n, most), nil
}
