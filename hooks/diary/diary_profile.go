package diary

import (
	"errors"
	"math"
	"net/http"
	"sort"
	"strconv"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Profile is what GET /api/users/{id}/profile answers: the member, the follow counts
// and their analytics.
type Profile struct {
	User           auth.User    `json:"user"`
	auth.About                  // the member's bio and website, shown on their profile
	IsMe           bool         `json:"isMe"`
	IsFollowing    bool         `json:"isFollowing"`
	FollowerCount  int          `json:"followerCount"`
	FollowingCount int          `json:"followingCount"`
	Totals         Totals       `json:"totals"`
	Ratings        []int        `json:"ratingsHistogram"` // [i] = ratings that round to i+1 (1–10)
	TopGenres      []GenreCount `json:"topGenres"`
	PerMonth       []int        `json:"titlesPerMonth"` // this year, January first
	TV             TVAnalytics  `json:"tv"`
}

// Totals are a member's all-time numbers.
type Totals struct {
	Movies   int     `json:"movies"`
	Shows    int     `json:"shows"`
	Episodes int     `json:"episodes"`
	Reviews  int     `json:"reviews"`
	Hours    float64 `json:"hours"`
}

// GenreCount is one genre and how many watched titles carry it.
type GenreCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// DiaryItem is one dated watch on a profile's diary.
type DiaryItem struct {
	ID        string       `json:"id"`
	WatchedAt string       `json:"watchedAt"`
	Rating    float64      `json:"rating"`
	Review    string       `json:"review"`
	Rewatch   bool         `json:"rewatch"`
	Kind      catalog.Kind `json:"kind"`
	Title     TitleSummary `json:"title"`
}

// profileUser resolves the {id} path value ("me" is the signed-in member).
func profileUser(e *core.RequestEvent) (*core.Record, error) {
	id := e.Request.PathValue("id")
	if id == "me" || id == e.Auth.Id {
		return e.Auth, nil
	}
	u, err := moderation.FindVisibleMember(e.App, e.Auth.Id, id)
	if errors.Is(err, moderation.ErrNotVisible) {
		// A suspended member, or one on either side of a block, is not there for the viewer.
		return nil, e.NotFoundError("That member does not exist.", nil)
	}
	return u, err
}

// profileHandler answers GET /api/users/{id}/profile.
func profileHandler(e *core.RequestEvent) error {
	u, err := profileUser(e)
	if err != nil {
		return err
	}
	p := Profile{User: auth.PublicUser(u), About: auth.AboutOf(u), IsMe: u.Id == e.Auth.Id}
	db := e.App.DB()
	q := func(sql string, dst ...any) error {
		return db.NewQuery(sql).Bind(dbx.Params{"u": u.Id, "me": e.Auth.Id}).Row(dst...)
	}
	var following int
	for _, step := range []error{
		q(`SELECT COUNT(*) FROM follows WHERE following = {:u}`, &p.FollowerCount),
		q(`SELECT COUNT(*) FROM follows WHERE follower = {:u}`, &p.FollowingCount),
		q(`SELECT COUNT(*) FROM follows WHERE follower = {:me} AND following = {:u}`, &following),
	} {
		if step != nil {
			return step
		}
	}
	p.IsFollowing = following > 0
	if p.TV, err = tvAnalytics(e.App, u.Id, time.Now().UTC().Year()); err != nil {
		return err
	}
	if p.Totals, err = totals(e.App, u.Id, p.TV.Hours); err != nil {
		return err
	}
	if p.Ratings, err = ratingsHistogram(e.App, u.Id); err != nil {
		return err
	}
	if p.TopGenres, err = topGenres(e.App, u.Id, 5); err != nil {
		return err
	}
	if p.PerMonth, err = titlesPerMonth(e.App, u.Id, time.Now().UTC().Year()); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, p)
}

// TotalsOf counts a member's all-time numbers (their profile's and public page's).
func TotalsOf(app core.App, userID string) (Totals, error) {
	hours, err := tvHours(app, userID)
	if err != nil {
		return Totals{}, err
	}
	return totals(app, userID, hours)
}

// totals is TotalsOf with the member's TV hours already counted (the profile has them).
// Episodes are the distinct episodes watched or reviewed (episodesEverSQL).
func totals(app core.App, userID string, tvHours float64) (Totals, error) {
	var t Totals
	q := func(sql string, dst ...any) error {
		return app.DB().NewQuery(sql).Bind(dbx.Params{"u": userID, "from": allTime["from"], "to": allTime["to"]}).Row(dst...)
	}
	var movieMinutes int
	var diaryReviews, episodeReviews int
	for _, step := range []error{
		q(`SELECT COUNT(DISTINCT d.movie), COALESCE(SUM(m.runtime), 0) FROM diary d JOIN movies m ON m.id = d.movie WHERE d.user = {:u}`, &t.Movies, &movieMinutes),
		q(`SELECT COUNT(*) FROM watch_entries WHERE user = {:u} AND tvShow != '' AND status = 'watched'`, &t.Shows),
		q(`SELECT COUNT(*) FROM (`+episodesEverSQL+`)`, &t.Episodes),
		q(`SELECT COUNT(*) FROM diary WHERE user = {:u} AND review != ''`, &diaryReviews),
		q(`SELECT COUNT(*) FROM episode_reviews WHERE user = {:u} AND review != ''`, &episodeReviews),
	} {
		if step != nil {
			return t, step
		}
	}
	t.Reviews = diaryReviews + episodeReviews
	t.Hours = math.Round((float64(movieMinutes)/60+tvHours)*10) / 10
	return t, nil
}

// ratingsHistogram counts the member's current ratings, each rounded to a whole star 1–10.
func ratingsHistogram(app core.App, userID string) ([]int, error) {
	var ratings []float64
	err := app.DB().NewQuery(`SELECT rating FROM watch_entries WHERE user = {:u} AND rating > 0`).
		Bind(dbx.Params{"u": userID}).Column(&ratings)
	hist := make([]int, 10)
	for _, r := range ratings {
		i := int(math.Round(r)) - 1
		hist[max(0, min(9, i))]++
	}
	return hist, err
}

// topGenres counts the genres of the titles the member watched, most common first.
func topGenres(app core.App, userID string, limit int) ([]GenreCount, error) {
	var rows []GenreCount
	err := app.DB().NewQuery(`
		SELECT g.value AS name, COUNT(*) AS count
		FROM watch_entries w
		LEFT JOIN movies m ON m.id = w.movie
		LEFT JOIN tv_shows t ON t.id = w.tvShow,
		json_each(COALESCE(m.genres, t.genres, '[]')) g
		WHERE w.user = {:u} AND w.status = 'watched'
		GROUP BY g.value ORDER BY count DESC, name LIMIT {:limit}`).
		Bind(dbx.Params{"u": userID, "limit": limit}).All(&rows)
	if rows == nil {
		rows = []GenreCount{}
	}
	return rows, err
}

// titlesPerMonth counts diary watches per month of year (UTC), January first.
func titlesPerMonth(app core.App, userID string, year int) ([]int, error) {
	type row struct {
		Month int `db:"month"`
		N     int `db:"n"`
	}
	var rows []row
	err := app.DB().NewQuery(`
		SELECT CAST(strftime('%m', watchedAt) AS INTEGER) AS month, COUNT(*) AS n
		FROM diary WHERE user = {:u} AND strftime('%Y', watchedAt) = {:y}
		GROUP BY month`).Bind(dbx.Params{"u": userID, "y": strconv.Itoa(year)}).All(&rows)
	out := make([]int, 12)
	for _, r := range rows {
		if r.Month >= 1 && r.Month <= 12 {
			out[r.Month-1] = r.N
		}
	}
	return out, err
}

// diaryHandler answers GET /api/users/{id}/diary?page=N: dated watches, newest first,
// 50 a page, with their titles (the UI groups them by month).
func diaryHandler(e *core.RequestEvent) error {
	u, err := profileUser(e)
	if err != nil {
		return err
	}
	page, err := security.ReadPage(e, security.PageRules{DefaultLimit: 50, MaxLimit: 50})
	if err != nil {
		return err
	}
	out, err := Recent(e.App, u.Id, page.Limit, page.Offset())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// Recent reads userID's dated watches, newest first, limit from offset, with their
// titles: a profile's diary, and a public member's on their public page.
func Recent(app core.App, userID string, limit, offset int) ([]DiaryItem, error) {
	rows, err := app.FindRecordsByFilter("diary", "user = {:u}", "-watchedAt", limit, offset, dbx.Params{"u": userID})
	if err != nil {
		return nil, err
	}
	titles := map[catalog.Kind]map[string]*core.Record{}
	for _, kind := range catalog.Kinds {
		if titles[kind], err = titlesByField(app, kind, rows); err != nil {
			return nil, err
		}
	}
	out := make([]DiaryItem, 0, len(rows))
	for _, r := range rows {
		item := DiaryItem{ID: r.Id, WatchedAt: isoTime(r.GetDateTime("watchedAt")), Rating: r.GetFloat("rating"),
			Review: r.GetString("review"), Rewatch: r.GetBool("rewatch")}
		kind, id, _ := catalog.RelatedTitle(r)
		title := titles[kind][id]
		if title == nil {
			continue
		}
		item.Kind, item.Title = kind, summarize(kind, title)
		out = append(out, item)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].WatchedAt > out[j].WatchedAt })
	return out, nil
}

// titlesByField loads the titles of kind that rows point at, by record id, with the
// columns summarize reads (a title record has twenty).
func titlesByField(app core.App, kind catalog.Kind, rows []*core.Record) (map[string]*core.Record, error) {
	ids := []string{}
	for _, r := range rows {
		if id := r.GetString(kind.RelationField()); id != "" {
			ids = append(ids, id)
		}
	}
	out := map[string]*core.Record{}
	if len(ids) == 0 {
		return out, nil
	}
	var records []*core.Record
	err := app.RecordQuery(kind.Collection()).Select(summaryColumns(kind)...).
		AndWhere(dbx.In("id", toAny(ids)...)).All(&records)
	for _, r := range records {
		out[r.Id] = r
	}
	return out, err
}
