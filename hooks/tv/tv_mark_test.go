package tv_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// TestMarkChecksNumbers: numbers the show does not have, and numbers that are not whole
// numbers, are a 400 naming the field; a movie's id is a 404; nothing is written.
func TestMarkChecksNumbers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	path := fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad)
	cases := []struct {
		name, body, field string
	}{
		{"a season the show lacks", `{"season":3,"episode":1}`, `"season"`},
		{"an episode past the season", `{"season":1,"episode":8}`, `"episode"`},
		{"specials the catalog does not list", `{"season":0,"episode":1}`, `"season"`},
		{"a whole season the show lacks", `{"season":9}`, `"season"`},
		{"up to an episode past the season", `{"upTo":{"season":2,"episode":14}}`, `"upTo":{"episode"`},
		{"up to a season the show lacks", `{"upTo":{"season":5,"episode":1}}`, `"upTo":{"season"`},
		{"negative", `{"season":-1,"episode":1}`, `"season"`},
		{"fractional", `{"season":1,"episode":1.5}`, `"episode"`},
		{"string numbers", `{"season":"1","episode":"2"}`, `"season"`},
		{"huge", `{"season":1,"episode":1e300}`, `"episode"`},
		{"episode without season", `{"episode":2}`, `"season"`},
		{"upTo and season together", `{"season":1,"upTo":{"season":1,"episode":2}}`, `"upTo"`},
		{"upTo not an object", `{"upTo":"S1E2"}`, `"upTo"`},
		{"a date in the future", `{"season":1,"episode":1,"watchedAt":"2999-01-01"}`, `"watchedAt"`},
		{"a date that is no date", `{"season":1,"episode":1,"watchedAt":"yesterday"}`, `"watchedAt"`},
	}
	for _, c := range cases {
		status, data := w.call(t, "Ana", "POST", path, c.body)
		if status != http.StatusBadRequest || !strings.Contains(string(data), c.field) {
			t.Errorf("%s: %d %s, want a 400 naming %s", c.name, status, data, c.field)
		}
	}
	if status, data := w.call(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", matrix), `{"season":1,"episode":1}`); status != http.StatusNotFound {
		t.Errorf("a movie's id: %d %s, want 404", status, data)
	}
	if status, _ := w.call(t, "Ana", "DELETE", path, `{"season":1}`); status != http.StatusBadRequest {
		t.Errorf("unmark without an episode: %d, want 400", status)
	}
	if n := count(t, w.app, "episode_watches", "id != ''", nil); n != 0 {
		t.Errorf("%d watches written by refused requests", n)
	}
	if s := status(t, w.app, w.ana.Id, breakingBad); s != "" {
		t.Errorf("status %q after refused requests", s)
	}
}

// TestMarkIsIdempotent: marking an episode again the same UTC day corrects that watch;
// another day is a rewatch; a season or catch-up mark adds only what is not watched.
func TestMarkIsIdempotent(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	path := fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance)
	var r tv.Result
	w.ok(t, "Ana", "POST", path, `{"season":1,"episode":1,"watchedAt":"2026-01-10T20:00:00Z"}`, &r)
	w.ok(t, "Ana", "POST", path, `{"season":1,"episode":1,"watchedAt":"2026-01-10T22:30:00Z"}`, &r)
	if r.Added != 0 || count(t, w.app, "episode_watches", "id != ''", nil) != 1 {
		t.Fatalf("same day twice: added %d, %d rows; want one watch", r.Added, count(t, w.app, "episode_watches", "id != ''", nil))
	}
	row, _ := w.app.FindFirstRecordByFilter("episode_watches", "id != ''")
	if got := row.GetDateTime("watchedAt").Time().UTC().Format(time.RFC3339); got != "2026-01-10T22:30:00Z" {
		t.Errorf("the same-day mark corrects the time: %s", got)
	}
	w.ok(t, "Ana", "POST", path, `{"season":1,"episode":1,"watchedAt":"2026-02-01"}`, &r)
	if r.Added != 1 || r.Watched != 1 {
		t.Errorf("a rewatch another day: %+v, want a new watch and still 1 episode watched", r)
	}
	w.ok(t, "Ana", "POST", path, `{"season":1}`, &r)
	w.ok(t, "Ana", "POST", path, `{"season":1}`, &r)
	if r.Added != 0 || r.Watched != 9 || count(t, w.app, "episode_watches", "id != ''", nil) != 10 {
		t.Errorf("season twice: %+v, %d rows; want 9 episodes in 10 rows", r, count(t, w.app, "episode_watches", "id != ''", nil))
	}
	w.ok(t, "Ana", "POST", path, `{"upTo":{"season":2,"episode":3}}`, &r)
	if r.Added != 3 || r.Watched != 12 || r.Next == nil || *r.Next != (tv.Ep{Season: 2, Episode: 4}) {
		t.Errorf("catch-up to S2E3: %+v", r)
	}
	var p tv.ProgressJSON
	w.ok(t, "Ana", "GET", fmt.Sprintf("/api/tv-shows/%d/progress", severance), "", &p)
	if p.Watched != 12 || p.Total != 19 || len(p.Seasons) != 2 || p.Seasons[0].Watched != 9 || !p.Seasons[1].Episodes[2].Watched ||
		p.Seasons[1].Episodes[3].Watched || p.Seasons[0].Episodes[0].Plays != 2 || p.Next == nil || p.Next.Episode != 4 {
		t.Errorf("progress: %+v", p)
	}
}

// TestBingeIsOneTransaction: "mark all up to here" of 60 episodes writes 60 watches, one
// post and one progress row, or (when any part fails) nothing at all.
func TestBingeIsOneTransaction(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	show := createShow(t, w.app, 4242, "The Long One", true, 20, 20, 20)
	path := "/api/tv-shows/4242/episodes/watched"
	fail := true
	w.app.OnRecordCreate("activities").BindFunc(func(e *core.RecordEvent) error {
		if fail {
			return fmt.Errorf("the post cannot be written")
		}
		return e.Next()
	})
	if status, _ := w.call(t, "Ana", "POST", path, `{"upTo":{"season":3,"episode":20}}`); status < 400 {
		t.Fatalf("a failing post: %d, want an error", status)
	}
	if n := count(t, w.app, "episode_watches", "id != ''", nil); n != 0 {
		t.Fatalf("%d watches left by a failed catch-up", n)
	}
	if n := count(t, w.app, "tv_progress", "id != ''", nil); n != 0 || status(t, w.app, w.ana.Id, 4242) != "" {
		t.Fatalf("progress or status left by a failed catch-up")
	}
	fail = false
	var r tv.Result
	w.ok(t, "Ana", "POST", path, `{"upTo":{"season":3,"episode":20}}`, &r)
	if r.Added != 60 || r.Watched != 60 || r.Total != 60 || r.Next != nil || !r.Finished || r.Status != diary.StatusWatched {
		t.Fatalf("catch-up of an ended show: %+v", r)
	}
	posts, err := w.app.FindRecordsByFilter("activities", "type = 'tv_episodes_watched'", "", 0, 0)
	if err != nil || len(posts) != 1 {
		t.Fatalf("%d posts, want 1: %v", len(posts), err)
	}
	var data struct {
		Episodes []tv.Ep `json:"episodes"`
		Count    int     `json:"episodeCount"`
		Title    string  `json:"tvShowTitle"`
	}
	_ = posts[0].UnmarshalJSONField("data", &data)
	if data.Count != 60 || len(data.Episodes) != 60 || data.Title != "The Long One" || posts[0].GetString("tvShow") != show.Id {
		t.Errorf("post data: %+v", data)
	}
	if n := count(t, w.app, "diary", "user = {:u}", dbx.Params{"u": w.ana.Id}); n != 1 {
		t.Errorf("finishing the show dates it in the diary once: %d rows", n)
	}
}

// TestCountsExactUnderConcurrentMarks: 20 marks at once (some of the same episode) leave
// progress equal to the rows, one post and the show in progress.
func TestCountsExactUnderConcurrentMarks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	createShow(t, w.app, 5151, "Twenty Parts", false, 10, 10)
	path := "/api/tv-shows/5151/episodes/watched"
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			body := fmt.Sprintf(`{"season":%d,"episode":%d}`, 1+i%2, 1+(i*7)%10)
			if i%5 == 4 {
				body = `{"season":1,"episode":1}` // the same episode again, the same day
			}
			if status, data := w.call(t, "Ana", "POST", path, body); status != http.StatusOK {
				t.Errorf("%s: %d %s", body, status, data)
			}
		})
	}
	wg.Wait()
	var distinct int
	if err := w.app.DB().NewQuery(`SELECT COUNT(*) FROM (SELECT DISTINCT season, episode FROM episode_watches)`).Row(&distinct); err != nil {
		t.Fatal(err)
	}
	rows := count(t, w.app, "episode_watches", "id != ''", nil)
	p, err := w.app.FindFirstRecordByFilter("tv_progress", "user = {:u}", dbx.Params{"u": w.ana.Id})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetInt("watched") != distinct || rows != distinct || p.GetInt("total") != 20 {
		t.Errorf("progress says %d of %d, rows %d, distinct episodes %d", p.GetInt("watched"), p.GetInt("total"), rows, distinct)
	}
	var pr tv.ProgressJSON
	w.ok(t, "Ana", "GET", "/api/tv-shows/5151/progress", "", &pr)
	if pr.Watched != distinct {
		t.Errorf("progress route %d, rows %d", pr.Watched, distinct)
	}
	if n := count(t, w.app, "activities", "type = 'tv_episodes_watched'", nil); n != 1 {
		t.Errorf("%d posts for one burst, want 1", n)
	}
	if s := status(t, w.app, w.ana.Id, 5151); s != diary.StatusWatching {
		t.Errorf("status %q", s)
	}
}

// TestStatusFollowsEpisodes: the moves of TestNextStatus through the routes, with the
// diary's entry and rows.
func TestStatusFollowsEpisodes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	path := fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad)
	var r tv.Result
	w.ok(t, "Ana", "POST", path, `{"season":1,"episode":1}`, &r)
	if r.Status != diary.StatusWatching || !r.StatusChanged || status(t, w.app, w.ana.Id, breakingBad) != diary.StatusWatching {
		t.Fatalf("first watch: %+v", r)
	}
	w.ok(t, "Ana", "POST", path, `{"upTo":{"season":2,"episode":12}}`, &r)
	if r.Status != diary.StatusWatching || r.Finished {
		t.Fatalf("all but the finale: %+v", r)
	}
	w.ok(t, "Ana", "POST", path, `{"season":2,"episode":13}`, &r)
	if r.Status != diary.StatusWatched || !r.Finished || r.Next != nil {
		t.Fatalf("the finale of an ended show: %+v", r)
	}
	w.ok(t, "Ana", "DELETE", path, `{"season":2,"episode":13}`, &r)
	if r.Status != diary.StatusWatching || r.Removed != 1 || r.Next == nil || *r.Next != (tv.Ep{Season: 2, Episode: 13}) {
		t.Fatalf("unmarking the finale: %+v", r)
	}
	if n := count(t, w.app, "diary", "user = {:u}", dbx.Params{"u": w.ana.Id}); n != 0 {
		t.Errorf("the finishing watch stays in the diary (%d rows)", n)
	}
	// Dropping keeps the progress; marking picks the show up again.
	w.ok(t, "Ana", "POST", "/api/user/tv-shows", fmt.Sprintf(`{"tvShowId":%d,"status":"dropped"}`, breakingBad), nil)
	var p tv.ProgressJSON
	w.ok(t, "Ana", "GET", fmt.Sprintf("/api/tv-shows/%d/progress", breakingBad), "", &p)
	if p.Watched != 19 || p.Status != diary.StatusDropped {
		t.Fatalf("dropped: %+v", p)
	}
	var up []tv.UpNextItem
	w.ok(t, "Ana", "GET", "/api/user/up-next", "", &up)
	if len(up) != 0 {
		t.Errorf("a dropped show in Up Next: %+v", up)
	}
	w.ok(t, "Ana", "POST", path, `{"season":2,"episode":13}`, &r)
	if r.Status != diary.StatusWatched {
		t.Errorf("finishing a dropped show: %+v", r)
	}
	// Unmarking every watch of a show in progress puts it back on the watchlist.
	w.ok(t, "Bea", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"season":1,"episode":1}`, nil)
	w.ok(t, "Bea", "DELETE", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"season":1,"episode":1}`, &r)
	if r.Status != diary.StatusPlanned || count(t, w.app, "tv_progress", "user = {:u}", dbx.Params{"u": w.bea.Id}) != 0 {
		t.Errorf("unmarking the only watch: %+v", r)
	}
	if n := count(t, w.app, "activities", "user = {:u}", dbx.Params{"u": w.bea.Id}); n != 0 {
		t.Errorf("an unmark right after the mark leaves %d posts", n)
	}
}

// TestUpNext: shows in progress with their next episode, newest activity first, and the
// card advances as episodes are marked.
func TestUpNext(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad), `{"season":1,"watchedAt":"2026-01-01"}`, nil)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"season":1,"episode":1,"watchedAt":"2026-01-02"}`, nil)
	var up []tv.UpNextItem
	w.ok(t, "Ana", "GET", "/api/user/up-next", "", &up)
	if len(up) != 2 || up[0].Show.ID != severance || up[0].Next != (tv.EpisodeInfo{Season: 1, Episode: 2}) ||
		up[1].Show.ID != breakingBad || up[1].Next.Season != 2 || up[1].Next.Episode != 1 || up[1].Watched != 7 || up[1].Total != 20 ||
		len(up[1].SeasonCounts) != 2 {
		t.Fatalf("up next: %+v", up)
	}
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad), `{"season":2,"episode":1}`, nil)
	w.ok(t, "Ana", "GET", "/api/user/up-next", "", &up)
	if up[0].Show.ID != breakingBad || up[0].Next.Episode != 2 {
		t.Errorf("after S2E1: %+v", up[0])
	}
	if status, _ := w.call(t, "", "GET", "/api/user/up-next", ""); status != http.StatusUnauthorized {
		t.Errorf("a visitor's up next: %d", status)
	}
}

// createShow saves a show with the given episode counts (seasons 1…), ended or airing.
func createShow(t testing.TB, app core.App, id int, name string, ended bool, counts ...int) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("tv_shows")
	if err != nil {
		t.Fatal(err)
	}
	seasons := make([]map[string]any, len(counts))
	for i, n := range counts {
		seasons[i] = map[string]any{"seasonNumber": i + 1, "episodeCount": n, "name": fmt.Sprintf("Season %d", i+1)}
	}
	raw, _ := json.Marshal(seasons)
	r := core.NewRecord(col)
	r.Load(map[string]any{"tmdbId": id, "name": name, "year": 2020, "firstAirDate": "2020", "episodeRuntime": 45,
		"numberOfSeasons": len(counts), "seasons": string(raw), "genres": []string{"Drama"}, "source": "embedded",
		"status": map[bool]string{true: "Ended", false: "Returning Series"}[ended]})
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}
