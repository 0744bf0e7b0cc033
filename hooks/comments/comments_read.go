package comments

import (
	"errors"
	"net/http"
	"time"

	"cinecircle/hooks/auth"
	"cinecircle/hooks/moderation"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Comment is SPEC §3's Comment shape, plus depth for the thread's indentation.
type Comment struct {
	ID              string    `json:"id"`
	Content         string    `json:"content"`
	CommentAlias    string    `json:"comment"`
	GifURL          string    `json:"gifUrl"`
	GifID           string    `json:"gifId"`
	CommentType     string    `json:"commentType"`
	CreatedAt       string    `json:"createdAt"`
	LikeCount       int       `json:"likeCount"`
	IsLiked         bool      `json:"isLiked"`
	User            auth.User `json:"user"`
	ParentCommentID *string   `json:"parentCommentId"`
	Depth           int       `json:"depth"`
	// Hidden is true only on a comment a moderator hid, which only its author still sees.
	Hidden bool `json:"hidden,omitzero"`
	// Remote is the author of a reply from the fediverse (user is then empty).
	Remote *RemoteAuthor `json:"remote,omitempty"`
}

// toJSON renders a comment record for a viewer.
func toJSON(r, author *core.Record, liked bool) Comment {
	c := Comment{
		ID: r.Id, Content: r.GetString("content"), CommentAlias: r.GetString("content"),
		GifURL: r.GetString("gifUrl"), GifID: r.GetString("gifId"), CommentType: r.GetString("commentType"),
		CreatedAt: r.GetDateTime("created").Time().UTC().Format(time.RFC3339Nano),
		LikeCount: r.GetInt("likeCount"), IsLiked: liked, User: auth.PublicUser(author), Depth: r.GetInt("depth"),
		Hidden: r.GetBool("hidden"),
	}
	if p := r.GetString("parent"); p != "" {
		c.ParentCommentID = &p
	}
	return c
}

// listHandler answers GET /api/activities/{id}/comments: the whole thread, oldest first
// (the UI nests replies under their parents), each with isLiked for the viewer. Comments
// the viewer may not see (moderation) are left out with their replies.
func listHandler(e *core.RequestEvent) error {
	activity, err := visibleActivity(e, e.Request.PathValue("id"))
	if err != nil {
		return err
	}
	records, err := e.App.FindRecordsByFilter("comments", "activity = {:a}", "created,id", 1000, 0, dbx.Params{"a": activity.Id})
	if err != nil {
		return err
	}
	if records, err = moderation.VisibleComments(e.App, e.Auth.Id, records); err != nil {
		return err
	}
	authorIDs := make([]string, 0, len(records))
	commentIDs := make([]any, 0, len(records))
	for _, r := range records {
		authorIDs = append(authorIDs, r.GetString("user"))
		commentIDs = append(commentIDs, r.Id)
	}
	authors, err := e.App.FindRecordsByIds("users", authorIDs)
	if err != nil {
		return err
	}
	byID := make(map[string]*core.Record, len(authors))
	for _, u := range authors {
		byID[u.Id] = u
	}
	liked := map[string]bool{}
	if len(commentIDs) > 0 {
		var ids []string
		err := e.App.DB().Select("comment").From("comment_likes").
			Where(dbx.HashExp{"user": e.Auth.Id}).AndWhere(dbx.In("comment", commentIDs...)).Column(&ids)
		if err != nil {
			return err
		}
		for _, id := range ids {
			liked[id] = true
		}
	}
	out := make([]Comment, 0, len(records))
	for _, r := range records {
		out = append(out, toJSON(r, byID[r.GetString("user")], liked[r.Id]))
	}
	if err := withRemoteAuthors(e.App, records, out); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, out)
}

// visibleActivity finds the post a thread hangs under, as a 404 when it is missing or the
// signed-in member may not see it (a check the database could not answer is an error).
func visibleActivity(e *core.RequestEvent, id string) (*core.Record, error) {
	activity, err := moderation.FindVisibleActivity(e.App, e.Auth.Id, id)
	if errors.Is(err, moderation.ErrNotVisible) {
		return nil, e.NotFoundError("That post does not exist.", nil)
	}
	return activity, err
}

// visibleComment finds a comment the signed-in member may see (its post too), as a 404
// otherwise (a check the database could not answer is an error).
func visibleComment(e *core.RequestEvent, id string) (*core.Record, error) {
	gone := e.NotFoundError("That comment does not exist.", nil)
	comment, err := e.App.FindRecordById("comments", id)
	if err != nil {
		return nil, gone
	}
	author := comment.GetString("user")
	if comment.GetBool("hidden") && author != e.Auth.Id {
		return nil, gone
	}
	if ok, err := moderation.CanSeeMember(e.App, e.Auth.Id, author); err != nil {
		return nil, err
	} else if !ok {
		return nil, gone
	}
	_, err = moderation.FindVisibleActivity(e.App, e.Auth.Id, comment.GetString("activity"))
	if errors.Is(err, moderation.ErrNotVisible) {
		return nil, gone
	}
	return comment, err
}
