package diary_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

func TestParseEntry(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	type tc struct {
		name      string
		kind      catalog.Kind
		body      string
		badFields []string // fields named in the error, in any order
		check     func(t *testing.T, in diary.EntryInput)
	}
	cases := []tc{
		{name: "a rated watch rounds to one decimal", kind: catalog.Movie,
			body: `{"movieId":603,"status":"watched","rating":7.25,"review":"  Great.  ","watchedAt":"2026-11-20"}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if in.TitleID != 603 || in.Rating != 7.3 || in.Review != "Great." || !in.WatchedAt.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) {
					t.Fatalf("%+v", in)
				}
			}},
		{name: "a blank date becomes now for watched", kind: catalog.Movie, body: `{"movieId":"603","status":"watched","watchedAt":""}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if !in.WatchedAt.Equal(now) {
					t.Fatalf("watchedAt = %v", in.WatchedAt)
				}
			}},
		{name: "a blank date becomes now for dropped", kind: catalog.TV, body: `{"tvShowId":1396,"status":"dropped"}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if !in.WatchedAt.Equal(now) || in.TitleID != 1396 {
					t.Fatalf("%+v", in)
				}
			}},
		{name: "plan to watch has no date", kind: catalog.TV, body: `{"tvShowId":1396,"status":"plan_to_watch","rating":0,"review":"","watchedWith":[]}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if !in.WatchedAt.IsZero() {
					t.Fatalf("watchedAt = %v", in.WatchedAt)
				}
			}},
		{name: "rating 0 means no rating", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","rating":0}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if in.Rating != 0 {
					t.Fatal(in.Rating)
				}
			}},
		{name: "10 is allowed, 10.01 is not", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","rating":10.01}`, badFields: []string{"rating"}},
		{name: "negative rating", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","rating":-1}`, badFields: []string{"rating"}},
		{name: "a comma decimal string is refused", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","rating":"7,5"}`, badFields: []string{"rating"}},
		{name: "status is required", kind: catalog.Movie, body: `{"movieId":1}`, badFields: []string{"status"}},
		{name: "unknown status", kind: catalog.Movie, body: `{"movieId":1,"status":"loved"}`, badFields: []string{"status"}},
		{name: "the movie id is required", kind: catalog.Movie, body: `{"status":"watched"}`, badFields: []string{"movieId"}},
		{name: "the tv id is named for tv", kind: catalog.TV, body: `{"movieId":5,"status":"watched"}`, badFields: []string{"tvShowId"}},
		{name: "ids are whole positive numbers", kind: catalog.Movie, body: `{"movieId":-4.5,"status":"watched"}`, badFields: []string{"movieId"}},
		{name: "a review over 10,000 characters", kind: catalog.Movie,
			body: `{"movieId":1,"status":"watched","review":"` + strings.Repeat("é", 10001) + `"}`, badFields: []string{"review"}},
		{name: "a review of exactly 10,000 characters", kind: catalog.Movie,
			body: `{"movieId":1,"status":"watched","review":"` + strings.Repeat("é", 10000) + `"}`},
		{name: "a future date", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","watchedAt":"2026-12-01"}`, badFields: []string{"watchedAt"}},
		{name: "not a date", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","watchedAt":"yesterday"}`, badFields: []string{"watchedAt"}},
		{name: "a full ISO date-time", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","watchedAt":"2026-11-21T20:30:00+02:00"}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if !in.WatchedAt.Equal(time.Date(2026, 11, 21, 18, 30, 0, 0, time.UTC)) {
					t.Fatal(in.WatchedAt)
				}
			}},
		{name: "watchedWith must be a list", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","watchedWith":"ana"}`, badFields: []string{"watchedWith"}},
		{name: "watchedWith repeats collapse", kind: catalog.Movie, body: `{"movieId":1,"status":"watched","watchedWith":["a","a","b"]}`,
			check: func(t *testing.T, in diary.EntryInput) {
				if strings.Join(in.WatchedWith, ",") != "a,b" {
					t.Fatal(in.WatchedWith)
				}
			}},
		{name: "details are refused for plan to watch", kind: catalog.Movie,
			body:      `{"movieId":1,"status":"plan_to_watch","rating":8,"review":"x","watchedWith":["a"],"watchedAt":"2026-11-01"}`,
			badFields: []string{"rating", "review", "watchedWith", "watchedAt"}},
		{name: "details are refused for currently watching", kind: catalog.TV,
			body: `{"tvShowId":1,"status":"currently_watching","rating":8}`, badFields: []string{"rating"}},
		{name: "every bad field is named at once", kind: catalog.Movie, body: `{"movieId":"x","status":3,"rating":true,"review":5}`,
			badFields: []string{"movieId", "status", "rating", "review"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var raw diary.EntryBody
			if err := json.Unmarshal([]byte(c.body), &raw); err != nil {
				t.Fatal(err)
			}
			in, err := diary.ParseEntry(c.kind, raw, now)
			if len(c.badFields) == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				if c.check != nil {
					c.check(t, in)
				}
				return
			}
			errs, ok := err.(validation.Errors)
			if !ok {
				t.Fatalf("expected field errors, got %v", err)
			}
			if len(errs) != len(c.badFields) {
				t.Fatalf("expected errors on %v, got %v", c.badFields, errs)
			}
			for _, f := range c.badFields {
				if errs[f] == nil {
					t.Fatalf("expected an error naming %s, got %v", f, errs)
				}
			}
		})
	}
}
