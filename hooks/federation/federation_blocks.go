package federation

import (
	"net"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// blocksCollection holds the moderators' domain and actor blocks (the dashboard edits it).
const blocksCollection = "federation_blocks"

// A block's severity: block cuts a server or actor off entirely; silence lets it follow
// members but drops its likes, shares and replies.
const (
	severityBlock   = "block"
	severitySilence = "silence"
)

// bindBlocks normalises each block the moderators save (refusing one that names neither
// or both a domain and an actor) and applies it once saved.
func bindBlocks(app core.App) {
	app.OnRecordValidate(blocksCollection).BindFunc(func(e *core.RecordEvent) error {
		if err := normaliseBlock(e.Record); err != nil {
			return err
		}
		return e.Next()
	})
	apply := func(e *core.RecordEvent) error {
		if err := applyBlock(e.App, e.Record); err != nil {
			e.App.Logger().Error("federation: applying a block failed (it still refuses their requests)", "block", e.Record.Id, "error", err)
		}
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(blocksCollection).BindFunc(apply)
	app.OnRecordAfterUpdateSuccess(blocksCollection).BindFunc(apply)
}

// domainPattern is a host name, with a port if any (loopback test servers have one).
var domainPattern = regexp.MustCompile(`^[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]{1,5})?$`)

// normaliseBlock lowercases a block's domain (taking the host of a pasted URL, and
// dropping a leading "*." or "."), trims its actor URL of a fragment, and checks exactly
// one of the two is set and well formed.
func normaliseBlock(r *core.Record) error {
	domain := strings.ToLower(strings.TrimSpace(r.GetString("domain")))
	if strings.Contains(domain, "://") {
		domain = hostOf(domain)
	}
	domain = strings.TrimLeft(strings.TrimPrefix(strings.TrimRight(domain, "/"), "*."), ".")
	actor := strings.TrimSpace(r.GetString("actor"))
	if u, err := url.Parse(actor); err == nil && actor != "" {
		u.Fragment = ""
		actor = u.String()
	}
	r.Set("domain", domain)
	r.Set("actor", actor)
	switch {
	case domain == "" && actor == "":
		return validation.Errors{"domain": validation.NewError("validation_required", "Name a domain (e.g. spam.example) or an actor URL.")}
	case domain != "" && actor != "":
		return validation.Errors{"actor": validation.NewError("validation_one_of", "Block a domain or one actor, not both: make two blocks.")}
	case domain != "" && !domainPattern.MatchString(domain):
		return validation.Errors{"domain": validation.NewError("validation_invalid_domain", "The domain must be a host name such as spam.example.")}
	case actor != "" && !isActorURL(actor):
		return validation.Errors{"actor": validation.NewError("validation_invalid_url", "The actor must be an https URL such as https://mastodon.example/users/name.")}
	}
	return nil
}

func isActorURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.User == nil
}

// DomainsOf are the block domains that cover host: itself (with and without its port)
// and each parent domain of a name, so a block of example.com covers social.example.com.
func DomainsOf(host string) []any {
	host = strings.ToLower(host)
	if host == "" {
		return nil
	}
	out := []any{host}
	name := host
	if u, err := url.Parse("//" + host); err == nil && u.Hostname() != "" {
		name = u.Hostname()
	}
	if net.ParseIP(name) != nil {
		name = strings.Trim(name, "[]") // an address has no parent domains
		if name != host {
			out = append(out, name)
		}
		return out
	}
	for name != "" {
		if name != host {
			out = append(out, name)
		}
		_, parent, ok := strings.Cut(name, ".")
		if !ok {
			break
		}
		name = parent
	}
	return out
}

// blockOf is the strongest block that applies to actor on host: "block", "silence" or ""
// (an actor of "" checks the host alone).
func blockOf(app core.App, host, actor string) (string, error) {
	match := []dbx.Expression{dbx.In("domain", DomainsOf(host)...)}
	if actor != "" {
		match = append(match, dbx.HashExp{"actor": actor})
	}
	var severities []string
	if err := app.DB().Select("severity").From(blocksCollection).Where(dbx.Or(match...)).Column(&severities); err != nil {
		return severityBlock, err // fail closed
	}
	if slices.Contains(severities, severityBlock) {
		return severityBlock, nil
	} else if len(severities) > 0 {
		return severitySilence, nil
	}
	return "", nil
}

// blockedHost reports whether the moderators blocked a whole server (host, with its
// port if any). A blocked server's requests get the same 404 as a hidden member, and
// nothing is delivered to it.
func blockedHost(app core.App, host string) (bool, error) {
	severity, err := blockOf(app, host, "")
	return severity == severityBlock, err
}

// applyBlock makes a saved block true of what is already stored, in one transaction: a
// block removes the server's (or actor's) remote followers and withdraws deliveries
// still pending to it; both severities remove its likes, shares and replies.
func applyBlock(app core.App, block *core.Record) error {
	domain, actor := block.GetString("domain"), block.GetString("actor")
	return app.RunInTransaction(func(tx core.App) error {
		if block.GetString("severity") == severityBlock {
			if err := cutOff(tx, domain, actor); err != nil {
				return err
			}
		}
		return dropInteractions(tx, domain, actor)
	})
}

// cutOff removes the followers and our members' follows a block covers and its pending deliveries: to the
// domain's hosts, or to the actor's own inboxes (a shared inbox still serves the rest of
// its server).
func cutOff(tx core.App, domain, actor string) error {
	if actor != "" {
		var inboxes []string
		err := tx.DB().NewQuery(`SELECT inbox FROM federation_followers WHERE actor = {:a}
			UNION SELECT inbox FROM federation_actors WHERE actor = {:a} AND inbox != ''`).Bind(dbx.Params{"a": actor}).Column(&inboxes)
		if err != nil {
			return err
		}
		for _, table := range []string{followersCollection, followingCollection} {
			if _, err := tx.DB().Delete(table, dbx.HashExp{"actor": actor}).Execute(); err != nil {
				return err
			}
		}
		_, err = tx.DB().Delete(deliveriesCollection, dbx.And(dbx.HashExp{"state": "pending"}, dbx.In("inbox", toAny(inboxes)...))).Execute()
		return err
	}
	for _, table := range []string{followersCollection, followingCollection, deliveriesCollection} {
		hosts, err := hostsUnder(tx, table, domain)
		if err != nil || len(hosts) == 0 {
			if err != nil {
				return err
			}
			continue
		}
		match := dbx.In("host", hosts...)
		if table == deliveriesCollection {
			match = dbx.And(match, dbx.HashExp{"state": "pending"})
		}
		if _, err := tx.DB().Delete(table, match).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// hostsUnder are the distinct hosts of table's rows that domain covers.
func hostsUnder(app core.App, table, domain string) ([]any, error) {
	var hosts []string
	if err := app.DB().Select("host").Distinct(true).From(table).Column(&hosts); err != nil {
		return nil, err
	}
	var out []any
	for _, h := range hosts {
		if slices.Contains(DomainsOf(h), any(domain)) {
			out = append(out, h)
		}
	}
	return out, nil
}

// dropInteractions removes the remote likes, shares, replies and reviews a block or silence
// covers (of the actor, or from the domain's hosts), recounting their posts.
func dropInteractions(tx core.App, domain, actor string) error {
	if err := removeReviews(tx, domain, actor); err != nil {
		return err
	}
	if actor != "" {
		if err := removeReplies(tx, dbx.HashExp{"actor": actor}); err != nil {
			return err
		}
		return removeReactions(tx, dbx.HashExp{"actor": actor})
	}
	for _, table := range []string{repliesCollection, reactionsCollection} {
		hosts, err := hostsUnder(tx, table, domain)
		if err != nil || len(hosts) == 0 {
			if err != nil {
				return err
			}
			continue
		}
		remove := removeReactions
		if table == repliesCollection {
			remove = removeReplies
		}
		if err := remove(tx, dbx.In("host", hosts...)); err != nil {
			return err
		}
	}
	return nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
