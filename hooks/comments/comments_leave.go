package comments

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// keptSQL selects the comments of member {:m} that someone else replied under, at any
// depth: those stay as placeholders when the member leaves. (Depth is at most MaxDepth,
// and idx_comments_parent serves each step.)
const keptSQL = `
	WITH RECURSIVE below(root, id, user) AS (
		SELECT c.id, r.id, r.user FROM comments c JOIN comments r ON r.parent = c.id WHERE c.user = {:m}
		UNION ALL SELECT b.root, r.id, r.user FROM below b JOIN comments r ON r.parent = b.id)
	SELECT DISTINCT root FROM below WHERE user != {:m}`

// keepReplies runs as a member's account is deleted (auth.OnLeave), before the cascade.
// Each of their comments that another member replied under becomes a placeholder: no
// author, no text, no GIF, no likes (the UI shows 'Deleted member'), so the replies keep
// their place and the post keeps counting them. The cascade then removes the member's
// other comments, whose threads hold nothing of anyone else's. The likes the member gave
// go here too, each liked comment's count set from its rows again.
func keepReplies(tx core.App, memberID string) error {
	params := dbx.Params{"m": memberID}
	var kept []string
	if err := tx.DB().NewQuery(keptSQL).Bind(params).Column(&kept); err != nil {
		return err
	}
	for _, id := range kept {
		c, err := tx.FindRecordById("comments", id)
		if err != nil {
			return err
		}
		c.Load(map[string]any{"user": "", "content": "", "gifUrl": "", "gifId": "", "commentType": "text", "likeCount": 0})
		if err := tx.Save(c); err != nil {
			return err
		}
		if _, err := tx.DB().Delete("comment_likes", dbx.HashExp{"comment": id}).Execute(); err != nil {
			return err
		}
	}
	var liked []string
	if err := tx.DB().Select("comment").From("comment_likes").Where(dbx.HashExp{"user": memberID}).Column(&liked); err != nil {
		return err
	}
	if _, err := tx.DB().Delete("comment_likes", dbx.HashExp{"user": memberID}).Execute(); err != nil {
		return err
	}
	for _, id := range liked {
		_, err := tx.DB().NewQuery(`UPDATE comments SET likeCount = (SELECT COUNT(*) FROM comment_likes WHERE comment = {:id})
			WHERE id = {:id}`).Bind(dbx.Params{"id": id}).Execute()
		if err != nil {
			return err
		}
	}
	return nil
}

// prunePlaceholders deletes the placeholders of deleted members above a comment that was
// just deleted once they hold no reply any more (nobody's words are left under them), the
// nearest first, and returns how many went.
func prunePlaceholders(tx core.App, parentID string) (int, error) {
	n := 0
	for parentID != "" {
		parent, err := tx.FindRecordById("comments", parentID)
		if err != nil || parent.GetString("user") != "" || parent.GetString("remoteActor") != "" {
			return n, nil // gone already, or someone's own words (a member's, or the fediverse's)
		}
		var replies int
		if err := tx.DB().Select("COUNT(*)").From("comments").Where(dbx.HashExp{"parent": parentID}).Row(&replies); err != nil {
			return n, err
		}
		if replies > 0 {
			return n, nil
		}
		if err := tx.Delete(parent); err != nil {
			return n, err
		}
		n++
		parentID = parent.GetString("parent")
	}
	return n, nil
}
