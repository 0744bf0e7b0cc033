package federation_test

import (
	"testing"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"
)

// TestSeedDemo: the demo's public member gets a reply, a like and a boost from
// alice@mastodon.example on her newest public review, shown as the inbox would have
// stored them, and one notification; she follows alice, whose review is in her feed;
// seeding again adds nothing.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	m := community(t, app)
	testutil.CreateMovie(t, app, 550, "Fight Club", 1999, 139)
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
	// Ana follows alice, whose review of Fight Club is in Ana's feed (and in no one else's)
	var review map[string]any
	for _, data := range feedIDs(t, srv, m["ana"]) {
		if data["remote"] != nil {
			review = data
		}
	}
	if remote, _ := review["remote"].(map[string]any); review == nil || review["movieTitle"] != "Fight Club" || review["rating"] != 9.0 ||
		remote["name"] != "Alice Martin" || remote["host"] != "mastodon.example" {
		t.Errorf("alice's review in Ana's feed: %v", review)
	}
	for _, data := range feedIDs(t, srv, m["pub"]) {
		if data["remote"] != nil {
			t.Errorf("alice's review in Pub's feed: %v", data)
		}
	}
	if list := followingOf(t, srv, m["ana"]); len(list) != 1 || list[0]["acct"] != "alice@mastodon.example" || list[0]["following"] != "accepted" {
		t.Errorf("Ana's following on other servers: %v", list)
	}
}
