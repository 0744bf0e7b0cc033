package diary_test

import (
	"encoding/json"
	"testing"

	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

func TestParseEpisode(t *testing.T) {
	app := testutil.NewTestApp(t)
	show := testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13) // seasons 1 and 2
	cases := []struct {
		name, body string
		bad        map[string]string // field → code
		want       diary.EpisodeInput
	}{
		{"a rated episode", `{"seasonNumber":1,"episodeNumber":7,"episodeName":" Pilot ","rating":8.25}`, nil,
			diary.EpisodeInput{Season: 1, Episode: 7, Name: "Pilot", Rating: 8.3}},
		{"a review alone", `{"seasonNumber":2,"episodeNumber":1,"review":"Wow."}`, nil,
			diary.EpisodeInput{Season: 2, Episode: 1, Review: "Wow."}},
		{"a name of the wrong type is no name", `{"seasonNumber":1,"episodeNumber":1,"rating":5,"episodeName":9}`, nil,
			diary.EpisodeInput{Season: 1, Episode: 1, Rating: 5}},
		{"an unknown season", `{"seasonNumber":9,"episodeNumber":1,"rating":8}`, map[string]string{"seasonNumber": "validation_unknown_season"}, diary.EpisodeInput{}},
		{"past the season's end", `{"seasonNumber":1,"episodeNumber":8,"rating":8}`, map[string]string{"episodeNumber": "validation_unknown_episode"}, diary.EpisodeInput{}},
		{"numbers must be whole", `{"seasonNumber":1.5,"episodeNumber":"2","rating":8}`,
			map[string]string{"seasonNumber": "validation_invalid_number", "episodeNumber": "validation_invalid_number"}, diary.EpisodeInput{}},
		{"a rating or a review", `{"seasonNumber":1,"episodeNumber":1}`, map[string]string{"rating": "validation_required"}, diary.EpisodeInput{}},
		{"wrong types", `{"seasonNumber":1,"episodeNumber":1,"rating":"8","review":5}`,
			map[string]string{"rating": "validation_not_a_number", "review": "validation_not_a_string"}, diary.EpisodeInput{}},
	}
	for _, c := range cases {
		var body diary.EpisodeBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		in, err := diary.ParseEpisode(body, show)
		errs, _ := err.(validation.Errors)
		if len(errs) != len(c.bad) || (err != nil) != (len(c.bad) > 0) {
			t.Errorf("%s: errors %v, want %v", c.name, err, c.bad)
		}
		for field, code := range c.bad {
			if e, ok := errs[field].(validation.Error); !ok || e.Code() != code {
				t.Errorf("%s: %s is %v, want %s", c.name, field, errs[field], code)
			}
		}
		if len(c.bad) == 0 && in != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, in, c.want)
		}
	}
}
