package tv_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/tv"

	goical "github.com/emersion/go-ical"
)

// fixtureToday is the day the TMDB fixtures were written for (Severance season 2 airs
// weekly from three days before it); the fake moves every date so it falls on today.
var fixtureToday = time.Date(2025, 1, 20, 0, 0, 0, 0, time.UTC)

// fakeTMDB serves testdata/tmdb at TMDB's v3 paths (the real client runs against it),
// with every YYYY-MM-DD date moved by the days between fixtureToday and today.
func fakeTMDB(t *testing.T) *httptest.Server {
	t.Helper()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	shift := int(today.Sub(fixtureToday).Hours() / 24)
	dates := regexp.MustCompile(`"(\d{4}-\d{2}-\d{2})"`)
	paths := map[*regexp.Regexp]string{
		regexp.MustCompile(`^/3/tv/(\d+)$`):              "tv_%s",
		regexp.MustCompile(`^/3/tv/(\d+)/season/(\d+)$`): "tv_%s_season_%s",
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json;charset=utf-8")
		if r.URL.Query().Get("api_key") != "tv-test-key" {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"success":false,"status_code":7,"status_message":"Invalid API key: You must be granted a valid key."}`)
			return
		}
		for re, name := range paths {
			if m := re.FindStringSubmatch(r.URL.Path); m != nil {
				args := make([]any, len(m)-1)
				for i := range args {
					args[i] = m[i+1]
				}
				b, err := os.ReadFile(filepath.Join("testdata", "tmdb", fmt.Sprintf(name, args...)+".json"))
				if err != nil {
					break
				}
				_, _ = w.Write(dates.ReplaceAllFunc(b, func(d []byte) []byte {
					at, _ := time.Parse(time.DateOnly, string(d[1:11]))
					return []byte(`"` + at.AddDate(0, 0, shift).Format(time.DateOnly) + `"`)
				}))
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestCalendarAndFeed: with TMDB, the calendar lists the episodes of the member's shows
// airing from a week ago to 30 days ahead, and the private feed carries the same episodes
// as an RFC 5545 calendar that a real iCalendar parser reads; rotating and revoking the
// token end the old address.
func TestCalendarAndFeed(t *testing.T) {
	tmdb := fakeTMDB(t)
	t.Setenv(catalog.EnvTMDBKey, "tv-test-key")
	t.Setenv(catalog.EnvTMDBBase, tmdb.URL+"/3")
	w := newWorld(t)
	w.ok(t, "Ana", "POST", "/api/user/tv-shows", fmt.Sprintf(`{"tvShowId":%d,"status":"plan_to_watch"}`, severance), nil)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"upTo":{"season":2,"episode":1}}`, nil)

	var cal tv.CalendarJSON
	w.ok(t, "Ana", "GET", "/api/user/calendar?days=30&tz=Pacific/Kiritimati", "", &cal)
	if cal.Provider != "tmdb" || len(cal.Episodes) != 5 {
		t.Fatalf("calendar: %+v", cal)
	}
	first := cal.Episodes[0]
	if first.Season != 2 || first.Episode != 1 || first.Name != "Hello, Ms. Cobel" || !first.Watched || first.Show.ID != severance ||
		cal.Episodes[1].Watched || cal.Episodes[1].AirDate <= first.AirDate {
		t.Errorf("calendar episodes: %+v", cal.Episodes)
	}
	var p tv.ProgressJSON
	w.ok(t, "Ana", "GET", fmt.Sprintf("/api/tv-shows/%d/progress", severance), "", &p)
	if p.Next == nil || p.Next.Name != "Goodbye, Mrs. Selvig" || p.Next.AirDate == "" || p.Seasons[1].Episodes[2].Name != "Who Is Alive?" {
		t.Errorf("progress with TMDB names: %+v", p.Next)
	}
	var up []tv.UpNextItem
	w.ok(t, "Ana", "GET", "/api/user/up-next", "", &up)
	if len(up) != 1 || up[0].Next.Name != "Goodbye, Mrs. Selvig" || up[0].Next.AirDate != cal.Episodes[1].AirDate {
		t.Errorf("up next with the next air date: %+v", up)
	}
	for _, bad := range []string{"days=0", "days=91", "days=-3", "days=1.5", "days=abc", "days=99999999999999999999", "tz=Mars/Olympus"} {
		if status, data := w.call(t, "Ana", "GET", "/api/user/calendar?"+bad, ""); status != http.StatusBadRequest || !bytes.Contains(data, []byte(`"`+strings.Split(bad, "=")[0]+`"`)) {
			t.Errorf("?%s: %d %s", bad, status, data)
		}
	}

	var feed tv.FeedJSON
	w.ok(t, "Ana", "GET", "/api/user/calendar-feed", "", &feed)
	if feed.Path != nil {
		t.Fatalf("a feed before asking for one: %v", *feed.Path)
	}
	w.ok(t, "Ana", "POST", "/api/user/calendar-feed", "", &feed)
	if feed.Path == nil || !strings.HasSuffix(*feed.Path, ".ics") {
		t.Fatalf("feed: %+v", feed)
	}
	res, err := http.Get(w.srv.URL + *feed.Path) // no session: calendar apps have none
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed answer: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	body, _ := io.ReadAll(res.Body)
	for i, line := range strings.SplitAfter(strings.TrimSuffix(string(body), "\r\n"), "\r\n") {
		if strings.Contains(strings.TrimSuffix(line, "\r\n"), "\n") || len(strings.TrimSuffix(line, "\r\n")) > 75 {
			t.Fatalf("line %d is not a CRLF-ended line of at most 75 octets: %q", i+1, line)
		}
	}
	parsed, err := goical.NewDecoder(bytes.NewReader(body)).Decode()
	if err != nil {
		t.Fatalf("the feed is not valid iCalendar: %v", err)
	}
	if v, _ := parsed.Props.Text(goical.PropVersion); v != "2.0" {
		t.Errorf("VERSION %q", v)
	}
	if id, _ := parsed.Props.Text(goical.PropProductID); id == "" {
		t.Errorf("no PRODID")
	}
	events := parsed.Events()
	if len(events) != len(cal.Episodes) {
		t.Fatalf("%d events, want %d", len(events), len(cal.Episodes))
	}
	uids := map[string]bool{}
	for i, ev := range events {
		uid, _ := ev.Props.Text(goical.PropUID)
		summary, _ := ev.Props.Text(goical.PropSummary)
		start := ev.Props.Get(goical.PropDateTimeStart)
		if uids[uid] || uid == "" || start == nil || start.ValueType() != goical.ValueDate || start.Value != strings.ReplaceAll(cal.Episodes[i].AirDate, "-", "") {
			t.Errorf("event %d: uid %q start %+v", i, uid, start)
		}
		if _, err := ev.DateTimeStart(time.UTC); err != nil {
			t.Errorf("event %d start: %v", i, err)
		}
		if want := fmt.Sprintf("Severance S2E%d · %s", cal.Episodes[i].Episode, cal.Episodes[i].Name); summary != want {
			t.Errorf("event %d summary %q, want %q", i, summary, want)
		}
		uids[uid] = true
	}

	old := *feed.Path
	w.ok(t, "Ana", "POST", "/api/user/calendar-feed", "", &feed)
	if status, _ := w.call(t, "", "GET", old, ""); status != http.StatusNotFound {
		t.Errorf("a rotated-out address: %d, want 404", status)
	}
	if status, _ := w.call(t, "", "GET", *feed.Path, ""); status != http.StatusOK {
		t.Errorf("the new address: %d", status)
	}
	if status, _ := w.call(t, "Ana", "DELETE", "/api/user/calendar-feed", ""); status != http.StatusNoContent {
		t.Errorf("revoke: %d", status)
	}
	for _, path := range []string{*feed.Path, "/api/calendar/nosuchtoken.ics", "/api/calendar/" + strings.Repeat("a", 40) + ".ics"} {
		if status, _ := w.call(t, "", "GET", path, ""); status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, status)
		}
	}

	// The refresh job keeps the cache: a second run writes the unsettled seasons again.
	if n, err := tv.RefreshTracked(t.Context(), w.app); err != nil || n < 10 {
		t.Errorf("refresh: %d episodes, %v", n, err)
	}
}

// TestCalendarWithoutTMDB: the embedded catalog has no air dates; the calendar says so.
func TestCalendarWithoutTMDB(t *testing.T) {
	t.Setenv(catalog.EnvTMDBKey, "")
	t.Setenv(catalog.EnvTMDBBase, "http://127.0.0.1:1/unused")
	w := newWorld(t)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"season":1,"episode":1}`, nil)
	var cal tv.CalendarJSON
	w.ok(t, "Ana", "GET", "/api/user/calendar", "", &cal)
	if cal.Provider != "embedded" || len(cal.Episodes) != 0 || cal.From == "" {
		t.Errorf("calendar without TMDB: %+v", cal)
	}
}

// TestProgressFillsEpisodesOnFirstVisit: with TMDB, a show's progress names its episodes
// on the first visit (the cache is filled then, not at the next cron run), and Up Next
// names the next episode of a show marked before its episodes were ever fetched.
func TestProgressFillsEpisodesOnFirstVisit(t *testing.T) {
	tmdb := fakeTMDB(t)
	t.Setenv(catalog.EnvTMDBKey, "tv-test-key")
	t.Setenv(catalog.EnvTMDBBase, tmdb.URL+"/3")
	w := newWorld(t)
	var p tv.ProgressJSON
	w.ok(t, "Bea", "GET", fmt.Sprintf("/api/tv-shows/%d/progress", severance), "", &p)
	if p.Next == nil || p.Next.Name != "Good News About Hell" || p.Seasons[0].Episodes[1].Name != "Half Loop" {
		t.Fatalf("progress on the first visit: %+v", p.Next)
	}
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", severance), `{"season":1}`, nil)
	if _, err := w.app.DB().NewQuery(`DELETE FROM tv_episodes`).Execute(); err != nil {
		t.Fatal(err)
	}
	var up []tv.UpNextItem
	w.ok(t, "Ana", "GET", "/api/user/up-next", "", &up)
	if len(up) != 1 || up[0].Next.Name != "Hello, Ms. Cobel" || up[0].Next.AirDate == "" {
		t.Fatalf("up next: %+v", up)
	}
}
