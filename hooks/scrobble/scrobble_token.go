package scrobble

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// A member's webhook address is /api/scrobble/{token}. The token is the credential (media
// servers cannot sign in), so it is never stored: it is HMAC-SHA256(server key, member id
// and a random nonce), the server key lives in a file of the data dir (scrobble.key, never
// in the database), and the database keeps the nonce and the token's SHA-256 (to find the
// member). A copy of the database alone therefore opens no webhook, yet the member can see
// their address again whenever they like; rotating draws a new nonce, so the old address
// stops working at once. Losing the key file (a restore of data.db alone) changes every
// address: members copy the new one from settings.

// TokenLength is the length of a token: 32 bytes of HMAC, base64url without padding.
const TokenLength = 43

// keyFile names the server key in the data dir.
const keyFile = "scrobble.key"

// keys caches each data dir's server key (tests run many apps at once).
var keys sync.Map // data dir → []byte

// serverKey returns the app's server key, creating it (0600) on first use.
func serverKey(app core.App) ([]byte, error) {
	dir := app.DataDir()
	if k, ok := keys.Load(dir); ok {
		return k.([]byte), nil
	}
	path := filepath.Join(dir, keyFile)
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return nil, err
		}
		f, werr := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if werr == nil {
			_, werr = f.WriteString(hex.EncodeToString(fresh))
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
		}
		if werr != nil && !errors.Is(werr, os.ErrExist) {
			return nil, werr
		}
		raw, err = os.ReadFile(path) // another request may have written it first
	}
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(string(raw))
	if err != nil || len(key) < 32 {
		return nil, errors.New("scrobble: " + keyFile + " is damaged: delete it to make a new one (every member's address changes)")
	}
	actual, _ := keys.LoadOrStore(dir, key)
	return actual.([]byte), nil
}

// tokenOf derives a member's token from their id and nonce.
func tokenOf(app core.App, userID, nonce string) (string, error) {
	key, err := serverKey(app)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(userID + "\x00" + nonce))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

// hashOf is what the database keeps of a token.
func hashOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// settingsOf returns userID's scrobble settings, creating them with the defaults (webhook
// on, posting to the feed, 85%, no 'watching now') on first use.
func settingsOf(app core.App, userID string) (*core.Record, error) {
	r, err := app.FindFirstRecordByFilter(collection, "user = {:u}", dbx.Params{"u": userID})
	if !errors.Is(err, sql.ErrNoRows) {
		return r, err
	}
	col, err := app.FindCachedCollectionByNameOrId(collection)
	if err != nil {
		return nil, err
	}
	r = core.NewRecord(col)
	r.Load(map[string]any{"user": userID, "enabled": true, "postToFeed": true, "threshold": DefaultThreshold})
	if err := renew(app, r); err != nil {
		return nil, err
	}
	if err := app.Save(r); err != nil {
		// two first looks at once: the other one's record stands
		if again, findErr := app.FindFirstRecordByFilter(collection, "user = {:u}", dbx.Params{"u": userID}); findErr == nil {
			return again, nil
		}
		return nil, err
	}
	return r, nil
}

// renew draws a new nonce for r (not saved): a new token, the old one dead once saved.
func renew(app core.App, r *core.Record) error {
	nonce := security.RandomString(32)
	token, err := tokenOf(app, r.GetString("user"), nonce)
	if err != nil {
		return err
	}
	r.Set("nonce", nonce)
	r.Set("tokenHash", hashOf(token))
	return nil
}

// byToken finds the enabled settings of the member whose token this is, or nil: unknown,
// rotated and switched-off tokens, and suspended members, all look the same.
func byToken(app core.App, token string) (*core.Record, error) {
	if len(token) != TokenLength {
		return nil, nil
	}
	r, err := app.FindFirstRecordByFilter(collection, "tokenHash = {:h} && enabled = true && user.suspended = false",
		dbx.Params{"h": hashOf(token)})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

// TokenFor returns userID's current webhook token (making their settings on first use):
// the demo and tests post to the address a member would copy.
func TokenFor(app core.App, userID string) (string, error) {
	r, err := settingsOf(app, userID)
	if err != nil {
		return "", err
	}
	return tokenOf(app, userID, r.GetString("nonce"))
}
