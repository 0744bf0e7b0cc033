package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

func init() {
	// A new post's fan-out reads the author's followers and which of them muted new
	// posts. idx_follows_following held only the followed member, so reading 500
	// followers read 500 rows of follows as well (~6 ms of the post's background work at
	// 10k members); with the follower in the index it is one index range. The members who
	// muted new posts are few: a partial index of them answers "which of these followers"
	// without reading the followers' user rows (the query named 500 ids, ~6 ms).
	m.Register(func(app core.App) error {
		return fanoutIndexes(app, "following, follower", true)
	}, func(app core.App) error {
		return fanoutIndexes(app, "following", false)
	})
}

// fanoutIndexes sets idx_follows_following's columns and adds or drops the partial index
// of members who muted new posts.
func fanoutIndexes(app core.App, followingColumns string, muted bool) error {
	follows, err := app.FindCollectionByNameOrId("follows")
	if err != nil {
		return err
	}
	follows.RemoveIndex("idx_follows_following")
	follows.AddIndex("idx_follows_following", false, followingColumns, "")
	if err := app.Save(follows); err != nil {
		return err
	}
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		return err
	}
	users.RemoveIndex("idx_users_mute_new_posts")
	if muted {
		users.AddIndex("idx_users_mute_new_posts", false, "id", "muteNewPosts = TRUE")
	}
	return app.Save(users)
}
