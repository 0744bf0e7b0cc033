package bench

import (
	"database/sql"
	"fmt"
	"math/rand/v2"

	"cinecircle/hooks/lists"
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
func seedLists(tx *sql.Tx, s Sizes, rng *rand.Rand, movies []string, when func() string) (int, error) {
	if s.Lists == 0 {
		return 0, nil
	}
	ls := newInserter(tx, "lists", "id", "owner", "name", "description", "ranked", "visibility", "itemCount", "updatedBy", "created", "updated")
	items := newInserter(tx, "list_items", "id", "list", "owner", "listOpen", "movie", "rank", "note", "addedBy", "editedBy", "created", "updated")
	perList := max(1, s.ListItems/s.Lists)
	for i := range s.Lists {
		count, owner := 1+rng.IntN(2*perList), zipfUser(rng, s.Users)
		if i == 0 {
			count, owner = BigListItems, BigListOwner
		}
		count = min(count, len(movies))
		start := rng.IntN(len(movies))
		vis := lists.Public
		switch {
		case i == 0:
		case i%10 == 0:
			vis = lists.Private
		case i%3 == 0:
			vis = lists.Followers
		}
		list, by, c := id('p', i), id('u', owner), when()
		ls.add(list, by, fmt.Sprintf("Bench list %d", i), "", i%2 == 0, vis, count, by, c, c)
		for k := range count {
			c := when()
			items.add(id('i', items.rows), list, by, vis != lists.Private, movies[(start+k)%len(movies)], int64(k+1)*lists.RankGap, "", by, by, c, c)
		}
	}
	return closeAll(ls, items)
}
