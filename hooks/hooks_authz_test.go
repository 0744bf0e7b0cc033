package hooks_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"cinecircle/hooks/scrobble"
)

// Access levels of the authorization matrix: who may use a route or collection endpoint.
type access string

const (
	public access = "public" // anyone, signed in or not
	member access = "member" // any signed-in member (acting on their own data, or on what followers may see)
	owner  access = "owner"  // only the member the resource belongs to
	nobody access = "nobody" // superusers only (the dashboard)
)

// allowed reports whether level lets role in.
func (level access) allowed(role string) bool {
	switch level {
	case public:
		return true
	case member:
		return role != roleVisitor
	case owner:
		return role == roleOwner
	}
	return false
}

// routeRule says who may use one custom route, with the concrete path (placeholders in
// braces name fixtures of authzWorld.ids) and body each role sends.
type routeRule struct {
	access access
	path   string // "" when the pattern has no parameters
	body   string
}

// routeTable classifies every custom route the app serves. A route added to the app
// without an entry here fails TestAuthorizationMatrix until someone decides who may use it.
var routeTable = map[string]routeRule{
	// auth: sign-up and sign-in are public; the rest act on the caller's own account
	"GET /api/login":                      {access: public},
	"GET /api/logout":                     {access: public},
	"POST /api/auth/signup":               {access: public, body: `{"email":"new-{role}@example.com","password":"long enough","passwordConfirm":"long enough","firstName":"New"}`},
	"POST /api/auth/login":                {access: public, body: `{"email":"nobody@example.com","password":"wrong password"}`},
	"POST /api/auth/confirm-email":        {access: public, body: `{"token":"not.a.token"}`},
	"POST /api/auth/logout":               {access: public},
	"POST /api/auth/session":              {access: member},
	"GET /api/auth/user":                  {access: member},
	"PATCH /api/auth/user/name":           {access: member, body: `{"firstName":"{role}","lastName":"","nickname":null,"displayPreference":"fullname"}`},
	"POST /api/auth/user/password":        {access: member, body: `{"currentPassword":"not the password","password":"another password","passwordConfirm":"another password"}`},
	"GET /api/user/settings":              {access: member},
	"PATCH /api/user/settings":            {access: member, body: `{"bio":"I am {role}"}`},
	"POST /api/user/avatar":               {access: member, body: `{}`},
	"DELETE /api/user/avatar":             {access: member},
	"DELETE /api/user":                    {access: member, body: `{"password":"not the password"}`},
	"POST /api/user/email":                {access: member, body: `{"email":"new-{role}@example.com","password":"not the password"}`},
	"POST /api/auth/confirm-email-change": {access: public, body: `{"token":"not.a.token"}`},
	"GET /api/user/sessions":              {access: member},
	"DELETE /api/user/sessions/{id}":      {access: member, path: "/api/user/sessions/nosuchsession00"},
	"DELETE /api/user/sessions":           {access: member},
	"GET /api/user/2fa":                   {access: member},
	"POST /api/user/2fa/setup":            {access: member},
	"POST /api/user/2fa/enable":           {access: member, body: `{"code":"000000"}`},
	"POST /api/user/2fa/disable":          {access: member, body: `{"password":"not the password","code":"000000"}`},
	// catalog: public lookups
	"GET /api/movies/search":             {access: public, path: "/api/movies/search?q=matrix"},
	"GET /api/tv-shows/search":           {access: public, path: "/api/tv-shows/search?q=breaking"},
	"GET /api/movies/{id}":               {access: public, path: "/api/movies/603"},
	"GET /api/tv-shows/{id}":             {access: public, path: "/api/tv-shows/1396"},
	"GET /api/tv-shows/{id}/seasons/{n}": {access: public, path: "/api/tv-shows/1396/seasons/1"},
	"GET /api/tmdb/{kind}/{id}/details":  {access: public, path: "/api/tmdb/movie/603/details"},
	"GET /api/trending-movies":           {access: public},
	"GET /api/trending-tv-shows":         {access: public},
	"GET /img/{size}/{file...}":          {access: public, path: "/img/w185/nosuchposter.jpg"},
	"GET /api/catalog/info":              {access: public},
	// social
	"POST /api/follow":            {access: member, body: `{"userId":"{cal}"}`},
	"DELETE /api/follow/{userId}": {access: member, path: "/api/follow/{cal}"},
	// moderation: members report and block (Dee, whom no other route uses); reports and
	// blocks themselves are read by superusers in the dashboard only
	"POST /api/reports":                  {access: member, body: `{"entityType":"user","entityId":"{dee}","reason":"from {role}"}`},
	"GET /api/user/blocks":               {access: member},
	"POST /api/users/{id}/block":         {access: member, path: "/api/users/{dee}/block"},
	"DELETE /api/users/{id}/block":       {access: member, path: "/api/users/{dee}/block"},
	"GET /api/user/following":            {access: member},
	"GET /api/user/followers":            {access: member},
	"GET /api/suggested-friends":         {access: member},
	"GET /api/users/suggestions":         {access: member, path: "/api/users/suggestions?q=ana"},
	"GET /api/feed":                      {access: member},
	"GET /api/users/{id}/activities":     {access: member, path: "/api/users/{owner}/activities"},
	"GET /api/activities/{id}":           {access: member, path: "/api/activities/{post}"},
	"PATCH /api/activities/{id}":         {access: owner, path: "/api/activities/{post}", body: `{"review":"edited by {role}"}`},
	"DELETE /api/activities/{id}":        {access: owner, path: "/api/activities/{post2}"},
	"POST /api/activities/{id}/like":     {access: member, path: "/api/activities/{post}/like"},
	"DELETE /api/activities/{id}/like":   {access: member, path: "/api/activities/{post}/like"},
	"GET /api/activities/{id}/comments":  {access: member, path: "/api/activities/{post}/comments"},
	"POST /api/activities/{id}/comments": {access: member, path: "/api/activities/{post}/comments", body: `{"content":"from {role}"}`},
	"POST /api/comments/{id}/like":       {access: member, path: "/api/comments/{comment}/like"},
	"DELETE /api/comments/{id}":          {access: owner, path: "/api/comments/{comment2}"},
	// diary: members write and read their own lists; others' profiles are for members
	"POST /api/user/movies":           {access: member, body: `{"movieId":603,"status":"watched","rating":7}`},
	"POST /api/user/tv-shows":         {access: member, body: `{"tvShowId":1396,"status":"currently_watching"}`},
	"GET /api/user/movies":            {access: member},
	"GET /api/user/tv-shows":          {access: member},
	"DELETE /api/user/movies/{id}":    {access: member, path: "/api/user/movies/603"},
	"DELETE /api/user/tv-shows/{id}":  {access: member, path: "/api/user/tv-shows/1396"},
	"GET /api/user/stats":             {access: member},
	"GET /api/movies/{id}/ratings":    {access: member, path: "/api/movies/603/ratings"},
	"GET /api/tv-shows/{id}/ratings":  {access: member, path: "/api/tv-shows/1396/ratings"},
	"GET /api/users/{id}/profile":     {access: member, path: "/api/users/{owner}/profile"},
	"GET /api/users/{id}/diary":       {access: member, path: "/api/users/{owner}/diary"},
	"GET /api/users/{id}/year/{yyyy}": {access: member, path: "/api/users/{owner}/year/2025"},
	// public (#21): what visitors may read of public members (a member who is not public
	// answers 404 to everyone, hooks/public's role table)
	"GET /api/public/users/{handle}":                      {access: public, path: "/api/public/users/nobody_here"},
	"GET /api/public/users/{handle}/reviews/{activityId}": {access: public, path: "/api/public/users/nobody_here/reviews/x"},
	"GET /u/{handle}":                                     {access: public, path: "/u/nobody_here"},
	"GET /u/{handle}/review/{activityId}":                 {access: public, path: "/u/nobody_here/review/x"},
	"GET /u/{handle}/year/{yyyy}":                         {access: public, path: "/u/nobody_here/year/2025"},
	"GET /u/{handle}/rss":                                 {access: public, path: "/u/nobody_here/rss"},
	"GET /u/{handle}/list/{listId}":                       {access: public, path: "/u/nobody_here/list/x"},
	"GET /api/public/users/{handle}/lists/{listId}":       {access: public, path: "/api/public/users/nobody_here/lists/x"},
	"GET /og/list/{file}":                                 {access: public, path: "/og/list/x.png"},
	"GET /og/review/{file}":                               {access: public, path: "/og/review/x.png"},
	"GET /og/u/{file}":                                    {access: public, path: "/og/u/nobody_here.png"},
	"GET /og/u/{handle}/year/{file}":                      {access: public, path: "/og/u/nobody_here/year/2025.png"},
	"GET /robots.txt":                                     {access: public},
	"GET /api/public/users/{handle}/year/{yyyy}":          {access: public, path: "/api/public/users/nobody_here/year/2025"},
	// federation (#23): what the fediverse may read of federated members (everyone else,
	// and everyone while the community is off, answers 404: hooks/federation's role table)
	"GET /.well-known/webfinger":                {access: public, path: "/.well-known/webfinger?resource=acct:nobody_here@localhost"},
	"GET /.well-known/nodeinfo":                 {access: public},
	"GET /.well-known/host-meta":                {access: public},
	"GET /nodeinfo/2.1":                         {access: public},
	"GET /api/federation/status":                {access: member},
	"GET /api/federation/requests":              {access: member},
	"GET /api/federation/lookup":                {access: member, path: "/api/federation/lookup?acct=nobody_here@films.example"},
	"GET /api/federation/following":             {access: member},
	"POST /api/federation/requests/{id}/accept": {access: owner, path: "/api/federation/requests/{followRequest}/accept"},
	"POST /api/federation/requests/{id}/reject": {access: owner, path: "/api/federation/requests/{followRequest2}/reject"},
	"GET /ap/users/{handle}":                    {access: public, path: "/ap/users/nobody_here"},
	"GET /ap/users/{handle}/outbox":             {access: public, path: "/ap/users/nobody_here/outbox"},
	"GET /ap/users/{handle}/followers":          {access: public, path: "/ap/users/nobody_here/followers"},
	"GET /ap/users/{handle}/following":          {access: public, path: "/ap/users/nobody_here/following"},
	"GET /ap/users/{handle}/posts/{id}":         {access: public, path: "/ap/users/nobody_here/posts/x"},
	"GET /ap/users/{handle}/comments/{id}":      {access: public, path: "/ap/users/nobody_here/comments/x"},
	"GET /ap/actor":                             {access: public},
	"GET /ap/avatars/{id}":                      {access: public, path: "/ap/avatars/nosuchactor0001"},
	// inboxes: only a remote actor's HTTP Signature lets a POST in; no session does
	"POST /ap/inbox":                          {access: nobody, body: `{"type":"Follow","actor":"https://other.example/users/x","object":"https://films.example/ap/users/x"}`},
	"POST /ap/users/{handle}/inbox":           {access: nobody, path: "/ap/users/nobody_here/inbox", body: `{"type":"Follow"}`},
	"POST /api/tv-shows/{id}/episode-reviews": {access: member, path: "/api/tv-shows/1396/episode-reviews", body: `{"seasonNumber":1,"episodeNumber":2,"rating":8}`},
	"GET /api/tv-shows/{id}/episode-reviews":  {access: member, path: "/api/tv-shows/1396/episode-reviews"},
	"DELETE /api/episode-reviews/{id}":        {access: owner, path: "/api/episode-reviews/{episodeReview}"},
	// collaborations (the owner is the invited friend: rating and editing the invitation
	// are hers alone) and recommendations
	"POST /api/user-movies":                         {access: owner, body: `{"tmdbId":680,"status":"watched","rating":6}`},
	"POST /api/tv-shows":                            {access: owner, body: `{"tmdbId":1396,"status":"watched","rating":6}`},
	"PATCH /api/movies/{id}":                        {access: owner, path: "/api/movies/680", body: `{"status":"watched","rating":5}`},
	"PATCH /api/tv-shows/{id}":                      {access: owner, path: "/api/tv-shows/1396", body: `{"status":"watched","rating":5}`},
	"POST /api/collaborations/{activityId}/decline": {access: owner, path: "/api/collaborations/{collab}/decline"},
	"GET /api/movies/{id}/friend-ratings":           {access: member, path: "/api/movies/603/friend-ratings"},
	"GET /api/tv-shows/{id}/friend-ratings":         {access: member, path: "/api/tv-shows/1396/friend-ratings"},
	"POST /api/recommendations":                     {access: member, body: `{"movieId":603,"userIds":["{cal}"]}`},
	"GET /api/recommendations":                      {access: member},
	"DELETE /api/recommendations/{id}":              {access: owner, path: "/api/recommendations/{recommendation}"},
	// notifications and push
	"GET /api/events":                        {access: member}, // the member's own event stream (only their own events: hooks/notify tests)
	"GET /api/notifications":                 {access: member},
	"GET /api/notifications/unread-count":    {access: member},
	"PATCH /api/notifications/mark-all-read": {access: member},
	"PATCH /api/notifications/{id}/read":     {access: owner, path: "/api/notifications/{notification}/read"},
	"GET /api/user/notification-settings":    {access: member},
	"PATCH /api/user/notification-settings":  {access: member, body: `{"newPosts":true}`},
	"POST /api/push/subscribe":               {access: member, body: `{"endpoint":"https://push.example.com/{role}","keys":{"p256dh":"BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM","auth":"tBHItJI5svbpez7KI4CCXg"}}`},
	"DELETE /api/push/unsubscribe":           {access: member, body: `{"endpoint":"https://push.example.com/{role}"}`},
	"POST /api/push/test":                    {access: member},
	"GET /api/push/vapid-public-key":         {access: public},
	// challenges
	"GET /api/user/challenges":         {access: member},
	"GET /api/challenges/available":    {access: member},
	"POST /api/challenges/{id}/join":   {access: member, path: "/api/challenges/{challenge}/join"},
	"DELETE /api/challenges/{id}/join": {access: member, path: "/api/challenges/{challenge}/join"},
	"GET /api/user/achievements":       {access: member},
	"GET /api/users/{id}/achievements": {access: member, path: "/api/users/{owner}/achievements"},
	"GET /api/user/rankings":           {access: member},
	// portability
	"POST /api/import/{source}":    {access: member, path: "/api/import/letterboxd", body: `{}`},
	"GET /api/imports":             {access: member},
	"GET /api/imports/{id}":        {access: owner, path: "/api/imports/{import}"},
	"POST /api/imports/{id}/match": {access: owner, path: "/api/imports/{import}/match", body: `{"index":0,"tmdbId":603}`},
	"GET /api/export":              {access: member},
	// tv tracking: members mark and read their own episodes; the calendar feed's token is
	// its credential (calendar apps have no session), so anyone holding it may read it
	"POST /api/tv-shows/{id}/episodes/watched":   {access: member, path: "/api/tv-shows/1396/episodes/watched", body: `{"season":1,"episode":3}`},
	"DELETE /api/tv-shows/{id}/episodes/watched": {access: member, path: "/api/tv-shows/1396/episodes/watched", body: `{"season":1,"episode":3}`},
	"GET /api/tv-shows/{id}/progress":            {access: member, path: "/api/tv-shows/1396/progress"},
	"GET /api/user/up-next":                      {access: member},
	"GET /api/user/calendar":                     {access: member},
	"GET /api/user/calendar-feed":                {access: member},
	"POST /api/user/calendar-feed":               {access: member},
	"DELETE /api/user/calendar-feed":             {access: member},
	"GET /api/calendar/{file}":                   {access: public, path: "/api/calendar/{calendarToken}.ics"},
	// scrobbling: members read and change their own settings; the webhook's token is its
	// credential (media servers have no session), so anyone holding it may post plays
	"GET /api/user/scrobble":         {access: member},
	"PATCH /api/user/scrobble":       {access: member, body: `{"postToFeed":true}`},
	"POST /api/user/scrobble/rotate": {access: member},
	"POST /api/scrobble/{token}":     {access: public, path: "/api/scrobble/{scrobbleToken}", body: `{"event":"scrobble","type":"movie","title":"The Matrix","year":1999,"ids":{"tmdb":603}}`},
	"GET /api/users/{id}/watching":   {access: member, path: "/api/users/{owner}/watching"},
	"GET /api/user/watching-now":     {access: member},
	// lists: members read what the list's visibility lets them (Bea follows Ana, whose
	// lists are public); only the owner (or an editor) changes them
	"POST /api/lists":                         {access: member, body: `{"name":"by {role}","visibility":"private"}`},
	"GET /api/lists/{id}":                     {access: member, path: "/api/lists/{list}"},
	"PATCH /api/lists/{id}":                   {access: owner, path: "/api/lists/{list}", body: `{"name":"renamed by {role}"}`},
	"DELETE /api/lists/{id}":                  {access: owner, path: "/api/lists/{list2}"},
	"POST /api/lists/{id}/items":              {access: owner, path: "/api/lists/{list}/items", body: `{"movieId":550}`},
	"PATCH /api/lists/{id}/items/{itemId}":    {access: owner, path: "/api/lists/{list}/items/{listItem}", body: `{"note":"by {role}"}`},
	"DELETE /api/lists/{id}/items/{itemId}":   {access: owner, path: "/api/lists/{list}/items/{listItem2}"},
	"POST /api/lists/{id}/editors":            {access: owner, path: "/api/lists/{list}/editors", body: `{"userId":"{cal}"}`},
	"DELETE /api/lists/{id}/editors/{userId}": {access: owner, path: "/api/lists/{list}/editors/{cal}"},
	"GET /api/users/{id}/lists":               {access: member, path: "/api/users/{owner}/lists"},
	"GET /api/user/lists":                     {access: member},
	"GET /api/movies/{id}/lists":              {access: member, path: "/api/movies/603/lists"},
	"GET /api/tv-shows/{id}/lists":            {access: member, path: "/api/tv-shows/1396/lists"},
	"GET /api/movies/{id}/lists/count":        {access: member, path: "/api/movies/603/lists/count"},
	"GET /api/tv-shows/{id}/lists/count":      {access: member, path: "/api/tv-shows/1396/lists/count"},
	"GET /api/user/favorites":                 {access: member},
	"PUT /api/user/favorites":                 {access: member, body: `{"movieIds":[603]}`},
	"GET /api/users/{id}/favorites":           {access: member, path: "/api/users/{owner}/favorites"},
	// gifs
	"GET /api/gifs/featured": {access: member},
	"GET /api/gifs/search":   {access: member, path: "/api/gifs/search?q=cat"},
	// the app itself
	"GET /{path...}": {access: public, path: "/feed"},
}

// denied reports whether an answer refused the caller: not signed in, forbidden, or
// (for someone else's resource) not found.
func denied(status int) bool {
	return status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusNotFound
}

// fill replaces {placeholders} with fixture ids and {role} with a name for the role.
func (w *authzWorld) fill(s, role string) string {
	s = strings.ReplaceAll(s, "{role}", strings.ReplaceAll(role, " ", "-"))
	for name, id := range w.ids {
		s = strings.ReplaceAll(s, "{"+name+"}", id)
	}
	return s
}

// TestAuthorizationMatrix calls every custom route (found by walking the served router)
// as a visitor, as another member (who follows the owner) and as the owner, and fails on
// any answer the route table does not expect: an allow where it expects a refusal above
// all, a refusal where it expects an allow (a wrong fixture would hide a missing check),
// and any change a refused caller managed to make to the owner's data anyway. It logs
// the matrix it checked. The collections' REST and realtime endpoints are checked by
// TestCollectionAccessMatrix.
func TestAuthorizationMatrix(t *testing.T) {
	w := newAuthzWorld(t)
	var custom []string
	for _, p := range w.routes.all {
		if !w.routes.pocketBase[p] {
			custom = append(custom, p)
		}
	}
	slices.Sort(custom)
	custom = slices.Compact(custom)
	for _, p := range custom {
		if _, ok := routeTable[p]; !ok {
			t.Errorf("route %q is not in routeTable (hooks/hooks_authz_test.go): add it with its access (public, member or owner), a path naming a fixture for each {parameter}, and a body for writes", p)
		}
	}
	for p := range routeTable {
		if !slices.Contains(custom, p) {
			t.Errorf("routeTable lists %q, which the app no longer serves: remove it", p)
		}
	}
	if t.Failed() {
		return
	}

	order := callOrder(custom)
	got := map[string]map[string]int{}
	for _, role := range roles {
		if role == roleOwner {
			w.checkOwnerDataIntact(t)
		}
		for _, p := range order {
			rule := routeTable[p]
			status, data := w.call(t, p, role)
			if got[p] == nil {
				got[p] = map[string]int{}
			}
			got[p][role] = status
			switch {
			case status >= 500:
				t.Errorf("%s as %s: %d %s", p, role, status, truncate(data))
			case rule.access.allowed(role) && (status == http.StatusUnauthorized || status == http.StatusForbidden || (rule.access == owner && status == http.StatusNotFound)):
				t.Errorf("%s as %s: refused with %d, but the table says %s may use it: %s", p, role, status, rule.access, truncate(data))
			case !rule.access.allowed(role) && !denied(status):
				t.Errorf("UNEXPECTED ALLOW: %s as %s answered %d, but only %s may use it: %s", p, role, status, rule.access, truncate(data))
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "authorization matrix, %d custom routes (status per role; ✓ as expected):\n", len(order))
	fmt.Fprintf(&b, "%-48s %-7s %-9s %-13s %s\n", "ROUTE", "ACCESS", roleVisitor, roleOther, roleOwner)
	for _, p := range custom {
		fmt.Fprintf(&b, "%-48s %-7s", p, routeTable[p].access)
		for _, role := range roles {
			mark := "✓"
			if t.Failed() && routeTable[p].access.allowed(role) == denied(got[p][role]) {
				mark = "✗"
			}
			fmt.Fprintf(&b, " %-13s", fmt.Sprintf("%d %s", got[p][role], mark))
		}
		b.WriteString("\n")
	}
	t.Log(b.String())
}

// call sends route p (its routeTable path and body) as role.
func (w *authzWorld) call(t *testing.T, p, role string) (int, []byte) {
	rule := routeTable[p]
	method, path, _ := strings.Cut(p, " ")
	if rule.path != "" {
		path = rule.path
	}
	return send(t, w.srv, method, w.fill(path, role), w.fill(rule.body, role), w.cookies[role])
}

// callOrder is the order the matrix calls routes in for each role (the owner goes last):
// reads, then creations, then edits, then deletions.
func callOrder(routes []string) []string {
	order := slices.Clone(routes)
	slices.Sort(order)
	methodRank := map[string]int{"GET": 0, "POST": 1, "PATCH": 2, "PUT": 2, "DELETE": 3}
	slices.SortStableFunc(order, func(a, b string) int {
		ma, _, _ := strings.Cut(a, " ")
		mb, _, _ := strings.Cut(b, " ")
		return methodRank[ma] - methodRank[mb]
	})
	return order
}

// checkOwnerDataIntact fails t when the visitor's and the other member's calls changed
// anything of the owner's that only the owner may change.
func (w *authzWorld) checkOwnerDataIntact(t *testing.T) {
	t.Helper()
	post, err := w.app.FindRecordById("activities", w.ids["post"])
	if err != nil || !strings.Contains(post.GetString("data"), `"review":"Whoa"`) {
		t.Errorf("UNEXPECTED ALLOW: the owner's post was edited or deleted by someone else: %v %s", err, post.GetString("data"))
	}
	for collection, id := range map[string]string{"activities": w.ids["post2"], "comments": w.ids["comment2"], "episode_reviews": w.ids["episodeReview"], "imports": w.ids["import"]} {
		if _, err := w.app.FindRecordById(collection, id); err != nil {
			t.Errorf("UNEXPECTED ALLOW: the owner's %s record %s was deleted by someone else", collection, id)
		}
	}
	if r, err := w.app.FindRecordById("recommendations", w.ids["recommendation"]); err != nil || r.GetBool("dismissed") {
		t.Errorf("UNEXPECTED ALLOW: the owner's recommendation was dismissed by someone else")
	}
	if r, err := w.app.FindRecordById("notifications", w.ids["notification"]); err != nil || r.GetBool("isRead") {
		t.Errorf("UNEXPECTED ALLOW: the owner's notification was marked read by someone else")
	}
	if r, err := w.app.FindRecordById("users", w.ids["owner"]); err != nil || r.GetString("firstName") != "Ana" {
		t.Errorf("UNEXPECTED ALLOW: the owner's profile was changed by someone else")
	}
	if _, err := w.app.FindFirstRecordByFilter("watch_entries", "user = {:u} && movie != ''", map[string]any{"u": w.ids["owner"]}); err != nil {
		t.Errorf("UNEXPECTED ALLOW: the owner's diary entry was deleted by someone else")
	}
	if _, err := w.app.FindFirstRecordByFilter("calendar_feeds", "user = {:u} && token = {:t}", map[string]any{"u": w.ids["owner"], "t": w.ids["calendarToken"]}); err != nil {
		t.Errorf("UNEXPECTED ALLOW: the owner's calendar feed was rotated or revoked by someone else")
	}
	if tok, err := scrobble.TokenFor(w.app, w.ids["owner"]); err != nil || tok != w.ids["scrobbleToken"] {
		t.Errorf("UNEXPECTED ALLOW: the owner's scrobble address was rotated by someone else")
	}
	if _, err := w.app.FindFirstRecordByFilter("episode_watches", "user = {:u} && season = 1 && episode = 2", map[string]any{"u": w.ids["owner"]}); err != nil {
		t.Errorf("UNEXPECTED ALLOW: the owner's episode watch was removed by someone else")
	}
	if _, err := w.app.FindFirstRecordByFilter("collaboration_participants", "user = {:u} && declined = false", map[string]any{"u": w.ids["owner"]}); err != nil {
		t.Errorf("UNEXPECTED ALLOW: the owner's collaboration invitation was declined by someone else")
	}
}
