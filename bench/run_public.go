package bench

import (
	"net/http"

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

// publicWorkloads measures the public pages; n is the serial request count.
func (f *fixture) publicWorkloads(app core.App, n int, progress func(Stat)) []Stat {
	if checkBigList(app) != nil {
		return nil // a data set without the big list has no public member
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
	return out
}
