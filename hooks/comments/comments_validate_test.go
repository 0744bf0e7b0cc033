package comments_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/comments"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// badFields lists the fields err names, sorted ("" for none).
func badFields(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	errs, ok := err.(validation.Errors)
	if !ok {
		t.Fatalf("not field errors: %v", err)
	}
	var names []string
	for f := range errs {
		names = append(names, f+"="+errs[f].(validation.Error).Code())
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

func TestParseInput(t *testing.T) {
	allowed := func(u string) bool { return strings.HasPrefix(u, "https://gifs.example/") }
	cases := []struct {
		name, body, bad string
		want            comments.Input
	}{
		{"text", `{"content":"  Great pick!  "}`, "", comments.Input{Content: "Great pick!"}},
		{"text under comment", `{"comment":"Same"}`, "", comments.Input{Content: "Same"}},
		{"a GIF alone", `{"gifUrl":"https://gifs.example/a.gif","gifId":"a1"}`, "", comments.Input{GifURL: "https://gifs.example/a.gif", GifID: "a1"}},
		{"a reply", `{"content":"Yes","parentCommentId":"c1","commentType":"ignored"}`, "", comments.Input{Content: "Yes", ParentID: "c1"}},
		{"nulls are absent", `{"content":"x","gifUrl":null,"gifId":null,"parentCommentId":null}`, "", comments.Input{Content: "x"}},
		{"nothing", `{}`, "content=validation_required", comments.Input{}},
		{"blank", `{"content":"   "}`, "content=validation_required", comments.Input{}},
		{"too long", `{"content":"` + strings.Repeat("é", comments.MaxLength+1) + `"}`, "content=validation_length_too_long", comments.Input{}},
		{"a GIF from elsewhere", `{"gifUrl":"https://evil.example/x.gif"}`, "gifUrl=validation_gif_source", comments.Input{}},
		{"wrong types are each named", `{"content":5,"parentCommentId":[],"gifId":7}`,
			"content=validation_not_a_string gifId=validation_invalid_gif_id parentCommentId=validation_not_a_string", comments.Input{}},
		{"comment of the wrong type", `{"comment":false}`, "content=validation_not_a_string", comments.Input{}},
	}
	for _, c := range cases {
		var body comments.Body
		if err := json.Unmarshal([]byte(c.body), &body); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		in, err := comments.ParseInput(body, allowed)
		if got := badFields(t, err); got != c.bad {
			t.Errorf("%s: errors %q, want %q", c.name, got, c.bad)
		}
		if c.bad == "" && in != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, in, c.want)
		}
	}
}
