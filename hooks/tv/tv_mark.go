package tv

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Sources of a watch, kept on its row: marked by the member, imported from another
// service's history, or scrobbled by a media server.
const (
	SourceManual   = "manual"
	SourceImport   = "import"
	SourceScrobble = "scrobble"
)

// Scope says which episodes a mark covers.
type Scope int

const (
	// One marks one episode. Marking it again on the same UTC day corrects that watch
	// (the diary's rule); another day adds a rewatch.
	One Scope = iota
	// WholeSeason marks every episode of a season not watched yet.
	WholeSeason
	// UpTo marks every episode before and including one that is not watched yet: a binge
	// catch-up in one transaction, however many episodes.
	UpTo
)

// Mark is one change of a member's episode watches of a show.
type Mark struct {
	UserID    string
	Show      *core.Record // the tv_shows record (catalog.Find it before: it may call TMDB)
	Scope     Scope
	At        Ep // the episode (One, UpTo), or the season (WholeSeason: At.Season)
	WatchedAt time.Time
	Source    string // SourceManual when empty
	// Quiet records the watches without posting (imports must not flood feeds).
	Quiet bool
	// Exact makes a One mark idempotent for histories (imports): a watch of the episode at
	// exactly WatchedAt is that watch, and any other time is another watch.
	Exact bool
}

// Result is what a change did, and the member's progress on the show after it.
type Result struct {
	Added         int    `json:"added"`
	Removed       int    `json:"removed"`
	Status        string `json:"status"` // the show's status after the change ("" for none)
	StatusChanged bool   `json:"statusChanged"`
	// Finished is true when this change finished a show that has ended (its status became
	// watched): the UI offers the Rate dialog.
	Finished      bool   `json:"finished"`
	Watched       int    `json:"watched"`
	Total         int    `json:"total"`
	Next          *Ep    `json:"next"`
	LastWatchedAt string `json:"lastWatchedAt"`
}

// dbTime is how PocketBase stores dates; stored dates compare as text in it.
const dbTime = "2006-01-02 15:04:05.000Z"

// MarkEpisodeWatched records that userID watched one episode of the show with public id
// showID at `at` (now when zero; from source: SourceManual, SourceImport or
// SourceScrobble), with the same-day rule: a second mark of the episode on the same UTC
// day corrects the first instead of adding a watch, so a media server that reports one
// play twice records it once. Progress, status (the first watch starts the show, the last
// episode of an ended show finishes it) and the grouped post follow as for a member's own
// mark. It is the one call other domains make (issue #22's Jellyfin and Plex scrobbler,
// federation); diary.MarkMovieWatched is its twin for a movie. Bad numbers come back as
// validation.Errors naming season or episode, a show the catalog lacks as
// catalog.ErrNotFound.
func MarkEpisodeWatched(ctx context.Context, app core.App, userID string, showID, season, episode int, at time.Time, source string) (Result, error) {
	show, err := catalog.Find(ctx, app, catalog.TV, showID)
	if err != nil {
		return Result{}, err
	}
	return Apply(app, Mark{UserID: userID, Show: show, Scope: One, At: Ep{season, episode}, WatchedAt: at, Source: source})
}

// Apply records a mark in one transaction: the new watch rows, the member's progress
// recounted from every row of the show, the show's status (nextStatus), and the post
// (grouped per show and hour) unless m.Quiet. Numbers the show does not have come back as
// validation.Errors naming season or episode, with nothing written.
func Apply(app core.App, m Mark) (Result, error) {
	l := LayoutOf(catalog.ShowSeasons(m.Show))
	eps, err := m.episodes(l)
	if err != nil {
		return Result{}, err
	}
	source := m.Source
	if source == "" {
		source = SourceManual
	}
	if source != SourceManual && source != SourceImport && source != SourceScrobble {
		return Result{}, fmt.Errorf("tv: unknown watch source %q", source)
	}
	at := m.WatchedAt.UTC()
	if at.IsZero() {
		at = time.Now().UTC()
	}
	var res Result
	err = app.RunInTransaction(func(tx core.App) error {
		w, err := loadWatches(tx, m.UserID, m.Show.Id)
		if err != nil {
			return err
		}
		before := w.counts(l)
		var added []Ep
		for _, e := range eps {
			switch plays := w.byEp[e]; {
			case m.Scope != One && len(plays) > 0:
				continue // a season or catch-up mark adds only what is not watched yet
			case m.Scope == One && m.Exact && w.playAt(e, at) != nil:
				continue
			case m.Scope == One && !m.Exact && w.sameDay(e, at) != nil:
				row := w.sameDay(e, at)
				if _, err := tx.DB().Update("episode_watches", dbx.Params{"watchedAt": at.Format(dbTime), "source": source},
					dbx.HashExp{"id": row.ID}).Execute(); err != nil {
					return err
				}
				row.WatchedAt = at.Format(dbTime)
				continue
			}
			added = append(added, e)
		}
		rows, err := insertWatches(tx, m.UserID, m.Show.Id, added, at, source)
		if err != nil {
			return err
		}
		w.add(rows...)
		res, err = settle(tx, m.UserID, m.Show, l, w, before, Marked)
		if err != nil {
			return err
		}
		res.Added = len(added)
		if len(added) == 0 || m.Quiet {
			return nil
		}
		return postWatches(tx, m.UserID, m.Show, added)
	})
	return res, err
}

// Unmark removes the newest watch of episode e of the show (nothing when e was never
// watched), recounts and moves the status back as nextStatus says, and takes e out of the
// member's open post about the show.
func Unmark(app core.App, userID string, show *core.Record, e Ep) (Result, error) {
	l := LayoutOf(catalog.ShowSeasons(show))
	if err := checkEpisode(l, e, ""); err != nil {
		return Result{}, err
	}
	var res Result
	err := app.RunInTransaction(func(tx core.App) error {
		w, err := loadWatches(tx, userID, show.Id)
		if err != nil {
			return err
		}
		before := w.counts(l)
		newest := w.newest(e)
		if newest != nil {
			if _, err := tx.DB().Delete("episode_watches", dbx.HashExp{"id": newest.ID}).Execute(); err != nil {
				return err
			}
			w.remove(newest)
		}
		res, err = settle(tx, userID, show, l, w, before, Unmarked)
		if err != nil || newest == nil {
			return err
		}
		res.Removed = 1
		if len(w.byEp[e]) == 0 {
			return unpostWatch(tx, userID, show, e)
		}
		return nil
	})
	return res, err
}

// settle writes the member's recounted progress and moves the show's status.
func settle(tx core.App, userID string, show *core.Record, l Layout, w *watches, before Counts, what Change) (Result, error) {
	after := w.counts(l)
	next, hasNext := l.Next(w.watchedSet())
	last := w.last()
	if err := saveProgress(tx, userID, show.Id, l, after, next, hasNext, last); err != nil {
		return Result{}, err
	}
	entry, err := diary.ShowEntryOf(tx, userID, show.Id)
	if err != nil {
		return Result{}, err
	}
	status, changed := NextStatus(entry, before, after, catalog.Ended(show), what)
	if changed {
		at := time.Now().UTC()
		if t, err := time.Parse(dbTime, last); err == nil {
			at = t
		}
		if err := diary.MoveShow(tx, userID, show, status, at); err != nil {
			return Result{}, err
		}
	}
	res := Result{Status: status, StatusChanged: changed, Finished: changed && status == diary.StatusWatched,
		Watched: after.Watched, Total: after.Total, LastWatchedAt: ISOTime(last)}
	if hasNext {
		res.Next = &next
	}
	return res, nil
}

// episodes lists the episodes a mark covers, or the validation error naming the field
// the show does not have (season, episode, or upTo.season / upTo.episode).
func (m Mark) episodes(l Layout) ([]Ep, error) {
	switch m.Scope {
	case WholeSeason:
		if !l.hasSeason(m.At.Season) {
			return nil, validation.Errors{"season": unknownSeason(m.At.Season)}
		}
		return l.season(m.At.Season), nil
	case UpTo:
		if err := checkEpisode(l, m.At, "upTo"); err != nil {
			return nil, err
		}
		return l.UpTo(m.At), nil
	}
	if err := checkEpisode(l, m.At, ""); err != nil {
		return nil, err
	}
	return []Ep{m.At}, nil
}

// checkEpisode names the field at fault when the show has no episode e (under parent,
// when not empty, as the upTo object's members).
func checkEpisode(l Layout, e Ep, parent string) error {
	errs := validation.Errors{}
	switch {
	case !l.hasSeason(e.Season):
		errs["season"] = unknownSeason(e.Season)
	case !l.has(e):
		errs["episode"] = validation.NewError("validation_unknown_episode",
			"Season "+strconv.Itoa(e.Season)+" has "+strconv.Itoa(l.counts[e.Season])+" episodes.")
	default:
		return nil
	}
	if parent != "" {
		return validation.Errors{parent: errs}
	}
	return errs
}

func unknownSeason(s int) validation.Error {
	if s == 0 {
		return validation.NewError("validation_unknown_season", "The catalog lists no specials for this show.")
	}
	return validation.NewError("validation_unknown_season", "This show has no season "+strconv.Itoa(s)+".")
}

// insertWatches writes one watch row per episode with one multi-row INSERT (record saves
// cost a validation pass each, and a 60-episode catch-up must stay one quick transaction).
// Domains that react to watches listen to tv_progress, which changes once per mark.
func insertWatches(tx core.App, userID, showID string, eps []Ep, at time.Time, source string) ([]watchRow, error) {
	rows := make([]watchRow, 0, len(eps))
	const batch = 400
	now := time.Now().UTC().Format(dbTime)
	for start := 0; start < len(eps); start += batch {
		var values []string
		params := dbx.Params{"u": userID, "s": showID, "at": at.Format(dbTime), "src": source, "now": now}
		for i, e := range eps[start:min(len(eps), start+batch)] {
			r := watchRow{ID: core.GenerateDefaultRandomId(), Season: e.Season, Episode: e.Episode, WatchedAt: at.Format(dbTime)}
			k := strconv.Itoa(i)
			params["id"+k], params["se"+k], params["ep"+k] = r.ID, e.Season, e.Episode
			values = append(values, "({:id"+k+"}, {:u}, {:s}, {:se"+k+"}, {:ep"+k+"}, {:at}, {:src}, {:now})")
			rows = append(rows, r)
		}
		if _, err := tx.DB().NewQuery("INSERT INTO episode_watches (id, user, tvShow, season, episode, watchedAt, source, created) VALUES " +
			strings.Join(values, ", ")).Bind(params).Execute(); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// ISOTime turns a stored date into ISO 8601 (UTC, seconds), "" when unset.
func ISOTime(stored string) string {
	// the stored form is always UTC to the millisecond: the answer is its first 19 characters
	if len(stored) == len(dbTime) && stored[10] == ' ' && stored[19] == '.' && stored[len(stored)-1] == 'Z' {
		return stored[:10] + "T" + stored[11:19] + "Z"
	}
	t, err := time.Parse(dbTime, stored)
	if err != nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
