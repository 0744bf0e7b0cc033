package catalog_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cinecircle/hooks/catalog"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The fake TMDB speaks v3 at the network edge: the real client runs against it.
const (
	fakeKey   = "0123456789abcdef0123456789abcdef"
	fakeToken = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJjaW5lY2lyY2xlLXRlc3QiLCJzY29wZXMiOlsiYXBpX3JlYWQiXX0.c2lnbmF0dXJl"
)

// fakeTMDB replays the fixtures in testdata/tmdb and counts requests per path.
type fakeTMDB struct {
	*httptest.Server
	mu         sync.Mutex
	hits       map[string]int
	limited    map[string]int // path → 429 answers to give before serving it
	retryAfter string
	sawBearer  bool
	items      map[string]map[string]any // "movie/603" → the item as TMDB lists carry it
}

func newFakeTMDB(t testing.TB) *fakeTMDB {
	t.Helper()
	f := &fakeTMDB{hits: map[string]int{}, limited: map[string]int{}, retryAfter: "0", items: map[string]map[string]any{}}
	for _, name := range []string{"search_movie_matrix", "search_tv_breaking", "trending_movie_week", "trending_tv_week"} {
		var page struct{ Results []map[string]any }
		if err := json.Unmarshal(fixture(t, name), &page); err != nil {
			t.Fatal(err)
		}
		kind := "movie"
		if strings.Contains(name, "_tv_") {
			kind = "tv"
		}
		for _, it := range page.Results {
			f.items[fmt.Sprintf("%s/%d", kind, int(it["id"].(float64)))] = it
		}
	}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "tmdb", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fakeTMDB) count(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hits[path]
}

func (f *fakeTMDB) limit(path string, times int, retryAfter string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.limited[path], f.retryAfter = times, retryAfter
}

var (
	detailsPath = regexp.MustCompile(`^/(movie|tv)/(\d+)$`)
	seasonPath  = regexp.MustCompile(`^/tv/(\d+)/season/(\d+)$`)
	findPath    = regexp.MustCompile(`^/find/(\w+)$`)
)

func (f *fakeTMDB) serve(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/3")
	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	bearer := r.Header.Get("Authorization") == "Bearer "+fakeToken && r.URL.Query().Get("api_key") == ""
	if r.URL.Query().Get("api_key") != fakeKey && !bearer {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"success":false,"status_code":7,"status_message":"Invalid API key: You must be granted a valid key."}`)
		return
	}
	f.mu.Lock()
	f.hits[path]++
	f.sawBearer = f.sawBearer || bearer
	limited := f.limited[path] > 0
	if limited {
		f.limited[path]--
		w.Header().Set("Retry-After", f.retryAfter)
	}
	f.mu.Unlock()
	if limited {
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"success":false,"status_code":25,"status_message":"Your request count (41) is over the allowed limit of (40)."}`)
		return
	}
	query := strings.ToLower(r.URL.Query().Get("query"))
	switch {
	case path == "/search/movie" && strings.Contains(query, "matrix"):
		f.file(w, "search_movie_matrix")
	case path == "/search/tv" && strings.Contains(query, "breaking"):
		f.file(w, "search_tv_breaking")
	case path == "/search/movie" || path == "/search/tv":
		fmt.Fprint(w, `{"page":1,"results":[],"total_pages":1,"total_results":0}`)
	case path == "/trending/movie/week":
		f.file(w, "trending_movie_week")
	case path == "/trending/tv/week":
		f.file(w, "trending_tv_week")
	case findPath.MatchString(path):
		m := findPath.FindStringSubmatch(path)
		if _, err := os.Stat(filepath.Join("testdata", "tmdb", "find_"+m[1]+"_"+r.URL.Query().Get("external_source")+".json")); err != nil {
			fmt.Fprint(w, `{"movie_results":[],"person_results":[],"tv_results":[],"tv_episode_results":[],"tv_season_results":[]}`)
			return
		}
		f.file(w, "find_"+m[1]+"_"+r.URL.Query().Get("external_source"))
	case seasonPath.MatchString(path):
		m := seasonPath.FindStringSubmatch(path)
		f.file(w, "tv_"+m[1]+"_season_"+m[2])
	case detailsPath.MatchString(path):
		m := detailsPath.FindStringSubmatch(path)
		if _, err := os.Stat(filepath.Join("testdata", "tmdb", m[1]+"_"+m[2]+".json")); err == nil {
			f.file(w, m[1]+"_"+m[2])
		} else if it, ok := f.items[m[1]+"/"+m[2]]; ok {
			_ = json.NewEncoder(w).Encode(synthesizedDetails(m[1], it))
		} else {
			notFound(w)
		}
	default:
		notFound(w)
	}
}

func (f *fakeTMDB) file(w http.ResponseWriter, name string) {
	b, err := os.ReadFile(filepath.Join("testdata", "tmdb", name+".json"))
	if err != nil {
		notFound(w)
		return
	}
	_, _ = w.Write(b)
}

func notFound(w http.ResponseWriter) {
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}`)
}

// synthesizedDetails builds a details answer for a listed title without a fixture of
// its own: the list item plus the fields only details carry.
func synthesizedDetails(kind string, item map[string]any) map[string]any {
	d := map[string]any{}
	for k, v := range item {
		d[k] = v
	}
	id := int(item["id"].(float64))
	d["genres"] = []map[string]any{{"id": 18, "name": "Drama"}}
	if kind == "movie" {
		d["runtime"] = 90 + id%60
		d["production_countries"] = []map[string]string{{"iso_3166_1": "US", "name": "United States of America"}}
	} else {
		n := 1 + id%4
		d["number_of_seasons"] = n
		d["episode_run_time"] = []int{50}
		var seasons []map[string]any
		for i := 1; i <= n; i++ {
			seasons = append(seasons, map[string]any{"season_number": i, "episode_count": 8, "name": "Season " + strconv.Itoa(i), "air_date": nil})
		}
		d["seasons"] = seasons
	}
	return d
}

// withTMDB points the catalog of apps created afterwards at the fake with key.
func withTMDB(t *testing.T, f *fakeTMDB, key string) {
	t.Setenv(catalog.EnvTMDBKey, key)
	t.Setenv(catalog.EnvTMDBBase, f.URL+"/3")
}

// withoutTMDB makes sure apps created afterwards use the embedded catalog alone.
func withoutTMDB(t *testing.T) {
	t.Setenv(catalog.EnvTMDBKey, "")
	t.Setenv(catalog.EnvTMDBBase, "http://127.0.0.1:1/unused")
}

// step is one request of a sequence served by the same app, for behaviour that spans
// requests (caches). A TestApp serves only once through tests.ApiScenario (PocketBase
// binds its UI routes on every apis.NewRouter), so a sequence shares one router.
type step struct {
	name     string
	url      string
	status   int
	contains []string
	excludes []string
	before   func(t testing.TB, app *tests.TestApp)
	after    func(t testing.TB, app *tests.TestApp, res *http.Response)
}

// runSteps serves steps in order through one router over app.
func runSteps(t *testing.T, app *tests.TestApp, steps []step) {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	var mux http.Handler
	err = app.OnServe().Trigger(&core.ServeEvent{App: app, Router: router}, func(e *core.ServeEvent) error {
		mux, err = e.Router.BuildMux()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.before != nil {
				s.before(t, app)
			}
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, s.url, nil))
			body := rec.Body.String()
			want := s.status
			if want == 0 {
				want = http.StatusOK
			}
			if rec.Code != want {
				t.Fatalf("status %d, want %d: %s", rec.Code, want, body)
			}
			for _, c := range s.contains {
				if !strings.Contains(body, c) {
					t.Fatalf("no %s in %s", c, body)
				}
			}
			for _, c := range s.excludes {
				if strings.Contains(body, c) {
					t.Fatalf("unexpected %s in %s", c, body)
				}
			}
			if s.after != nil {
				res := rec.Result()
				s.after(t, app, res)
			}
		})
	}
}

// header checks one response header.
func header(name, want string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		t.Helper()
		if got := res.Header.Get(name); got != want {
			t.Fatalf("%s = %q, want %q", name, got, want)
		}
	}
}

// seed returns a factory setup that writes titles into the catalog.
func seed(titles ...catalog.Title) func(t testing.TB, app *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		t.Helper()
		if err := catalog.SaveTitles(app, titles...); err != nil {
			t.Fatal(err)
		}
	}
}
