package demo

import (
	"context"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/scrobble"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// demoPlay is a play a demo member's media server reported, hoursAgo.
type demoPlay struct {
	who      string
	play     scrobble.Play
	hoursAgo int
}

// demoPlays show logging by watching on first run: Maya's Plex logged Paris, Texas last
// night (a diary watch and a post), Daniel's Jellyfin moved his Better Call Saul on by an
// episode, and a home video from Maya's Plex, which no catalog knows, waits in 'Needs
// matching' on her import page.
var demoPlays = []demoPlay{
	{"Maya", scrobble.Play{Server: "Plex", Event: scrobble.Scrobbled, Kind: catalog.Movie, Title: "Paris, Texas", Year: 1984}, 20},
	{"Daniel", scrobble.Play{Server: "Jellyfin", Event: scrobble.Stopped, Kind: catalog.TV, Title: "Better Call Saul", Season: 3, Episode: 5,
		Completed: true}, 30},
	{"Maya", scrobble.Play{Server: "Plex", Event: scrobble.Scrobbled, Kind: catalog.Movie, Title: "Our Wedding Video", Year: 2019}, 44},
}

// seedScrobbles records the demo plays through the webhook's own path. A member whose
// media server has reported before is left alone, so seeding twice adds nothing.
func seedScrobbles(app core.App, byName map[string]string, now time.Time) error {
	fresh := map[string]bool{}
	for _, d := range demoPlays {
		var n int
		err := app.DB().Select("COUNT(*)").From("scrobble_plays").Where(dbx.HashExp{"user": byName[d.who]}).Row(&n)
		if err != nil {
			return err
		}
		fresh[d.who] = n == 0 && byName[d.who] != ""
	}
	for _, d := range demoPlays {
		if !fresh[d.who] {
			continue
		}
		p := d.play
		p.At = now.Add(-time.Duration(d.hoursAgo) * time.Hour)
		started := time.Now()
		if _, err := scrobble.RecordAs(context.Background(), app, byName[d.who], p, now); err != nil {
			return err
		}
		// the post is dated at the play, as it would have been when the server reported it
		if _, err := app.DB().NewQuery(`UPDATE activities SET created = {:at}, updated = {:at} WHERE user = {:u} AND created >= {:started}`).
			Bind(dbx.Params{"at": dbTime(p.At), "u": byName[d.who], "started": dbTime(started)}).Execute(); err != nil {
			return err
		}
	}
	return nil
}
