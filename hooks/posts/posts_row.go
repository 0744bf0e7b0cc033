package posts

import (
	"database/sql"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Row is a post as its readers shape it (the feed, a profile, a single post and the
// domains that decorate them): the columns of activities they read, scanned straight from
// the query's rows. A feed page of Rows costs no PocketBase records; building those (a
// row map, each field's normalisation, a full unmarshal of data to validate it) was a
// fifth of a feed page's CPU at 100k members.
type Row struct {
	ID           string
	Type         string
	User         string
	Created      types.DateTime
	LikeCount    int
	CommentCount int
	ShareCount   int
	Hidden       bool
	Data         types.JSONRaw
	// List is the list a post about a list is about (hooks/lists), else "".
	List string
	// TVShow is the show a post about a show is about (catalog.TV's relation field), else "".
	TVShow string
}

// RowColumns is the select list of a Row, for queries of activities (aliased as a table
// named activities), in the order ScanRows reads.
const RowColumns = `activities.id, activities.type, activities.user, activities.created, activities.likeCount,
	activities.commentCount, activities.shareCount, activities.hidden, activities.data, activities.list, activities.tvShow`

// ScanRows reads the Rows of rows (a query selecting RowColumns) and closes them.
func ScanRows(rows *sql.Rows) ([]Row, error) {
	defer rows.Close()
	out := []Row{}
	for rows.Next() {
		var r Row
		err := rows.Scan(&r.ID, &r.Type, &r.User, &r.Created, &r.LikeCount, &r.CommentCount, &r.ShareCount, &r.Hidden,
			&r.Data, &r.List, &r.TVShow)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RowOf is the Row of a post record a caller already holds.
func RowOf(r *core.Record) Row {
	data, _ := r.Get("data").(types.JSONRaw)
	return Row{
		ID: r.Id, Type: r.GetString("type"), User: r.GetString("user"), Created: r.GetDateTime("created"),
		LikeCount: r.GetInt("likeCount"), CommentCount: r.GetInt("commentCount"), ShareCount: r.GetInt("shareCount"),
		Hidden: r.GetBool("hidden"), Data: data, List: r.GetString("list"), TVShow: r.GetString("tvShow"),
	}
}
