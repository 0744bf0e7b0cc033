package security_test

import (
	"encoding/json"
	"testing"

	"cinecircle/hooks/security"
)

// fieldBody is a typed body whose members record absence, null and wrong types.
type fieldBody struct {
	Rating security.Field[float64]  `json:"rating"`
	Review security.Field[string]   `json:"review"`
	IDs    security.Field[[]string] `json:"userIds"`
}

// state names what a Field recorded.
func state[T any](f security.Field[T]) string {
	switch {
	case !f.Present:
		return "absent"
	case f.Null:
		return "null"
	case f.Invalid:
		return "invalid"
	}
	return "given"
}

// TestFieldRecordsWhatCame decodes bodies through DecodeJSON (json/v2, as every route)
// and through encoding/json (Go callers), and checks each member's state and value.
func TestFieldRecordsWhatCame(t *testing.T) {
	cases := []struct {
		body                string
		rating, review, ids string // states
		value               float64
	}{
		{`{}`, "absent", "absent", "absent", 0},
		{`{"rating":7.5,"review":"ok","userIds":["a"]}`, "given", "given", "given", 7.5},
		{`{"rating":null,"review":null,"userIds":null}`, "null", "null", "null", 0},
		{`{"rating":"7,5","review":9,"userIds":"x"}`, "invalid", "invalid", "invalid", 0},
		{`{"rating":1e400}`, "invalid", "absent", "absent", 0},
		{`{"rating":true,"userIds":["a",5]}`, "invalid", "absent", "invalid", 0},
		{`{"RATING":0,"Review":""}`, "given", "given", "absent", 0},
	}
	for _, c := range cases {
		var viaRoute fieldBody
		if err := security.DecodeJSON(event(c.body), &viaRoute); err != nil {
			t.Fatalf("%s: DecodeJSON failed: %v", c.body, err)
		}
		var viaGo fieldBody
		if err := json.Unmarshal([]byte(c.body), &viaGo); err != nil {
			t.Fatalf("%s: encoding/json failed: %v", c.body, err)
		}
		for name, b := range map[string]fieldBody{"DecodeJSON": viaRoute, "encoding/json": viaGo} {
			got := []string{state(b.Rating), state(b.Review), state(b.IDs)}
			if got[0] != c.rating || got[1] != c.review || got[2] != c.ids || b.Rating.Value != c.value {
				t.Errorf("%s via %s: states %v, rating %v; want [%s %s %s], %v", c.body, name, got, b.Rating.Value, c.rating, c.review, c.ids, c.value)
			}
			if b.Rating.Given() != (c.rating == "given") || b.Rating.Missing() != (c.rating == "absent" || c.rating == "null") {
				t.Errorf("%s via %s: Given/Missing disagree with %s", c.body, name, c.rating)
			}
		}
	}
}

// TestFieldKeepsTheDecoderRules: text that is not JSON and duplicated members still fail
// the decoding, naming the member; Set builds a given Field.
func TestFieldKeepsTheDecoderRules(t *testing.T) {
	for _, c := range []struct{ body, field string }{
		{"{\"review\":\"\xc3\x28\"}", "review"},
		{`{"rating":7,"rating":8}`, "rating"},
		{`{"rating":7`, "body"},
	} {
		var b fieldBody
		err := security.DecodeJSON(event(c.body), &b)
		if err == nil {
			t.Fatalf("%q decoded", c.body)
		}
		if status, field := fieldOf(t, err); status != 400 || field != c.field {
			t.Errorf("%q: %d naming %q, want 400 naming %q", c.body, status, field, c.field)
		}
	}
	if f := security.Set(8.5); !f.Given() || f.Value != 8.5 {
		t.Fatalf("Set: %+v", f)
	}
}
