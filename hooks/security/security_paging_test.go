package security_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
)

func TestReadPage(t *testing.T) {
	feed := security.PageRules{DefaultLimit: 20, MaxLimit: 50}
	cases := []struct {
		query string
		want  security.Page
		bad   string // the parameter a 400 names
	}{
		{"", security.Page{Limit: 20, Page: 1}, ""},
		{"limit=2&page=3", security.Page{Limit: 2, Page: 3}, ""},
		{"limit=500", security.Page{Limit: 50, Page: 1}, ""},
		{"page=999999999", security.Page{Limit: 20, Page: security.MaxPage}, ""},
		{"limit=&page=", security.Page{Limit: 20, Page: 1}, ""},
		{"limit=20&before=%20abc123%20", security.Page{Limit: 20, Page: 1, Before: "abc123"}, ""},
		{"limit=0", security.Page{}, "limit"},
		{"limit=-1", security.Page{}, "limit"},
		{"limit=abc", security.Page{}, "limit"},
		{"limit=2.5", security.Page{}, "limit"},
		{"limit=99999999999999999999", security.Page{}, "limit"},
		{"page=0", security.Page{}, "page"},
		{"page=-4", security.Page{}, "page"},
		{"limit=abc&page=-4", security.Page{}, "limit"},
	}
	for _, c := range cases {
		e := &core.RequestEvent{}
		e.Request = httptest.NewRequest(http.MethodGet, "/api/x?"+c.query, nil)
		got, err := security.ReadPage(e, feed)
		if c.bad == "" {
			if err != nil || got != c.want {
				t.Errorf("?%s: %+v, %v; want %+v", c.query, got, err, c.want)
			}
			continue
		}
		if status, field := fieldOf(t, err); status != 400 || field != c.bad {
			t.Errorf("?%s: %d naming %q, want 400 naming %q", c.query, status, field, c.bad)
		}
	}
	p := security.Page{Limit: 20, Page: 3}
	if p.Offset() != 40 {
		t.Fatalf("offset of page 3 of 20: %d", p.Offset())
	}
}
