package moderation

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// suspensionGuard runs right after the session cookie is read: a suspended member's
// session counts for nothing, so every member route answers 401 and no write gets
// through, whatever token they still hold.
func suspensionGuard() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "cinecircleSuspensionGuard",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority + 2,
		Func: func(e *core.RequestEvent) error {
			if e.Auth != nil && e.Auth.Collection().Name == "users" && e.Auth.GetBool("suspended") {
				e.Auth = nil
			}
			return e.Next()
		},
	}
}
