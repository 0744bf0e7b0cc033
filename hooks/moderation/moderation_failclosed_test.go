package moderation_test

import (
	"errors"
	"testing"
	"time"

	"cinecircle/hooks/moderation"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// breakTable renames table for the rest of the test, so every query that reads it fails
// as it would on a broken or unreadable database.
func breakTable(t *testing.T, app core.App, table string) {
	t.Helper()
	if _, err := app.DB().NewQuery("ALTER TABLE {{" + table + "}} RENAME TO {{" + table + "_broken}}").Execute(); err != nil {
		t.Fatal(err)
	}
}

// hides fails t unless a check answered "not visible" together with an error.
func hides(t *testing.T, what string, visible bool, err error) {
	t.Helper()
	if visible || err == nil {
		t.Errorf("%s on a broken database: visible=%v err=%v, want hidden with the error", what, visible, err)
	}
}

// TestChecksFailClosed runs every visibility check against a database that cannot
// answer: each hides the content and returns the error, never shows it.
func TestChecksFailClosed(t *testing.T) {
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	testutil.CreateUser(t, app, "Bea")
	post := testutil.CreateActivity(t, app, "anapost00000001", ana, "movie_review", time.Now(), map[string]any{"review": "Mine"})
	if ok, err := moderation.CanSeeActivity(app, bea, post); !ok || err != nil {
		t.Fatalf("before: Bea sees Ana's post (%v %v)", ok, err)
	}
	breakTable(t, app, "blocks")

	blocked, err := moderation.Blocked(app, bea, ana)
	hides(t, "Blocked", !blocked, err)
	ok, err := moderation.CanSeeMember(app, bea, ana)
	hides(t, "CanSeeMember", ok, err)
	ok, err = moderation.CanSeeActivity(app, bea, post)
	hides(t, "CanSeeActivity", ok, err)
	found, err := moderation.FindVisibleActivity(app, bea, post.Id)
	hides(t, "FindVisibleActivity", found != nil, err)
	if errors.Is(err, moderation.ErrNotVisible) {
		t.Error("FindVisibleActivity: a broken database is an error, not a missing post")
	}
	member, err := moderation.FindVisibleMember(app, bea, ana)
	hides(t, "FindVisibleMember", member != nil, err)
	excluded, err := moderation.Excluded(app, bea)
	hides(t, "Excluded", excluded != nil, err)
	kept, err := moderation.WithoutExcluded(app, bea, []*core.Record{post}, "user")
	hides(t, "WithoutExcluded", len(kept) > 0, err)
	thread, err := moderation.VisibleComments(app, bea, []*core.Record{post})
	hides(t, "VisibleComments", len(thread) > 0, err)

	// What needs no database still answers: members see themselves and their own posts.
	if ok, err := moderation.CanSeeActivity(app, ana, post); !ok || err != nil {
		t.Errorf("the author sees their own post without asking the database: %v %v", ok, err)
	}
	if blocked, err := moderation.Blocked(app, ana, ana); blocked || err != nil {
		t.Errorf("nobody blocks themselves: %v %v", blocked, err)
	}

	app2 := testutil.NewTestApp(t)
	testutil.CreateUser(t, app2, "Ana")
	breakTable(t, app2, "users")
	suspended, err := moderation.IsSuspended(app2, ana)
	hides(t, "IsSuspended", !suspended, err)
	ok, err = moderation.CanSeeMember(app2, bea, ana)
	hides(t, "CanSeeMember (suspension unknown)", ok, err)
}

// TestVisibilityFailsClosedOverHTTP: with the blocks table unreadable, every route that
// asks whether Bea may see Ana or her post answers an error and shows nothing of it.
// (PocketBase answers an error that is not an API error as its generic 400.)
func TestVisibilityFailsClosedOverHTTP(t *testing.T) {
	w := newWorld(t)
	breakTable(t, w.app, "blocks")
	failed := func(s step) step {
		s.status, s.has = 400, []string{`"message":"Something went wrong while processing your request."`}
		return s
	}
	steps := []step{
		{name: "a post", who: "Bea", method: "GET", path: "/api/activities/" + ronin, hasNot: []string{"Ronin"}},
		{name: "its thread", who: "Bea", method: "GET", path: "/api/activities/" + ronin + "/comments", hasNot: []string{"car chase"}},
		{name: "a profile", who: "Bea", method: "GET", path: "/api/users/" + ana + "/profile", hasNot: []string{`"firstName"`}},
		{name: "a member's posts", who: "Bea", method: "GET", path: "/api/users/" + ana + "/activities", hasNot: []string{"Ronin"}},
		{name: "liking a post", who: "Bea", method: "POST", path: "/api/activities/" + ronin + "/like", hasNot: []string{"isLiked"}},
		{name: "liking a comment", who: "Bea", method: "POST", path: "/api/comments/{calsays}/like", hasNot: []string{"isLiked"}},
		{name: "following", who: "Dee", method: "POST", path: "/api/follow", body: `{"userId":"` + ana + `"}`, hasNot: []string{"following"}},
		{name: "reporting a post", who: "Dee", method: "POST", path: "/api/reports",
			body: `{"entityType":"activity","entityId":"` + ronin + `","reason":"spam"}`, hasNot: []string{"open"}},
	}
	for i := range steps {
		steps[i] = failed(steps[i])
	}
	w.run(t, append(steps,
		step{name: "the author still reads her own post", who: "Ana", method: "GET", path: "/api/activities/" + ronin, status: 200, has: []string{"Ronin"}}))
}
