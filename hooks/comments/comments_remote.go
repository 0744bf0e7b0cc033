package comments

import (
	"github.com/pocketbase/pocketbase/core"
)

// RemoteAuthor is who wrote a reply from the fediverse, as the thread shows them: their
// name, address (@name@host), profile page, avatar (through our image proxy, or empty)
// and server.
type RemoteAuthor struct {
	Name      string `json:"name"`
	Acct      string `json:"acct"`
	URL       string `json:"url"`
	AvatarURL string `json:"avatarUrl"`
	Host      string `json:"host"`
}

// RemoteAuthors finds the authors of replies from the fediverse by actor URL, in one
// query for a whole thread. hooks/federation, which knows remote actors, provides it.
type RemoteAuthors func(app core.App, actors []string) (map[string]RemoteAuthor, error)

var remoteAuthors RemoteAuthors

// SetRemoteAuthors installs the lookup of remote authors (once, at start-up).
func SetRemoteAuthors(fn RemoteAuthors) { remoteAuthors = fn }

// withRemoteAuthors fills in the author of each reply from the fediverse in out (shaped
// from records, in the same order). A reply whose author is not known shows its address.
func withRemoteAuthors(app core.App, records []*core.Record, out []Comment) error {
	var actors []string
	for _, r := range records {
		if a := r.GetString("remoteActor"); a != "" {
			actors = append(actors, a)
		}
	}
	if len(actors) == 0 {
		return nil
	}
	known := map[string]RemoteAuthor{}
	if remoteAuthors != nil {
		var err error
		if known, err = remoteAuthors(app, actors); err != nil {
			return err
		}
	}
	for i, r := range records {
		if a := r.GetString("remoteActor"); a != "" {
			author, ok := known[a]
			if !ok {
				author = RemoteAuthor{Name: a, URL: a}
			}
			out[i].Remote = &author
		}
	}
	return nil
}

// CreateRemote saves a reply from the fediverse by actor (its text already made plain
// and safe) under activity, or under the comment parentID there, counted on the post.
func CreateRemote(app core.App, activity *core.Record, parentID, actor, text string) (*core.Record, error) {
	return create(app, activity, "", actor, Input{Content: text, ParentID: parentID})
}

// EditRemote replaces the text of a reply from the fediverse (its author edited it).
func EditRemote(app core.App, comment *core.Record, text string) error {
	comment.Set("content", text)
	return app.Save(comment)
}

// Delete deletes a comment as its deletion by the post's owner does: with its replies,
// the post's count dropping by all of them.
func Delete(app core.App, comment *core.Record) error {
	return remove(app, comment, comment.GetString("activity"))
}
