package bench

import (
	"fmt"
	"math/rand/v2"

	"cinecircle/hooks/lists"

	"github.com/pocketbase/pocketbase/core"
)

// BigList is the id of the seeded list of BigListItems titles the list workloads read
// and reorder: public, owned by member BigListOwner (member0@bench.example.com), its
// items the first BigListItems list items (i00000000000000 …).
var BigList = id('p', 0)

// BigListOwner is the member who owns BigList.
const BigListOwner = 0

// BigListItems is the length of BigList (issue #20's target: a 1,000-item list).
const BigListItems = 1000

// seedLists inserts s.Lists lists by random members (a third followers-only, a tenth
// private) holding s.ListItems titles between them, each list a run of distinct catalog
// titles, ranks spaced lists.RankGap apart; list 0 is BigList.
func seedLists(tx core.App, s Sizes, rng *rand.Rand, movies []string, when func() string) (int, error) {
	if s.Lists == 0 {
		return 0, nil
	}
	type list struct {
		owner, count, start int
	}
	all := make([]list, s.Lists)
	perList := max(1, s.ListItems/s.Lists)
	total := 0
	for i := range all {
		n := 1 + rng.IntN(2*perList)
		if i == 0 {
			n = BigListItems
		}
		all[i] = list{owner: zipfUser(rng, s.Users), count: min(n, len(movies)), start: rng.IntN(len(movies))}
		total += all[i].count
	}
	all[0].owner = BigListOwner
	n, err := insertMany(tx, "lists", []string{"id", "owner", "name", "description", "ranked", "visibility", "itemCount", "updatedBy", "created", "updated"}, len(all), func(i int) []any {
		vis := lists.Public
		switch {
		case i == 0:
		case i%10 == 0:
			vis = lists.Private
		case i%3 == 0:
			vis = lists.Followers
		}
		c := when()
		return []any{id('p', i), id('u', all[i].owner), fmt.Sprintf("Bench list %d", i), "", i%2 == 0, vis, all[i].count, id('u', all[i].owner), c, c}
	})
	if err != nil {
		return n, err
	}
	type ref struct{ list, k int }
	refs := make([]ref, 0, total)
	for i, l := range all {
		for k := range l.count {
			refs = append(refs, ref{i, k})
		}
	}
	m, err := insertMany(tx, "list_items", []string{"id", "list", "owner", "movie", "rank", "note", "addedBy", "editedBy", "created", "updated"}, len(refs), func(j int) []any {
		r := refs[j]
		l := all[r.list]
		owner := id('u', l.owner)
		c := when()
		return []any{id('i', j), id('p', r.list), owner, movies[(l.start+r.k)%len(movies)], int64(r.k+1) * lists.RankGap, "", owner, owner, c, c}
	})
	return n + m, err
}
