package social_test

import (
	"errors"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/core"
)

// authorOf returns the author shown on activity id in viewer's feed page 1, and whether
// the page holds it.
func authorOf(t *testing.T, app core.App, viewer, id string) (social.ActivityUser, bool) {
	t.Helper()
	page, err := social.FeedPage(app, viewer, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range page {
		if a.ID == id {
			return a.User, true
		}
	}
	return social.ActivityUser{}, false
}

// TestFeedAuthorsFresh: the feed's authors come from a cache, yet a new name or avatar
// shows on the next read, a rename rolled back never shows, only the author sees their
// email, and a suspension takes the author's posts out at once.
func TestFeedAuthorsFresh(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	if err := social.Follow(app, ana.Id, bea.Id); err != nil {
		t.Fatal(err)
	}
	post := "beacache0000001"
	testutil.CreateActivity(t, app, post, bea.Id, "movie_watched", time.Now().Add(-time.Minute), map[string]any{"movieId": 1})

	// Bea reads her own feed first: the cached profile must not carry her email to Ana.
	if u, _ := authorOf(t, app, bea.Id, post); u.Email != bea.Email() || u.FirstName != "Bea" {
		t.Fatalf("Bea's own post shows %+v", u)
	}
	if u, ok := authorOf(t, app, ana.Id, post); !ok || u.FirstName != "Bea" || u.Email != "" {
		t.Fatalf("Ana sees %+v (in feed: %v)", u, ok)
	}

	bea.Set("firstName", "Beatrix")
	bea.Set("nickname", "Trix")
	bea.Set("avatarUrl", "https://images.example.org/trix.png")
	if err := app.Save(bea); err != nil {
		t.Fatal(err)
	}
	u, _ := authorOf(t, app, ana.Id, post)
	if u.FirstName != "Beatrix" || u.Nickname == nil || *u.Nickname != "Trix" || u.ProfileImageURL != "https://images.example.org/trix.png" {
		t.Fatalf("after the profile change Ana sees %+v", u)
	}

	rollback := errors.New("rolled back")
	err := app.RunInTransaction(func(tx core.App) error {
		r, err := tx.FindRecordById("users", bea.Id)
		if err != nil {
			return err
		}
		r.Set("firstName", "Temporary")
		if err := tx.Save(r); err != nil {
			return err
		}
		if u, _ := authorOf(t, tx, ana.Id, post); u.FirstName != "Temporary" {
			t.Errorf("inside the transaction the feed shows %q, not its own write", u.FirstName)
		}
		return rollback
	})
	if !errors.Is(err, rollback) {
		t.Fatal(err)
	}
	if u, _ := authorOf(t, app, ana.Id, post); u.FirstName != "Beatrix" {
		t.Fatalf("after the rollback Ana sees %q", u.FirstName)
	}

	bea.Set("suspended", true)
	if err := app.Save(bea); err != nil {
		t.Fatal(err)
	}
	if _, ok := authorOf(t, app, ana.Id, post); ok {
		t.Fatal("a suspended member's post is still in the feed")
	}
	bea.Set("suspended", false)
	if err := app.Save(bea); err != nil {
		t.Fatal(err)
	}
	if _, ok := authorOf(t, app, ana.Id, post); !ok {
		t.Fatal("lifting the suspension did not bring the post back")
	}
}
