package demo_test

import (
	"testing"

	"cinecircle/hooks/demo"
	"cinecircle/hooks/testutil"
)

func TestSeedIsBelievableAndIdempotent(t *testing.T) {
	app := testutil.NewTestApp(t)
	for range 2 {
		if err := demo.Seed(app); err != nil {
			t.Fatal(err)
		}
	}
	users, err := app.FindAllRecords("users")
	if err != nil {
		t.Fatal(err)
	}
	if len(users) < 10 || len(users) > 15 {
		t.Fatalf("expected about 12 members, got %d", len(users))
	}
	nicknames := 0
	for _, u := range users {
		if u.GetString("firstName") == "" || u.GetString("lastName") == "" {
			t.Fatalf("member without a real name: %v", u.Email())
		}
		if u.GetString("nickname") != "" {
			nicknames++
		}
		if !u.ValidatePassword(demo.Password) {
			t.Fatalf("%s cannot sign in with the demo password", u.Email())
		}
		n, err := app.FindRecordsByFilter("follows", "follower = {:id}", "", 0, 0, map[string]any{"id": u.Id})
		if err != nil || len(n) < 2 {
			t.Fatalf("%s follows %d members, want at least 2", u.Email(), len(n))
		}
	}
	if nicknames == 0 || nicknames == len(users) {
		t.Fatalf("some but not all members should have nicknames, got %d of %d", nicknames, len(users))
	}
	// Seeding twice must not duplicate follows (the unique index would refuse them anyway).
	total, _ := app.CountRecords("follows")
	if err := demo.Seed(app); err != nil {
		t.Fatal(err)
	}
	again, _ := app.CountRecords("follows")
	if total != again {
		t.Fatalf("follows grew from %d to %d on a re-seed", total, again)
	}
	if _, err := app.FindAuthRecordByEmail("users", demo.Email("Maya", "Okafor")); err != nil {
		t.Fatalf("the printed demo sign-in must exist: %v", err)
	}
}
