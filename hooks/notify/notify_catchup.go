package notify

import (
	"encoding/json"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// A followed member's new post is told to each follower once, by a notice ("Ana reviewed
// Heat"). The post's fan-out writes it at once only for the followers who would notice
// now: those with the app open or a push subscription, and those a domain words it for
// (an episode they watched). Every other follower's notice is written when they next
// look (CatchUp, run by the notification routes): a few rows of one member, side by side
// in every index, instead of a row per follower on every post while most of them are
// away. At 100k members a post by a member with 5,000 followers wrote 5,000 rows and
// held SQLite's single writer for seconds; now it writes the few that are needed.

// catchUpLimit is how many of the newest posts one catch-up writes notices for: a member
// away for long is told about the newest (the list shows 50).
const catchUpLimit = 200

// catchUpOverlap is how far before its cursor a catch-up looks again: a post is saved a
// moment after its created time (longer when it waited for the writer), so a post
// committed late is still found; idx_notifications_post_once keeps its notice single.
const catchUpOverlap = time.Minute

// cursorsSQL reads the member's cursor and the data dir's epoch (the row without a
// member): posts before the epoch were told by their fan-out.
const cursorsSQL = `SELECT user, through FROM notice_cursors WHERE user IN ('', {:me})`

// unseenSQL finds the posts of the members {:me} follows since {:since} (and since the
// follow), newest first: one search of idx_activities_feed per followed member (the
// CROSS JOIN keeps that order: walking the whole community's posts since the cursor
// would cost as much as the community is large). Hidden and private posts are never told.
const unseenSQL = `SELECT a.id, a.user, a.created FROM follows f
	CROSS JOIN activities a ON a.user = f.following AND a.created >= f.created
	WHERE f.follower = {:me} AND a.created > {:since} AND a.hidden = FALSE AND a.audience != 'private'
	ORDER BY a.created DESC LIMIT {:limit}`

// toldSQL reads which of {:ids} (a JSON array of posts) the member already has a notice
// of, from idx_notifications_post_once (its condition is written out so the planner can
// use it).
const toldSQL = `SELECT entityId FROM notifications WHERE user = {:me} AND entityType = 'activity'
	AND type NOT IN ('comment', 'like') AND entityId IN (SELECT value FROM json_each({:ids}))`

// unseenPost is a post CatchUp found.
type unseenPost struct {
	ID      string `db:"id"`
	User    string `db:"user"`
	Created string `db:"created"`
}

// CatchUp writes the notices of the posts member has not been told about yet: posts of
// the members they follow, made since their cursor, that they may see (not hidden,
// private, about a list they cannot read, or by a member either of them blocked or who
// is suspended). A member who muted new posts gets none. It writes nothing, and takes
// no writer, when there is nothing new.
func CatchUp(app core.App, member *core.Record) error {
	if member.GetBool("muteNewPosts") {
		return nil
	}
	me := member.Id
	cursor, err := cursorOf(app, me)
	if err != nil {
		return err
	}
	var found []unseenPost
	since := cursor.Add(-catchUpOverlap).UTC().Format(dateLayout)
	if err := app.DB().NewQuery(unseenSQL).Bind(dbx.Params{"me": me, "since": since, "limit": catchUpLimit}).All(&found); err != nil || len(found) == 0 {
		return err
	}
	fresh, err := untold(app, me, found)
	if err != nil {
		return err
	}
	newest := found[0].Created
	if len(fresh) == 0 && newest <= cursor.Add(catchUpOverlap).UTC().Format(dateLayout) {
		return nil
	}
	rows, err := catchUpRows(app, member, fresh)
	if err != nil {
		return err
	}
	col, err := app.FindCachedCollectionByNameOrId("notifications")
	if err != nil {
		return err
	}
	return app.RunInTransaction(func(tx core.App) error {
		for start := 0; start < len(rows); start += sendChunk {
			if _, err := insertNotices(tx.DB(), col, rows[start:min(len(rows), start+sendChunk)]); err != nil {
				return err
			}
		}
		now := types.NowDateTime().String()
		_, err := tx.DB().NewQuery(`INSERT INTO notice_cursors (id, user, through, created, updated)
			VALUES ({:id}, {:me}, {:through}, {:now}, {:now})
			ON CONFLICT (user) DO UPDATE SET through = MAX(through, excluded.through), updated = excluded.updated`).
			Bind(dbx.Params{"id": core.GenerateDefaultRandomId(), "me": me, "through": newest, "now": now}).Execute()
		return err
	})
}

// cursorOf is the time member was last caught up to: their cursor, else the epoch.
func cursorOf(app core.App, me string) (time.Time, error) {
	var rows []struct {
		User    string `db:"user"`
		Through string `db:"through"`
	}
	if err := app.DB().NewQuery(cursorsSQL).Bind(dbx.Params{"me": me}).All(&rows); err != nil {
		return time.Time{}, err
	}
	var at types.DateTime
	for _, r := range rows {
		if t, err := types.ParseDateTime(r.Through); err == nil && (r.User == me || at.IsZero()) {
			at = t
		}
	}
	return at.Time(), nil
}

// untold keeps the posts in found that member has no notice of and may see.
func untold(app core.App, me string, found []unseenPost) ([]unseenPost, error) {
	ids := make([]string, len(found))
	for i, p := range found {
		ids[i] = p.ID
	}
	var told []string
	list, _ := json.Marshal(ids)
	if err := app.DB().NewQuery(toldSQL).Bind(dbx.Params{"me": me, "ids": string(list)}).Column(&told); err != nil {
		return nil, err
	}
	excluded, err := moderation.Excluded(app, me)
	if err != nil {
		return nil, err
	}
	skip := make(map[string]bool, len(told))
	for _, id := range told {
		skip[id] = true
	}
	var out []unseenPost
	for _, p := range found {
		if !skip[p.ID] && !excluded[p.User] {
			out = append(out, p)
		}
	}
	return out, nil
}

// catchUpRows words the notices of posts for member, oldest first, dated as their posts
// (so they sort among the others where they happened). A post about a list is told only
// when member may read the list.
func catchUpRows(app core.App, member *core.Record, posts []unseenPost) ([]noticeRow, error) {
	if len(posts) == 0 {
		return nil, nil
	}
	ids := make([]string, len(posts))
	authorIDs := make([]string, 0, len(posts))
	for i, p := range posts {
		ids[i] = p.ID
		authorIDs = append(authorIDs, p.User)
	}
	records, err := app.FindRecordsByIds("activities", ids)
	if err != nil {
		return nil, err
	}
	authors, err := app.FindRecordsByIds("users", authorIDs)
	if err != nil {
		return nil, err
	}
	names := make(map[string]string, len(authors))
	for _, a := range authors {
		names[a.Id] = auth.DisplayName(a)
	}
	byID := make(map[string]*core.Record, len(records))
	for _, r := range records {
		byID[r.Id] = r
	}
	rows := make([]noticeRow, 0, len(posts))
	for i := len(posts) - 1; i >= 0; i-- {
		post := byID[posts[i].ID]
		if post == nil {
			continue
		}
		if post.GetString("list") != "" {
			if ok, err := moderation.CanSeeActivity(app, member.Id, post); err != nil {
				return nil, err
			} else if !ok {
				continue
			}
		}
		author := post.GetString("user")
		rows = append(rows, noticeRow{Notice: Notice{UserID: member.Id, ActorID: author,
			Type: postNoticeType(post.GetString("type")), EntityType: "activity", EntityID: post.Id},
			Message: message(names[author], 0, postSummary(post)), At: posts[i].Created})
	}
	return rows, nil
}

// catchUp runs CatchUp for the signed-in member of a notifications route. A catch-up that
// fails is logged: the notifications already written are still answered.
func catchUp(e *core.RequestEvent) {
	if err := CatchUp(e.App, e.Auth); err != nil {
		e.App.Logger().Warn("notify: catching up", "user", e.Auth.Id, "error", err.Error())
	}
}

// CatchUpQueries returns the queries CatchUp reads with, by name, for the plan test.
func CatchUpQueries() map[string]string {
	return map[string]string{"unseen posts": unseenSQL, "told posts": toldSQL}
}
