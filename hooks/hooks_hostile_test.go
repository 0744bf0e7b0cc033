package hooks_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/federation"
	"cinecircle/hooks/lists"
	"cinecircle/hooks/scrobble"
	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

// writeRoute is one JSON write route, as its method and a path that names fixtures.
type writeRoute struct{ name, method, path string }

// writeRoutesFixture serves a fresh app (rate limits off) where Ana, who follows Bea, has
// a review post, and returns Ana's session cookie and every JSON write route.
func writeRoutesFixture(t testing.TB) (*httptest.Server, string, []writeRoute) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	bea := testutil.CreateUser(t, app, "Bea")
	testutil.CreateMovie(t, app, 603, "The Matrix", 1999, 136)
	testutil.CreateShow(t, app, 1396, "Breaking Bad", 2008, 47, 7, 13)
	if err := social.Follow(app, ana.Id, bea.Id); err != nil {
		t.Fatal(err)
	}
	post := testutil.CreateActivity(t, app, "anapost00000001", ana.Id, "movie_review", time.Now().Add(-time.Hour), map[string]any{"movieId": 603, "movieTitle": "The Matrix", "rating": 8, "review": "Whoa", "status": "watched"})
	listName := "Ana's list"
	list, err := lists.Create(app, ana.Id, lists.ListInput{Name: &listName})
	if err != nil {
		t.Fatal(err)
	}
	item, err := lists.AddItem(context.Background(), app, ana.Id, list, lists.ItemInput{Kind: catalog.Movie, TitleID: 603})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := serve(t, app)
	unthrottled(app)
	scrobbleToken, err := scrobble.TokenFor(app, ana.Id)
	if err != nil {
		t.Fatal(err)
	}
	return srv, testutil.SessionCookie(t, ana), []writeRoute{
		{"CreateList", "POST", "/api/lists"}, {"EditList", "PATCH", "/api/lists/" + list.Id},
		{"AddListItem", "POST", "/api/lists/" + list.Id + "/items"}, {"EditListItem", "PATCH", "/api/lists/" + list.Id + "/items/" + item.Id},
		{"AddListEditor", "POST", "/api/lists/" + list.Id + "/editors"}, {"Favorites", "PUT", "/api/user/favorites"},
		{"Signup", "POST", "/api/auth/signup"}, {"Login", "POST", "/api/auth/login"},
		{"ConfirmEmail", "POST", "/api/auth/confirm-email"},
		{"ProfileName", "PATCH", "/api/auth/user/name"}, {"ChangePassword", "POST", "/api/auth/user/password"},
		{"Follow", "POST", "/api/follow"}, {"DiaryMovie", "POST", "/api/user/movies"},
		{"DiaryShow", "POST", "/api/user/tv-shows"}, {"EpisodeReview", "POST", "/api/tv-shows/1396/episode-reviews"},
		{"EditPost", "PATCH", "/api/activities/" + post.Id}, {"Comment", "POST", "/api/activities/" + post.Id + "/comments"},
		{"CollabRateMovie", "POST", "/api/user-movies"}, {"CollabRateShow", "POST", "/api/tv-shows"},
		{"CollabEditMovie", "PATCH", "/api/movies/603"}, {"CollabEditShow", "PATCH", "/api/tv-shows/1396"},
		{"Recommend", "POST", "/api/recommendations"}, {"PushSubscribe", "POST", "/api/push/subscribe"},
		{"PushUnsubscribe", "DELETE", "/api/push/unsubscribe"}, {"NotificationSettings", "PATCH", "/api/user/notification-settings"},
		{"JoinChallenge", "POST", "/api/challenges/nosuchchallenge/join"}, {"ImportMatch", "POST", "/api/imports/nosuchimport000/match"},
		{"MarkEpisodes", "POST", "/api/tv-shows/1396/episodes/watched"}, {"UnmarkEpisode", "DELETE", "/api/tv-shows/1396/episodes/watched"},
		{"MarkEpisodesOfAMovie", "POST", "/api/tv-shows/603/episodes/watched"},
		{"ScrobbleSettings", "PATCH", "/api/user/scrobble"}, {"Scrobble", "POST", "/api/scrobble/" + scrobbleToken},
		{"Report", "POST", "/api/reports"}, {"Settings", "PATCH", "/api/user/settings"},
		{"DeleteAccount", "DELETE", "/api/user"}, {"ChangeEmail", "POST", "/api/user/email"},
		{"ConfirmEmailChange", "POST", "/api/auth/confirm-email-change"}, {"TwoFactorEnable", "POST", "/api/user/2fa/enable"}, {"TwoFactorDisable", "POST", "/api/user/2fa/disable"},
	}
}

// hostileBodies are the malformed and hostile payloads every write route must refuse
// with a field-level 4xx (or accept as plain text). They seed the fuzz targets too.
func hostileBodies(memberID string) map[string]string {
	huge := strings.Repeat("x", 1<<20)
	long := strings.Repeat("é", 12000)
	return map[string]string{
		"not JSON":          `{"rating":`,
		"an array":          `[1,2,3]`,
		"null":              `null`,
		"a number":          `7.5`,
		"trailing garbage":  `{"rating":7}x`,
		"duplicate names":   `{"rating":7,"rating":8}`,
		"empty object":      `{}`,
		"wrong types":       `{"email":5,"password":[],"firstName":{},"movieId":"abc","tvShowId":true,"status":7,"rating":"7,5","review":9,"name":[],"visibility":1,"ranked":"x","position":"top","note":{},"movieIds":"x","content":false,"userId":3,"userIds":"x","endpoint":1,"newPosts":"yes","index":"a","tmdbId":"b","season":"1","episode":[2],"upTo":"S1E2","watchedAt":7}`,
		"out of range":      `{"movieId":603,"tvShowId":1396,"tmdbId":603,"status":"watched","rating":10.01,"seasonNumber":99,"episodeNumber":-1,"season":99,"episode":14}`,
		"negative":          `{"movieId":-603,"tmdbId":-1,"status":"watched","rating":-1,"season":-1,"episode":-2,"upTo":{"season":-1,"episode":-1}}`,
		"fractional":        `{"season":1.5,"episode":2.25,"seasonNumber":0.5,"episodeNumber":1.5,"rating":7.25}`,
		"string numbers":    `{"season":"1","episode":"2","upTo":{"season":"1","episode":"2"},"seasonNumber":"1","episodeNumber":"2"}`,
		"NaN as text":       `{"movieId":603,"status":"watched","rating":"NaN"}`,
		"huge number":       `{"movieId":1e400,"tmdbId":99999999999999999999,"status":"watched","rating":1e308,"season":1e308,"episode":99999999999999999999,"upTo":{"season":1,"episode":1e400}}`,
		"long strings":      `{"firstName":"` + long + `","name":"` + long + `","description":"` + long + `","note":"` + long + `","review":"` + long + `","content":"` + long + `","message":"` + long + `","movieId":603,"status":"watched"}`,
		"1 MB strings":      `{"email":"` + huge + `","password":"` + huge + `","firstName":"` + huge + `","review":"` + huge + `","content":"` + huge + `","message":"` + huge + `","userId":"` + huge + `","endpoint":"` + huge + `"}`,
		"invalid UTF-8":     "{\"firstName\":\"\xff\xfe\",\"review\":\"\xc3\x28\",\"content\":\"\xed\xa0\x80\",\"movieId\":603,\"status\":\"watched\"}",
		"unknown ids":       `{"userId":"nosuchmember000","movieId":999999,"tvShowId":999999,"tmdbId":999999,"userIds":["nosuchmember000"],"parentCommentId":"nosuchcomment00","status":"watched","rating":5}`,
		"other's ids":       `{"userId":"` + memberID + `","watchedWith":["` + memberID + `"],"movieId":603,"status":"watched","userIds":["` + memberID + `"]}`,
		"markup everywhere": `{"firstName":"<script>alert(1)</script>","lastName":"<img src=x onerror=alert(1)>","nickname":"\"><svg/onload=alert(1)>","review":"<b>hi</b>","content":"<script>x</script>"}`,
		"javascript gif":    `{"content":"","gifUrl":"javascript:alert(1)","gifId":"x"}`,
	}
}

// checkHostileAnswer fails t unless the answer is a success, or a JSON 4xx error whose
// 400s name a field: never a 5xx.
func checkHostileAnswer(t testing.TB, what string, status int, data []byte) {
	t.Helper()
	if status >= 500 {
		t.Errorf("%s: %d %s", what, status, truncate(data))
		return
	}
	if status < 400 {
		return // some hostile-looking bodies are valid (markup is just text)
	}
	var e struct {
		Status int            `json:"status"`
		Data   map[string]any `json:"data"`
	}
	if err := json.Unmarshal(data, &e); err != nil || e.Status != status {
		t.Errorf("%s: a %d that is not a JSON error: %s", what, status, truncate(data))
	}
	if status == http.StatusBadRequest && len(e.Data) == 0 {
		t.Errorf("%s: a 400 that names no field: %s", what, truncate(data))
	}
}

// TestHostileInputNeverFails sends malformed and hostile bodies to every JSON write route
// as a signed-in member and checks each answer is a 4xx JSON error, never a 5xx, and that
// every 400 names the field at fault (the body itself when it is not a JSON object).
func TestHostileInputNeverFails(t *testing.T) {
	t.Parallel()
	srv, cookie, routes := writeRoutesFixture(t)
	bodies := hostileBodies(testutil.UserID("Ana"))
	tally := map[int]int{}
	for _, r := range routes {
		for name, body := range bodies {
			status, data := send(t, srv, r.method, r.path, body, cookie)
			tally[status]++
			checkHostileAnswer(t, r.method+" "+r.path+" with "+name, status, data)
		}
	}
	t.Logf("answers by status over %d routes x %d bodies: %v", len(routes), len(bodies), tally)
}

// bodylessWrites are the custom write routes that read no JSON body (the path says it
// all, or the body is a file upload). Every other write route must be in
// writeRoutesFixture, so the hostile table and the fuzz targets reach it.
var bodylessWrites = []string{
	"POST /api/auth/logout", "POST /api/auth/session", "POST /api/activities/{id}/like",
	"POST /api/comments/{id}/like", "POST /api/collaborations/{activityId}/decline",
	"POST /api/import/{source}", "POST /api/push/test", "POST /api/user/avatar", "DELETE /api/user/avatar", "POST /api/user/2fa/setup",
	"DELETE /api/user/sessions/{id}", "DELETE /api/user/sessions",
	"PATCH /api/notifications/mark-all-read", "PATCH /api/notifications/{id}/read",
	"DELETE /api/follow/{userId}", "DELETE /api/activities/{id}", "DELETE /api/activities/{id}/like",
	"DELETE /api/comments/{id}", "DELETE /api/user/movies/{id}", "DELETE /api/user/tv-shows/{id}",
	"DELETE /api/episode-reviews/{id}", "DELETE /api/recommendations/{id}", "DELETE /api/challenges/{id}/join",
	"POST /api/users/{id}/block", "DELETE /api/users/{id}/block",
	"POST /api/user/calendar-feed", "DELETE /api/user/calendar-feed",
	"POST /api/user/scrobble/rotate",
	"DELETE /api/lists/{id}", "DELETE /api/lists/{id}/items/{itemId}", "DELETE /api/lists/{id}/editors/{userId}",
	"POST /api/federation/requests/{id}/accept", "POST /api/federation/requests/{id}/reject",
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestEveryJSONWriteRouteIsCovered walks the served router: a write route added to the
// app (a new domain's too) fails here until the hostile table and a fuzz target cover it.
func TestEveryJSONWriteRouteIsCovered(t *testing.T) {
	t.Parallel()
	_, _, covered := writeRoutesFixture(t)
	_, served := serve(t, testutil.NewTestApp(t))
	for _, p := range served.all {
		method, _, _ := strings.Cut(p, " ")
		if served.pocketBase[p] || !slices.Contains([]string{"POST", "PATCH", "PUT", "DELETE"}, method) || slices.Contains(bodylessWrites, p) || slices.Contains(signedWrites, p) {
			continue
		}
		parts := pathParam.Split(p, -1)
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		re := regexp.MustCompile("^" + strings.Join(parts, `[^/]+`) + "$")
		if !slices.ContainsFunc(covered, func(r writeRoute) bool { return re.MatchString(r.method + " " + r.path) }) {
			t.Errorf("write route %q is not covered: if it reads a JSON body, add it to writeRoutesFixture (hooks/hooks_hostile_test.go) and give it a Fuzz target in hooks/hooks_fuzz_test.go; if it reads none, add it to bodylessWrites", p)
		}
	}
}

// webfingerFixture serves an app with federation on (https://films.example) where Ana
// (handle ana) is public and federated.
func webfingerFixture(t testing.TB) *httptest.Server {
	srv, _ := webfingerFixtureApp(t)
	return srv
}

// webfingerFixtureApp is webfingerFixture with its app.
func webfingerFixtureApp(t testing.TB) (*httptest.Server, *tests.TestApp) {
	app := testutil.NewTestApp(t)
	ana := testutil.CreateUser(t, app, "Ana")
	ana.Set("handle", "ana")
	ana.Set("public", true)
	ana.Set("federated", true)
	if err := app.Save(ana); err != nil {
		t.Fatal(err)
	}
	if err := federation.Enable(app, "https://films.example"); err != nil {
		t.Fatal(err)
	}
	srv, _ := serve(t, app)
	unthrottled(app)
	return srv, app
}

// hostileResources are WebFinger resource parameters a hostile or broken client sends.
var hostileResources = []string{
	"", "acct:", "acct:@", "@", "acct:ana@", "acct:@films.example", "acct:ana@films.example@evil.example",
	"acct:ana@films.example/../../etc/passwd", "acct:ana@films.example?x=1", "acct:../../etc/passwd@films.example",
	"acct:ana%00@films.example", "acct:ana\x00@films.example", "acct:\xff\xfe@films.example", "acct:ANA@FILMS.EXAMPLE",
	"javascript:alert(1)", "https://", "https://films.example", "https://films.example/ap/users/", "https://films.example/ap/users/ana/../../x",
	"https://user:pw@films.example/ap/users/ana", "http://[::1]:80/ap/users/ana", "https://films.example:99999/u/ana",
	"acct:" + strings.Repeat("a", 100000) + "@films.example", "acct:ana@" + strings.Repeat("b.", 5000) + "example",
	"acct:<script>@films.example", "acct:ana@films.example\r\nX-Injected: 1",
}

// TestHostileWebFinger sends hostile resources to WebFinger: every answer is the JRD, a
// 400 naming resource or a JSON 404, never a 5xx.
func TestHostileWebFinger(t *testing.T) {
	t.Parallel()
	srv := webfingerFixture(t)
	for _, r := range hostileResources {
		status, data := send(t, srv, "GET", "/.well-known/webfinger?resource="+url.QueryEscape(r), "", "")
		checkHostileAnswer(t, "webfinger "+truncate([]byte(r)), status, data)
		if status == http.StatusOK && !strings.Contains(string(data), `"subject":"acct:ana@films.example"`) {
			t.Errorf("webfinger %q: 200 with %s", truncate([]byte(r)), truncate(data))
		}
	}
}

// hostileAccts are addresses a hostile or broken client asks the lookup (and the follow
// route) for: malformed ones, and ones that would make the server fetch from itself, its
// network or the cloud's metadata service (loopback is refused here: this package's
// tests do not allow it).
var hostileAccts = []string{
	"", "@", "@@", "alice", "alice@", "@films.example", "alice@films.example@evil.example", "alice@evil.example/../x",
	"alice@evil.example?x=1", "alice@evil.example#x", "al ice@evil.example", "alice%00@evil.example", "alice\x00@evil.example",
	"ÿþ@evil.example", "<script>@evil.example", "alice@evil.example\r\nX-Injected: 1", "alice@:443", "alice@user:pw@evil.example",
	strings.Repeat("a", 100000) + "@evil.example", "alice@" + strings.Repeat("b.", 5000) + "example",
	"alice@127.0.0.1", "alice@127.0.0.1:8090", "alice@localhost", "alice@[::1]", "alice@10.0.0.1", "alice@192.168.1.1",
	"alice@169.254.169.254", "alice@metadata.google.internal", "alice@0x7f.1", "alice@2130706433", "alice@[fe80::1]",
}

// TestHostileLookup sends hostile addresses to the lookup and to POST /api/follow {acct}
// as a federated member: every answer is a JSON 4xx (400 naming acct for the malformed
// and refused ones), never a 5xx, and nothing reaches a private address.
func TestHostileLookup(t *testing.T) {
	t.Parallel()
	srv, app := webfingerFixtureApp(t)
	ana, err := app.FindFirstRecordByData("users", "handle", "ana")
	if err != nil {
		t.Fatal(err)
	}
	cookie := testutil.SessionCookie(t, ana)
	for _, acct := range hostileAccts {
		status, data := send(t, srv, "GET", "/api/federation/lookup?acct="+url.QueryEscape(acct), "", cookie)
		checkHostileAnswer(t, "lookup "+truncate([]byte(acct)), status, data)
		if status != http.StatusBadRequest || !strings.Contains(string(data), `"acct"`) {
			t.Errorf("lookup %q: %d %s, want 400 naming acct", truncate([]byte(acct)), status, truncate(data))
		}
		body, _ := json.Marshal(map[string]string{"acct": acct})
		status, data = send(t, srv, "POST", "/api/follow", string(body), cookie)
		checkHostileAnswer(t, "follow "+truncate([]byte(acct)), status, data)
		if status < 400 {
			t.Errorf("follow %q: %d %s, want a 4xx", truncate([]byte(acct)), status, truncate(data))
		}
	}
}

// hostileObjectIDs are ids a hostile or broken client puts in an object's address.
var hostileObjectIDs = []string{"..%2F..%2Fdata.db", "%00", strings.Repeat("a", 5000), "'%20OR%201=1--", "%E2%80%AE", "x.png"}

// objectPaths are the addresses of objects by id: remote avatars, and a federated
// member's reviews and replies.
var objectPaths = []string{"/ap/avatars/", "/ap/users/ana/posts/", "/ap/users/ana/comments/"}

// TestHostileObjectIDs asks the routes of objects by id for hostile ids: every answer is
// a JSON 404, never a 5xx, and nothing is fetched (no actor row matches an avatar id).
func TestHostileObjectIDs(t *testing.T) {
	t.Parallel()
	srv := webfingerFixture(t)
	for _, prefix := range objectPaths {
		for _, id := range hostileObjectIDs {
			status, data := send(t, srv, "GET", prefix+id, "", "")
			checkHostileAnswer(t, prefix+truncate([]byte(id)), status, data)
			if status != http.StatusNotFound {
				t.Errorf("%s%q: %d %s, want 404", prefix, truncate([]byte(id)), status, truncate(data))
			}
		}
	}
}
