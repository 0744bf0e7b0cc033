package security_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

type sample struct {
	Email   string   `json:"email"`
	Rating  float64  `json:"rating"`
	UserIDs []string `json:"userIds"`
}

func event(body string) *core.RequestEvent {
	e := &core.RequestEvent{}
	e.Request = httptest.NewRequest(http.MethodPost, "/api/x", strings.NewReader(body))
	e.Request.Header.Set("Content-Type", "application/json")
	return e
}

// fieldOf returns the status and the single field an error names ("" when none).
func fieldOf(t *testing.T, err error) (int, string) {
	t.Helper()
	var apiErr *router.ApiError
	if !errors.As(err, &apiErr) {
		t.Fatalf("not an API error: %v", err)
	}
	data, _ := json.Marshal(apiErr.Data)
	var fields map[string]any
	_ = json.Unmarshal(data, &fields)
	for name := range fields {
		return apiErr.Status, name
	}
	return apiErr.Status, ""
}

func TestDecodeJSONNamesTheField(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ body, field string }{
		{`{"email":"a@example.com","rating":7.5,"userIds":["x"]}`, ""},
		{``, ""},
		{`null`, ""},
		{`  {}  `, ""},
		{`{"EMAIL":"case-insensitive@example.com"}`, ""},
		{`{"rating":`, "body"},
		{`[1,2]`, "body"},
		{`"text"`, "body"},
		{`7`, "body"},
		{`{"rating":7}x`, "body"},
		{`{"email":5}`, "email"},
		{`{"rating":"7,5"}`, "rating"},
		{`{"rating":1e400}`, "rating"},
		{`{"userIds":"x"}`, "userIds"},
		{`{"userIds":[1]}`, "userIds"},
		{"{\"email\":\"\xff\"}", "email"},
		{`{"email":"a","email":"b"}`, "email"},
	} {
		var dst sample
		err := security.DecodeJSON(event(c.body), &dst)
		if c.field == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", c.body, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q: decoded without error", c.body)
			continue
		}
		if status, field := fieldOf(t, err); status != http.StatusBadRequest || field != c.field {
			t.Errorf("%q: got %d naming %q, want 400 naming %q", c.body, status, field, c.field)
		}
	}
}

func TestDecodeJSONIntoMap(t *testing.T) {
	t.Parallel()
	raw := map[string]any{}
	if err := security.DecodeJSON(event(`{"rating":7,"tags":["a"]}`), &raw); err != nil || raw["rating"] != float64(7) {
		t.Fatalf("got %v %v", raw, err)
	}
	if _, field := fieldOf(t, security.DecodeJSON(event(`[]`), &raw)); field != "body" {
		t.Errorf("an array body names %q", field)
	}
}

// FuzzDecodeJSON: whatever the body, decoding either succeeds or answers a 400 that
// names exactly one field; it never panics.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{}`, `null`, `{"email":5}`, `{"rating":`, "{\"email\":\"\xff\"}", `{"userIds":[1,"a"]}`, `[{}]`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, dst := range []any{&sample{}, &map[string]any{}} {
			err := security.DecodeJSONBytes(event(""), body, dst)
			if err == nil {
				continue
			}
			if status, field := fieldOf(t, err); status != http.StatusBadRequest || field == "" {
				t.Fatalf("%q: %d naming %q", body, status, field)
			}
		}
	})
}
