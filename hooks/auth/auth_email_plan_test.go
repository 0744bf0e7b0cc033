package auth_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestSignInFindsEmailWithOneSearch: signing in finds the member by email whatever its
// letter case, with one search of idx_users_email_nocase (no read of every member, as
// LOWER(email) made at 100k members), and still tells apart what differs beyond ASCII case.
func TestSignInFindsEmailWithOneSearch(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	for i := range 300 {
		id := fmt.Sprintf("fan%012d", i)
		if _, err := app.DB().NewQuery(`INSERT INTO users (id, email, password, tokenKey)
			VALUES ({:id}, {:id} || '@example.com', 'x', {:id})`).Bind(dbx.Params{"id": id}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	for name, email := range map[string]string{"Mia": "Mixed.Case@Example.com", "Zoe": "zoë@example.com"} {
		u := testutil.CreateUser(t, app, name)
		u.SetEmail(email)
		if err := app.Save(u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := app.DB().NewQuery("ANALYZE").Execute(); err != nil {
		t.Fatal(err)
	}
	for _, stage := range []string{"after ANALYZE", "with the 10x data set's sampled statistics"} {
		if stage != "after ANALYZE" {
			testutil.UseSampledStatistics(t, app)
		}
		plan := testutil.QueryPlan(t, app, auth.FindByEmailSQL, dbx.Params{"email": "x@example.com"})
		if len(plan) != 1 || !strings.Contains(plan[0], "SEARCH users USING") || !strings.Contains(plan[0], "idx_users_email_nocase (email=?)") {
			t.Fatalf("%s: plan %+v, want one search of idx_users_email_nocase", stage, plan)
		}
	}
	cases := []struct {
		email string
		found bool
	}{
		{"mixed.case@example.com", true},
		{"MIXED.CASE@EXAMPLE.COM", true},
		{"ZOË@example.com", true}, // lowered before the search
		{"zoe@example.com", false},
		{"mixed.case@example.org", false},
	}
	srv := testutil.Serve(t, app)
	for _, c := range cases {
		body := fmt.Sprintf(`{"email":%q,"password":"password123"}`, c.email)
		res, err := http.Post(srv.URL+"/api/auth/login", jsonHeader, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.StatusCode == http.StatusOK; got != c.found {
			t.Errorf("sign-in as %q: status %d, want signed in %v", c.email, res.StatusCode, c.found)
		}
	}
}
