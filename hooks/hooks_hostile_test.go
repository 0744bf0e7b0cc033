package hooks_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// TestHostileInputNeverFails sends malformed and hostile bodies to every JSON write route
// as a signed-in member and checks each answer is a 4xx JSON error, never a 5xx. It logs
// the 400s whose data names no field, which the security work tightens next.
func TestHostileInputNeverFails(t *testing.T) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
	if err := social.Follow(app, ana.Id, bea.Id); err != nil {
		t.Fatal(err)
	}
	post := testutil.CreateActivity(t, app, "anapost00000001", ana.Id, "movie_review", time.Now().Add(-time.Hour), map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 8, "review": "Whoa", "status": "watched"})

	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(e *core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mux, err := router.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mux)
	defer srv.Close()
	cookie := testutil.SessionCookie(t, ana)

	routes := []struct{ method, path string }{
		{"POST", "/api/auth/signup"}, {"POST", "/api/auth/login"}, {"PATCH", "/api/auth/user/name"},
		{"POST", "/api/auth/user/password"}, {"POST", "/api/follow"}, {"POST", "/api/user/movies"},
		{"POST", "/api/user/tv-shows"}, {"POST", "/api/tv-shows/1396/episode-reviews"},
		{"PATCH", "/api/activities/" + post.Id}, {"POST", "/api/activities/" + post.Id + "/comments"},
		{"POST", "/api/user-movies"}, {"POST", "/api/tv-shows"}, {"PATCH", "/api/movies/603"},
		{"POST", "/api/recommendations"}, {"POST", "/api/push/subscribe"}, {"PATCH", "/api/user/notification-settings"},
		{"POST", "/api/challenges/nosuchchallenge/join"}, {"POST", "/api/imports/nosuchimport000/match"},
	}
	huge := strings.Repeat("x", 1<<20)
	bodies := map[string]string{
		"not JSON":          `{"rating":`,
		"an array":          `[1,2,3]`,
		"null":              `null`,
		"empty object":      `{}`,
		"wrong types":       `{"email":5,"password":[],"firstName":{},"movieId":"abc","tvShowId":true,"status":7,"rating":"7,5","review":9,"content":false,"userId":3,"userIds":"x","endpoint":1,"newPosts":"yes","index":"a","tmdbId":"b"}`,
		"out of range":      `{"movieId":603,"tvShowId":1396,"tmdbId":603,"status":"watched","rating":10.01,"seasonNumber":99,"episodeNumber":-1}`,
		"negative":          `{"movieId":-603,"tmdbId":-1,"status":"watched","rating":-1}`,
		"NaN as text":       `{"movieId":603,"status":"watched","rating":"NaN"}`,
		"1 MB strings":      `{"email":"` + huge + `","password":"` + huge + `","firstName":"` + huge + `","review":"` + huge + `","content":"` + huge + `","message":"` + huge + `","userId":"` + huge + `","endpoint":"` + huge + `"}`,
		"invalid UTF-8":     "{\"firstName\":\"\xff\xfe\",\"review\":\"\xc3\x28\",\"content\":\"\xed\xa0\x80\",\"movieId\":603,\"status\":\"watched\"}",
		"unknown ids":       `{"userId":"nosuchmember000","movieId":999999,"tvShowId":999999,"tmdbId":999999,"userIds":["nosuchmember000"],"parentCommentId":"nosuchcomment00","status":"watched","rating":5}`,
		"other's ids":       `{"userId":"` + ana.Id + `","watchedWith":["` + ana.Id + `"],"movieId":603,"status":"watched","userIds":["` + ana.Id + `"]}`,
		"markup everywhere": `{"firstName":"<script>alert(1)</script>","lastName":"<img src=x onerror=alert(1)>","nickname":"\"><svg/onload=alert(1)>","review":"<b>hi</b>","content":"<script>x</script>"}`,
	}
	unnamed := []string{}
	for _, r := range routes {
		for name, body := range bodies {
			req, _ := http.NewRequest(r.method, srv.URL+r.path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Cookie", cookie)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode >= 500 {
				t.Errorf("%s %s with %s: %d %s", r.method, r.path, name, res.StatusCode, truncate(data))
				continue
			}
			if res.StatusCode < 400 {
				continue // some hostile-looking bodies are valid (markup is just text)
			}
			var e struct {
				Status int            `json:"status"`
				Data   map[string]any `json:"data"`
			}
			if err := json.Unmarshal(data, &e); err != nil || e.Status != res.StatusCode {
				t.Errorf("%s %s with %s: a %d that is not a JSON error: %s", r.method, r.path, name, res.StatusCode, truncate(data))
			}
			if res.StatusCode == 400 && len(e.Data) == 0 {
				unnamed = append(unnamed, fmt.Sprintf("%s %s (%s)", r.method, r.path, name))
			}
		}
	}
	t.Logf("400s that name no field (%d): %s", len(unnamed), strings.Join(unnamed, "; "))
}

func truncate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
