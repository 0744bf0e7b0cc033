import { useQuery } from '@tanstack/react-query'
import { timeAgo } from '../../lib/time'
import { toast } from '../../lib/toast'
import { sessionsQuery, useEndSession, type Session } from '../../queries/security'
import { Spinner } from '../ui/Spinner'

const deviceName = (s: Session) => `${s.browser} on ${s.os}`

/**
 * SessionsCard: where the member is signed in (browser and system, when it was last
 * used), this device first. 'Sign out' ends one; 'Sign out everywhere else' all others:
 * they are signed out on their next request.
 */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery())
  const end = useEndSession()
  const others = sessions.data?.filter((s) => !s.current) ?? []
  const signOut = (s?: Session) =>
    end.mutate(s?.id, {
      onSuccess: () =>
        toast({ title: 'Signed Out', description: s ? `${deviceName(s)} is signed out.` : 'Every other device is signed out.' }),
      onError: () => toast({ title: 'Error', description: 'Could not sign that device out. Please try again.', variant: 'destructive' }),
    })
  return (
    <section aria-labelledby="sessions-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sessions-heading" className="font-semibold">
            Where you&apos;re signed in
          </h2>
          {others.length > 0 && (
            <button type="button" className="btn btn-sm" disabled={end.isPending} onClick={() => signOut()}>
              Sign out everywhere else
            </button>
          )}
        </div>
        {sessions.isPending ? (
          <Spinner label="Loading your devices" />
        ) : sessions.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>Could not load your devices.</span>
            <button type="button" className="btn btn-sm" onClick={() => void sessions.refetch()}>
              Try again
            </button>
          </div>
        ) : sessions.data.length === 0 ? (
          <p className="text-sm text-base-content/70">This device will be listed after you next sign in.</p>
        ) : (
          <ul className="divide-y divide-base-300" aria-label="Signed-in devices" data-testid="sessions">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {deviceName(s)}
                    {s.current && <span className="badge badge-primary badge-sm ml-2">This device</span>}
                  </p>
                  <p className="text-xs text-base-content/60">
                    {s.current ? 'Active now' : `Last active ${timeAgo(s.lastSeenAt)}`} · signed in {timeAgo(s.createdAt)}
                  </p>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Sign out ${deviceName(s)}`}
                    disabled={end.isPending && end.variables === s.id}
                    onClick={() => signOut(s)}
                  >
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
