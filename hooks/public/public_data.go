package public

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/memo"
	"cinecircle/hooks/year"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// reviewTypes are the posts a public page shows as reviews.
var reviewTypes = []string{"movie_review", "tv_review", "collaborative_movie", "collaborative_tv", "movie_rating", "tv_rating"}

// ReviewTypes are the post types visitors may read as reviews (a copy).
func ReviewTypes() []string { return append([]string(nil), reviewTypes...) }

// Member is what a visitor sees of a public member: no email.
type Member struct {
	auth.User
	Handle string `json:"handle"`
	Bio    string `json:"bio"`
}

// Review is one public review or rating: the title, the rating, the text and companions
// who are public themselves.
type Review struct {
	ID          string   `json:"id"`
	Type        string   `json:"type"`
	CreatedAt   string   `json:"createdAt"`
	Kind        string   `json:"kind"`
	TitleID     int      `json:"titleId"`
	Title       string   `json:"title"`
	Year        int      `json:"year"`
	PosterPath  string   `json:"posterPath"`
	Rating      float64  `json:"rating"`
	Review      string   `json:"review"`
	WatchedAt   string   `json:"watchedAt"`
	WatchedWith []Member `json:"watchedWith"`
}

// Profile is what GET /api/public/users/{handle} answers: the member, their numbers,
// favourites, newest reviews, recent diary and public lists.
type Profile struct {
	Member    Member            `json:"member"`
	Totals    diary.Totals      `json:"totals"`
	Favorites []lists.Favorite  `json:"favorites"`
	Reviews   []Review          `json:"reviews"`
	Diary     []diary.DiaryItem `json:"diary"`
	Lists     []lists.Summary   `json:"lists"`
}

// How much of each a public profile shows.
const (
	profileReviews = 20
	profileDiary   = 20
	profileLists   = 12
)

// loadProfile reads what a public profile shows of member. The diary carries dates,
// titles and ratings, not review text: reviews come from the member's posts, where a
// moderator may have hidden one. Lists are those hooks/lists lets a visitor read.
func loadProfile(app core.App, member *core.Record) (Profile, error) {
	p := Profile{Member: memberOf(member)}
	var err error
	if p.Reviews, err = visibleReviews(app, member, profileReviews); err != nil {
		return p, err
	}
	if p.Totals, err = diary.TotalsOf(app, member.Id); err != nil {
		return p, err
	}
	if p.Favorites, err = lists.Favorites(app, member.Id); err != nil {
		return p, err
	}
	if p.Diary, err = diary.Recent(app, member.Id, profileDiary, 0); err != nil {
		return p, err
	}
	for i := range p.Diary {
		p.Diary[i].Review = ""
	}
	p.Lists, err = lists.MemberSummaries(app, "", member.Id, profileLists, 0)
	return p, err
}

func memberOf(r *core.Record) Member {
	u := auth.PublicUser(r)
	u.Email = ""
	return Member{User: u, Handle: r.GetString("handle"), Bio: r.GetString("bio")}
}

// visibleReviews reads a public member's newest visible reviews (never hidden posts).
func visibleReviews(app core.App, member *core.Record, limit int) ([]Review, error) {
	return VisibleReviews(app, member, 0, limit)
}

// reviewQuery selects a member's posts that visitors may read as reviews: never hidden ones.
func reviewQuery(app core.App, member *core.Record) *dbx.SelectQuery {
	types := make([]any, len(reviewTypes))
	for i, t := range reviewTypes {
		types[i] = t
	}
	return app.RecordQuery("activities").
		AndWhere(dbx.HashExp{"user": member.Id, "hidden": false}).AndWhere(dbx.In("type", types...))
}

// VisibleReviews reads limit of a public member's visible reviews, newest first, after
// skipping offset: what visitors (and, through hooks/federation, the fediverse) may read.
// The caller has found member visible.
func VisibleReviews(app core.App, member *core.Record, offset, limit int) ([]Review, error) {
	var records []*core.Record
	err := reviewQuery(app, member).OrderBy("created DESC", "id DESC").Offset(int64(offset)).Limit(int64(limit)).All(&records)
	if err != nil {
		return nil, err
	}
	out := make([]Review, 0, len(records))
	for _, r := range records {
		rv, err := reviewOf(app, r)
		if err != nil {
			return nil, err
		}
		out = append(out, rv)
	}
	return out, nil
}

// CountReviews counts what VisibleReviews pages through.
func CountReviews(app core.App, member *core.Record) (int, error) {
	var n int
	err := reviewQuery(app, member).Select("COUNT(*)").Row(&n)
	return n, err
}

func isReviewType(t string) bool {
	for _, x := range reviewTypes {
		if x == t {
			return true
		}
	}
	return false
}

// reviewOf reads a post's data for visitors: companions only when they are public.
func reviewOf(app core.App, r *core.Record) (Review, error) {
	var data map[string]any
	_ = r.UnmarshalJSONField("data", &data)
	str := func(k string) string { s, _ := data[k].(string); return s }
	num := func(k string) float64 { f, _ := data[k].(float64); return f }
	rv := Review{ID: r.Id, Type: r.GetString("type"), CreatedAt: r.GetDateTime("created").Time().UTC().Format(time.RFC3339),
		Rating: num("rating"), Review: str("review"), WatchedAt: str("watchedAt"), WatchedWith: []Member{}}
	if strings.HasPrefix(rv.Type, "tv_") || strings.HasSuffix(rv.Type, "_tv") {
		rv.Kind, rv.TitleID, rv.Title, rv.PosterPath, rv.Year = "tv", int(num("tvShowId")), str("tvShowTitle"), str("tvShowPoster"), int(num("tvShowYear"))
	} else {
		rv.Kind, rv.TitleID, rv.Title, rv.PosterPath, rv.Year = "movie", int(num("movieId")), str("movieTitle"), str("moviePoster"), int(num("movieYear"))
	}
	var with []struct {
		ID string `json:"id"`
	}
	raw, _ := json.Marshal(data["watchedWith"])
	_ = json.Unmarshal(raw, &with)
	for _, w := range with {
		m, err := app.FindRecordById("users", w.ID)
		if err != nil {
			continue
		}
		ok, err := Visible(app, m)
		if err != nil {
			return rv, err
		}
		if ok {
			rv.WatchedWith = append(rv.WatchedWith, memberOf(m))
		}
	}
	return rv, nil
}

// FindReview finds the visible review id of member (already found public); anything
// else is an error (errHidden when it is not the member's, hidden or not a review).
func FindReview(app core.App, member *core.Record, id string) (*core.Record, Review, error) {
	return findReview(app, member, id)
}

// findReview finds the visible review id of member (already found public).
func findReview(app core.App, member *core.Record, id string) (*core.Record, Review, error) {
	post, err := app.FindRecordById("activities", id)
	if err != nil || post.GetString("user") != member.Id || post.GetBool("hidden") || !isReviewType(post.GetString("type")) {
		return member, Review{}, errHidden
	}
	rv, err := reviewOf(app, post)
	return member, rv, err
}

// publicYear computes a public member's year for visitors: companions only when public.
func publicYear(app core.App, member *core.Record, yyyy string) (year.Review, error) {
	y, err := year.ParseYear(yyyy, time.Now())
	if err != nil {
		return year.Review{}, errHidden
	}
	r, err := year.Compute(app, member, y, func(app core.App, id string) (bool, error) {
		m, err := app.FindRecordById("users", id)
		if err != nil {
			return false, nil
		}
		return Visible(app, m)
	})
	r.User.Email = ""
	return r, err
}

// answer turns errHidden into the one 404 every hidden thing gets.
func answer(e *core.RequestEvent, v any, err error) error {
	if errors.Is(err, errHidden) {
		return e.NotFoundError("Nothing to see here.", nil)
	} else if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "public, max-age=60")
	return e.JSON(http.StatusOK, v)
}

// profiles keeps public profiles, by member id, while the database is unchanged: a
// shared link sends visitors to one profile many times a second, and reading it is about
// twenty queries (~5 ms for a busy member at the 10k-member scale). What a profile shows
// depends only on the data, never on who asks: findFor's per-viewer check runs first.
type profiles struct{ cache *memo.Cache[Profile] }

// profileJSON answers GET /api/public/users/{handle}.
func (p profiles) profileJSON(e *core.RequestEvent) error {
	member, _, err := findFor(e, e.Request.PathValue("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	profile, err := p.cache.Get(e.Request.Context(), member.Id, func() (Profile, error) { return loadProfile(e.App, member) })
	return answer(e, profile, err)
}

// reviewJSON answers GET /api/public/users/{handle}/reviews/{activityId}.
func reviewJSON(e *core.RequestEvent) error {
	member, _, err := findFor(e, e.Request.PathValue("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	member, rv, err := findReview(e.App, member, e.Request.PathValue("activityId"))
	if err != nil {
		return answer(e, nil, err)
	}
	return answer(e, map[string]any{"member": memberOf(member), "review": rv}, nil)
}

// yearJSON answers GET /api/public/users/{handle}/year/{yyyy}.
func yearJSON(e *core.RequestEvent) error {
	member, _, err := findFor(e, e.Request.PathValue("handle"))
	if err != nil {
		return answer(e, nil, err)
	}
	r, err := publicYear(e.App, member, e.Request.PathValue("yyyy"))
	return answer(e, map[string]any{"member": memberOf(member), "year": r}, err)
}
