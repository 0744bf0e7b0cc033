package federation_test

import (
	"testing"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"
)

// TestSeedDemo: the demo's public member gets a reply, a like and a boost from
// alice@mastodon.example on her newest public review, shown as the inbox would have
// stored them, and one notification; seeding again adds nothing.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	srv := testutil.Serve(t, app).URL
	for range 2 {
		if err := federation.SeedDemo(app, m["ana"].Id); err != nil {
			t.Fatal(err)
		}
	}
	// Ana's newest public review is her rating of Fight Club (the newer review is hidden)
	post := "anarating000001"
	if likes, shares := counts(t, srv, m["ana"], post); likes != 1 || shares != 1 {
		t.Errorf("%v likes, %v shares, want 1 and 1", likes, shares)
	}
	got := thread(t, srv, m["mem"], post)
	if len(got) != 1 || got[0].Remote == nil || got[0].Remote.Name != "Alice Martin" || got[0].Remote.Acct != "@alice@mastodon.example" ||
		got[0].Remote.Host != "mastodon.example" || got[0].Content != "@ana Great pick! Watching it again this weekend because of you." {
		t.Fatalf("the thread: %+v", got)
	}
	if n := notices(t, app, m["ana"]); len(n) != 1 || n[0] != "Alice Martin (@alice@mastodon.example) commented on your rating" {
		t.Errorf("Ana's notifications: %v", n)
	}
	if err := federation.SeedDemo(app, m["mem"].Id); err != nil { // not public: nothing
		t.Fatal(err)
	}
	if n, _ := app.CountRecords("federation_replies"); n != 1 {
		t.Errorf("%d replies seeded, want 1", n)
	}
}
