import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useDebouncedValue } from '../../hooks/useDebouncedValue'
import { httpStatus } from '../../lib/api'
import { parseApiError } from '../../lib/apiErrors'
import { followLabel, LOOKUP_DEBOUNCE_MS, lookupFailure, parseAcct } from '../../lib/fediverse'
import { lookupQuery, remoteFollowingQuery, useFollowRemote, type RemoteAccount } from '../../queries/federation'
import { settingsQuery } from '../../queries/settings'
import { viaHost } from '../comments/thread'
import { Avatar } from '../ui/Avatar'
import { CheckIcon, PlusIcon, SearchIcon } from '../ui/icons'

/**
 * RemoteSearch: the Friends page's search for people on other servers (#23). Typing a
 * fediverse address (@name@host) looks it up 500 ms after typing stops, or at once on
 * Enter; Escape clears. The answer is a card: avatar (through our server), name, address,
 * 'via host', a bio line, and Follow / Requested / Following (pressing either of the last
 * two unfollows). An address on this server shows the member of ours. A member who has
 * not opted in to federation is told where to, since only they can follow out.
 */
export function RemoteSearch() {
  const hintId = useId()
  const [text, setText] = useState('')
  const [submitted, setSubmitted] = useState('')
  const debounced = useDebouncedValue(text, LOOKUP_DEBOUNCE_MS)
  const acct = parseAcct(submitted === text ? text : debounced)
  const lookup = useQuery({ ...lookupQuery(acct ?? ''), enabled: acct !== null })
  const typed = text.trim()
  const incomplete = typed.length > 1 && parseAcct(typed) === null
  const settings = useQuery(settingsQuery())
  const localOnly = settings.data && !settings.data.federated

  return (
    <section aria-labelledby={`${hintId}-title`} className="grid gap-3 rounded-box border border-base-300/70 bg-base-100 p-4 shadow-sm">
      <div>
        <h2 id={`${hintId}-title`} className="text-lg font-semibold">
          Find People on Other Servers
        </h2>
        <p id={hintId} className="text-sm text-base-content/60">
          Follow someone on Mastodon, NeoDB or another CineCircle by their address, like @name@server.example.
        </p>
      </div>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(text)
        }}
      >
        <label className="input w-full">
          <SearchIcon className="size-4 opacity-60" />
          <span className="sr-only">Fediverse address</span>
          <input
            type="search"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            placeholder="@name@server.example"
            aria-describedby={hintId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text) {
                event.preventDefault()
                setText('')
                setSubmitted('')
              }
            }}
          />
        </label>
      </form>
      {localOnly && (
        <p className="text-sm text-base-content/70">
          To follow people on other servers,{' '}
          <Link to="/settings/fediverse" className="link link-primary">
            turn on federation in Settings › Fediverse
          </Link>
          .
        </p>
      )}
      {incomplete && typed.startsWith('@') && (
        <p className="text-sm text-base-content/60">Type the whole address: @name@server.example</p>
      )}
      {acct &&
        (lookup.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-base-content/60">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Looking up @{acct}…
          </p>
        ) : lookup.isError ? (
          <div role="alert" className="alert alert-soft alert-error">
            <span className="flex-1">{lookupFailure(acct, httpStatus(lookup.error), parseApiError(lookup.error).message)}</span>
            {(httpStatus(lookup.error) ?? 500) >= 500 && (
              <button type="button" className="btn btn-sm" onClick={() => void lookup.refetch()}>
                Try Again
              </button>
            )}
          </div>
        ) : (
          <RemoteCard account={lookup.data} />
        ))}
      <RemoteFollowing exclude={acct} />
    </section>
  )
}

/**
 * RemoteFollowing: the accounts on other servers the member follows (or asked to), each a
 * card with its button; the one just looked up is shown above instead. Nothing while it
 * loads or when there are none (the search says what to do).
 */
function RemoteFollowing({ exclude }: { exclude: string | null }) {
  const { data } = useQuery(remoteFollowingQuery())
  const shown = (data ?? []).filter((a) => a.acct !== exclude)
  if (shown.length === 0) return null
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-base-content/70">Following on Other Servers</h3>
      <ul className="grid gap-2" aria-label="Following on other servers">
        {shown.map((account) => (
          <li key={account.acct}>
            <RemoteCard account={account} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** bioText: the sanitized bio HTML as one line of text. */
function bioText(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(html.replace(/<\/p>\s*<p>/g, '</p> <p>').replace(/<br\s*\/?>/g, ' '), 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** RemoteCard: one looked-up account with its follow button. */
function RemoteCard({ account }: { account: RemoteAccount }) {
  const follow = useFollowRemote()
  const { acct, following, local } = account
  const name = account.name || account.username
  const bio = bioText(account.summary)
  const avatarUser = { id: account.userId ?? '', firstName: name, lastName: '', nickname: null, profileImageUrl: account.avatar }
  const nameEl = local ? (
    <Link to={`/profile/${account.userId}`} className="truncate font-semibold hover:underline">
      {name}
    </Link>
  ) : (
    <a href={account.url} target="_blank" rel="noopener noreferrer nofollow ugc" className="truncate font-semibold hover:underline">
      {name}
    </a>
  )
  const on = following !== 'none'
  return (
    <article aria-label={`${name} (@${acct})`} data-testid="remote-account" className="flex items-center gap-3 rounded-box border border-base-300/70 p-3">
      <Avatar user={avatarUser} size="md" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-w-0 items-baseline gap-2">
          {nameEl}
          {!local && (
            <span className="badge badge-ghost badge-xs shrink-0" title={`@${acct}`}>
              {viaHost(account.host)}
            </span>
          )}
        </div>
        <span className="truncate text-sm text-base-content/60">@{acct}</span>
        {bio && <span className="line-clamp-2 text-sm text-base-content/80">{bio}</span>}
      </div>
      <button
        type="button"
        aria-pressed={on}
        className={`btn btn-sm shrink-0 ${following === 'accepted' ? 'btn-outline btn-success' : following === 'requested' ? 'btn-outline' : 'btn-primary'}`}
        disabled={follow.isPending}
        title={following === 'accepted' ? `Unfollow ${name}` : following === 'requested' ? 'Cancel the request' : undefined}
        onClick={() => follow.mutate({ acct, follow: !on })}
      >
        {on ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
        {followLabel(following)}
        <span className="sr-only"> {name}</span>
      </button>
    </article>
  )
}
