package tv

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// Calendar window: episodes airing in the next days (30 unless asked; at most 90) and
// those aired in the last pastDays, for the shows a member follows.
const (
	defaultDays = 30
	maxDays     = 90
	pastDays    = 7
	maxCalendar = 500 // episodes in one answer: a busy month of many daily shows
)

// CalendarJSON is GET /api/user/calendar: episodes by air date (YYYY-MM-DD, oldest
// first) from `from` to `to`, the member's today in the middle. Provider says whether
// TMDB answers the catalog: with the embedded catalog there are no air dates, and the
// page explains how to set TMDB up.
type CalendarJSON struct {
	Provider string            `json:"provider"` // "tmdb" or "embedded"
	From     string            `json:"from"`
	To       string            `json:"to"`
	Episodes []CalendarEpisode `json:"episodes"`
}

// CalendarEpisode is one episode airing on AirDate.
type CalendarEpisode struct {
	Show    UpNextShow `json:"show"`
	Season  int        `json:"season"`
	Episode int        `json:"episode"`
	Name    string     `json:"name,omitempty"`
	AirDate string     `json:"airDate"`
	Runtime int        `json:"runtime,omitempty"`
	Watched bool       `json:"watched"`
}

// CalendarRequest is a validated calendar query.
type CalendarRequest struct {
	Days  int
	Today time.Time // the member's date (midnight UTC of it)
}

// ParseCalendarQuery reads ?days (1–90, default 30) and ?tz (an IANA time zone, default
// UTC: the zone whose date is "today").
func ParseCalendarQuery(days, tz string, now time.Time) (CalendarRequest, error) {
	r := CalendarRequest{Days: defaultDays}
	errs := validation.Errors{}
	if days = strings.TrimSpace(days); days != "" {
		n, err := strconv.Atoi(days)
		switch {
		case err != nil:
			errs["days"] = validation.NewError("validation_invalid_number", "days must be a whole number from 1 to 90.")
		case n < 1 || n > maxDays:
			errs["days"] = validation.NewError("validation_out_of_range", "days must be from 1 to 90.")
		default:
			r.Days = n
		}
	}
	loc := time.UTC
	if tz = strings.TrimSpace(tz); tz != "" {
		l, err := time.LoadLocation(tz)
		if err != nil || len(tz) > 64 || strings.Contains(tz, "..") {
			errs["tz"] = validation.NewError("validation_invalid_time_zone", "tz must be a time zone such as Europe/Paris.")
		} else {
			loc = l
		}
	}
	y, m, d := now.In(loc).Date()
	r.Today = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return r, errs.Filter()
}

// calendarSQL lists the episodes airing in [from, to] of the shows userID follows (any
// entry but dropped), each show's range read on idx_tv_episodes_air.
const calendarSQL = `SELECT t.tmdbId AS showId, t.name AS showName, t.posterPath AS posterPath,
	e.season AS season, e.episode AS episode, e.name AS name, e.airDate AS airDate, e.runtime AS runtime,
	EXISTS (SELECT 1 FROM episode_watches x WHERE x.user = {:u} AND x.tvShow = e.tvShow
		AND x.season = e.season AND x.episode = e.episode) AS watched
	FROM watch_entries w
	JOIN tv_episodes e ON e.tvShow = w.tvShow AND e.airDate >= {:from} AND e.airDate <= {:to}
	JOIN tv_shows t ON t.id = w.tvShow
	WHERE w.user = {:u} AND w.tvShow != '' AND w.status != 'dropped'
	ORDER BY e.airDate, t.name, e.season, e.episode LIMIT {:limit}`

// Calendar lists the episodes of the shows userID follows airing from pastDays before
// r.Today to r.Days after it, filling in first the shows whose episodes were never
// fetched (with TMDB).
func Calendar(ctx context.Context, app core.App, userID string, r CalendarRequest) (CalendarJSON, error) {
	out := CalendarJSON{Provider: "embedded", Episodes: []CalendarEpisode{},
		From: r.Today.AddDate(0, 0, -pastDays).Format(time.DateOnly), To: r.Today.AddDate(0, 0, r.Days).Format(time.DateOnly)}
	if catalog.HasTMDB(app) {
		out.Provider = "tmdb"
		fillMissing(ctx, app, userID)
	}
	var rows []struct {
		ShowID     int    `db:"showId"`
		ShowName   string `db:"showName"`
		PosterPath string `db:"posterPath"`
		Season     int    `db:"season"`
		Episode    int    `db:"episode"`
		Name       string `db:"name"`
		AirDate    string `db:"airDate"`
		Runtime    int    `db:"runtime"`
		Watched    bool   `db:"watched"`
	}
	err := app.DB().NewQuery(calendarSQL).Bind(dbx.Params{"u": userID, "from": out.From, "to": out.To, "limit": maxCalendar}).All(&rows)
	if err != nil {
		return out, err
	}
	for _, row := range rows {
		ep := CalendarEpisode{Show: UpNextShow{ID: row.ShowID, Name: row.ShowName}, Season: row.Season, Episode: row.Episode,
			Name: row.Name, AirDate: row.AirDate, Runtime: row.Runtime, Watched: row.Watched}
		if row.PosterPath != "" {
			ep.Show.PosterPath = &row.PosterPath
		}
		out.Episodes = append(out.Episodes, ep)
	}
	return out, nil
}

// calendarHandler answers GET /api/user/calendar?days=30&tz=Europe/Paris.
func calendarHandler(e *core.RequestEvent) error {
	q := e.Request.URL.Query()
	r, err := ParseCalendarQuery(q.Get("days"), q.Get("tz"), time.Now())
	if err != nil {
		return e.BadRequestError("Please check the highlighted fields.", err)
	}
	out, err := Calendar(e.Request.Context(), e.App, e.Auth.Id, r)
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}
