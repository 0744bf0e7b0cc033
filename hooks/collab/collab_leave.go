package collab

import (
	"cinecircle/hooks/posts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// leave runs as a member's account is deleted (auth.OnLeave), before the cascade, so a
// watch together keeps what the other friends gave it:
//   - the member's participant row (their rating and review) goes from every
//     collaboration, which is then revealed if the friends left have all rated (it waited
//     on the member perhaps);
//   - a collaboration they started stays while another friend is in it (invited and not
//     declined): its post and the collaboration no longer name them (the UI shows
//     'Deleted member') and the post loses their rating and review; else it goes with
//     their posts.
//
// The diary takes them out of the friends' watched-with lists (diary_companions.go).
func leave(tx core.App, memberID string) error {
	var joined []*core.Record
	if err := tx.RecordQuery("collaboration_participants").Where(dbx.HashExp{"user": memberID}).All(&joined); err != nil {
		return err
	}
	for _, p := range joined {
		c, err := tx.FindRecordById("collaborations", p.GetString("collaboration"))
		if err != nil {
			return err
		}
		if err := tx.Delete(p); err != nil {
			return err
		}
		if c.GetString("initiator") == memberID {
			kept, err := keepStarted(tx, c)
			if err != nil {
				return err
			}
			if !kept {
				continue // it goes with the member's posts
			}
		}
		if err := maybeReveal(tx, c); err != nil {
			return err
		}
	}
	return nil
}

// keepStarted keeps a collaboration whose initiator is leaving when a friend is still in
// it, and reports whether it did.
func keepStarted(tx core.App, c *core.Record) (bool, error) {
	var friends int
	err := tx.DB().Select("COUNT(*)").From("collaboration_participants").
		Where(dbx.HashExp{"collaboration": c.Id, "declined": false}).Row(&friends)
	if err != nil || friends == 0 {
		return false, err
	}
	post, err := tx.FindRecordById(posts.Collection, c.GetString("activity"))
	if err != nil {
		return false, err
	}
	data := map[string]any{}
	_ = post.UnmarshalJSONField("data", &data)
	delete(data, "rating")
	delete(data, "review")
	if err := posts.Disown(tx, post, data); err != nil {
		return false, err
	}
	c.Set("initiator", "")
	return true, tx.Save(c)
}
