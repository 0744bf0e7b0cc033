package social_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// posts names the activities of ownerWorld; URLs say {review}, {old}, … for them.
type posts map[string]string

var day = 24 * time.Hour

// ownerWorld logs Ana's diary through the diary's own calls: The Matrix 40 days ago
// (rated 6: {old}) and again 10 days ago (rated 7, "Good.": {review}), Breaking Bad on
// her watchlist ({watchlist}), a review of its pilot ({episode}) and a finished
// challenge ({challenge}). Bea rated The Matrix ({bea}) and likes Ana's {review}. ready
// receives the posts once they exist, so the scenario can fill its URL in.
func ownerWorld(h map[string]string, viewer string, ready func(posts)) func(testing.TB) *tests.TestApp {
	return testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136, "Action", "Science Fiction")
		show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
		users := map[string]*core.Record{"Ana": testutil.CreateUser(t, app, "Ana"), "Bea": testutil.CreateUser(t, app, "Bea")}
		h["Cookie"] = testutil.SessionCookie(t, users[viewer])
		now := time.Now().UTC()
		p := posts{}
		save := func(name, who string, raw map[string]any, at time.Time) {
			kind := catalog.Movie
			if _, ok := raw["tvShowId"]; ok {
				kind = catalog.TV
			}
			b, _ := json.Marshal(raw) // a body as the add dialog sends it
			var body diary.EntryBody
			if err := json.Unmarshal(b, &body); err != nil {
				t.Fatal(err)
			}
			in, err := diary.ParseEntry(kind, body, now)
			if err != nil {
				t.Fatal(err)
			}
			_, activity, err := diary.SaveEntry(context.Background(), app, users[who], in)
			if err != nil {
				t.Fatal(err)
			}
			// Date the post at its watch, so the next save of the title posts anew.
			if _, err := app.DB().NewQuery("UPDATE activities SET created = {:at} WHERE id = {:id}").
				Bind(dbx.Params{"at": at.Format("2006-01-02 15:04:05.000Z"), "id": activity.Id}).Execute(); err != nil {
				t.Fatal(err)
			}
			p[name] = activity.Id
		}
		save("old", "Ana", map[string]any{"movieId": 603.0, "status": "watched", "rating": 6.0, "watchedAt": now.Add(-40 * day).Format(time.RFC3339)}, now.Add(-40*day))
		save("review", "Ana", map[string]any{"movieId": 603.0, "status": "watched", "rating": 7.0, "review": "Good.", "watchedAt": now.Add(-10 * day).Format(time.RFC3339)}, now.Add(-10*day))
		save("watchlist", "Ana", map[string]any{"tvShowId": 1396.0, "status": "plan_to_watch"}, now.Add(-5*day))
		save("bea", "Bea", map[string]any{"movieId": 603.0, "status": "watched", "rating": 9.0}, now.Add(-2*day))
		review, err := diary.CreateEpisodeReview(app, users["Ana"].Id, show, diary.EpisodeInput{
			Season: 1, Episode: 1, Name: "Pilot", Rating: 8, Review: "Chemistry!"})
		if err != nil {
			t.Fatal(err)
		}
		episode, err := app.FindFirstRecordByFilter("activities", "type = 'episode_review' && data.episodeReviewId = {:r}", dbx.Params{"r": review.Id})
		if err != nil {
			t.Fatal(err)
		}
		p["episode"] = episode.Id
		p["challenge"] = testutil.CreateActivity(t, app, "challenge000001", users["Ana"].Id, "challenge_completed", now,
			map[string]any{"challengeName": "Ten in October"}).Id
		if _, err := social.Like(app, p["review"], users["Bea"].Id); err != nil {
			t.Fatal(err)
		}
		ready(p)
	})
}

// fill replaces {name} in url with the post ids.
func fill(url string, p posts) string {
	for name, id := range p {
		url = strings.ReplaceAll(url, "{"+name+"}", id)
	}
	return url
}

// ownerCheck inspects the app after a scenario: the records by name, and the Matrix
// entry with its diary rows (newest first).
type ownerCheck func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record)

func runOwnerCheck(p *posts, check ownerCheck) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		if check == nil {
			return
		}
		movie, _ := app.FindFirstRecordByData("movies", "tmdbId", 603)
		entry, err := app.FindFirstRecordByFilter("watch_entries", "user = {:u} && movie = {:m}", dbx.Params{"u": ana, "m": movie.Id})
		if err != nil {
			t.Fatal(err)
		}
		rows, err := app.FindRecordsByFilter("diary", "entry = {:e}", "-watchedAt", 0, 0, dbx.Params{"e": entry.Id})
		if err != nil {
			t.Fatal(err)
		}
		check(t, app, *p, entry, rows)
	}
}

// activityData reads a stored activity's type and data.
func activityData(t testing.TB, app core.App, id string) (string, map[string]any) {
	t.Helper()
	r, err := app.FindRecordById("activities", id)
	if err != nil {
		t.Fatal(err)
	}
	data := map[string]any{}
	_ = r.UnmarshalJSONField("data", &data)
	return r.GetString("type"), data
}

func expectRatingReview(t testing.TB, what string, r *core.Record, rating float64, review string) {
	t.Helper()
	if r.GetFloat("rating") != rating || r.GetString("review") != review {
		t.Fatalf("%s: rating %v review %q, want %v %q", what, r.GetFloat("rating"), r.GetString("review"), rating, review)
	}
}

func TestEditActivity(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, url, viewer, body string
		status                  int
		contains                []string
		check                   ownerCheck
	}
	unchanged := func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
		expectRatingReview(t, "entry", entry, 7, "Good.")
		expectRatingReview(t, "latest diary row", rows[0], 7, "Good.")
		if typ, data := activityData(t, app, p["review"]); typ != "movie_review" || data["review"] != "Good." {
			t.Fatalf("the post changed: %s %v", typ, data)
		}
	}
	cases := []tc{
		{"edits the post, its entry and the diary row of that watch", "/api/activities/{review}", "Ana",
			`{"rating":8.46,"review":"  Even better.  "}`, 200,
			[]string{`"type":"movie_review"`, `"rating":8.5`, `"review":"Even better."`, `"likeCount":1`},
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				expectRatingReview(t, "entry", entry, 8.5, "Even better.")
				expectRatingReview(t, "latest diary row", rows[0], 8.5, "Even better.")
				expectRatingReview(t, "first watch", rows[1], 6, "")
			}},
		{"clearing the review makes it a rating post", "/api/activities/{review}", "Ana", `{"review":""}`, 200,
			[]string{`"type":"movie_rating"`, `"rating":7`, `"review":""`},
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				expectRatingReview(t, "entry", entry, 7, "")
			}},
		{"clearing both makes it a watch post", "/api/activities/{review}", "Ana", `{"rating":null,"review":null}`, 200,
			[]string{`"type":"movie_watched"`, `"rating":0`},
			nil},
		{"an empty edit changes nothing", "/api/activities/{review}", "Ana", `{}`, 200,
			[]string{`"type":"movie_review"`}, unchanged},
		{"editing an older watch's post leaves the current entry alone", "/api/activities/{old}", "Ana", `{"rating":5.5}`, 200,
			[]string{`"type":"movie_rating"`, `"rating":5.5`},
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				expectRatingReview(t, "entry", entry, 7, "Good.")
				expectRatingReview(t, "latest diary row", rows[0], 7, "Good.")
				expectRatingReview(t, "first watch", rows[1], 5.5, "")
			}},
		{"another member's post is a 403", "/api/activities/{review}", "Bea", `{"rating":1}`, 403,
			[]string{`"status":403`}, unchanged},
		{"a missing post is a 404", "/api/activities/nosuchactivity", "Ana", `{"rating":1}`, 404,
			[]string{`"status":404`}, unchanged},
		{"a rating above 10 is named", "/api/activities/{review}", "Ana", `{"rating":11}`, 400,
			[]string{`"rating":{"code":"validation_out_of_range"`}, unchanged},
		{"a comma decimal is named", "/api/activities/{review}", "Ana", `{"rating":"7,5"}`, 400,
			[]string{`"rating":{"code":"validation_not_a_number"`}, unchanged},
		{"a review over 10,000 characters is named", "/api/activities/{review}", "Ana", `{"review":"` + strings.Repeat("a", 10001) + `"}`, 400,
			[]string{`"review":{"code":"validation_length_too_long"`}, unchanged},
		{"a review must be text", "/api/activities/{review}", "Ana", `{"review":42}`, 400,
			[]string{`"review":{"code":"validation_not_a_string"`}, unchanged},
		{"episode reviews can only be deleted", "/api/activities/{episode}", "Ana", `{"rating":2}`, 400,
			[]string{`"message":"Episode reviews can only be deleted."`}, nil},
		{"challenge posts cannot be edited", "/api/activities/{challenge}", "Ana", `{"review":"x"}`, 400,
			[]string{`"message":"Challenge posts cannot be edited."`}, nil},
		{"a watchlist post takes no rating", "/api/activities/{watchlist}", "Ana", `{"rating":8}`, 400,
			[]string{`"rating":{"code":"validation_status_mismatch"`}, nil},
		{"a body that is not JSON", "/api/activities/{review}", "Ana", `{"rating":`, 400,
			[]string{`"status":400`}, unchanged},
	}
	for _, c := range cases {
		h := map[string]string{}
		var p posts
		s := &tests.ApiScenario{
			Name: c.name, Method: http.MethodPatch, Body: strings.NewReader(c.body), Headers: h,
			ExpectedStatus: c.status, ExpectedContent: c.contains, AfterTestFunc: runOwnerCheck(&p, c.check),
		}
		s.TestAppFactory = ownerWorld(h, c.viewer, func(ids posts) { p, s.URL = ids, fill(c.url, ids) })
		s.Test(t)
	}
	s := &tests.ApiScenario{
		Name: "a visitor gets 401", Method: http.MethodPatch, Body: strings.NewReader(`{"rating":1}`),
		ExpectedStatus: 401, ExpectedContent: []string{`"status":401`},
	}
	s.TestAppFactory = ownerWorld(map[string]string{}, "Ana", func(p posts) { s.URL = fill("/api/activities/{review}", p) })
	s.Test(t)
}

func TestDeleteActivity(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, url, viewer string
		status            int
		contains          []string
		check             ownerCheck
	}
	gone := func(name string, want bool) ownerCheck {
		return func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
			_, err := app.FindRecordById("activities", p[name])
			if (err != nil) != want {
				t.Fatalf("post %s gone = %v, want %v", name, err != nil, want)
			}
		}
	}
	cases := []tc{
		{"the author deletes a post and its likes; the diary stays", "/api/activities/{review}", "Ana", 204, nil,
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				gone("review", true)(t, app, p, entry, rows)
				if n, _ := app.CountRecords("activity_likes"); n != 0 {
					t.Fatalf("%d likes outlived the post", n)
				}
				if len(rows) != 2 {
					t.Fatalf("the diary lost rows: %d", len(rows))
				}
			}},
		{"deleting an episode review post deletes the review", "/api/activities/{episode}", "Ana", 204, nil,
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				gone("episode", true)(t, app, p, entry, rows)
				if n, _ := app.CountRecords("episode_reviews"); n != 0 {
					t.Fatalf("%d episode reviews left", n)
				}
			}},
		{"another member's post is a 403", "/api/activities/{review}", "Bea", 403, []string{`"status":403`},
			func(t testing.TB, app core.App, p posts, entry *core.Record, rows []*core.Record) {
				gone("review", false)(t, app, p, entry, rows)
				if n, _ := app.CountRecords("activity_likes"); n != 1 {
					t.Fatalf("the like was touched: %d", n)
				}
			}},
		{"a missing post is a 404", "/api/activities/nosuchactivity", "Ana", 404, []string{`"status":404`}, gone("review", false)},
	}
	for _, c := range cases {
		h := map[string]string{}
		var p posts
		s := &tests.ApiScenario{
			Name: c.name, Method: http.MethodDelete, Headers: h,
			ExpectedStatus: c.status, ExpectedContent: c.contains, AfterTestFunc: runOwnerCheck(&p, c.check),
		}
		s.TestAppFactory = ownerWorld(h, c.viewer, func(ids posts) { p, s.URL = ids, fill(c.url, ids) })
		s.Test(t)
	}
	var p posts
	s := &tests.ApiScenario{
		Name: "a visitor gets 401", Method: http.MethodDelete, ExpectedStatus: 401,
		ExpectedContent: []string{`"status":401`}, AfterTestFunc: runOwnerCheck(&p, gone("review", false)),
	}
	s.TestAppFactory = ownerWorld(map[string]string{}, "Ana", func(ids posts) { p, s.URL = ids, fill("/api/activities/{review}", ids) })
	s.Test(t)
}
