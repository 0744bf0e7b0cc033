package hooks_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/notify"

	"github.com/pocketbase/pocketbase/core"
)

// collectionRule says who may use each of a collection's REST endpoints. Realtime follows
// them: a "name/*" subscription delivers what list allows, "name/ID" what view allows.
type collectionRule struct{ list, view, create, update, delete access }

var superusersOnly = collectionRule{nobody, nobody, nobody, nobody, nobody}

// collectionTable classifies every collection. Members reach data through the custom
// routes; PocketBase's record API is closed except where a rule says otherwise. A
// collection added without an entry fails TestCollectionAccessMatrix.
var collectionTable = map[string]collectionRule{
	// PocketBase's system collections: a member sees only their own auth records
	"_superusers":    superusersOnly,
	"_mfas":          {owner, owner, nobody, nobody, nobody},
	"_otps":          {owner, owner, nobody, nobody, nobody},
	"_externalAuths": {owner, owner, nobody, nobody, owner},
	"_authOrigins":   {owner, owner, nobody, nobody, owner},
	// members: their own record (for the OAuth2 SDK flow) and deleting their account
	"users": {owner, owner, nobody, nobody, nobody}, // #26: deleting asks for the password, through DELETE /api/user only
	// own lists, readable through the SDK; written only through the routes
	"watch_entries":   {owner, owner, nobody, nobody, nobody},
	"diary":           {owner, owner, nobody, nobody, nobody},
	"episode_reviews": {member, member, nobody, nobody, nobody},
	"episode_watches": {owner, owner, nobody, nobody, nobody},
	"tv_progress":     {owner, owner, nobody, nobody, nobody},
	// everything else only through the custom routes
	"follows": superusersOnly, "sessions": superusersOnly, "movies": superusersOnly, "tv_shows": superusersOnly,
	"handle_redirects":    superusersOnly,                                    // #21: read through the visitor pages only
	"federation_settings": superusersOnly, "federation_keys": superusersOnly, // #23: the dashboard's switch; members' private keys
	"notice_cursors":    superusersOnly,                                                                                                                         // #26: how far each member's post notices are written
	"federation_actors": superusersOnly, "federation_followers": superusersOnly, "federation_deliveries": superusersOnly, "federation_payloads": superusersOnly, // #23: remote keys cached, remote followers, the delivery queue
	"federation_farewells": superusersOnly, // a deleted member's actor and key, until the Delete of it is delivered
	"catalog_settings":     superusersOnly, "activities": superusersOnly, "activity_likes": superusersOnly,
	"gifs": superusersOnly, "comments": superusersOnly, "comment_likes": superusersOnly,
	"notifications": superusersOnly, "push_subscriptions": superusersOnly, "push_settings": superusersOnly,
	"challenges": superusersOnly, "user_challenges": superusersOnly, "achievements": superusersOnly,
	"collaborations": superusersOnly, "collaboration_participants": superusersOnly,
	"recommendations": superusersOnly, "imports": superusersOnly,
	"reports": superusersOnly, "blocks": superusersOnly, "delivery_queue": superusersOnly,
	"tv_episodes": superusersOnly, "calendar_feeds": superusersOnly,
	// scrobbling: the webhook token's hash and preferences, and the dedupe keys (hooks/scrobble)
	"scrobble_settings": superusersOnly, "scrobble_plays": superusersOnly,
	"lists": superusersOnly, "list_items": superusersOnly, "list_editors": superusersOnly, "favorites": superusersOnly,
	// #23's moderation and interactions: the dashboard's domain and actor blocks; the fediverse's likes, shares and replies
	"federation_blocks": superusersOnly, "federation_reactions": superusersOnly, "federation_replies": superusersOnly,
	"federation_following": superusersOnly, // #23 item 5: members' follows of remote actors
}

// ownerRecord picks the record of c the matrix aims at: the owner's own (by id, user
// or recordRef), else any record, else nil when the collection is empty.
func (w *authzWorld) ownerRecord(c *core.Collection) *core.Record {
	filter := "id != ''"
	switch {
	case c.Name == "users":
		filter = "id = {:u}"
	case c.Fields.GetByName("user") != nil:
		filter = "user = {:u}"
	case c.Fields.GetByName("recordRef") != nil:
		filter = "recordRef = {:u}"
	}
	r, err := w.app.FindFirstRecordByFilter(c, filter, map[string]any{"u": w.ids["owner"]})
	if err != nil && filter != "id != ''" {
		r, err = w.app.FindFirstRecordByFilter(c, "id != ''")
	}
	if err != nil {
		return nil
	}
	return r
}

// TestCollectionAccessMatrix calls every collection's REST endpoints (list, view, create,
// update, delete) and subscribes to its realtime topics ("name/*" and "name/ID", and our
// own topic names, which nothing of ours uses there) as a visitor, as another member and
// as the owner, and opens each one's event stream (GET /api/events), and fails on any
// allow the collection table does not expect (and on a refusal where it expects an allow).
// It logs the matrix.
func TestCollectionAccessMatrix(t *testing.T) {
	w := newAuthzWorld(t)
	collections, err := w.app.FindAllCollections()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(collections, func(a, b *core.Collection) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range collections {
		if _, ok := collectionTable[c.Name]; !ok {
			t.Errorf("collection %q is not in collectionTable (hooks/hooks_authz_collections_test.go): add it with who may list, view, create, update and delete its records through PocketBase's API (usually superusersOnly: members use the custom routes)", c.Name)
		}
	}
	if t.Failed() {
		return
	}
	targets := map[string]*core.Record{}
	for _, c := range collections {
		targets[c.Name] = w.ownerRecord(c)
	}

	// realtime first (nothing is deleted yet): every role subscribes to every topic
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Our topics travel on each member's own event stream, never on PocketBase's realtime:
	// subscribing to their names there (the bare "notifications" is also PocketBase's
	// legacy topic for the collection, under its list rule) must deliver nothing.
	topics := []string{notify.TopicNotifications, notify.TopicFeed}
	for _, c := range collections {
		topics = append(topics, c.Name+"/*")
		if r := targets[c.Name]; r != nil {
			topics = append(topics, c.Name+"/"+r.Id)
		}
	}
	// The fixture's posts fan out to followers in the background: let that finish before
	// listening, so a follower's own earlier notification is not taken for a stray.
	notify.Drain()
	inboxes := map[string]*inbox{}
	streams := map[string]*inbox{}
	for _, role := range roles {
		inboxes[role] = w.listen(t, ctx, w.cookies[role], topics)
		streams[role] = w.listenEvents(t, ctx, role)
	}
	expected := map[string][]string{}
	for _, c := range collections {
		r := targets[c.Name]
		if r == nil {
			continue
		}
		if err := w.app.Save(r); err != nil { // an update every subscriber allowed to see it hears of
			t.Fatalf("resave %s/%s: %v", c.Name, r.Id, err)
		}
		rule := collectionTable[c.Name]
		for _, role := range roles {
			if rule.list.allowed(role) {
				expected[role] = append(expected[role], c.Name+"/*")
			}
			if rule.view.allowed(role) {
				expected[role] = append(expected[role], c.Name+"/"+r.Id)
			}
		}
	}
	// Cal likes the owner's post: the owner's notification topic hears of it, nobody else's
	if status, data := send(t, w.srv, "POST", "/api/activities/"+w.ids["post2"]+"/like", "", w.calCookie); status != http.StatusOK {
		t.Fatalf("Cal's like: %d %s", status, truncate(data))
	}
	notify.Drain()
	streamed := map[string][]string{roleOwner: {notify.TopicNotifications}}
	for _, role := range roles {
		inboxes[role].waitFor(t, role, expected[role])
		streams[role].waitFor(t, role, streamed[role])
	}
	// Deliveries are asynchronous: once every expected one is in, give any stray one a
	// moment to land too. (A late stray could slip past; it cannot fail a correct app.)
	time.Sleep(300 * time.Millisecond)
	for _, role := range roles {
		for _, topic := range inboxes[role].topics() {
			if !slices.Contains(expected[role], topic) {
				t.Errorf("UNEXPECTED ALLOW: realtime %s delivered to the %s", topic, role)
			}
		}
		for _, topic := range streams[role].topics() {
			if !slices.Contains(streamed[role], topic) {
				t.Errorf("UNEXPECTED ALLOW: event stream delivered %s to the %s", topic, role)
			}
		}
	}

	// REST: everything but the owner's deletes, which come last (her account last of all)
	type cell struct {
		status  int
		allowed bool
	}
	got := map[string]map[string]cell{}
	check := func(c *core.Collection, op string, level access, role string) {
		r := targets[c.Name]
		id := "nosuchrecord000"
		if r != nil {
			id = r.Id
		}
		base := "/api/collections/" + c.Name + "/records"
		var status int
		var data []byte
		switch op {
		case "list":
			status, data = send(t, w.srv, "GET", base+"?perPage=500", "", w.cookies[role])
		case "view":
			status, data = send(t, w.srv, "GET", base+"/"+id, "", w.cookies[role])
		case "create":
			status, data = send(t, w.srv, "POST", base, "{}", w.cookies[role])
		case "update":
			status, data = send(t, w.srv, "PATCH", base+"/"+id, "{}", w.cookies[role])
		case "delete":
			status, data = send(t, w.srv, "DELETE", base+"/"+id, "", w.cookies[role])
		}
		allowed := status < 300
		if op == "list" && allowed {
			var page struct {
				TotalItems int `json:"totalItems"`
			}
			_ = json.Unmarshal(data, &page)
			allowed = page.TotalItems > 0 && (r == nil || strings.Contains(string(data), `"id":"`+r.Id+`"`))
		}
		key := c.Name + " " + op
		if got[key] == nil {
			got[key] = map[string]cell{}
		}
		got[key][role] = cell{status, allowed}
		switch {
		case status >= 500:
			t.Errorf("%s as %s: %d %s", key, role, status, truncate(data))
		case allowed && !level.allowed(role):
			t.Errorf("UNEXPECTED ALLOW: %s as %s answered %d, but only %s may: %s", key, role, status, level, truncate(data))
		case !allowed && level.allowed(role) && r != nil && op != "create":
			t.Errorf("%s as %s: refused with %d, but the table says %s may: %s", key, role, status, level, truncate(data))
		}
	}
	ops := []string{"list", "view", "create", "update", "delete"}
	levels := func(rule collectionRule) []access {
		return []access{rule.list, rule.view, rule.create, rule.update, rule.delete}
	}
	for _, role := range roles {
		for _, c := range collections {
			for i, op := range ops {
				if role == roleOwner && op == "delete" {
					continue
				}
				check(c, op, levels(collectionTable[c.Name])[i], role)
			}
		}
	}
	slices.SortStableFunc(collections, func(a, b *core.Collection) int { return boolCmp(a.Name == "users", b.Name == "users") })
	for _, c := range collections {
		check(c, "delete", collectionTable[c.Name].delete, roleOwner)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "collection access matrix, %d collections (status per role, + = allowed; realtime checked on the list and view topics):\n", len(collections))
	fmt.Fprintf(&b, "%-34s %-7s %-9s %-13s %s\n", "COLLECTION ENDPOINT", "ACCESS", roleVisitor, roleOther, roleOwner)
	slices.SortFunc(collections, func(a, b *core.Collection) int { return strings.Compare(a.Name, b.Name) })
	for _, c := range collections {
		for i, op := range ops {
			key := c.Name + " " + op
			fmt.Fprintf(&b, "%-34s %-7s", key, levels(collectionTable[c.Name])[i])
			for _, role := range roles {
				mark := "-"
				if got[key][role].allowed {
					mark = "+"
				}
				fmt.Fprintf(&b, " %-13s", fmt.Sprintf("%d %s", got[key][role].status, mark))
			}
			b.WriteString("\n")
		}
	}
	t.Log(b.String())
}

// inbox collects the realtime topics one client has heard of.
type inbox struct {
	mu   sync.Mutex
	seen map[string]bool
	ping chan struct{}
}

func (in *inbox) topics() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []string
	for topic := range in.seen {
		out = append(out, topic)
	}
	return out
}

// waitFor blocks until every topic in want has been heard of (10 s at most).
func (in *inbox) waitFor(t *testing.T, role string, want []string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		missing := slices.DeleteFunc(slices.Clone(want), func(topic string) bool {
			in.mu.Lock()
			defer in.mu.Unlock()
			return in.seen[topic]
		})
		if len(missing) == 0 {
			return
		}
		select {
		case <-in.ping:
		case <-deadline:
			t.Errorf("realtime: the %s never heard of %v, which the table says they may see", role, missing)
			return
		}
	}
}

// listen opens a realtime connection with cookie (none for a visitor) and subscribes to
// topics the way the SDK does.
func (w *authzWorld) listen(t *testing.T, ctx context.Context, cookie string, topics []string) *inbox {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, w.srv.URL+"/api/realtime", nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	in := &inbox{seen: map[string]bool{}, ping: make(chan struct{}, 1)}
	connected := make(chan string, 1)
	go in.read(res.Body, connected)
	var clientID string
	select {
	case clientID = <-connected:
	case <-time.After(10 * time.Second):
		t.Fatal("realtime: no PB_CONNECT")
	}
	body, _ := json.Marshal(map[string]any{"clientId": clientID, "subscriptions": topics})
	if status, data := send(t, w.srv, "POST", "/api/realtime", string(body), cookie); status != http.StatusNoContent {
		t.Fatalf("realtime subscribe: %d %s", status, truncate(data))
	}
	return in
}

// listenEvents opens role's event stream, GET /api/events, with their session cookie: a
// visitor must be refused with 401.
func (w *authzWorld) listenEvents(t *testing.T, ctx context.Context, role string) *inbox {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, w.srv.URL+"/api/events", nil)
	if w.cookies[role] != "" {
		req.Header.Set("Cookie", w.cookies[role])
	}
	res, err := w.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	in := &inbox{seen: map[string]bool{}, ping: make(chan struct{}, 1)}
	if allowed := role != roleVisitor; allowed != (res.StatusCode == http.StatusOK) {
		res.Body.Close()
		t.Fatalf("event stream as the %s: %d", role, res.StatusCode)
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		return in
	}
	go in.read(res.Body, nil)
	return in
}

// read records the events of a stream in the inbox until it ends; PocketBase's
// PB_CONNECT goes to connected instead.
func (in *inbox) read(body io.ReadCloser, connected chan<- string) {
	defer body.Close()
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var name, data string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event:"):
			name = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:"):
			data = strings.TrimSpace(line[5:])
		case line == "" && name != "":
			if name == "PB_CONNECT" && connected != nil {
				var c struct{ ClientID string }
				_ = json.Unmarshal([]byte(data), &c)
				connected <- c.ClientID
			} else {
				in.mu.Lock()
				in.seen[name] = true
				in.mu.Unlock()
				select {
				case in.ping <- struct{}{}:
				default:
				}
			}
			name, data = "", ""
		}
	}
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
