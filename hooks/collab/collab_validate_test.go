package collab_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/collab"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// named lists the fields and codes of field errors, sorted ("" for none).
func named(errs validation.Errors) string {
	var out []string
	for f, err := range errs {
		out = append(out, f+"="+err.(validation.Error).Code())
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func TestParseParticipantRating(t *testing.T) {
	cases := []struct {
		name, body, bad string
		want            collab.RatingInput
	}{
		{"a rating by tmdbId", `{"tmdbId":603,"status":"watched","rating":8.25,"review":"  Loved it "}`, "", collab.RatingInput{TitleID: 603, Rating: 8.3, Review: "Loved it"}},
		{"by movieId, as a string", `{"movieId":"603","rating":7}`, "", collab.RatingInput{TitleID: 603, Rating: 7}},
		{"by tvShowId", `{"tvShowId":1396,"rating":9,"status":null}`, "", collab.RatingInput{TitleID: 1396, Rating: 9}},
		{"the path names the title", `{"rating":6,"review":5}`, "", collab.RatingInput{Rating: 6}},
		{"a rating is required", `{"tmdbId":603,"rating":0}`, "rating=validation_required", collab.RatingInput{}},
		{"no rating at all", `{"tmdbId":603}`, "rating=validation_required", collab.RatingInput{}},
		{"a rating must be a number", `{"rating":"8"}`, "rating=validation_not_a_number", collab.RatingInput{}},
		{"a rating out of range", `{"rating":11}`, "rating=validation_out_of_range", collab.RatingInput{}},
		{"only watched", `{"rating":8,"status":"plan_to_watch"}`, "status=validation_in_invalid", collab.RatingInput{}},
		{"a status of the wrong type", `{"rating":8,"status":7}`, "status=validation_in_invalid", collab.RatingInput{}},
		{"a long review", `{"rating":8,"review":"` + strings.Repeat("a", 10001) + `"}`, "review=validation_length_too_long", collab.RatingInput{}},
	}
	for _, c := range cases {
		var body collab.RatingBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		in, err := collab.ParseParticipantRating(body)
		errs, _ := err.(validation.Errors)
		if got := named(errs); got != c.bad || (err != nil) != (c.bad != "") {
			t.Errorf("%s: errors %q (%v), want %q", c.name, got, err, c.bad)
		}
		if c.bad == "" && in != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, in, c.want)
		}
	}
}

func TestParseRecommendation(t *testing.T) {
	cases := []struct {
		name, body, bad string
		kind            catalog.Kind
		id              int
		to              []string
		message         string
	}{
		{"a movie to two friends", `{"movieId":603,"userIds":["bea","cal"],"message":" Watch it "}`, "", catalog.Movie, 603, []string{"bea", "cal"}, "Watch it"},
		{"a show", `{"tvShowId":"1396","userIds":["bea"]}`, "", catalog.TV, 1396, []string{"bea"}, ""},
		{"myself and blanks are left out", `{"movieId":603,"userIds":["ana","","bea"]}`, "", catalog.Movie, 603, []string{"bea"}, ""},
		{"nobody", `{"movieId":603,"userIds":[]}`, "userIds=validation_required", catalog.Movie, 603, nil, ""},
		{"only myself", `{"movieId":603,"userIds":["ana"]}`, "userIds=validation_required", catalog.Movie, 603, nil, ""},
		{"not a list", `{"movieId":603,"userIds":"bea"}`, "userIds=validation_required", catalog.Movie, 603, nil, ""},
		{"too many", `{"movieId":603,"userIds":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16","17","18","19","20","21"]}`,
			"userIds=validation_required", catalog.Movie, 603, nil, ""},
		{"a long note and nobody", `{"message":"` + strings.Repeat("n", 501) + `"}`,
			"message=validation_length_too_long userIds=validation_required", catalog.Movie, 0, nil, ""},
	}
	for _, c := range cases {
		var body collab.RecommendBody
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		in, errs := collab.ParseRecommendation(body, "ana")
		if got := named(errs); got != c.bad {
			t.Errorf("%s: errors %q, want %q", c.name, got, c.bad)
		}
		if in.Kind != c.kind || in.TitleID != c.id || (c.bad == "" && (!slices.Equal(in.Recipients, c.to) || in.Message != c.message)) {
			t.Errorf("%s: %+v, want %s %d %v %q", c.name, in, c.kind, c.id, c.to, c.message)
		}
	}
}
