package scrobble

import (
	"context"
	"errors"
	"net/http"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Watching is the outcome of a play start that set 'watching now'.
const Watching Outcome = "watching"

// Without a runtime from the server or the catalog, 'watching now' lasts this long.
const (
	defaultFilmRuntime    = 2 * time.Hour
	defaultEpisodeRuntime = 45 * time.Minute
)

// NowJSON is what 'watching now' shows: the title (with its public id and poster when it
// matched the catalog), the episode, and until when.
type NowJSON struct {
	Kind       catalog.Kind `json:"kind"`
	ID         int          `json:"id"`
	Title      string       `json:"title"`
	PosterPath string       `json:"posterPath"`
	Season     int          `json:"season,omitzero"`
	Episode    int          `json:"episode,omitzero"`
	Until      string       `json:"until"`
}

// startWatching sets the member's 'watching now' from a play start, for what is left of
// the runtime, when the member turned it on; it reports whether it did.
func startWatching(ctx context.Context, app core.App, s *core.Record, p Play, now time.Time) (bool, error) {
	if !s.GetBool("nowWatching") {
		return false, nil
	}
	n := NowJSON{Kind: p.Kind, Title: p.Title, Season: p.Season, Episode: p.Episode}
	left := p.Runtime - p.Position
	if title, err := matchQuietly(ctx, app, p); title != nil {
		n.ID, n.PosterPath = title.GetInt("tmdbId"), title.GetString("posterPath")
		n.Title = title.GetString(p.Kind.NameField())
		if left <= 0 {
			minutes := title.GetInt("runtime")
			if p.Kind == catalog.TV {
				minutes = title.GetInt("episodeRuntime")
			}
			left = time.Duration(minutes) * time.Minute
		}
	} else if err != nil {
		return false, err
	}
	if left <= 0 {
		left = defaultFilmRuntime
		if p.Kind == catalog.TV {
			left = defaultEpisodeRuntime
		}
	}
	until := now.Add(min(left, 6*time.Hour)).UTC()
	n.Until = until.Format(time.RFC3339)
	s.Set("watching", n)
	s.Set("watchingUntil", until)
	return true, app.Save(s)
}

// matchQuietly matches a play to a catalog title; no match is not an error.
func matchQuietly(ctx context.Context, app core.App, p Play) (*core.Record, error) {
	title, err := matchPlay(ctx, app, p)
	if errors.Is(err, catalog.ErrNotFound) {
		return nil, nil
	}
	return title, err
}

// stopWatching clears the member's 'watching now' when a play ends.
func stopWatching(app core.App, s *core.Record) error {
	if s.GetString("watchingUntil") == "" {
		return nil
	}
	clearWatching(s)
	return app.Save(s)
}

// clearWatching empties the 'watching now' state of s (not saved).
func clearWatching(s *core.Record) {
	s.Set("watching", nil)
	s.Set("watchingUntil", "")
}

// nowOf returns what userID is watching now, or nil: nothing, expired, or turned off.
func nowOf(app core.App, userID string, now time.Time) (*NowJSON, error) {
	var rows []struct {
		Watching string `db:"watching"`
	}
	err := app.DB().NewQuery(`SELECT watching FROM scrobble_settings WHERE user = {:u} AND nowWatching = TRUE
		AND enabled = TRUE AND watchingUntil > {:now}`).
		Bind(dbx.Params{"u": userID, "now": now.UTC().Format("2006-01-02 15:04:05.000Z")}).All(&rows)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	var n NowJSON
	if err := unmarshal(rows[0].Watching, &n); err != nil {
		return nil, nil
	}
	return &n, nil
}

// watchingHandler answers GET /api/users/{id}/watching: {watching} (null when nothing)
// for whoever may see the member's profile; a suspended member, or one on either side of
// a block, does not exist for the viewer (404, as their profile).
func watchingHandler(e *core.RequestEvent) error {
	id := e.Request.PathValue("id")
	if id == "me" {
		id = e.Auth.Id
	}
	if _, err := moderation.FindVisibleMember(e.App, e.Auth.Id, id); errors.Is(err, moderation.ErrNotVisible) {
		return e.NotFoundError("That member does not exist.", nil)
	} else if err != nil {
		return err
	}
	n, err := nowOf(e.App, id, time.Now())
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"watching": n})
}

// FollowingNowJSON is one member the viewer follows and what they are watching now.
type FollowingNowJSON struct {
	User     auth.User `json:"user"`
	Watching NowJSON   `json:"watching"`
}

// followingWatchingHandler answers GET /api/user/watching-now: the members the viewer
// follows who are watching something now (at most 20, latest first), without suspended
// members and either side of a block.
func followingWatchingHandler(e *core.RequestEvent) error {
	var rows []struct {
		User     string `db:"user"`
		Watching string `db:"watching"`
	}
	err := e.App.DB().NewQuery(`SELECT s.user AS user, s.watching AS watching FROM scrobble_settings s
		JOIN follows f ON f.following = s.user AND f.follower = {:me}
		WHERE s.nowWatching = TRUE AND s.enabled = TRUE AND s.watchingUntil > {:now}
		ORDER BY s.updated DESC LIMIT 20`).
		Bind(dbx.Params{"me": e.Auth.Id, "now": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).All(&rows)
	if err != nil {
		return err
	}
	out := make([]FollowingNowJSON, 0, len(rows))
	for _, r := range rows {
		u, err := moderation.FindVisibleMember(e.App, e.Auth.Id, r.User)
		if errors.Is(err, moderation.ErrNotVisible) {
			continue
		} else if err != nil {
			return err // fail closed
		}
		var n NowJSON
		if unmarshal(r.Watching, &n) == nil {
			out = append(out, FollowingNowJSON{User: auth.PublicUser(u), Watching: n})
		}
	}
	return e.JSON(http.StatusOK, out)
}
