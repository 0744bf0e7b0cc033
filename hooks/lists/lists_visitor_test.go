package lists_test

import (
	"testing"

	"cinecircle/hooks/lists"

	"github.com/pocketbase/pocketbase/core"
)

// TestVisitorRule: a signed-out visitor reads the public lists of a member who chose a
// public profile, and nothing else: not their followers-only, private or hidden lists,
// nothing of a member who is not public (or has no handle yet), nothing of a suspended
// one. CanView (one list) and the Lists query (many at once) agree.
func TestVisitorRule(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ids := map[string]string{}
	for _, vis := range []string{"public", "followers", "private"} {
		ids[vis] = w.newList(t, "Ana", `{"name":"Ana's `+vis+` list","visibility":"`+vis+`"}`)
	}
	ids["hidden"] = w.newList(t, "Ana", `{"name":"Reported","visibility":"public"}`)
	hidden := record(t, w.app, "lists", ids["hidden"])
	hidden.Set("hidden", true)
	if err := w.app.Save(hidden); err != nil {
		t.Fatal(err)
	}
	states := []struct {
		name   string
		change func(ana *core.Record)
		reads  map[string]bool
	}{
		{"not public", func(ana *core.Record) {}, map[string]bool{}},
		{"public without a handle", func(ana *core.Record) { ana.Set("public", true) }, map[string]bool{}},
		{"public", func(ana *core.Record) { ana.Set("handle", "ana_lists") }, map[string]bool{"public": true}},
		{"public and suspended", func(ana *core.Record) { ana.Set("suspended", true) }, map[string]bool{}},
	}
	for _, s := range states { // each state builds on the one before
		ana := record(t, w.app, "users", w.ids["Ana"])
		s.change(ana)
		if err := w.app.Save(ana); err != nil {
			t.Fatal(s.name, err)
		}
		onProfile := map[string]bool{}
		got, err := lists.MemberLists(w.app, "", w.ids["Ana"], 50, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range got {
			onProfile[l.Id] = true
		}
		for vis, id := range ids {
			ok, err := lists.CanView(w.app, "", record(t, w.app, "lists", id))
			if err != nil || ok != s.reads[vis] {
				t.Errorf("%s owner, %s list: a visitor reads it %v (%v), want %v", s.name, vis, ok, err, s.reads[vis])
			}
			if onProfile[id] != s.reads[vis] {
				t.Errorf("%s owner, %s list: in the visitor's Lists %v, want %v", s.name, vis, onProfile[id], s.reads[vis])
			}
		}
	}
	// a member still reads by their own role, whatever the owner's public setting
	if ok, _ := lists.CanView(w.app, w.ids["Bea"], record(t, w.app, "lists", ids["followers"])); ok {
		t.Error("a follower reads the followers-only list of a suspended owner")
	}
}
