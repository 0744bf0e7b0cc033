package public_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/testutil"
)

// TestProfileAnswersAfterEveryChange: a public profile is kept between visits only while
// nothing changes. Each change, made the ways the app and moderators make them (a record
// saved, raw SQL, another member's row), shows on the very next visit.
func TestProfileAnswersAfterEveryChange(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	community(t, app)
	srv := testutil.Serve(t, app)
	url := srv.URL + "/api/public/users/ana"
	read := func() (int, string) { return get(t, app, url, "") }
	changes := []struct {
		name   string
		change func() error
		gone   string // what the next visit no longer shows
	}{
		{"a companion stops being public", func() error {
			eve, err := app.FindFirstRecordByData("users", "handle", "eve")
			if err != nil {
				return err
			}
			eve.Set("public", false)
			return app.Save(eve)
		}, `"handle":"eve"`},
		{"a moderator hides the review", func() error {
			_, err := app.DB().NewQuery(`UPDATE activities SET hidden = TRUE WHERE id = 'anareview000001'`).Execute()
			return err
		}, "Still the best action film"},
		{"she changes her bio", func() error {
			ana, err := app.FindFirstRecordByData("users", "handle", "ana")
			if err != nil {
				return err
			}
			ana.Set("bio", "Now mostly documentaries.")
			return app.Save(ana)
		}, "Still watching"},
	}
	ana, err := app.FindFirstRecordByData("users", "handle", "ana")
	if err != nil {
		t.Fatal(err)
	}
	ana.Set("bio", "Still watching everything.")
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		for range 2 { // the second visit is the one a kept answer would serve
			if status, body := read(); status != http.StatusOK || !strings.Contains(body, c.gone) {
				t.Fatalf("before %s: %d, %s", c.name, status, body)
			}
		}
		if err := c.change(); err != nil {
			t.Fatal(err)
		}
		if status, body := read(); status != http.StatusOK || strings.Contains(body, c.gone) {
			t.Errorf("after %s the next visit still shows %q: %d, %s", c.name, c.gone, status, body)
		}
	}
	setPublic := func(public bool) {
		r, err := app.FindRecordById("users", ana.Id)
		if err != nil {
			t.Fatal(err)
		}
		r.Set("public", public)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	setPublic(false)
	if status, body := read(); status != http.StatusNotFound {
		t.Errorf("after Ana stops being public her profile answers %d: %s", status, body)
	}
	setPublic(true)
	if status, _ := read(); status != http.StatusOK {
		t.Errorf("public again: %d", status)
	}
}
