package reliability

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// upgradeFrom is the build of main whose data dir the current binary must serve: main
// as of issue #24. Move it forward only to a commit whose data dir the upgrade test has
// proven; a data dir written by any older build must keep working.
const upgradeFrom = "5a043bbb3fd58fbb0383b74dc468e5f6675701bc"

// oldBinary builds cinecircle at commit (from `git archive`, so it works in any clone with
// the history) once, and keeps it in .cache/upgrade/COMMIT/ at the repository root
// (gitignored) so later runs start at once.
func oldBinary(t *testing.T, commit string) string {
	t.Helper()
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("the upgrade test builds an older commit with git: %v", err)
	}
	top := strings.TrimSpace(string(root))
	bin := filepath.Join(top, ".cache", "upgrade", commit, "cinecircle")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	src := t.TempDir()
	archive := exec.Command("git", "archive", "--format=tar", commit)
	archive.Dir = top // from a subdirectory, git archive would take only that subdirectory
	untar := exec.Command("tar", "-x", "-C", src)
	untar.Stdin, _ = archive.StdoutPipe()
	var errs bytes.Buffer
	archive.Stderr, untar.Stderr = &errs, &errs
	if err := untar.Start(); err != nil {
		t.Fatal(err)
	}
	if err := archive.Run(); err != nil {
		t.Fatalf("git archive %s: %v\n%s\n(a shallow clone lacks it: git fetch --unshallow)", commit, err, errs.String())
	}
	if err := untar.Wait(); err != nil {
		t.Fatalf("untar %s: %v\n%s", commit, err, errs.String())
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	tmp := bin + fmt.Sprintf(".%d", os.Getpid())
	build := exec.Command("go", "build", "-trimpath", "-o", tmp, ".")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", commit, err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("built cinecircle at %s in %s (cached in %s)", commit[:7], time.Since(began).Round(time.Second), filepath.Dir(bin))
	return bin
}

// upgradeReads are the reads whose answers must be the same after an upgrade, per member
// ({me} and {other} are member ids): the diary, posts and their comments, follows,
// collaborations, challenges, imports, notifications, settings, and the full export.
var upgradeReads = []string{
	"/api/user/movies", "/api/user/tv-shows", "/api/user/stats", "/api/users/{other}/profile", "/api/users/{me}/diary",
	"/api/feed?limit=50&page=1", "/api/notifications", "/api/notifications/unread-count", "/api/user/notification-settings",
	"/api/user/challenges", "/api/user/achievements", "/api/user/rankings", "/api/imports", "/api/recommendations",
	"/api/movies/{movie}/friend-ratings", "/api/movies/{movie}/ratings", "/api/export",
}

// TestUpgradeKeepsEveryRecord fills a data dir with the build at upgradeFrom (members,
// diaries with reviews, posts, comments, likes, follows, a collaboration, challenges, an
// import, push subscriptions, member and server settings), reads it all back through that
// build's API, then serves the same data dir with the current binary: migrations apply,
// and every read answers as before (new fields may be added; nothing may change or go).
//
// Every future migration is held to this: a data dir written by an older build keeps
// working. A migration for a new collection adds its rows to the fixture below.
func TestUpgradeKeepsEveryRecord(t *testing.T) {
	old := oldBinary(t, upgradeFrom)
	dir := t.TempDir()
	current := binary
	binary = old // the helpers run the binary named here
	t.Cleanup(func() { binary = current })
	createSuperuser(t, dir)
	srv := startServer(t, dir)
	su := superuserClient(t, srv.base)
	disableRateLimits(t, su)
	su.must(t, http.MethodPatch, "/api/settings", map[string]any{"backups": map[string]any{"cron": "15 4 * * *", "cronMaxKeep": 4}}, nil)
	members := fillForUpgrade(t, srv)
	before := readAll(t, srv, members, su)
	srv.stop(t)
	// The fixture holds what it claims: each of these reads has something to compare.
	for _, key := range []string{"member 0 GET /api/user/movies", "member 0 GET /api/feed?limit=50&page=1",
		"member 0 GET /api/notifications", "member 0 GET /api/user/challenges", "member 1 GET /api/imports",
		"member 1 GET /api/user/movies", "member 0 GET /api/movies/" + fmt.Sprint(firstMovieID+2) + "/friend-ratings", "push subscriptions"} {
		if reflect.ValueOf(before[key]).Len() == 0 {
			t.Errorf("the old build's data dir has nothing for %s", key)
		}
	}

	binary = current
	srv = startServer(t, dir)
	for _, m := range members {
		m.base = srv.base
	}
	su = superuserClient(t, srv.base)
	after := readAll(t, srv, members, su)
	for key, was := range before {
		if !contains(was, after[key]) && !grewBy(key, was, after[key]) {
			t.Errorf("%s changed on upgrade:\nbefore %s\nafter  %s", key, compact(was), compact(after[key]))
		}
	}
	t.Logf("%d reads answered as before the upgrade", len(before))
	// And the upgraded server takes writes on the old data.
	members[0].must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": firstMovieID + 7, "status": "watched", "rating": 6}, nil)

	// Ana's watches with Bea were logged by the old build, when watchedWith was a relation
	// PocketBase's cascade emptied; they still forget Bea when she leaves: Ana's export
	// names her nowhere.
	ana, bea := members[0], members[1]
	export := func() string {
		b, _ := json.Marshal(read(t, ana, "/api/export"))
		return string(b)
	}
	if !strings.Contains(export(), bea.ID) {
		t.Fatal("Ana's export does not name Bea, who watched with her")
	}
	bea.must(t, http.MethodDelete, "/api/user", map[string]any{"password": "reliable-password"}, nil)
	if after := export(); strings.Contains(after, bea.ID) {
		i := strings.Index(after, bea.ID)
		t.Errorf("Ana's export still names Bea, who left: …%s…", after[max(0, i-300):min(len(after), i+100)])
	}
}

// fillForUpgrade writes one of everything a member can make, through the API.
func fillForUpgrade(t *testing.T, srv *server) []*client {
	t.Helper()
	ana := signUp(t, srv.base, "ana.upgrade@example.com", "Ana")
	bea := signUp(t, srv.base, "bea.upgrade@example.com", "Bea")
	ana.must(t, http.MethodPost, "/api/follow", map[string]any{"userId": bea.ID}, nil)
	bea.must(t, http.MethodPost, "/api/follow", map[string]any{"userId": ana.ID}, nil)
	var challenges []struct {
		ID string `json:"id"`
	}
	ana.must(t, http.MethodGet, "/api/challenges/available", nil, &challenges)
	for _, c := range challenges {
		ana.must(t, http.MethodPost, "/api/challenges/"+c.ID+"/join", nil, nil)
	}
	var entry struct {
		ActivityID string `json:"activityId"`
	}
	ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": firstMovieID, "status": "watched", "rating": 8.5,
		"review": "Worth the upgrade."}, &entry)
	ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": firstMovieID + 1, "status": "plan_to_watch"}, nil)
	for _, movie := range []int{firstMovieID + 2, firstMovieID + 3} { // watched together with Bea
		ana.must(t, http.MethodPost, "/api/user/movies", map[string]any{"movieId": movie, "status": "watched", "rating": 7,
			"watchedWith": []string{bea.ID}}, nil)
	}
	// Bea rates the first (revealed); the second awaits her rating.
	bea.must(t, http.MethodPost, "/api/user-movies", map[string]any{"tmdbId": firstMovieID + 2, "rating": 9, "review": "Better together"}, nil)
	var comment struct {
		ID string `json:"id"`
	}
	bea.must(t, http.MethodPost, "/api/activities/"+entry.ActivityID+"/like", nil, nil)
	bea.must(t, http.MethodPost, "/api/activities/"+entry.ActivityID+"/comments", map[string]any{"content": "Agreed 🎬"}, &comment)
	ana.must(t, http.MethodPost, "/api/activities/"+entry.ActivityID+"/comments", map[string]any{"content": "Thanks!", "parentCommentId": comment.ID}, nil)
	ana.must(t, http.MethodPost, "/api/comments/"+comment.ID+"/like", nil, nil)
	bea.must(t, http.MethodPatch, "/api/user/notification-settings", map[string]any{"newPosts": false}, nil)
	subscribePush(t, bea, "https://push.example.test/bea/1")
	importLetterboxd(t, bea)
	return []*client{ana, bea}
}

// importLetterboxd uploads a Letterboxd export and waits for the import to finish.
func importLetterboxd(t *testing.T, c *client) {
	t.Helper()
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	w, _ := zw.Create("letterboxd-export/diary.csv")
	_, _ = io.WriteString(w, "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"+
		"2024-06-02,The Matrix,1999,https://boxd.it/a2,5,Yes,,2024-06-01\n"+
		"2024-03-09,A Film Nobody Made,2019,https://boxd.it/a5,3,,,2024-03-08\n")
	_ = zw.Close()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("file", "letterboxd.zip")
	_, _ = part.Write(zipped.Bytes())
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/api/import/letterboxd", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode/100 != 2 {
		t.Fatalf("import: %d %s", res.StatusCode, b)
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		var imports []struct {
			Status string `json:"status"`
		}
		c.must(t, http.MethodGet, "/api/imports", nil, &imports)
		if len(imports) > 0 && imports[0].Status != "running" && imports[0].Status != "queued" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the import did not finish: %+v", imports)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// readAll answers every upgrade read for every member, plus the server settings and the
// push subscriptions (dashboard API), by a key naming the member and the path.
func readAll(t *testing.T, srv *server, members []*client, su *client) map[string]any {
	t.Helper()
	out := map[string]any{}
	for i, m := range members {
		other := members[(i+1)%len(members)]
		for _, path := range upgradeReads {
			p := strings.NewReplacer("{me}", m.ID, "{other}", other.ID, "{movie}", fmt.Sprint(firstMovieID+2)).Replace(path)
			out[fmt.Sprintf("member %d GET %s", i, p)] = withoutVolatile(read(t, m, p))
		}
	}
	var settings, subs any
	su.must(t, http.MethodGet, "/api/settings", nil, &settings)
	su.must(t, http.MethodGet, "/api/collections/push_subscriptions/records?sort=created", nil, &subs)
	out["settings"] = settings
	out["push subscriptions"] = subs
	return out
}

// read GETs path and decodes the answer: JSON, or a ZIP (the export) as its files, each
// decoded when it is JSON.
func read(t *testing.T, c *client, path string) any {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.base+path, nil)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
	}
	if zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b))); err == nil {
		files := map[string]any{}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			content, _ := io.ReadAll(rc)
			rc.Close()
			var v any
			if json.Unmarshal(content, &v) != nil {
				v = string(content)
			}
			files[f.Name] = withoutVolatile(v)
		}
		return files
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return v
}

// withoutVolatile drops what changes between two reads of the same data: the export's
// own timestamp.
func withoutVolatile(v any) any {
	if m, ok := v.(map[string]any); ok {
		delete(m, "exportedAt")
	}
	return v
}

// contains reports whether now holds everything was held: the same scalars, lists of the
// same length holding what they held, and every key of an object (new keys may appear).
// growingReads are the reads whose lists are catalogues a release may add to (the
// achievements every member can earn), by the field naming an item: each item from
// before must still be there, unchanged, and new ones may join anywhere.
var growingReads = map[string]string{"/api/user/achievements": "code"}

// grewBy reports whether a growing read's list kept every item it had.
func grewBy(key string, was, now any) bool {
	field := ""
	for path, f := range growingReads {
		if strings.HasSuffix(key, " GET "+path) {
			field = f
		}
	}
	w, okW := was.([]any)
	n, okN := now.([]any)
	if field == "" || !okW || !okN {
		return false
	}
	byID := map[any]any{}
	for _, item := range n {
		if m, ok := item.(map[string]any); ok {
			byID[m[field]] = m
		}
	}
	for _, item := range w {
		m, ok := item.(map[string]any)
		if !ok || !contains(m, byID[m[field]]) {
			return false
		}
	}
	return true
}

func contains(was, now any) bool {
	switch w := was.(type) {
	case map[string]any:
		n, ok := now.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range w {
			if nv, ok := n[k]; !ok || !contains(v, nv) {
				return false
			}
		}
		return true
	case []any:
		n, ok := now.([]any)
		if !ok || len(n) != len(w) {
			return false
		}
		for i := range w {
			if !contains(w[i], n[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(was, now)
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// TestContains: the upgrade comparison lets fields be added and nothing else change.
func TestContains(t *testing.T) {
	var was any
	_ = json.Unmarshal([]byte(`{"a":1,"list":[{"id":"x","n":2}]}`), &was)
	for _, tc := range []struct {
		now  string
		want bool
	}{
		{`{"a":1,"list":[{"id":"x","n":2}]}`, true},
		{`{"a":1,"b":"new","list":[{"id":"x","n":2,"extra":true}]}`, true},
		{`{"a":2,"list":[{"id":"x","n":2}]}`, false},
		{`{"list":[{"id":"x","n":2}]}`, false},
		{`{"a":1,"list":[]}`, false},
		{`{"a":1,"list":[{"id":"x","n":2},{"id":"y"}]}`, false},
	} {
		var now any
		_ = json.Unmarshal([]byte(tc.now), &now)
		if got := contains(was, now); got != tc.want {
			t.Errorf("contains(%s) = %v, want %v", tc.now, got, tc.want)
		}
	}
}
