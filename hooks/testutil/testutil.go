// Package testutil holds the fixtures every domain's tests share: a migrated test app with
// all hooks registered, members, and session cookies.
package testutil

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"cinecircle/hooks"
	"cinecircle/hooks/auth"
	"cinecircle/hooks/replica"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"
	"golang.org/x/crypto/bcrypt"
)

// IndexHTML is the stand-in UI build the test app serves at the site root.
const IndexHTML = `<!doctype html><html><head><script>document.documentElement.dataset.t='1'</script>` +
	`<script type="module" src="/assets/app-1.js"></script></head><body><div id="root">cinecircle-test-ui</div></body></html>`

// BigAsset is a build file large enough to be served gzipped.
var BigAsset = strings.Repeat("export const greeting = 'hello from a large chunk';\n", 100)

// NewTestApp returns a fresh, fully migrated app with every domain registered, on a
// data dir of its own copied from a template. Its catalog holds the embedded titles, as
// every served app's does. It is cleaned up when the test ends.
func NewTestApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app := newApp(t, served)
	t.Cleanup(app.Cleanup)
	return app
}

// NewTestAppWithoutCatalog is NewTestApp with an empty catalog, for tests of what fills it.
func NewTestAppWithoutCatalog(t testing.TB) *tests.TestApp {
	t.Helper()
	app := newApp(t, migrated)
	t.Cleanup(app.Cleanup)
	return app
}

// newApp returns an app on a copy of template with every domain registered.
func newApp(t testing.TB, template func() (dataDir, error)) *tests.TestApp {
	t.Helper()
	files, err := template()
	if err != nil {
		t.Fatal("preparing the template data dir:", err)
	}
	dir := t.TempDir()
	if err := files.write(dir); err != nil {
		t.Fatal(err)
	}
	// copies dir (the migrations are already applied), and opens it as the binary does:
	// statements kept prepared, planned with the query planner stability guarantee
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir, EncryptionEnv: "pb_test_env", DBConnect: replica.DBConnect})
	if err != nil {
		t.Fatal(err)
	}
	hooks.Register(app, fstest.MapFS{
		"index.html":      {Data: []byte(IndexHTML)},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
		"assets/big-1.js": {Data: []byte(BigAsset)},
		"sw.js":           {Data: []byte("self.addEventListener('fetch',()=>{})")},
	})
	return app
}

// Factory adapts NewTestApp for tests.ApiScenario, running setup on the new app first.
// The scenario cleans the app up when it ends.
func Factory(setup func(t testing.TB, app *tests.TestApp)) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		app := newApp(t, served)
		if setup != nil {
			setup(t, app)
		}
		return app
	}
}

var userSeq atomic.Int64

// passwordHash is the bcrypt hash of "password123", computed once: hashing it for every
// member (bcrypt is slow on purpose) was a large part of building a test's members.
var passwordHash = sync.OnceValue(func() string {
	hash, err := bcrypt.GenerateFromPassword([]byte("password123"), bcrypt.DefaultCost)
	if err != nil {
		panic(err)
	}
	return string(hash)
})

// UserID is the record id CreateUser gives a member: the first name's letters, padded to
// PocketBase's 15 characters, so scenarios can name members in URLs and bodies up front.
func UserID(firstName string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(firstName) {
		if c >= 'a' && c <= 'z' && b.Len() < 15 {
			b.WriteRune(c)
		}
	}
	return b.String() + strings.Repeat("0", 15-b.Len())
}

// CreateUser saves a member with the given first name (and password "password123"); its
// id is UserID(firstName), so first names must be distinct within a test.
func CreateUser(t testing.TB, app core.App, firstName string) *core.Record {
	t.Helper()
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(users)
	r.Id = UserID(firstName)
	r.SetEmail(fmt.Sprintf("member%d@example.com", userSeq.Add(1)))
	r.SetRaw(core.FieldNamePassword, &core.PasswordFieldValue{Hash: passwordHash()}) // "password123"
	r.Set("firstName", firstName)
	r.Set("displayPreference", "fullname")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// SessionCookie returns a Cookie header value that signs user in, as the browser sends it.
func SessionCookie(t testing.TB, user *core.Record) string {
	t.Helper()
	token, err := user.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return auth.CookieName + "=" + token
}

// SignedIn returns an ApiScenario factory that creates a member named firstName, runs
// setup (which may be nil) with that member, and puts the member's session cookie into
// headers — pass the same map as the scenario's Headers.
func SignedIn(headers map[string]string, firstName string, setup func(t testing.TB, app *tests.TestApp, me *core.Record)) func(t testing.TB) *tests.TestApp {
	return Factory(func(t testing.TB, app *tests.TestApp) {
		me := CreateUser(t, app, firstName)
		headers["Cookie"] = SessionCookie(t, me)
		if setup != nil {
			setup(t, app, me)
		}
	})
}

// CreateMovie saves a catalog movie with public id id.
func CreateMovie(t testing.TB, app core.App, id int, title string, year, runtime int, genres ...string) *core.Record {
	t.Helper()
	return saveTitle(t, app, "movies", map[string]any{
		"tmdbId": id, "title": title, "year": year, "releaseDate": fmt.Sprint(year),
		"runtime": runtime, "genres": genres, "source": "embedded",
	})
}

// CreateShow saves a catalog TV show with public id id and the given episode counts per season.
func CreateShow(t testing.TB, app core.App, id int, name string, year, episodeRuntime int, episodesPerSeason ...int) *core.Record {
	t.Helper()
	seasons := make([]map[string]any, len(episodesPerSeason))
	for i, n := range episodesPerSeason {
		seasons[i] = map[string]any{"seasonNumber": i + 1, "episodeCount": n, "name": fmt.Sprintf("Season %d", i+1)}
	}
	return saveTitle(t, app, "tv_shows", map[string]any{
		"tmdbId": id, "name": name, "year": year, "firstAirDate": fmt.Sprint(year),
		"episodeRuntime": episodeRuntime, "numberOfSeasons": len(seasons), "seasons": seasons,
		"genres": []string{"Drama"}, "source": "embedded",
	})
}

func saveTitle(t testing.TB, app core.App, collection string, fields map[string]any) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.Load(fields)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// CreateActivity saves an activity with the given id (15 lowercase letters or digits, so
// scenarios can name it in URLs), author, type and data, dated at created so feed tests
// can order posts. Diary-written activities come from diary.SaveEntry instead.
func CreateActivity(t testing.TB, app core.App, id, userID, activityType string, created time.Time, data map[string]any) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId("activities")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.Id = id
	r.Set("user", userID)
	r.Set("type", activityType)
	r.Set("data", data)
	at, err := types.ParseDateTime(created)
	if err != nil {
		t.Fatal(err)
	}
	r.SetRaw("created", at)
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r
}

// Serve serves app's full router (every route and middleware, realtime included) on a
// loopback port until the test ends. An app can be served once.
func Serve(t testing.TB, app *tests.TestApp) *httptest.Server {
	t.Helper()
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
	t.Cleanup(srv.Close)
	return srv
}

// SuperuserAuth returns an Authorization header value for a new superuser: a moderator
// working in the dashboard, which calls the records API with it.
func SuperuserAuth(t testing.TB, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	r.SetEmail(fmt.Sprintf("moderator%d@example.com", userSeq.Add(1)))
	r.SetPassword("password123456")
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	token, err := r.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return token
}
