package social

import (
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"strings"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"
	"cinecircle/hooks/security"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// followBody is the POST /api/follow payload: a member of ours by id, or an account
// anywhere in the fediverse by address (acct, name@host; see RemoteFollows).
type followBody struct {
	UserID string `json:"userId"`
	Acct   string `json:"acct"`
}

// maxAcct bounds an address in a follow request.
const maxAcct = 320

// validate trims both fields and requires exactly one: someone other than me by id, or
// an address of sane length (hooks/federation reads it further). It returns the 400's
// message with the field errors (nil when valid).
func (b *followBody) validate(me string) (string, validation.Errors) {
	b.UserID = strings.TrimSpace(b.UserID)
	b.Acct = strings.TrimSpace(b.Acct)
	switch {
	case b.Acct != "" && b.UserID != "":
		return "Follow a member or an address, not both.", validation.Errors{
			"acct": validation.NewError("validation_conflict", "Follow a member or an address, not both."),
		}
	case len(b.Acct) > maxAcct:
		return "That address is too long.", validation.Errors{
			"acct": validation.NewError("validation_invalid_acct", "Enter a fediverse address like @name@server.example."),
		}
	case b.Acct != "":
		return "", nil
	case b.UserID == "":
		return "Choose a member to follow.", validation.Errors{
			"userId": validation.NewError("validation_required", "Choose a member to follow."),
		}
	case b.UserID == me:
		return "You cannot follow yourself.", validation.Errors{
			"userId": validation.NewError("validation_self_follow", "You cannot follow yourself."),
		}
	}
	return "", nil
}

// RemoteFollows follows and unfollows by fediverse address for the follow routes. It is
// hooks/federation's (which imports this package, so it registers itself here).
type RemoteFollows interface {
	Follow(e *core.RequestEvent, acct string) error
	Unfollow(e *core.RequestEvent, acct string) error
}

var remoteFollows RemoteFollows

// SetRemoteFollows sets who follows by address (hooks/federation, at init).
func SetRemoteFollows(r RemoteFollows) { remoteFollows = r }

// byAddress answers a follow route's call for an address when no one follows by address.
func byAddress(e *core.RequestEvent) error {
	return e.ForbiddenError("Federation is turned off in this community.", nil)
}

// FollowState answers follow and unfollow calls.
type FollowState struct {
	UserID    string `json:"userId"`
	Following bool   `json:"following"`
}

// Follower is a member in the followers list, with whether you follow them back.
type Follower struct {
	auth.User
	IsFollowing bool `json:"isFollowing"`
}

// follow makes the signed-in member follow userId. Following twice is not an error: the
// second call finds the existing row (the unique index settles concurrent calls).
func follow(e *core.RequestEvent) error {
	var body followBody
	if err := security.DecodeJSON(e, &body); err != nil {
		return err
	}
	if msg, errs := body.validate(e.Auth.Id); errs != nil {
		return e.BadRequestError(msg, errs)
	}
	if body.Acct != "" {
		if remoteFollows == nil {
			return byAddress(e)
		}
		return remoteFollows.Follow(e, body.Acct)
	}
	_, err := e.App.FindRecordById("users", body.UserID)
	suspended := false
	if err == nil {
		suspended, err = moderation.IsSuspended(e.App, body.UserID)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows) || (err == nil && suspended):
		return e.NotFoundError("That member does not exist.", validation.Errors{
			"userId": validation.NewError("validation_unknown_user", "That member does not exist."),
		})
	case err != nil:
		return err
	}
	blocked, err := moderation.Blocked(e.App, e.Auth.Id, body.UserID)
	if err != nil {
		return err
	}
	if blocked {
		return e.ForbiddenError("You can't follow this member.", validation.Errors{
			"userId": validation.NewError("validation_blocked", "You can't follow this member."),
		})
	}
	if err := Follow(e.App, e.Auth.Id, body.UserID); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, FollowState{UserID: body.UserID, Following: true})
}

// Follow records that follower follows target, doing nothing when it already does.
func Follow(app core.App, follower, target string) error {
	if IsFollowing(app, follower, target) {
		return nil
	}
	collection, err := app.FindCachedCollectionByNameOrId("follows")
	if err != nil {
		return err
	}
	rec := core.NewRecord(collection)
	rec.Set("follower", follower)
	rec.Set("following", target)
	if err := app.Save(rec); err != nil && !IsFollowing(app, follower, target) {
		return err
	}
	return nil
}

// unfollow removes the follow of userId, if any. A {userId} with an at-sign is a
// fediverse address (name@host, DELETE /api/follow/@name@host): hooks/federation's.
func unfollow(e *core.RequestEvent) error {
	target := e.Request.PathValue("userId")
	if strings.Contains(target, "@") {
		if remoteFollows == nil {
			return byAddress(e)
		}
		return remoteFollows.Unfollow(e, target)
	}
	if err := Unfollow(e.App, e.Auth.Id, target); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, FollowState{UserID: target, Following: false})
}

// Unfollow removes follower's follow of target, if any.
func Unfollow(app core.App, follower, target string) error {
	rec, err := app.FindFirstRecordByFilter("follows", "follower = {:me} && following = {:target}",
		dbx.Params{"me": follower, "target": target})
	if err == nil {
		return app.Delete(rec)
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return nil
}

// IsFollowing reports whether follower follows target.
func IsFollowing(app core.App, follower, target string) bool {
	var n int
	err := app.DB().Select("COUNT(*)").From("follows").
		Where(dbx.HashExp{"follower": follower, "following": target}).Row(&n)
	return err == nil && n > 0
}

// following lists the members the signed-in member follows, by name (the watched-with
// picker reads it).
func following(e *core.RequestEvent) error {
	users, err := linkedUsers(e.App, "following", "follower", e.Auth.Id)
	if err != nil {
		return err
	}
	out := make([]auth.User, len(users))
	for i, u := range users {
		out[i] = auth.PublicUser(u)
	}
	return e.JSON(http.StatusOK, out)
}

// followers lists who follows the signed-in member, each with whether they are followed back.
func followers(e *core.RequestEvent) error {
	users, err := linkedUsers(e.App, "follower", "following", e.Auth.Id)
	if err != nil {
		return err
	}
	followed, err := FollowedIDs(e.App, e.Auth.Id)
	if err != nil {
		return err
	}
	out := make([]Follower, len(users))
	for i, u := range users {
		out[i] = Follower{User: auth.PublicUser(u), IsFollowing: followed[u.Id]}
	}
	return e.JSON(http.StatusOK, out)
}

// linkedUsers returns the members on the `pick` side of follows rows whose `match` side is
// id, ordered by first and last name. pick and match are column names from this file,
// never input.
func linkedUsers(app core.App, pick, match, id string) ([]*core.Record, error) {
	var ids []string
	err := app.DB().NewQuery(`
		SELECT u.id FROM follows f JOIN users u ON u.id = f.` + pick + `
		WHERE f.` + match + ` = {:id}
		ORDER BY u.firstName COLLATE NOCASE, u.lastName COLLATE NOCASE, u.id`).
		Bind(dbx.Params{"id": id}).Column(&ids)
	if err != nil {
		return nil, err
	}
	return findUsersInOrder(app, ids)
}

// usersChunk is how many members findUsersInOrder reads with one query.
const usersChunk = 1000

// findUsersInOrder loads member records keeping the order of ids.
// They are read usersChunk at a time: one query binds a value per id, and SQLite takes at
// most 32,766 (the most followed member at 100k members has 80,185 followers, whose list
// failed with a 400).
func findUsersInOrder(app core.App, ids []string) ([]*core.Record, error) {
	byID := make(map[string]*core.Record, len(ids))
	for chunk := range slices.Chunk(ids, usersChunk) {
		records, err := app.FindRecordsByIds("users", chunk)
		if err != nil {
			return nil, err
		}
		for _, r := range records {
			byID[r.Id] = r
		}
	}
	out := make([]*core.Record, 0, len(ids))
	for _, id := range ids {
		if r := byID[id]; r != nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// FollowedIDs returns the set of members that follower follows.
func FollowedIDs(app core.App, follower string) (map[string]bool, error) {
	var ids []string
	err := app.DB().Select("following").From("follows").
		Where(dbx.HashExp{"follower": follower}).Column(&ids)
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set, err
}
