package tv_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/tv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tools/logger"
)

// TestCalendarTokenNotInLogs: PocketBase's request log (the _logs table the dashboard
// shows) records calendar feed requests without their token, whether the address works
// or not: whoever reads the logs cannot subscribe to a member's calendar.
func TestCalendarTokenNotInLogs(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.app.Settings().Logs.MaxDays = 1 // the test app keeps no logs unless asked
	var feed tv.FeedJSON
	w.ok(t, "Ana", "POST", "/api/user/calendar-feed", "", &feed)
	if feed.Path == nil {
		t.Fatal("no feed address")
	}
	token := strings.TrimSuffix(strings.TrimPrefix(*feed.Path, "/api/calendar/"), ".ics")
	wrong := strings.Repeat("b", len(token))
	for _, path := range []string{*feed.Path, *feed.Path + "?t=" + token, "/api/calendar/" + wrong + ".ics"} {
		w.call(t, "", "GET", path, "")
	}
	var logs []struct {
		Message string `db:"message"`
		Data    string `db:"data"`
	}
	deadline := time.Now().Add(15 * time.Second)
	for len(logs) < 3 && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond) // requests are logged after they are answered
		_ = w.app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true))
		logs = nil
		if err := w.app.LogQuery().AndWhere(dbx.NewExp("message LIKE '%/api/calendar/%'")).All(&logs); err != nil {
			t.Fatal(err)
		}
	}
	if len(logs) < 3 {
		t.Fatalf("the request log has %d calendar requests, want 3", len(logs))
	}
	for _, l := range logs {
		if strings.Contains(l.Message+l.Data, token) || strings.Contains(l.Message+l.Data, wrong) {
			t.Errorf("a token in the log: %s %s", l.Message, l.Data)
		}
		if !strings.Contains(l.Message, "/api/calendar/{token}.ics") {
			t.Errorf("log message %q", l.Message)
		}
	}
}
