import { useQuery } from '@tanstack/react-query'
import { serverMessage } from '../../lib/apiErrors'
import { authMethodsQuery, useOAuthLogin } from '../../queries/account'
import { FormAlert } from '../ui/FormField'

/** OAuthButtons: one button per OAuth2 provider a superuser enabled; nothing otherwise. */
export function OAuthButtons() {
  const { data } = useQuery(authMethodsQuery())
  const oauth = useOAuthLogin()
  const providers = data?.oauth2.enabled ? data.oauth2.providers : []
  if (providers.length === 0) return null

  const error = oauth.error
  const message =
    error && 'isAbort' in error && error.isAbort ? undefined : error ? serverMessage(error, error.message || 'Sign-in was not completed.') : undefined

  return (
    <div className="grid gap-3">
      <div className="divider my-1 text-xs text-base-content/50">or continue with</div>
      <FormAlert>{message}</FormAlert>
      {providers.map((p) => (
        <button
          key={p.name}
          type="button"
          className="btn btn-outline"
          disabled={oauth.isPending}
          onClick={() => oauth.mutate(p.name)}
        >
          {oauth.isPending && oauth.variables === p.name && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Continue with {p.displayName || p.name}
        </button>
      ))}
    </div>
  )
}
