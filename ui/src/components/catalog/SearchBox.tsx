import { useEffect, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '../../lib/catalog'
import { SearchIcon } from '../ui/icons'

/**
 * SearchBox: the Explore page's search field, bound to the page's q. What is typed is
 * committed 300 ms after typing stops (or at once on Enter); a q that changes from outside
 * (the header's 'View All', back and forward) replaces the text, while the box's own
 * commits never overwrite what is being typed.
 */
export function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const [text, setText] = useState(value)
  // The q the box and the page last agreed on: a different value came from outside.
  const [synced, setSynced] = useState(value)
  if (value !== synced) {
    setSynced(value)
    if (value !== text.trim()) setText(value)
  }

  // The timer calls the latest onCommit, not the one of the render that started it.
  const onCommitRef = useRef(onCommit)
  useEffect(() => {
    onCommitRef.current = onCommit
  })
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (raw: string) => {
    clearTimeout(timer.current)
    const next = raw.trim()
    setSynced(next)
    onCommitRef.current(next)
  }

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        commit(text.trim())
      }}
    >
      <label className="input input-lg w-full">
        <SearchIcon className="size-5 opacity-60" />
        <span className="sr-only">Search movies and TV shows</span>
        <input
          type="search"
          value={text}
          onChange={(event) => {
            const next = event.target.value
            setText(next)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS)
          }}
          placeholder="Search movies & TV shows"
          autoComplete="off"
          spellCheck={false}
          // The Explore page is where people come to type.
          autoFocus={!value}
        />
      </label>
    </form>
  )
}
