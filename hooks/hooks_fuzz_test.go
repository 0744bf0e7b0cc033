package hooks_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"cinecircle/hooks/testutil"
)

// fuzzWriteRoute fuzzes the JSON body of the write route called name, as a signed-in
// member, seeded with the hostile bodies (those under the body limit): every answer must
// be a success or a JSON 4xx whose 400s name a field. `go test` runs the seeds;
// `make fuzz` mutates them.
func fuzzWriteRoute(f *testing.F, name string) {
	srv, cookie, routes := writeRoutesFixture(f)
	var route *writeRoute
	for i := range routes {
		if routes[i].name == name {
			route = &routes[i]
		}
	}
	if route == nil {
		f.Fatalf("no write route named %s", name)
	}
	for _, body := range hostileBodies(testutil.UserID("Ana")) {
		if len(body) < 64<<10 {
			f.Add([]byte(body))
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		status, data := send(t, srv, route.method, route.path, string(body), cookie)
		checkHostileAnswer(t, route.method+" "+route.path, status, data)
	})
}

// FuzzWriteRoutes fuzzes every write route in one target (the route is part of the
// input): `make test` gives it a short run, `make fuzz` a long one beside the per-route ones.
func FuzzWriteRoutes(f *testing.F) {
	srv, cookie, routes := writeRoutesFixture(f)
	for i := range routes {
		for _, body := range hostileBodies(testutil.UserID("Ana")) {
			if len(body) < 64<<10 {
				f.Add(uint8(i), []byte(body))
			}
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, body []byte) {
		route := routes[int(i)%len(routes)]
		status, data := send(t, srv, route.method, route.path, string(body), cookie)
		checkHostileAnswer(t, route.method+" "+route.path, status, data)
	})
}

func FuzzSignup(f *testing.F)               { fuzzWriteRoute(f, "Signup") }
func FuzzLogin(f *testing.F)                { fuzzWriteRoute(f, "Login") }
func FuzzConfirmEmail(f *testing.F)         { fuzzWriteRoute(f, "ConfirmEmail") }
func FuzzProfileName(f *testing.F)          { fuzzWriteRoute(f, "ProfileName") }
func FuzzChangePassword(f *testing.F)       { fuzzWriteRoute(f, "ChangePassword") }
func FuzzFollow(f *testing.F)               { fuzzWriteRoute(f, "Follow") }
func FuzzDiaryMovie(f *testing.F)           { fuzzWriteRoute(f, "DiaryMovie") }
func FuzzDiaryShow(f *testing.F)            { fuzzWriteRoute(f, "DiaryShow") }
func FuzzEpisodeReview(f *testing.F)        { fuzzWriteRoute(f, "EpisodeReview") }
func FuzzEditPost(f *testing.F)             { fuzzWriteRoute(f, "EditPost") }
func FuzzComment(f *testing.F)              { fuzzWriteRoute(f, "Comment") }
func FuzzCollabRateMovie(f *testing.F)      { fuzzWriteRoute(f, "CollabRateMovie") }
func FuzzCollabRateShow(f *testing.F)       { fuzzWriteRoute(f, "CollabRateShow") }
func FuzzCollabEditMovie(f *testing.F)      { fuzzWriteRoute(f, "CollabEditMovie") }
func FuzzCollabEditShow(f *testing.F)       { fuzzWriteRoute(f, "CollabEditShow") }
func FuzzPushUnsubscribe(f *testing.F)      { fuzzWriteRoute(f, "PushUnsubscribe") }
func FuzzRecommend(f *testing.F)            { fuzzWriteRoute(f, "Recommend") }
func FuzzPushSubscribe(f *testing.F)        { fuzzWriteRoute(f, "PushSubscribe") }
func FuzzNotificationSettings(f *testing.F) { fuzzWriteRoute(f, "NotificationSettings") }
func FuzzJoinChallenge(f *testing.F)        { fuzzWriteRoute(f, "JoinChallenge") }
func FuzzImportMatch(f *testing.F)          { fuzzWriteRoute(f, "ImportMatch") }
func FuzzReport(f *testing.F)               { fuzzWriteRoute(f, "Report") }
func FuzzMarkEpisodes(f *testing.F)         { fuzzWriteRoute(f, "MarkEpisodes") }
func FuzzUnmarkEpisode(f *testing.F)        { fuzzWriteRoute(f, "UnmarkEpisode") }
func FuzzScrobbleSettings(f *testing.F)     { fuzzWriteRoute(f, "ScrobbleSettings") }
func FuzzScrobble(f *testing.F)             { fuzzWriteRoute(f, "Scrobble") }
func FuzzSettings(f *testing.F)             { fuzzWriteRoute(f, "Settings") }
func FuzzTwoFactorEnable(f *testing.F)      { fuzzWriteRoute(f, "TwoFactorEnable") }
func FuzzTwoFactorDisable(f *testing.F)     { fuzzWriteRoute(f, "TwoFactorDisable") }
func FuzzDeleteAccount(f *testing.F)        { fuzzWriteRoute(f, "DeleteAccount") }
func FuzzChangeEmail(f *testing.F)          { fuzzWriteRoute(f, "ChangeEmail") }
func FuzzConfirmEmailChange(f *testing.F)   { fuzzWriteRoute(f, "ConfirmEmailChange") }
func FuzzCreateList(f *testing.F)           { fuzzWriteRoute(f, "CreateList") }
func FuzzEditList(f *testing.F)             { fuzzWriteRoute(f, "EditList") }
func FuzzAddListItem(f *testing.F)          { fuzzWriteRoute(f, "AddListItem") }
func FuzzEditListItem(f *testing.F)         { fuzzWriteRoute(f, "EditListItem") }
func FuzzAddListEditor(f *testing.F)        { fuzzWriteRoute(f, "AddListEditor") }
func FuzzFavorites(f *testing.F)            { fuzzWriteRoute(f, "Favorites") }

// FuzzWebFinger fuzzes WebFinger's resource parameter, seeded with the hostile ones.
func FuzzWebFinger(f *testing.F) {
	srv := webfingerFixture(f)
	for _, r := range hostileResources {
		f.Add(r)
	}
	f.Fuzz(func(t *testing.T, resource string) {
		status, data := send(t, srv, "GET", "/.well-known/webfinger?resource="+url.QueryEscape(resource), "", "")
		checkHostileAnswer(t, "webfinger", status, data)
	})
}

// FuzzObjectIDs fuzzes the id in the addresses of objects (objectPaths), seeded with the
// hostile ones: never a 5xx.
func FuzzObjectIDs(f *testing.F) {
	srv := webfingerFixture(f)
	for i := range objectPaths {
		for _, id := range hostileObjectIDs {
			f.Add(uint8(i), id)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, id string) {
		prefix := objectPaths[int(i)%len(objectPaths)]
		status, data := send(t, srv, "GET", prefix+url.PathEscape(id), "", "")
		checkHostileAnswer(t, prefix, status, data)
	})
}

// FuzzInbox fuzzes the body of an inbox POST, signed (so it reaches the activity parser),
// seeded with the hostile bodies and activities.
func FuzzInbox(f *testing.F) {
	srv := webfingerFixture(f)
	s := newInboxSigner(f)
	for _, body := range hostileActivities() {
		f.Add([]byte(body))
	}
	for _, body := range hostileBodies("x") {
		if len(body) < 64<<10 {
			f.Add([]byte(body))
		}
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		status, data := s.post(t, srv, "/ap/inbox", body, true)
		checkHostileAnswer(t, "POST /ap/inbox", status, data)
	})
}

// FuzzInboxSignature fuzzes an inbox POST's HTTP Message Signature headers (RFC 9421:
// Signature-Input, Signature, Content-Digest) over a well-formed Follow: never a 5xx.
func FuzzInboxSignature(f *testing.F) {
	srv := webfingerFixture(f)
	s := newInboxSigner(f)
	f.Add(`sig1=("@method" "@target-uri" "content-digest");created=1700000000;keyid="https://mallory.example/users/x#main-key"`, `sig1=:AAAA:`, `sha-256=:AAAA:`)
	f.Add(`sig1=("@query-param";name="a" "@authority" "date");created=1;keyid="k";alg="rsa-pss-sha512"`, `sig1=:AAAA:, sig2=:BBBB:`, `sha-512=:AAAA:`)
	f.Add(`a=(), b=("x";sf)`, `a=:`, `sha-256=("a")`)
	f.Add(`sig1=("@method");created=-1;expires=99999999999999;keyid=""`, `sig1=?1`, ``)
	body := []byte(hostileActivities()["Follow of a member"])
	f.Fuzz(func(t *testing.T, input, signature, digest string) {
		for _, c := range []byte(input + signature + digest) {
			if c < 0x20 && c != '\t' || c == 0x7f {
				t.Skip("a control byte: no client sends it in a header")
			}
		}
		status, data := s.send(t, srv, "/ap/inbox", body, "", time.Time{}, func(r *http.Request) {
			r.Header.Set("Signature-Input", input)
			r.Header.Set("Signature", signature)
			r.Header.Set("Content-Digest", digest)
		})
		checkHostileAnswer(t, "POST /ap/inbox with an RFC 9421 signature", status, data)
		if status != http.StatusUnauthorized && status != http.StatusRequestEntityTooLarge && status != http.StatusBadRequest {
			t.Errorf("a fuzzed signature got %d %s", status, data)
		}
	})
}
