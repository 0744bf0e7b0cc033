import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { followRequestsQuery, useAnswerFollowRequest, type FollowRequest } from '../../queries/federation'
import type { Settings } from '../../queries/settings'
import { useSaveSettings } from '../../queries/settings'
import { Avatar } from '../ui/Avatar'
import { Spinner } from '../ui/Spinner'

/**
 * FollowApproval: the switch that makes follows from the fediverse wait for the member's
 * answer, and the requests waiting, each with Accept and Decline.
 */
export function FollowApproval({ settings }: { settings: Settings }) {
  const save = useSaveSettings()
  const id = useId()
  const toggle = (approveFollowers: boolean) =>
    save.mutate(
      { approveFollowers },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Fediverse Updated',
            description: saved.approveFollowers
              ? 'New followers from other servers now wait for your answer.'
              : 'People on other servers now follow you at once. Requests that were waiting are accepted.',
          }),
        onError: (err) => toast({ title: 'Not Saved', description: serverMessage(err, 'Check your connection and try again.'), variant: 'destructive' }),
      },
    )
  return (
    <div className="grid gap-4 border-t border-base-300 pt-4">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-approve`}
          type="checkbox"
          role="switch"
          className="toggle toggle-primary mt-0.5"
          checked={settings.approveFollowers}
          disabled={save.isPending}
          onChange={(e) => toggle(e.target.checked)}
          aria-describedby={`${id}-approve-help`}
        />
        <div>
          <label htmlFor={`${id}-approve`} className="font-medium">
            Approve new followers
          </label>
          <p id={`${id}-approve-help`} className="text-sm text-base-content/70">
            When this is on, someone on another server who follows you waits until you accept. Until then they get nothing of
            yours.
          </p>
        </div>
      </div>
      {settings.approveFollowers && <RequestList />}
    </div>
  )
}

/** RequestList: the follow requests waiting for an answer. */
function RequestList() {
  const requests = useQuery(followRequestsQuery())
  const answer = useAnswerFollowRequest()
  const reply = (r: FollowRequest, accept: boolean) =>
    answer.mutate(
      { id: r.id, accept },
      {
        onSuccess: () => toast({ title: accept ? 'Follower Accepted' : 'Request Declined', description: `${r.from.name} (${r.from.acct})` }),
        onError: (err) =>
          toast({ title: 'Not Answered', description: serverMessage(err, 'Check your connection and try again.'), variant: 'destructive' }),
      },
    )
  return (
    <section aria-label="Follow requests" className="grid gap-2">
      <h2 className="font-semibold">Follow requests</h2>
      {requests.isPending && <Spinner label="Loading follow requests" />}
      {requests.isError && (
        <p role="alert" className="text-sm text-error">
          The requests could not be loaded. Reload the page to try again.
        </p>
      )}
      {requests.data?.length === 0 && <p className="text-sm text-base-content/70">No one is waiting for an answer.</p>}
      {requests.data && requests.data.length > 0 && (
        <ul className="grid gap-2">
          {requests.data.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-3">
              <Avatar user={{ id: '', firstName: r.from.name, lastName: '', nickname: null, profileImageUrl: r.from.avatarUrl }} />
              <div className="min-w-0 flex-1">
                <a href={r.from.url} className="link font-medium" rel="noopener noreferrer nofollow" target="_blank">
                  {r.from.name}
                </a>
                <p className="truncate text-sm text-base-content/70">{r.from.acct}</p>
              </div>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => reply(r, true)} aria-label={`Accept ${r.from.acct}`}>
                Accept
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => reply(r, false)} aria-label={`Decline ${r.from.acct}`}>
                Decline
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
