package portability

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/security"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Unmatched is an item no catalog title matched, kept in the report to match by hand.
type Unmatched struct {
	Index int `json:"index"`
	Item
}

// running counts background imports, so shutdown (and tests) can wait for them.
var running sync.WaitGroup

// Wait blocks until background imports finish.
func Wait() { running.Wait() }

// start runs an import of items for user in the background, reporting into rec.
func start(app core.App, user *core.Record, rec *core.Record, items []Item) {
	running.Add(1)
	go func() {
		defer running.Done()
		if err := apply(context.Background(), app, user, rec, items); err != nil {
			rec.Set("status", "failed")
			rec.Set("error", err.Error())
			if err := app.Save(rec); err != nil {
				app.Logger().Warn("import: saving the failure", "error", err.Error())
			}
		}
	}()
}

// Import runs an import of items from source for user synchronously, as an upload's runs
// in the background, and returns its record with the finished report. Tests import what
// they parsed with it, without the upload.
func Import(ctx context.Context, app core.App, user *core.Record, source string, items []Item) (*core.Record, error) {
	rec, err := newImport(app, user.Id, source, len(items))
	if err != nil {
		return nil, err
	}
	return rec, apply(ctx, app, user, rec, items)
}

// order puts dated watches first, oldest first (so the newest ends up the current rating),
// then undated watches, then plans and current shows (which never replace a watch).
func order(items []Item) []int {
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	rank := func(it Item) int {
		switch {
		case it.Status == diary.StatusWatched && !it.WatchedAt.IsZero():
			return 0
		case it.Status == diary.StatusWatched:
			return 1
		}
		return 2
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ia, ib := items[idx[a]], items[idx[b]]
		if rank(ia) != rank(ib) {
			return rank(ia) < rank(ib)
		}
		return ia.WatchedAt.Before(ib.WatchedAt)
	})
	return idx
}

// apply matches and saves every item, quietly (no posts: an import must not flood the
// followers' feeds), and keeps the report up to date. Saving is idempotent: a watch on a
// day the diary already has is that watch, and a plan never replaces an entry.
func apply(ctx context.Context, app core.App, user, rec *core.Record, items []Item) error {
	rec.Set("status", "running")
	rec.Set("total", len(items))
	if err := app.Save(rec); err != nil {
		return err
	}
	var unmatched []Unmatched
	imported, present := 0, 0
	// Episode watches go one show at a time (one transaction each), after the titles.
	groups := groupEpisodes(items)
	titleOrder := slices.DeleteFunc(order(items), func(i int) bool { return items[i].isEpisode() })
	n := 0
	report := func(always bool) error { // every 20 titles, every show, and at the end
		if !always && n%20 != 0 && n != len(items) {
			return nil
		}
		rec.Set("processed", n)
		rec.Set("imported", imported)
		rec.Set("alreadyPresent", present)
		rec.Set("unmatched", unmatched)
		return app.Save(rec)
	}
	for _, i := range titleOrder {
		it := items[i]
		added, err := ApplyItem(ctx, app, user, it, 0)
		switch {
		case errors.Is(err, catalog.ErrNotFound):
			unmatched = append(unmatched, Unmatched{Index: i, Item: it})
		case err != nil:
			return err
		case added:
			imported++
		default:
			present++
		}
		n++
		if err := report(false); err != nil {
			return err
		}
	}
	for _, g := range groups {
		added, there, missing, err := applyEpisodes(ctx, app, user, items, g)
		if err != nil {
			return err
		}
		imported, present, unmatched = imported+added, present+there, append(unmatched, missing...)
		n += len(g.indexes)
		if err := report(true); err != nil {
			return err
		}
	}
	rec.Set("unmatched", unmatched)
	rec.Set("status", "done")
	return app.Save(rec)
}

// ApplyItem matches one item (or takes the title with TMDB id id when given: a match by
// hand) and saves it for user, quietly; it reports whether anything was added. It returns
// catalog.ErrNotFound when no title matches.
func ApplyItem(ctx context.Context, app core.App, user *core.Record, it Item, id int) (bool, error) {
	kind := it.Kind
	title, err := matchTitle(ctx, app, it, id)
	if err != nil {
		return false, err
	}
	id = title.GetInt("tmdbId")
	if it.Status == statusList && it.List != nil {
		return applyListItem(ctx, app, user, it, id)
	}
	if it.isEpisode() { // matched by hand from the unmatched list
		added, unknown, err := tv.ImportWatches(app, user.Id, title, []tv.Watch{{Ep: tv.Ep{Season: it.Season, Episode: it.Episode}, At: it.WatchedAt, Source: it.WatchSource}})
		if err == nil && len(unknown) > 0 {
			err = catalog.ErrNotFound
		}
		return added > 0, err
	}
	entry, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && "+kind.RelationField()+" = {:t}", dbx.Params{"u": user.Id, "t": title.Id})
	hasEntry := err == nil
	in := diary.EntryInput{Kind: it.Kind, TitleID: id, Status: it.Status, Quiet: true}
	if it.Status != diary.StatusWatched {
		if hasEntry {
			return false, nil // a plan never replaces what the member has
		}
		_, _, err := diary.SaveEntry(ctx, app, user, in)
		return err == nil, err
	}
	in.Rating, _ = diary.ParseRating(security.Set(it.Rating))
	in.Review = strings.TrimSpace(it.Review)
	if r := []rune(in.Review); len(r) > diary.MaxReviewLength {
		in.Review = string(r[:diary.MaxReviewLength])
	}
	in.WatchedAt = it.WatchedAt
	if in.WatchedAt.IsZero() || in.WatchedAt.After(time.Now()) {
		in.WatchedAt = time.Now().UTC()
		if hasEntry && entry.GetString("status") == diary.StatusWatched {
			return false, nil // an undated watch of a title already watched adds nothing
		}
	}
	if hasEntry && sameWatch(app, entry.Id, in) {
		return false, nil
	}
	_, _, err = diary.SaveEntry(ctx, app, user, in)
	return err == nil, err
}

// matchTitle finds the catalog title an item names: id when given, else its TMDB id when
// the catalog has it, else the best match of its name and year.
func matchTitle(ctx context.Context, app core.App, it Item, id int) (*core.Record, error) {
	if id == 0 && it.TMDBID > 0 {
		if _, err := catalog.Find(ctx, app, it.Kind, it.TMDBID); err == nil {
			id = it.TMDBID
		}
	}
	if id == 0 && (it.IMDbID != "" || it.TVDBID > 0) {
		if n, err := catalog.Resolve(ctx, app, it.Kind, catalog.ExternalIDs{IMDb: it.IMDbID, TVDB: it.TVDBID}); err == nil {
			id = n
		}
	}
	if id == 0 {
		var err error
		if id, err = catalog.Match(ctx, app, it.Kind, it.Title, it.Year); err != nil {
			return nil, err
		}
	}
	return catalog.Find(ctx, app, it.Kind, id)
}

// sameWatch reports whether the diary already holds this watch (same day, same rating and
// review), so a second import of the same file adds nothing.
func sameWatch(app core.App, entryID string, in diary.EntryInput) bool {
	day := in.WatchedAt.UTC().Format("2006-01-02")
	rows, err := app.FindRecordsByFilter("diary", "entry = {:e}", "", 0, 0, dbx.Params{"e": entryID})
	if err != nil {
		return false
	}
	for _, r := range rows {
		if r.GetDateTime("watchedAt").Time().UTC().Format("2006-01-02") == day &&
			r.GetFloat("rating") == in.Rating && r.GetString("review") == in.Review {
			return true
		}
	}
	return false
}
