package notify

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"cinecircle/hooks/auth"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// GroupWindow is how long a notification keeps gathering a burst of the same event (likes
// on one post): 'Ana and 4 others liked your review'.
const GroupWindow = time.Hour

// Notice is one notification to deliver.
type Notice struct {
	UserID, ActorID string
	Type            string
	EntityType      string // activity | movie | tv_show | user
	EntityID        string
	GroupKey        string // non-empty: gather repeats within GroupWindow
	Action          string // what the actor did: "liked your review"
}

// NotificationJSON is SPEC §3's Notification shape (plus how many actors it gathers).
type NotificationJSON struct {
	ID         string     `json:"id"`
	Type       string     `json:"type"`
	Message    string     `json:"message"`
	IsRead     bool       `json:"isRead"`
	CreatedAt  string     `json:"createdAt"`
	EntityID   string     `json:"entityId"`
	EntityType string     `json:"entityType"`
	Actor      *auth.User `json:"actor"`
	Count      int        `json:"count"`
}

// Send records a notification for n.UserID (never for the actor themself), gathering it
// into a recent one with the same group key, and tells the member's open apps at once.
// A notice without an actor (a member's own milestone) is worded as its action alone.
func Send(app core.App, n Notice) (*core.Record, error) {
	if n.UserID == "" || n.UserID == n.ActorID {
		return nil, nil
	}
	if silent, err := silenced(app, n); silent {
		return nil, err
	}
	actor, _ := app.FindRecordById("users", n.ActorID)
	var rec *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		var err error
		rec, err = save(tx, n, actor)
		return err
	})
	if err != nil {
		return nil, err
	}
	deliver(app, rec, actor)
	return rec, nil
}

// sendChunk is how many notifications SendAll writes per statement and transaction: few
// enough that a member's own write never waits long behind a fan-out for the writer lock.
const sendChunk = 20

// fanout serializes SendAll calls: one fan-out writes at a time, and it pauses after each
// chunk as long as the chunk took, so it never holds SQLite's single writer more than half
// the time and members' own writes (a like, a log) get the writer between chunks instead of
// queueing behind every follower of every recent post.
var fanout sync.Mutex

// notificationColumns are what SendAll inserts, in order.
var notificationColumns = []string{"id", "user", "actor", "actors", "type", "message", "entityType", "entityId",
	"groupKey", "isRead", "count", "created", "updated"}

// SendAll records new notices from one actor (a new post to every follower: no group
// key) with one multi-row INSERT per sendChunk recipients instead of a record save each,
// then tells the recipients' open apps. A fan-out to 500 followers is a few milliseconds
// of writing instead of half a second. A cancelled ctx stops it between chunks.
func SendAll(ctx context.Context, app core.App, actorID string, notices []Notice) error {
	fanout.Lock()
	defer fanout.Unlock()
	actor, _ := app.FindRecordById("users", actorID)
	col, err := app.FindCachedCollectionByNameOrId("notifications")
	if err != nil {
		return err
	}
	name := auth.DisplayName(actor)
	var pause time.Duration
	for start := 0; start < len(notices); start += sendChunk {
		if start > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(pause):
			}
		}
		began := time.Now()
		now := began.UTC().Format(dateLayout)
		var rows []noticeRow
		for _, n := range notices[start:min(len(notices), start+sendChunk)] {
			if n.UserID != "" && n.UserID != actorID {
				rows = append(rows, noticeRow{Notice: n, Message: message(name, 0, n.Action), At: now})
			}
		}
		recs, err := insertNotices(app.NonconcurrentDB(), col, rows)
		if err != nil {
			return err
		}
		pause = time.Since(began)
		if len(recs) > 0 {
			deliverMany(app, recs, actor)
		}
	}
	return nil
}

// dateLayout is how PocketBase stores a date.
const dateLayout = "2006-01-02 15:04:05.000Z"

// noticeRow is one new notification as insertNotices writes it: a notice from one actor
// (no group key), worded, dated At.
type noticeRow struct {
	Notice
	Message, At string
}

// insertNotices writes rows with one multi-row INSERT (callers keep them to about
// sendChunk) and returns them as records. A post's notice a member already has is left
// as it is (idx_notifications_post_once): a follower's notice can be written by the
// post's fan-out and by their own catch-up at the same moment.
func insertNotices(db dbx.Builder, col *core.Collection, rows []noticeRow) ([]*core.Record, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	recs := make([]*core.Record, 0, len(rows))
	marks := make([]string, 0, len(rows))
	params := dbx.Params{}
	for r, n := range rows {
		actors, _ := json.Marshal([]string{n.ActorID})
		values := []any{core.GenerateDefaultRandomId(), n.UserID, n.ActorID, string(actors), n.Type, n.Message,
			n.EntityType, n.EntityID, "", false, 1, n.At, n.At}
		rec := core.NewRecord(col)
		row := make([]string, len(values))
		for i, v := range values {
			key := fmt.Sprintf("p%d_%d", r, i)
			params[key] = v
			row[i] = "{:" + key + "}"
			rec.Set(notificationColumns[i], v)
		}
		marks = append(marks, "("+strings.Join(row, ", ")+")")
		recs = append(recs, rec)
	}
	q := "INSERT OR IGNORE INTO notifications (" + strings.Join(notificationColumns, ", ") + ") VALUES " + strings.Join(marks, ", ")
	if _, err := db.NewQuery(q).Bind(params).Execute(); err != nil {
		return nil, err
	}
	return recs, nil
}

// save writes one notice inside tx, gathering it into a recent one with its group key.
func save(tx core.App, n Notice, actor *core.Record) (*core.Record, error) {
	var rec *core.Record
	if n.GroupKey != "" {
		since := time.Now().Add(-GroupWindow).UTC().Format("2006-01-02 15:04:05.000Z")
		found, err := tx.FindFirstRecordByFilter("notifications", "user = {:u} && groupKey = {:g} && updated >= {:since}",
			dbx.Params{"u": n.UserID, "g": n.GroupKey, "since": since})
		if err == nil {
			rec = found
		} else if !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
	}
	if rec == nil {
		col, err := tx.FindCachedCollectionByNameOrId("notifications")
		if err != nil {
			return nil, err
		}
		rec = core.NewRecord(col)
		rec.Load(map[string]any{"user": n.UserID, "type": n.Type, "entityType": n.EntityType,
			"entityId": n.EntityID, "groupKey": n.GroupKey})
	}
	rec.Set("isRead", false)
	if n.ActorID == "" {
		rec.Set("count", 1)
		rec.Set("message", n.Action)
		return rec, tx.Save(rec)
	}
	var actors []string
	_ = rec.UnmarshalJSONField("actors", &actors)
	actors = slices.DeleteFunc(actors, func(id string) bool { return id == n.ActorID })
	actors = append([]string{n.ActorID}, actors...)
	rec.Set("actors", actors)
	rec.Set("count", len(actors))
	rec.Set("actor", n.ActorID)
	rec.Set("message", message(auth.DisplayName(actor), len(actors)-1, n.Action))
	return rec, tx.Save(rec)
}

// ToJSON renders a notification; actor may be nil (a deleted member).
func ToJSON(r, actor *core.Record) NotificationJSON {
	out := NotificationJSON{
		ID: r.Id, Type: r.GetString("type"), Message: r.GetString("message"), IsRead: r.GetBool("isRead"),
		CreatedAt: r.GetDateTime("updated").Time().UTC().Format(time.RFC3339Nano), EntityID: r.GetString("entityId"),
		EntityType: r.GetString("entityType"), Count: max(r.GetInt("count"), 1),
	}
	if actor != nil {
		u := auth.PublicUser(actor)
		out.Actor = &u
	}
	return out
}

// UnreadCount counts a member's unread notifications.
func UnreadCount(app core.App, userID string) (int, error) {
	var n int
	err := app.DB().Select("COUNT(*)").From("notifications").
		Where(dbx.HashExp{"user": userID, "isRead": false}).Row(&n)
	return n, err
}

// deliver tells the recipient's open apps about a new or updated notification, and pushes
// it to their browsers in the background.
func deliver(app core.App, rec, actor *core.Record) {
	deliverMany(app, []*core.Record{rec}, actor)
}

// deliverMany tells each notification's recipient: the unread count and the notice to
// their open apps (only members with an app open cost a count), and a push in the
// background to the recipients with push subscriptions (found in one query).
func deliverMany(app core.App, recs []*core.Record, actor *core.Record) {
	h := hubOf(app)
	users := make([]any, 0, len(recs))
	for _, rec := range recs {
		user := rec.GetString("user")
		users = append(users, user)
		if h == nil || !h.online(user) {
			continue
		}
		count, _ := UnreadCount(app, user)
		h.send([]string{user}, TopicNotifications, map[string]any{
			"action": "create", "notification": ToJSON(rec, actor), "unreadCount": count,
		})
	}
	var subscribed []string
	if err := app.DB().Select("user").Distinct(true).From("push_subscriptions").Where(dbx.In("user", users...)).Column(&subscribed); err != nil {
		app.Logger().Warn("push: finding subscribers", "error", err.Error())
		return
	}
	wants := map[string]bool{}
	for _, u := range subscribed {
		wants[u] = true
	}
	for _, rec := range recs {
		user := rec.GetString("user")
		if !wants[user] {
			continue
		}
		payload := PushPayload{
			Title: "CineCircle", Body: rec.GetString("message"), Tag: rec.Id, Type: rec.GetString("type"),
			EntityType: rec.GetString("entityType"), EntityID: rec.GetString("entityId"), Icon: pushIcon(actor),
			URL: TargetURL(rec.GetString("type"), rec.GetString("entityType"), rec.GetString("entityId")),
		}
		if q := queueOf(app); q != nil {
			q.run(app, &job{Kind: "push", UserID: user, Payload: &payload})
		}
	}
}

// message words a notification: 'Ana liked your review', 'Ana and 1 other liked your
// review', 'Ana and 4 others liked your review'.
func message(actor string, others int, action string) string {
	switch others {
	case 0:
		return actor + " " + action
	case 1:
		return actor + " and 1 other " + action
	}
	return fmt.Sprintf("%s and %d others %s", actor, others, action)
}
