package year

import (
	"strconv"

	"cinecircle/hooks/notify"

	"github.com/pocketbase/pocketbase/core"
)

// NotifyReady tells every member who logged a watch in year, and is not suspended, that
// their Year in Review is ready. A member already told about this year is skipped, so a
// second run (by hand from the dashboard) sends nothing twice.
func NotifyReady(app core.App, year int) error {
	p := yearBounds(year)
	p["y"] = strconv.Itoa(year)
	var ids []string
	err := app.DB().NewQuery(`
		SELECT DISTINCT d.user FROM diary d JOIN users u ON u.id = d.user
		WHERE d.watchedAt >= {:from} AND d.watchedAt < {:to} AND u.suspended = FALSE
		AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user = d.user AND n.type = 'year_review' AND n.entityId = {:y})`).
		Bind(p).Column(&ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := notify.Send(app, notify.Notice{UserID: id, Type: "year_review", EntityType: "year",
			EntityID: p["y"].(string), Action: "Your " + p["y"].(string) + " in review is ready: see your year in films."}); err != nil {
			return err
		}
	}
	return nil
}
