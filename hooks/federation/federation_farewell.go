package federation

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// farewellsCollection keeps, for a member whose account was deleted, what signs the
// Delete of their actor until every server that knew them has it.
const farewellsCollection = "federation_farewells"

// farewell runs as a member's account is deleted (auth.OnLeave), before their key and
// their followers go: when the community is on and the member ever had a key (so remote
// servers may know them), it queues Delete of their actor, as Mastodon sends it, for
// every server that knows them: their remote followers' (requests too), those they
// follow, and those whose members liked, shared or replied to their posts. Those servers
// drop the account and what they copied of it. The rows name a farewell that keeps the
// actor's address and a copy of its private key, so they are signed as the member's
// own after the key is gone; the farewell goes with its last row (sweepFarewells).
// On the second run (inside the users record's deletion) the handle is empty: nothing.
func farewell(tx core.App, memberID string) error {
	c := configOf(tx)
	if !c.On {
		return nil
	}
	member, err := tx.FindRecordById("users", memberID)
	if err != nil || member.GetString("handle") == "" {
		return err
	}
	key, err := findKey(tx, memberID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // never federated: no server has heard of them
	} else if err != nil {
		return err
	}
	inboxes, err := knownBy(tx, memberID)
	if err != nil || len(inboxes) == 0 {
		return err
	}
	actorID := c.actorURL(member.GetString("handle"))
	body, err := json.Marshal(map[string]any{
		"@context": asContext, "id": actorID + "#delete", "type": "Delete", "actor": actorID,
		"to": []string{publicAud}, "object": actorID,
	})
	if err != nil {
		return err
	}
	col, err := tx.FindCachedCollectionByNameOrId(farewellsCollection)
	if err != nil {
		return err
	}
	r := core.NewRecord(col)
	r.Set("actor", actorID)
	r.Set("privateKeyPem", key.GetString("privateKeyPem"))
	if err := tx.Save(r); err != nil {
		return err
	}
	return enqueue(tx, signer{farewell: r.Id}, inboxes, body)
}

// knownBy lists the inboxes (a server's shared inbox once) of the remote actors who
// know memberID: their followers and follow requests, the actors they follow, and the
// actors whose likes, shares and replies their posts hold.
func knownBy(tx core.App, memberID string) ([]string, error) {
	var inboxes []string
	err := tx.DB().NewQuery(`SELECT DISTINCT CASE WHEN sharedInbox != '' THEN sharedInbox ELSE inbox END AS box FROM (
			SELECT inbox, sharedInbox FROM federation_followers WHERE user = {:m}
			UNION ALL SELECT inbox, sharedInbox FROM federation_following WHERE user = {:m}
			UNION ALL SELECT a.inbox, a.sharedInbox FROM federation_actors a WHERE a.actor IN (
				SELECT r.actor FROM federation_reactions r JOIN activities p ON p.id = r.post WHERE p.user = {:m}
				UNION SELECT c.remoteActor FROM comments c JOIN activities p ON p.id = c.activity
				WHERE p.user = {:m} AND c.remoteActor != ''))
		WHERE box != '' ORDER BY box`).Bind(dbx.Params{"m": memberID}).Column(&inboxes)
	return inboxes, err
}

// sendFarewell delivers a farewell's row, signed with the key the farewell kept.
func sendFarewell(ctx context.Context, app core.App, id string, r *core.Record) error {
	f, err := app.FindRecordById(farewellsCollection, id)
	if err != nil {
		return err
	}
	var body string
	err = app.DB().Select("body").From(payloadsCollection).Where(dbx.HashExp{"id": r.GetString("payload")}).Row(&body)
	if err != nil {
		return err
	}
	return postSigned(ctx, f.GetString("actor")+"#main-key", f.GetString("privateKeyPem"), r.GetString("inbox"), []byte(body))
}

// sweepFarewells removes each farewell none of whose rows is pending any more, with its
// rows that failed: the copy of the departed member's key is kept no longer than needed.
func sweepFarewells(app core.App) error {
	_, err := app.DB().NewQuery(`DELETE FROM federation_deliveries WHERE farewell != '' AND farewell NOT IN
		(SELECT farewell FROM federation_deliveries WHERE farewell != '' AND state = 'pending')`).Execute()
	if err != nil {
		return err
	}
	_, err = app.DB().NewQuery(`DELETE FROM federation_farewells WHERE id NOT IN
		(SELECT farewell FROM federation_deliveries WHERE farewell != '')`).Execute()
	return err
}
