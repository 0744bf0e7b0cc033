package social_test

import (
	"net/http"
	"strings"
	"testing"

	"cinecircle/hooks/social"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/pocketbase/tests"
)

func TestInviteLinks(t *testing.T) {
	t.Parallel()
	type tc struct {
		name, ref  string
		invitedBy  string
		linkedBack bool
	}
	cases := []tc{
		{"an invite link makes both members follow each other", `"` + ana + `"`, ana, true},
		{"spaces around the ref are forgiven", `" ` + ana + ` "`, ana, true},
		{"an unknown ref still signs up, unlinked", `"nosuchmember000"`, "", false},
		{"a ref that is not text still signs up", `42`, "", false},
		{"no ref, no links", `null`, "", false},
	}
	for _, c := range cases {
		body := `{"email":"new@example.com","password":"password123","passwordConfirm":"password123","firstName":"Nia","ref":` + c.ref + `}`
		(&tests.ApiScenario{
			Name: c.name, Method: http.MethodPost, URL: "/api/auth/signup", Body: strings.NewReader(body),
			TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
				testutil.CreateUser(t, app, "Ana")
			}),
			ExpectedStatus: 200, ExpectedContent: []string{`"email":"new@example.com"`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				nia, err := app.FindAuthRecordByEmail("users", "new@example.com")
				if err != nil {
					t.Fatal(err)
				}
				if got := nia.GetString("invitedBy"); got != c.invitedBy {
					t.Fatalf("invitedBy = %q, want %q", got, c.invitedBy)
				}
				follows, inviterFollows := social.IsFollowing(app, nia.Id, ana), social.IsFollowing(app, ana, nia.Id)
				if follows != c.linkedBack || inviterFollows != c.linkedBack {
					t.Fatalf("Nia follows Ana: %v, Ana follows Nia: %v, want %v", follows, inviterFollows, c.linkedBack)
				}
				if n, _ := app.CountRecords("follows"); c.linkedBack != (n == 2) {
					t.Fatalf("%d follows", n)
				}
			},
		}).Test(t)
	}
}
