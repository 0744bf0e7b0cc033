package social_test

import (
	"encoding/json"
	"testing"

	"cinecircle/hooks/social"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// TestParseActivityPatch: an absent field keeps its value (nil), a null one clears it
// (zero), and every bad field is named at once.
func TestParseActivityPatch(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	s := func(v string) *string { return &v }
	cases := []struct {
		body   string
		rating *float64
		review *string
		bad    []string
	}{
		{`{}`, nil, nil, nil},
		{`{"rating":7.25}`, f(7.3), nil, nil},
		{`{"review":"  Better on a rewatch. "}`, nil, s("Better on a rewatch."), nil},
		{`{"rating":null,"review":null}`, f(0), s(""), nil},
		{`{"rating":0,"review":""}`, f(0), s(""), nil},
		{`{"rating":"8","review":42}`, nil, nil, []string{"rating", "review"}},
		{`{"rating":10.01}`, nil, nil, []string{"rating"}},
	}
	for _, c := range cases {
		var body social.ActivityPatchBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		p, err := social.ParseActivityPatch(body)
		if len(c.bad) > 0 {
			errs, _ := err.(validation.Errors)
			for _, field := range c.bad {
				if errs[field] == nil {
					t.Errorf("%s: no error naming %s: %v", c.body, field, err)
				}
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		if (p.Rating == nil) != (c.rating == nil) || (p.Rating != nil && *p.Rating != *c.rating) {
			t.Errorf("%s: rating %v, want %v", c.body, p.Rating, c.rating)
		}
		if (p.Review == nil) != (c.review == nil) || (p.Review != nil && *p.Review != *c.review) {
			t.Errorf("%s: review %v, want %v", c.body, p.Review, c.review)
		}
	}
}
