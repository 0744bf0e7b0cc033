package gifs

import (
	"context"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// localCredit is what the picker credits when only our own library answered.
var localCredit = Credit{Name: "CineCircle library", URL: "/about"}

// Featured returns a page of GIFs for a picker that was just opened: the local library
// first, then the hosted provider's featured GIFs. pos continues a previous page.
func Featured(ctx context.Context, app core.App, pos string) (Page, error) {
	return compose(ctx, app, "", pos)
}

// Search returns a page of GIFs matching q; a blank q is Featured.
func Search(ctx context.Context, app core.App, q, pos string) (Page, error) {
	return compose(ctx, app, q, pos)
}

// compose builds a page: the first page starts with matching local GIFs and fills up with
// the hosted provider's; later pages (pos set) come from whichever source the previous
// page ended in. A pos of the form "local:N" is an offset in the library.
func compose(ctx context.Context, app core.App, q, pos string) (Page, error) {
	remote := configured()
	page := Page{Results: []GIF{}, Provider: localCredit}
	if pos == "" || len(pos) > 6 && pos[:6] == "local:" {
		offset := 0
		if pos != "" {
			offset, _ = strconv.Atoi(pos[6:])
		}
		local, more, err := localPage(app, q, offset, PageSize)
		if err != nil {
			return page, err
		}
		page.Results = append(page.Results, local...)
		if more {
			page.Next = "local:" + strconv.Itoa(offset+len(local))
			return page, nil
		}
		pos = ""
	}
	if remote == nil || len(page.Results) >= PageSize {
		return page, nil
	}
	var (
		list []GIF
		next string
		err  error
	)
	if q == "" {
		list, next, err = remote.featured(ctx, pos, PageSize-len(page.Results))
	} else {
		list, next, err = remote.search(ctx, q, pos, PageSize-len(page.Results))
	}
	if err != nil {
		if len(page.Results) > 0 {
			return page, nil // the library still gives the member something to pick
		}
		return page, err
	}
	page.Results = append(page.Results, list...)
	page.Next = next
	page.Provider = remote.credit()
	return page, nil
}
