package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// federationInstanceKey lets federation_keys hold one key with no member: the server's
// own (its instance actor, /ap/actor), which signs the fetches of remote actors that
// servers in secure mode (GoToSocial always, Mastodon's AUTHORIZED_FETCH) demand.
var federationInstanceKey = [][2]string{{"federation_keys", "user"}}

func init() {
	m.Register(func(app core.App) error {
		return setRequired(app, federationInstanceKey, false)
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery("DELETE FROM federation_keys WHERE user = ''").Execute(); err != nil {
			return err
		}
		return setRequired(app, federationInstanceKey, true)
	})
}
