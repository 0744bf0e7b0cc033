package security

import (
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// RedactSecretPath keeps a secret carried in an address (a webhook's or a calendar feed's
// token) out of PocketBase's request log, the _logs table the dashboard shows. The logger
// records the request's URL after the handler returns, so this middleware, which runs
// first after the logger (before rate limits, body limits and the route), rewrites every
// path under prefix to prefix+placeholder and drops the query. Routing has already
// happened: the handler still reads the secret from its path value.
func RedactSecretPath(id, prefix, placeholder string) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       id,
		Priority: apis.DefaultActivityLoggerMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			if strings.HasPrefix(e.Request.URL.Path, prefix) {
				e.Request.URL.Path = prefix + placeholder
				e.Request.URL.RawPath = ""
				e.Request.URL.RawQuery = ""
				e.Request.RequestURI = e.Request.URL.RequestURI()
			}
			return e.Next()
		},
	}
}
