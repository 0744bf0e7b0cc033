package diary

import (
	"cinecircle/hooks/auth"
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// entriesCollection holds one current status per member and title; its watchedWith is a
// JSON list of the member ids the title was watched with, and watch_companions has a
// (member, entry) row for each of them, kept by triggers (migration 1795630005).
const entriesCollection = "watch_entries"

// companionEntriesSQL selects the watch entries that name member {:m} among those who
// watched: one search of watch_companions.
const companionEntriesSQL = `SELECT entry FROM watch_companions WHERE member = {:m}`

// CompanionPostsSQL selects the posts about those entries (a post copies the list, with
// names and photos, into its data).
const CompanionPostsSQL = `SELECT a.id FROM activities a
	WHERE a.entry IN (` + companionEntriesSQL + `) AND a.entry != ''`

// registerCompanions keeps watchedWith a list (an entry written without one holds '[]',
// as the column's default says) and takes a leaving member out of the friends' lists.
func registerCompanions(app core.App) {
	keepList := func(e *core.RecordEvent) error {
		if len(e.Record.GetStringSlice("watchedWith")) == 0 {
			e.Record.Set("watchedWith", []string{})
		}
		return e.Next()
	}
	app.OnRecordCreate(entriesCollection).BindFunc(keepList)
	app.OnRecordUpdate(entriesCollection).BindFunc(keepList)
	auth.OnLeave(app, forgetCompanion)
}

// forgetCompanion runs as a member's account is deleted (auth.OnLeave): every post that
// lists them among those who watched lists a deleted member instead (no id, name or
// photo, so it still says how many watched), and every entry that names them no longer
// does, as PocketBase's cascade did while watchedWith was a relation.
func forgetCompanion(tx core.App, memberID string) error {
	var ids []string
	if err := tx.DB().NewQuery(CompanionPostsSQL).Bind(dbx.Params{"m": memberID}).Column(&ids); err != nil {
		return err
	}
	for _, id := range ids {
		post, err := tx.FindRecordById(posts.Collection, id)
		if err != nil {
			return err
		}
		data := map[string]any{}
		_ = post.UnmarshalJSONField("data", &data)
		list, _ := data["watchedWith"].([]any)
		changed := false
		for i, w := range list {
			if m, ok := w.(map[string]any); ok && m["id"] == memberID {
				list[i], changed = auth.PublicUser(nil), true
			}
		}
		if changed {
			if err := posts.Edit(tx, post, "", data); err != nil {
				return err
			}
		}
	}
	var entries []*core.Record
	if err := tx.RecordQuery(entriesCollection).
		AndWhere(dbx.NewExp("id IN ("+companionEntriesSQL+")", dbx.Params{"m": memberID})).All(&entries); err != nil {
		return err
	}
	for _, entry := range entries {
		kept := []string{}
		for _, id := range entry.GetStringSlice("watchedWith") {
			if id != memberID {
				kept = append(kept, id)
			}
		}
		entry.Set("watchedWith", kept)
		if err := tx.SaveNoValidate(entry); err != nil {
			return err
		}
	}
	return nil
}
