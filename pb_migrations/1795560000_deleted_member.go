package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// deletedMemberFields are the member relations that may be left empty once the member
// deleted their account: a comment with other members' replies under it stays as a
// placeholder (comments.user), a watch-together post and its collaboration stay for the
// friends who rated (activities.user, collaborations.initiator). Each still cascades: a
// row that names the deleted member goes with them; the comments and collab domains empty
// the field first on the rows that stay (hooks/comments, hooks/collab).
var deletedMemberFields = [][2]string{{"comments", "user"}, {"activities", "user"}, {"collaborations", "initiator"}}

func init() {
	m.Register(func(app core.App) error {
		return setRequired(app, deletedMemberFields, false)
	}, func(app core.App) error {
		return setRequired(app, deletedMemberFields, true)
	})
}

// setRequired sets Required on each collection's relation field.
func setRequired(app core.App, fields [][2]string, required bool) error {
	for _, cf := range fields {
		c, err := app.FindCollectionByNameOrId(cf[0])
		if err != nil {
			return err
		}
		f, ok := c.Fields.GetByName(cf[1]).(*core.RelationField)
		if !ok {
			continue
		}
		f.Required = required
		if err := app.Save(c); err != nil {
			return err
		}
	}
	return nil
}
