package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// A member who deletes their account is marked leaving (leftAt) and hidden at once;
	// their rows are then deleted a few at a time, within the request and, for the most
	// active members, by a job that survives a restart. Deleting everything in one
	// transaction held SQLite's writer 35–41 s for the 100th most active member at 100k
	// members (bench/NOTES.md), longer than other members' writes wait.
	//
	// The records API no longer lets a member delete their own users record: that skipped
	// the password (and code) DELETE /api/user asks for. Moderators still delete in the
	// dashboard, by the same path.
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.DeleteRule = nil
		users.Fields.Add(&core.DateField{Name: "leftAt", Hidden: true, Help: "When the member deleted their account. Their data is being removed in the background; they are hidden and signed out meanwhile. Empty for members."})
		// Members leaving are a handful at most: the job finds them in a partial index.
		users.AddIndex("idx_users_leaving", false, "id", "leftAt != ''")
		return app.Save(users)
	}, func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		owner := "id = @request.auth.id"
		users.DeleteRule = &owner
		users.RemoveIndex("idx_users_leaving")
		users.Fields.RemoveByName("leftAt")
		return app.Save(users)
	})
}
