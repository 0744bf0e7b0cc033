package hooks_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestReadPoolNeverWrites: every write of the member flows (logging, liking, commenting,
// replying, deleting a comment, deleting an account) goes through PocketBase's one write
// connection. A write sent to the read pool (app.DB() sends a statement that starts with
// WITH there) races the writer: under a long account deletion it failed other members'
// film logs with "database is locked (517)". The read pool's executed statements are
// recorded and must all be reads or checkpoints.
func TestReadPoolNeverWrites(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	beaPost := testutil.CreateActivity(t, app, "beapost00000001", bea.Id, "movie_review", time.Now().Add(-time.Hour),
		map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 7, "review": "Good", "status": "watched"})
	srv, _ := serve(t, app)
	unthrottled(app)

	var mu sync.Mutex
	var writes []string
	pool, ok := app.ConcurrentDB().(*dbx.DB)
	if !ok {
		t.Fatal("the app has no read pool")
	}
	pool.ExecLogFunc = func(_ context.Context, _ time.Duration, sql string, _ sql.Result, _ error) {
		if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(sql)), "PRAGMA") {
			mu.Lock()
			writes = append(writes, sql)
			mu.Unlock()
		}
	}

	anaCookie, beaCookie := testutil.SessionCookie(t, ana), testutil.SessionCookie(t, bea)
	var comment struct{ ID string } // the last comment made
	onPost := "/api/activities/" + beaPost.Id
	steps := []struct {
		what, method, path string
		body               func() string
		cookie             string
	}{
		{"Ana logs a film", "POST", "/api/user/movies", func() string { return `{"movieId":603,"status":"watched","rating":9,"review":"Whoa"}` }, anaCookie},
		{"Ana likes Bea's post", "POST", onPost + "/like", func() string { return "" }, anaCookie},
		{"Ana comments", "POST", onPost + "/comments", func() string { return `{"content":"Agreed"}` }, anaCookie},
		{"Bea replies", "POST", onPost + "/comments", func() string { return `{"content":"Thanks","parentCommentId":"` + comment.ID + `"}` }, beaCookie},
		{"Bea comments and deletes it", "POST", onPost + "/comments", func() string { return `{"content":"Oops"}` }, beaCookie},
	}
	for _, s := range steps {
		status, data := send(t, srv, s.method, s.path, s.body(), s.cookie)
		if status != 200 {
			t.Fatalf("%s: %d %s", s.what, status, truncate(data))
		}
		_ = json.Unmarshal(data, &comment)
	}
	if status, data := send(t, srv, "DELETE", "/api/comments/"+comment.ID, "", beaCookie); status != 204 {
		t.Fatalf("Bea deletes her comment: %d %s", status, truncate(data))
	}
	if status, data := send(t, srv, "DELETE", "/api/user", `{"password":"password123"}`, anaCookie); status != 204 {
		t.Fatalf("Ana deletes her account: %d %s", status, truncate(data))
	}
	mu.Lock()
	defer mu.Unlock()
	for _, w := range writes {
		t.Errorf("written through the read pool: %s", strings.Join(strings.Fields(w), " "))
	}
}
