package notify_test

import (
	"encoding/json"
	"strings"
	"testing"

	"cinecircle/hooks/notify"
)

func TestParseSettings(t *testing.T) {
	cases := []struct {
		body string
		ok   bool
		on   bool
	}{
		{`{"newPosts":true}`, true, true},
		{`{"newPosts":false}`, true, false},
		{`{}`, false, false},
		{`{"newPosts":null}`, false, false},
		{`{"newPosts":"no"}`, false, false},
		{`{"newPosts":0}`, false, false},
	}
	for _, c := range cases {
		var body notify.SettingsBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		s, err := notify.ParseSettings(body)
		if (err == nil) != c.ok || s.NewPosts != c.on {
			t.Errorf("%s: %+v, %v; want ok=%v newPosts=%v", c.body, s, err, c.ok, c.on)
		}
		if err != nil && !strings.Contains(err.Error(), "newPosts must be true or false.") {
			t.Errorf("%s: the error names newPosts: %v", c.body, err)
		}
	}
}
