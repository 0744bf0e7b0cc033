package bench

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The public page workloads (issue #21): what a signed-out visitor's browser asks for when
// it opens a member's public profile or public list: the page (index.html with the head
// filled in on the server), then the data the app shows on it. The member is BigList's
// owner (the first, busiest member), made public with handle PublicHandle on the bench's
// copy of the data before the server starts (seeded members' records are written in bulk,
// so the settings route would not save them).

// PublicHandle is the handle the run gives BigList's owner.
const PublicHandle = "bench_public"

// Names of the public workloads, as RESULTS.md lists them and its targets find them.
const (
	wlPublicProfile = "public profile, signed out (page + its data)"
	wlPublicPage    = "public profile page alone, signed out (HTML)"
	wlPublicList    = "public list, signed out (page + first 100 of 1,000 items)"
	// wlPublicChanged is wlPublicProfile when the member changed what it shows just before
	// each visit: nothing kept from the visit before can answer (hooks/memo).
	wlPublicChanged = "public profile, signed out, changed before each visit (page + its data)"
)

// makePublic gives BigList's owner in the data dir a public profile with PublicHandle (a
// data set without lists has no such owner: nothing changes).
func makePublic(dir string) error {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ClearBootstrap()
	_, err := app.DB().NewQuery(`UPDATE users SET public = TRUE, handle = {:handle}
		WHERE id = (SELECT owner FROM lists WHERE id = {:list})`).
		Bind(dbx.Params{"handle": PublicHandle, "list": BigList}).Execute()
	return err
}

// publicWorkloads measures the public pages; n is the serial request count. The member
// signs in with password to change their favourites between visits for wlPublicChanged.
func (f *fixture) publicWorkloads(app core.App, n int, password string, progress func(Stat)) ([]Stat, error) {
	if checkBigList(app) != nil {
		return nil, nil // a data set without the big list has no public member
	}
	var out []Stat
	add := func(s Stat) { out = append(out, s); progress(s) }
	var visitor member // no session: signed out
	get := func(paths ...string) func(w, i int) error {
		return func(w, i int) error {
			for _, p := range paths {
				if err := f.c.do(visitor, http.MethodGet, p, nil, nil); err != nil {
					return err
				}
			}
			return nil
		}
	}
	profile := "/u/" + PublicHandle
	list := profile + "/list/" + BigList
	add(f.measure(wlPublicPage, 1, n, get(profile)))
	add(f.measure(wlPublicProfile, 1, n, get(profile, "/api/public/users/"+PublicHandle)))
	add(f.measure(wlPublicProfile, 8, 4*n, get(profile, "/api/public/users/"+PublicHandle)))
	add(f.measure(wlPublicList, 1, n, get(list, "/api/public/users/"+PublicHandle+"/lists/"+BigList)))

	owner, err := f.c.login(fmt.Sprintf("member%d@bench.example.com", BigListOwner), password)
	if err != nil {
		return out, err
	}
	var films []int
	if err := app.DB().NewQuery(`SELECT tmdbId FROM movies ORDER BY tmdbId LIMIT 8`).Column(&films); err != nil || len(films) < 8 {
		return out, fmt.Errorf("eight films for favourites: %v (%d found)", err, len(films))
	}
	change := func(i int) error {
		favs := films[:4]
		if i%2 == 1 {
			favs = films[4:]
		}
		return f.c.do(owner, http.MethodPut, "/api/user/favorites", map[string]any{"movieIds": favs}, nil)
	}
	add(f.measureAfter(wlPublicChanged, n, change, get(profile, "/api/public/users/"+PublicHandle)))
	return out, nil
}

// measureAfter is a serial workload whose calls each follow an untimed change: only op's
// round trip and its answers' server time are measured. A failed change counts as an
// error of its call, which is then skipped.
func (f *fixture) measureAfter(name string, n int, change func(i int) error, op func(w, i int) error) Stat {
	s := Stat{Name: name, Conc: 1, N: n}
	samples, server := make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	var busy time.Duration
	fail := func(err error) {
		s.Errors++
		if s.FirstErr == "" {
			s.FirstErr = err.Error()
		}
	}
	for i := range n {
		if err := change(i); err != nil {
			fail(err)
			continue
		}
		before, t := f.c.server.Load(), time.Now()
		err := op(0, i)
		d := time.Since(t)
		samples, busy = append(samples, d), busy+d
		server = append(server, time.Duration(f.c.server.Load()-before))
		if err != nil {
			fail(err)
		}
	}
	summarize(&s, samples, busy)
	slices.Sort(server)
	s.ServerP50, s.ServerP99 = percentile(server, 0.50), percentile(server, 0.99)
	return s
}
