package notify_test

import (
	"testing"

	"cinecircle/hooks/notify"
	"cinecircle/hooks/testutil"
)

// TestSendFailsClosed: when whether the actor is blocked cannot be read, the notice is
// not delivered and Send says why.
func TestSendFailsClosed(t *testing.T) {
	app := testutil.NewTestApp(t)
	testutil.CreateUser(t, app, "Ana")
	testutil.CreateUser(t, app, "Bea")
	if _, err := app.DB().NewQuery("ALTER TABLE blocks RENAME TO blocks_broken").Execute(); err != nil {
		t.Fatal(err)
	}
	rec, err := notify.Send(app, notify.Notice{UserID: ana, ActorID: bea, Type: "follow", EntityType: "user",
		EntityID: bea, Action: "started following you"})
	if rec != nil || err == nil {
		t.Fatalf("Send on a broken database: %v, %v; want no notice and the error", rec, err)
	}
	if n, err := app.CountRecords("notifications"); err != nil || n != 0 {
		t.Fatalf("%d notifications saved (%v), want none", n, err)
	}
}
