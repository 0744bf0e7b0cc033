package demo

import (
	"context"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/lists"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// demoList is one list a demo member made: by whom, its shape, its titles in order (with
// who added each, by first name; "" is the owner) and its editors.
type demoList struct {
	owner, name, description string
	ranked                   bool
	visibility               string
	editors                  []string
	titles                   []int
	addedBy                  []string
	notes                    map[int]string
}

// demoLists: a ranked list, a collaborative one and a plain one, so /lists, a profile's
// Lists tab, the feed and 'In N lists by friends' show something on first run.
var demoLists = []demoList{
	{owner: "Maya", name: "Best of the 2020s so far", ranked: true, visibility: lists.Public,
		description: "My ranking, argue with me in the comments.",
		titles:      []int{pastLives, aftersun, anatomyOfAFall, decisionToLeave, perfectDays, oppenheimer, zoneOfInterest},
		notes:       map[int]string{pastLives: "Still thinking about that last scene.", aftersun: "Wrecked me."}},
	{owner: "Lucas", name: "Movie nights together", visibility: lists.Followers, editors: []string{"Maya"},
		description: "What we watch next on Fridays. Add yours.",
		titles:      []int{heat, knivesOut, godzillaMinusOne, spiderVerse, paddington2},
		addedBy:     []string{"", "Maya", "", "Maya", ""}},
	{owner: "Hana", name: "Comfort rewatches", visibility: lists.Public,
		titles: []int{totoro, spiritedAway, moodForLove, paddington2}},
}

// demoFavorites: four favourite films for a few members.
var demoFavorites = map[string][]int{
	"Maya":  {pastLives, moodForLove, aftersun, parisTexas},
	"Lucas": {heat, godfather, sevenSamurai, zodiac},
	"Hana":  {totoro, spiritedAway, chungkingExpress, perfectDays},
}

// seedLists makes the demo lists and favourites, once: a member who already owns a list
// keeps theirs. It goes through the lists domain, so the lists post to the feed.
func seedLists(app core.App, ids map[string]string) error {
	ctx := context.Background()
	for _, d := range demoLists {
		owner := ids[d.owner]
		var n int
		if err := app.DB().Select("COUNT(*)").From(lists.Collection).Where(dbx.HashExp{"owner": owner}).Row(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		name, desc, vis, ranked := d.name, d.description, d.visibility, d.ranked
		list, err := lists.Create(app, owner, lists.ListInput{Name: &name, Description: &desc, Visibility: &vis, Ranked: &ranked})
		if err != nil {
			return err
		}
		for _, e := range d.editors {
			if _, err := lists.AddEditor(app, list, ids[e]); err != nil {
				return err
			}
		}
		for i, id := range d.titles {
			actor := owner
			if i < len(d.addedBy) && d.addedBy[i] != "" {
				actor = ids[d.addedBy[i]]
			}
			if _, err := lists.AddItem(ctx, app, actor, list, lists.ItemInput{Kind: catalog.Movie, TitleID: id, Note: d.notes[id]}); err != nil {
				return err
			}
		}
	}
	for who, films := range demoFavorites {
		if got, err := lists.Favorites(app, ids[who]); err != nil || len(got) > 0 {
			continue
		}
		if err := lists.SaveFavorites(ctx, app, ids[who], films); err != nil {
			return err
		}
	}
	return nil
}

// memberIDs maps each demo member's first name to their id.
func memberIDs(app core.App) (map[string]string, error) {
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, m := range members {
		if rec, err := app.FindAuthRecordByEmail(users, Email(m.first, m.last)); err == nil {
			out[m.first] = rec.Id
		}
	}
	return out, nil
}
