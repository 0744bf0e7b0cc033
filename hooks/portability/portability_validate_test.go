package portability_test

import (
	"encoding/json"
	"testing"

	"cinecircle/hooks/portability"
)

func TestParseMatch(t *testing.T) {
	unmatched := []portability.Unmatched{{Index: 3}, {Index: 7}}
	cases := []struct {
		body    string
		ok      bool
		pos, id int
	}{
		{`{"index":7,"tmdbId":603}`, true, 1, 603},
		{`{"index":3,"tmdbId":1396}`, true, 0, 1396},
		{`{"index":5,"tmdbId":603}`, false, 0, 0},
		{`{"index":7}`, false, 0, 0},
		{`{"index":7,"tmdbId":0}`, false, 0, 0},
		{`{"index":7,"tmdbId":"603"}`, false, 0, 0},
		{`{"index":"7","tmdbId":603}`, false, 0, 0},
		{`{}`, false, 0, 0},
	}
	for _, c := range cases {
		var body portability.MatchBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		pos, id, err := portability.ParseMatch(body, unmatched)
		if (err == nil) != c.ok || pos != c.pos || id != c.id {
			t.Errorf("%s: %d %d %v; want ok=%v %d %d", c.body, pos, id, err, c.ok, c.pos, c.id)
		}
	}
}
