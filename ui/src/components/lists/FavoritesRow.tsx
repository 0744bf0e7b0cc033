import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import type { PickedTitle } from '../../lib/diary'
import { moveItem } from '../../lib/lists'
import { favoritesQuery, useSetFavorites, type Favorite } from '../../queries/lists'
import { Poster } from '../catalog/Poster'
import { TitlePicker } from '../diary/TitlePicker'
import { Modal } from '../ui/Modal'

/** The most favourites a profile shows (issue #20). */
const MAX_FAVORITES = 4

/** FavoritesRow: up to four favourite films as posters at the top of a profile; the member edits their own. */
export function FavoritesRow({ userId, isMe }: { userId: string; isMe: boolean }) {
  const { data } = useQuery(favoritesQuery(userId))
  const [editing, setEditing] = useState(false)
  const favorites = data ?? []
  if (!isMe && favorites.length === 0) return null
  return (
    <section aria-labelledby="profile-favorites" className="grid gap-2">
      <div className="flex items-center justify-between">
        <h2 id="profile-favorites" className="text-sm font-semibold text-base-content/70">
          Favourite films
        </h2>
        {isMe && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(true)}>
            {favorites.length ? 'Edit favourites' : 'Choose favourites'}
          </button>
        )}
      </div>
      {favorites.length === 0 ? (
        <p className="text-sm text-base-content/60">Pick up to four films that say who you are.</p>
      ) : (
        <ol className="grid grid-cols-4 gap-3 sm:max-w-md" aria-label="Favourite films" data-testid="favorites">
          {favorites.map((f) => (
            <li key={f.movieId}>
              <Link to={`/movie/${f.movieId}`} title={f.title}>
                <Poster id={f.movieId} title={f.title} path={f.posterPath} size="w185" className="w-full" />
              </Link>
            </li>
          ))}
        </ol>
      )}
      {editing && <FavoritesDialog userId={userId} initial={favorites} onClose={() => setEditing(false)} />}
    </section>
  )
}

/** FavoritesDialog: choose, reorder (Move left/right) and remove up to four films. */
function FavoritesDialog({ userId, initial, onClose }: { userId: string; initial: Favorite[]; onClose: () => void }) {
  const [chosen, setChosen] = useState(initial.map((f, i) => ({ ...f, position: i + 1 })))
  const [picked, setPicked] = useState<PickedTitle | null>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const save = useSetFavorites(userId)
  const add = (t: PickedTitle | null) => {
    setPicked(null)
    if (!t || chosen.length >= MAX_FAVORITES || chosen.some((c) => c.movieId === t.id)) return
    setChosen((c) => [...c, { movieId: t.id, title: t.title, year: Number(t.year) || 0, posterPath: t.posterPath ?? '', position: c.length + 1 }])
  }
  return (
    <Modal title="Favourite films" description="Up to four, in your order." onClose={onClose}>
      <div className="grid gap-4">
        <ol className="grid gap-2" aria-label="Your favourites">
          {chosen.map((f, i) => (
            <li key={f.movieId} className="flex items-center gap-2">
              <span className="w-5 text-sm tabular-nums">{i + 1}</span>
              <Poster id={f.movieId} title={f.title} path={f.posterPath} size="w92" className="w-8" decorative />
              <span className="min-w-0 flex-1 truncate">{f.title}</span>
              <button type="button" className="btn btn-ghost btn-xs" disabled={i === 0} onClick={() => setChosen((c) => moveItem(c, i, i - 1))} aria-label={`Move ${f.title} earlier`}>
                ↑
              </button>
              <button type="button" className="btn btn-ghost btn-xs" disabled={i === chosen.length - 1} onClick={() => setChosen((c) => moveItem(c, i, i + 1))} aria-label={`Move ${f.title} later`}>
                ↓
              </button>
              <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setChosen((c) => c.filter((x) => x.movieId !== f.movieId))} aria-label={`Remove ${f.title}`}>
                ✕
              </button>
            </li>
          ))}
        </ol>
        {chosen.length < MAX_FAVORITES && <TitlePicker kind="movie" onKindChange={() => {}} picked={picked} onPick={add} searchRef={searchRef} />}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              save.mutate(chosen.map(({ position: _p, ...f }) => f))
              onClose()
            }}
          >
            Save favourites
          </button>
        </div>
      </div>
    </Modal>
  )
}
