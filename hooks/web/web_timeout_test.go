package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
	"cinecircle/hooks/web"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// TestQueryTimeoutAnswers503: a request whose query SQLite stops at its deadline is
// answered 503 with a message saying the server took too long and to try again (not
// PocketBase's 400 "Something went wrong", which reads as the member's mistake).
func TestQueryTimeoutAnswers503(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/test/endless", func(e *core.RequestEvent) error {
			ctx, cancel := context.WithTimeout(e.Request.Context(), 50*time.Millisecond)
			defer cancel()
			var n int
			return e.App.DB().NewQuery("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c").
				WithContext(ctx).Row(&n)
		})
		return se.Next()
	})
	srv := testutil.Serve(t, app)
	res, err := http.Get(srv.URL + "/api/test/endless")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusServiceUnavailable || body.Status != 503 || !strings.Contains(body.Message, "took too long") ||
		res.Header.Get("Retry-After") == "" {
		t.Fatalf("an endless query: %d %+v (Retry-After %q), want 503 saying it took too long", res.StatusCode, body, res.Header.Get("Retry-After"))
	}
}

// TestIsQueryTimeout: a query stopped by its deadline is recognised however the driver
// reports it; other failures, and a handler's own answer, are not.
func TestIsQueryTimeout(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"SQLITE_INTERRUPT", sqliteErr(9), true},
		{"SQLITE_INTERRUPT wrapped by the query layer", fmt.Errorf("select: %w", sqliteErr(9)), true},
		{"the context's deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), true},
		{"a client that went away", context.Canceled, false},
		{"SQLITE_BUSY", sqliteErr(5), false},
		{"a handler's own answer", router.NewApiError(http.StatusGatewayTimeout, "The other server did not answer.", context.DeadlineExceeded), false},
		{"anything else", errors.New("boom"), false},
	} {
		if got := web.IsQueryTimeout(tc.err); got != tc.want {
			t.Errorf("%s: IsQueryTimeout = %v, want %v", tc.name, got, tc.want)
		}
	}
}
