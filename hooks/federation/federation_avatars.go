package federation

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/filecache"
	"cinecircle/hooks/security"

	"github.com/pocketbase/pocketbase/core"
)

// Remote avatars: members' browsers never fetch media from other servers (that would tell
// every remote server who reads a thread, and load whatever it serves). The server fetches
// a remote actor's avatar once through the SSRF-safe client, re-encodes it as a small
// square (nothing of the original file survives) and serves it from a disk cache.
const (
	// avatarSide is the square served; threads draw it at 32–40 CSS px.
	avatarSide = 96
	// maxAvatarBytes bounds the remote file.
	maxAvatarBytes = 2 << 20
	// avatarRetry is how long a failed fetch is remembered before the next try.
	avatarRetry = time.Hour
)

var avatarClient = sync.OnceValue(func() *http.Client {
	return security.NewOutboundClient(security.OutboundOptions{Timeout: 10 * time.Second, MaxBodyBytes: maxAvatarBytes})
})

// avatarPath is where an actor's avatar is served from: by the cache row's id, so only
// actors that reached us have one (the route is no open proxy), with a version from the
// icon's address so a browser asks again when the actor changes its avatar.
func avatarPath(actorRecordID, icon string) string {
	sum := sha256.Sum256([]byte(icon))
	return "/ap/avatars/" + actorRecordID + "?v=" + hex.EncodeToString(sum[:4])
}

// remoteAvatar serves GET /ap/avatars/{id}: the avatar of a remote actor we know, fetched
// and re-encoded on first use. 404 when the actor is unknown, has no avatar, is blocked
// (or its server is), or the avatar cannot be fetched or read: the UI then draws initials.
func remoteAvatar(e *core.RequestEvent) error {
	r, err := e.App.FindRecordById(actorsCollection, e.Request.PathValue("id"))
	if err != nil || r.GetString("icon") == "" {
		return e.NotFoundError("", nil)
	}
	if severity, err := blockOf(e.App, r.GetString("host"), r.GetString("actor")); err != nil || severity == severityBlock {
		return e.NotFoundError("", err)
	}
	file, err := cachedAvatar(e.Request.Context(), e.App, r.GetString("icon"))
	if err != nil {
		return e.NotFoundError("", nil)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	mime := "image/jpeg"
	if filepath.Ext(file) == ".png" {
		mime = "image/png"
	}
	e.Response.Header().Set("Cache-Control", "public, max-age=86400")
	e.Response.Header().Set("X-Content-Type-Options", "nosniff")
	return e.Blob(http.StatusOK, mime, data)
}

// errNoAvatar is a fetch that failed recently (remembered for avatarRetry).
var errNoAvatar = errors.New("federation: remote avatar unavailable")

// cachedAvatar returns the file of icon's re-encoded avatar, fetching it when it is not
// cached (once, however many readers ask at the same moment). The cache is keyed by the
// icon URL, so a new avatar is a new file.
func cachedAvatar(ctx context.Context, app core.App, icon string) (string, error) {
	sum := sha256.Sum256([]byte(icon))
	base := filepath.Join(app.DataDir(), "federation_avatars", hex.EncodeToString(sum[:16]))
	for _, ext := range []string{".jpg", ".png"} {
		if _, err := os.Stat(base + ext); err == nil {
			return base + ext, nil
		}
	}
	var file string
	err := filecache.Once(base, func() error {
		for _, ext := range []string{".jpg", ".png"} { // fetched while we waited
			if _, err := os.Stat(base + ext); err == nil {
				file = base + ext
				return nil
			}
		}
		if info, err := os.Stat(base + ".failed"); err == nil && time.Since(info.ModTime()) < avatarRetry {
			return errNoAvatar
		}
		data, ext, err := fetchAvatar(ctx, icon)
		if err != nil {
			_ = writeAtomic(base+".failed", nil)
			return errNoAvatar
		}
		if err := writeAtomic(base+ext, data); err != nil {
			return err
		}
		_ = os.Remove(base + ".failed")
		file = base + ext
		return nil
	})
	return file, err
}

// fetchAvatar downloads icon (an https URL on a public address) and re-encodes it.
func fetchAvatar(ctx context.Context, icon string) ([]byte, string, error) {
	u, err := remoteURL(icon)
	if err != nil {
		return nil, "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, "", err
	}
	req.Header.Set("Accept", "image/*")
	res, err := avatarClient().Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", errNoAvatar
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, maxAvatarBytes+1))
	if err != nil || len(data) > maxAvatarBytes {
		return nil, "", errNoAvatar
	}
	return auth.SquarePhoto(data, avatarSide)
}

// writeAtomic writes data to path whole (filecache.WriteAtomic).
func writeAtomic(path string, data []byte) error {
	return filecache.WriteAtomic(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
