// Package demo seeds a small, believable community so a new self-hoster (and a curious
// member of the team) sees CineCircle alive on first start: members who follow each
// other, two months of diaries with ratings and reviews, episode reviews, shows in
// progress at different episodes, and likes between friends. Later domains extend Seed.
package demo

import (
	"fmt"
	"io"
	"strings"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/federation"
	"cinecircle/hooks/gifs"
	"cinecircle/hooks/notify"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Password is the demo members' password, printed with the sign-in hint.
const Password = "cinecircle-demo"

// member is one seeded person.
type member struct {
	first, last, nick string
}

// members are the demo community; the first one is the suggested demo sign-in.
var members = []member{
	{"Maya", "Okafor", "mayareels"},
	{"Lucas", "Ferreira", ""},
	{"Hana", "Kobayashi", "hanagram"},
	{"Daniel", "Novak", ""},
	{"Priya", "Raman", "priyapopcorn"},
	{"Tomás", "Herrera", ""},
	{"Sofia", "Lindqvist", ""},
	{"Kwame", "Mensah", "kwamecinema"},
	{"Elena", "Rossi", ""},
	{"Jonah", "Whitfield", "jwhit"},
	{"Amira", "Haddad", ""},
	{"Ben", "Carter", ""},
}

// Email is the demo address of a seeded member.
func Email(first, last string) string {
	return strings.ToLower(asciiFold(first)+"."+asciiFold(last)) + "@example.com"
}

// Command is `cinecircle demo`: seed the demo community into the data dir.
func Command(app core.App) *cobra.Command {
	var ifEmpty bool
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Seeds a demo community (members who follow each other, their diaries and likes)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			if ifEmpty {
				n, err := app.CountRecords("users")
				if err != nil {
					return err
				}
				if n > 0 {
					fmt.Fprintln(cmd.OutOrStdout(), "The database already has members: demo seed skipped.")
					return nil
				}
			}
			// The diaries relate to embedded catalog titles; `serve` syncs them, this command
			// runs without it.
			if _, err := catalog.SyncEmbedded(app); err != nil {
				return err
			}
			if err := Seed(app); err != nil {
				return err
			}
			PrintWelcome(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().BoolVar(&ifEmpty, "if-empty", false, "seed only when the database has no members yet")
	return cmd
}

// Seed creates the demo members, their follows, diaries and likes in one transaction,
// then has them join challenges.
// It is safe to run twice: members that already exist are reused, follows and likes are
// not doubled, and a member who already has a diary keeps it untouched. The diaries use
// embedded catalog titles: sync them first (catalog.SyncEmbedded), or each title is
// loaded on first use.
func Seed(app core.App) error {
	err := app.RunInTransaction(func(tx core.App) error {
		users, err := tx.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		ids := make([]string, len(members))
		// One bcrypt hash serves every new member: the password is printed anyway, and
		// hashing it twelve times would be most of the seed's time.
		var password *core.PasswordFieldValue
		for i, m := range members {
			rec, err := tx.FindAuthRecordByEmail(users, Email(m.first, m.last))
			if err != nil {
				rec = core.NewRecord(users)
				rec.SetEmail(Email(m.first, m.last))
				if password == nil {
					rec.SetPassword(Password)
					password, _ = rec.GetRaw(core.FieldNamePassword).(*core.PasswordFieldValue)
				} else {
					rec.SetRaw(core.FieldNamePassword, &core.PasswordFieldValue{Hash: password.Hash, Plain: Password})
				}
				rec.SetVerified(true)
			}
			rec.Set("firstName", m.first)
			rec.Set("lastName", m.last)
			rec.Set("nickname", m.nick)
			pref := "fullname"
			if m.nick != "" && i%2 == 0 {
				pref = "nickname"
			}
			rec.Set("displayPreference", pref)
			rec.Set("profileCompleted", true)
			if err := seedProfile(rec, m.first, float64(i*47)); err != nil {
				return fmt.Errorf("demo member %s: %w", m.first, err)
			}
			if err := tx.Save(rec); err != nil {
				return fmt.Errorf("demo member %s: %w", m.first, err)
			}
			if rec.GetString("handle") == "" {
				// Handles as profile completion gives them; the first member shows a
				// public profile (/u/{handle}) to visitors.
				rec.Set("handle", auth.SuggestHandle(tx, rec))
				rec.Set("public", i == 0)
				if err := tx.Save(rec); err != nil {
					return fmt.Errorf("demo member %s: %w", m.first, err)
				}
			}
			ids[i] = rec.Id
		}
		if err := seedFollows(tx, ids); err != nil {
			return err
		}
		if err := seedDiaries(tx, ids, time.Now()); err != nil {
			return err
		}
		if err := seedProgress(tx, ids, time.Now()); err != nil {
			return err
		}
		if err := seedYearHistory(tx, ids, time.Now()); err != nil {
			return err
		}
		return gifs.SeedDemo(tx) // a few reactions for the GIF picker, drawn by the seed
	})
	if err != nil {
		return err
	}
	if err := seedChallenges(app, time.Now()); err != nil {
		return err
	}
	byName, err := memberIDs(app)
	if err != nil {
		return err
	}
	if err := seedLists(app, byName); err != nil {
		return err
	}
	if err := seedScrobbles(app, byName, time.Now()); err != nil {
		return err
	}
	if err := federation.SeedDemo(app, byName[members[0].first]); err != nil { // #23: a reply, a like and a boost from Mastodon
		return err
	}
	if err := notifyLastYear(app, time.Now()); err != nil {
		return err
	}
	notify.Drain() // the seed's posts notify followers in the background
	return readOldNotifications(app, 5)
}

// readOldNotifications leaves each demo member only their newest few notifications
// unread, so the bell shows a believable count rather than every seeded event.
func readOldNotifications(app core.App, keep int) error {
	_, err := app.DB().NewQuery(`
		UPDATE notifications SET isRead = TRUE
		WHERE isRead = FALSE AND id NOT IN (
			SELECT n2.id FROM notifications n2 WHERE n2.user = notifications.user
			ORDER BY n2.updated DESC, n2.id DESC LIMIT {:keep})`).Bind(dbx.Params{"keep": keep}).Execute()
	return err
}

// seedFollows links each member to the next few around the circle and to the first
// member, so everyone has a feed and the first member is popular.
func seedFollows(tx core.App, ids []string) error {
	follows, err := tx.FindCollectionByNameOrId("follows")
	if err != nil {
		return err
	}
	n := len(ids)
	for i := range ids {
		targets := map[string]bool{ids[0]: true}
		for step := 1; step <= 4; step++ {
			targets[ids[(i+step*(1+i%3))%n]] = true
		}
		for target := range targets {
			if target == ids[i] {
				continue
			}
			if _, err := tx.FindFirstRecordByFilter(follows, "follower = {:a} && following = {:b}",
				dbx.Params{"a": ids[i], "b": target}); err == nil {
				continue
			}
			rec := core.NewRecord(follows)
			rec.Set("follower", ids[i])
			rec.Set("following", target)
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
	}
	return nil
}

// PrintWelcome tells the self-hoster how to sign in and how to reach the dashboard.
func PrintWelcome(w io.Writer) {
	m := members[0]
	fmt.Fprintf(w, "\nDemo community ready: %d members who follow each other, with two months of diaries.\n", len(members))
	fmt.Fprintf(w, "  Sign in at http://127.0.0.1:8090/login as %s / %s\n", Email(m.first, m.last), Password)
	fmt.Fprintf(w, "  %s's profile is public: open /u/<handle> signed out (Settings › Sharing shows the handle); last year's Year in Review: /year/%d\n", m.first, time.Now().UTC().Year()-1)
	fmt.Fprintln(w, "  Dashboard superuser: ./cinecircle superuser upsert you@example.com 'a-long-password'")
	fmt.Fprintln(w, "  then open http://127.0.0.1:8090/_/")
}

// asciiFold drops accents so demo addresses stay plain ASCII (Tomás → tomas).
func asciiFold(s string) string {
	r := strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ñ", "n", "ä", "a", "ö", "o", "ü", "u")
	return r.Replace(strings.ToLower(s))
}
