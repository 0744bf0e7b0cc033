import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { MAX_WATCHED_WITH } from '../../lib/rating'
import { displayName, type User } from '../../lib/users'
import { followingQuery } from '../../queries/social'
import { Avatar } from '../ui/Avatar'
import { SearchIcon } from '../ui/icons'


/**
 * WatchedWithPicker: who you watched with, chosen among the members you follow
 * (GET /api/user/following): a searchable checkbox list with avatars.
 */
export function WatchedWithPicker({
  value,
  onChange,
  error,
  onNavigate,
}: {
  value: string[]
  onChange: (ids: string[]) => void
  error?: string
  /** Called when a link in the picker leaves the page (the dialog closes). */
  onNavigate?: () => void
}) {
  const { data, isPending, isError, refetch } = useQuery(followingQuery())
  const [search, setSearch] = useState('')
  const id = useId()
  const people = useMemo(() => data ?? [], [data])
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase()
    if (!q) return people
    return people.filter((u) => matches(u, q))
  }, [people, search])
  const selected = new Set(value)
  const full = selected.size >= MAX_WATCHED_WITH

  const toggle = (userId: string, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== userId), userId] : value.filter((v) => v !== userId))

  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-3 text-sm font-medium">
        <span>
          Watched with <span className="font-normal text-base-content/60">(optional)</span>
        </span>
        {selected.size > 0 && <span className="text-xs font-normal text-base-content/60">{selected.size} selected</span>}
      </legend>
      {isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only">Loading friends</span>
          <div className="skeleton h-9 w-full" />
          <div className="skeleton h-9 w-full" />
        </div>
      ) : isError ? (
        <p className="text-sm text-base-content/60">
          The people you follow could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : people.length === 0 ? (
        <p className="rounded-field bg-base-200/70 px-3 py-2 text-sm text-base-content/70">
          Follow friends to add who you watched with.{' '}
          <Link to="/friends?tab=discover" className="link link-primary" onClick={onNavigate}>
            Find friends
          </Link>
        </p>
      ) : (
        <>
          {people.length > 1 && (
            <label className="input input-sm w-full">
              <SearchIcon className="size-4 opacity-60" />
              <input
                type="search"
                value={search}
                placeholder="Search friends"
                aria-label="Search friends"
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.preventDefault()
                }}
              />
            </label>
          )}
          <ul className="max-h-48 overflow-y-auto rounded-field border border-base-300" aria-label="People you follow">
            {shown.map((user) => {
              const checked = selected.has(user.id)
              return (
                <li key={user.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-base-200 has-[:focus-visible]:bg-base-200">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-primary checkbox-sm"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) => toggle(user.id, e.target.checked)}
                    />
                    <Avatar user={user} size="xs" />
                    <span className="min-w-0 truncate text-sm">{displayName(user)}</span>
                  </label>
                </li>
              )
            })}
            {shown.length === 0 && <li className="px-3 py-2 text-sm text-base-content/60">No one you follow matches “{search.trim()}”.</li>}
          </ul>
          {full && <p className="text-xs text-base-content/60">You can add at most {MAX_WATCHED_WITH} friends.</p>}
        </>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

function matches(user: User, q: string): boolean {
  return [displayName(user), user.firstName, user.lastName, user.nickname ?? '']
    .some((part) => part.toLocaleLowerCase().includes(q))
}
