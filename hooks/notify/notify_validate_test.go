package notify_test

import (
	"encoding/json"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
)

func TestParseSettings(t *testing.T) {
	current := notify.Settings{NewPosts: false, EpisodeReviews: true}
	cases := []struct {
		body     string
		ok       bool
		want     notify.Settings
		errField string
	}{
		{`{"newPosts":true}`, true, notify.Settings{NewPosts: true, EpisodeReviews: true}, ""},
		{`{"newPosts":false}`, true, notify.Settings{NewPosts: false, EpisodeReviews: true}, ""},
		{`{"episodeReviews":false}`, true, notify.Settings{NewPosts: false, EpisodeReviews: false}, ""},
		{`{"newPosts":true,"episodeReviews":false}`, true, notify.Settings{NewPosts: true, EpisodeReviews: false}, ""},
		{`{}`, false, current, "newPosts must be true or false."},
		{`{"newPosts":null}`, false, current, "newPosts must be true or false."},
		{`{"newPosts":"no"}`, false, current, "newPosts must be true or false."},
		{`{"newPosts":0}`, false, current, "newPosts must be true or false."},
		{`{"episodeReviews":"off"}`, false, current, "episodeReviews must be true or false."},
	}
	for _, c := range cases {
		var body notify.SettingsBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		s, err := notify.ParseSettings(body, current)
		if (err == nil) != c.ok || s != c.want {
			t.Errorf("%s: %+v, %v; want ok=%v %+v", c.body, s, err, c.ok, c.want)
		}
		if err != nil && !strings.Contains(err.Error(), c.errField) {
			t.Errorf("%s: the error names %q: %v", c.body, c.errField, err)
		}
	}
}
