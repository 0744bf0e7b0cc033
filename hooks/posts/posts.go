// Package posts owns the activities collection: the posts the feed, profiles,
// notifications and realtime read. Every domain that posts (the diary, challenges, and
// later episode watches, lists and remote reviews) writes through this package, so the
// rules for making a post, grouping a burst of changes into one post and deleting a post
// with what hangs off it live here once. It sits below every domain (it imports none), so
// any of them can call it.
package posts

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Collection holds the posts.
const Collection = "activities"

// Post is one post to write.
type Post struct {
	User string // the author's member id
	// Type is the SPEC §3 activity type (movie_review, episode_review,
	// challenge_completed ...); a new kind of post adds its type to the collection's
	// select field in a migration.
	Type string
	// Links relate the post to the records it is about, by relation field of
	// activities: "entry" (a watch entry), "movie" or "tvShow" (catalog.Kind's
	// RelationField). A new domain adds its relation field in a migration and names it here.
	Links map[string]string
	// Data is the SPEC §3 data the UI reads.
	Data map[string]any
	// Audience narrows who may read the post below everyone who may see its author:
	// AudienceFollowers or AudiencePrivate (posts about a list that is not public). Empty
	// for every other post.
	Audience string
	// Remote names the fediverse review a post was made of (hooks/federation): such a
	// post has no member as author (User is empty) and reaches the members who follow
	// the actor.
	Remote *Remote
}

// Remote is where a post from the fediverse came from: the actor whose review it is and
// the id of the Note it was made of (one post per Note).
type Remote struct {
	Actor, Object string
}

// Audiences of a post: who besides its author may read it. The feed leaves out private
// posts and profiles leave out both for members who do not follow the author, through
// PrivateSQL and RestrictedSQL (partial indexes of the few restricted posts).
const (
	AudienceFollowers = "followers"
	AudiencePrivate   = "private"
)

// SQL fragments selecting restricted posts' ids, for the feed and profile queries.
const (
	// PrivateSQL selects the posts only their author may read in a feed.
	PrivateSQL = "SELECT id FROM activities WHERE audience = 'private'"
	// RestrictedSQL selects the posts with any audience restriction.
	RestrictedSQL = "SELECT id FROM activities WHERE audience != ''"
)

// SetAudience sets the audience of every post matching m (a list's posts when its
// visibility changes) and returns how many it changed.
func SetAudience(app core.App, m Match, audience string) (int, error) {
	found, err := find(app, m, time.Time{}, 0)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range found {
		if r.GetString("audience") == audience {
			continue
		}
		r.Set("audience", audience)
		if err := app.Save(r); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Match selects posts by the values of their fields: "user", "type", a relation field
// of Links ("entry", "tvShow", "list"), or a key of Data as "data.<key>"
// ("data.challengeId"). Every field must equal its value.
type Match map[string]any

// Group says which recent post a new post joins instead of being posted again: the
// newest post that matches Key and is younger than Window.
type Group struct {
	Key    Match
	Window time.Duration
	// Merge returns the data of the grouped post from the data it had and the new post's
	// ("Ana watched 3 episodes" from the two episodes before and this one). Nil means the
	// new data replaces the old: a re-saved diary entry says what the entry says now.
	Merge func(earlier, next map[string]any) map[string]any
}

// Create saves a new post.
func Create(app core.App, p Post) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(Collection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(col)
	r.Set("user", p.User)
	return r, write(app, r, p, p.Data)
}

// Upsert updates the newest post of g's group when one is younger than g.Window (its
// type, links and data, merged by g.Merge), and otherwise creates the post. This is how
// a burst becomes one post: fixing a rating right after logging, several episodes of
// one show in an hour, several titles added to one list in an hour. It reports whether
// it created the post.
func Upsert(app core.App, p Post, g Group) (*core.Record, bool, error) {
	if g.Window <= 0 {
		return nil, false, fmt.Errorf("posts: grouping %q needs a window", p.Type)
	}
	recent, err := find(app, g.Key, time.Now().Add(-g.Window), 1)
	if err != nil {
		return nil, false, err
	}
	if len(recent) == 0 {
		r, err := Create(app, p)
		return r, err == nil, err
	}
	r, data := recent[0], p.Data
	if g.Merge != nil {
		earlier := map[string]any{}
		if err := r.UnmarshalJSONField("data", &earlier); err != nil {
			return nil, false, err
		}
		data = g.Merge(earlier, p.Data)
	}
	return r, false, write(app, r, p, data)
}

// CreateOnce creates the post unless a post matching key exists already, at any age,
// which it then returns untouched: a challenge completion is posted once. It reports
// whether it created the post.
func CreateOnce(app core.App, p Post, key Match) (*core.Record, bool, error) {
	found, err := find(app, key, time.Time{}, 1)
	if err != nil || len(found) > 0 {
		if err != nil {
			return nil, false, err
		}
		return found[0], false, nil
	}
	r, err := Create(app, p)
	return r, err == nil, err
}

// Edit changes what an existing post says: its data, and its type unless typ is empty
// (an author's edit of a review can make it a rating).
func Edit(app core.App, post *core.Record, typ string, data map[string]any) error {
	if typ != "" {
		post.Set("type", typ)
	}
	post.Set("data", data)
	return app.Save(post)
}

// Disown keeps a post whose author deleted their account, without its author, saying
// data instead (the author's own words taken out by the caller): a watch together stays
// for the friends who rated in it. The post then names no member (the UI shows 'Deleted
// member') and no feed of followers holds it.
func Disown(app core.App, post *core.Record, data map[string]any) error {
	post.Set("user", "")
	post.Set("data", data)
	return app.Save(post)
}

// write sets the post's type, links and data on r and saves it.
func write(app core.App, r *core.Record, p Post, data map[string]any) error {
	r.Set("type", p.Type)
	for field, id := range p.Links {
		r.Set(field, id)
	}
	if p.Audience != "" || r.GetString("audience") != "" {
		r.Set("audience", p.Audience)
	}
	if p.Remote != nil {
		r.Set("remoteActor", p.Remote.Actor)
		r.Set("remoteObject", p.Remote.Object)
	}
	r.Set("data", data)
	return app.Save(r)
}

// fieldName is what a Match may name: a field, or data.<key>.
var fieldName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$`)

// find returns up to limit posts matching m, newest first, created at or after since
// (when not zero). A field matched with a value that is not empty is also written as
// `f != ”`: the posts' partial indexes of their optional links (idx_activities_list,
// idx_activities_remote) hold only rows where that holds, and SQLite uses one only when
// the query says so itself. Without it, a list's posts were found by reading every post
// newest first (30 s at 100k members: a list could not be made private or deleted).
func find(app core.App, m Match, since time.Time, limit int) ([]*core.Record, error) {
	q, err := findQuery(app, m, since, limit)
	if err != nil {
		return nil, err
	}
	var found []*core.Record
	return found, q.All(&found)
}

// findQuery is find's query.
func findQuery(app core.App, m Match, since time.Time, limit int) (*dbx.SelectQuery, error) {
	if len(m) == 0 {
		return nil, fmt.Errorf("posts: an empty match would select every post")
	}
	fields := make([]string, 0, len(m))
	for f := range m {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	q := app.RecordQuery(Collection)
	for i, f := range fields {
		if !fieldName.MatchString(f) {
			return nil, fmt.Errorf("posts: %q is not a field to match", f)
		}
		q.AndWhere(matchTerm(f, "m"+strconv.Itoa(i), m[f]))
	}
	if !since.IsZero() {
		q.AndWhere(dbx.NewExp("[[created]] >= {:since}", dbx.Params{"since": since.UTC().Format(dbTime)}))
	}
	if limit > 0 {
		q.Limit(int64(limit))
	}
	return q.OrderBy("[[created]] DESC", "[[id]] DESC"), nil
}

// matchTerm is the condition that field f (a column, or data.<key>) equals value, bound as
// param p. An empty value also matches a missing data key, as PocketBase's filter does.
func matchTerm(f, p string, value any) dbx.Expression {
	expr := "[[" + f + "]]"
	if key, ok := strings.CutPrefix(f, "data."); ok {
		expr = "json_extract([[data]], '$." + key + "')"
	}
	params := dbx.Params{p: value}
	switch s, isText := value.(string); {
	case isText && s == "":
		return dbx.NewExp("COALESCE("+expr+", '') = ''", nil)
	case isText && !strings.HasPrefix(f, "data."):
		return dbx.NewExp(expr+" = {:"+p+"} AND "+expr+" != ''", params)
	default:
		return dbx.NewExp(expr+" = {:"+p+"}", params)
	}
}

// dbTime is how PocketBase stores dates, so they compare as text.
const dbTime = "2006-01-02 15:04:05.000Z"
